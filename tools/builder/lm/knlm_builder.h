// BuildKnlm: estimates an interpolated modified Kneser–Ney n-gram model over
// integer token ids and serialises it into the blob read by KnlmView
// (core/lm/knlm.h). Build-time only; the analyzer never calls this.
//
// Estimation (Chen & Goodman's interpolated modified KN):
//  * the highest order uses raw counts; lower orders use continuation counts
//    (number of distinct left neighbours), except n-grams starting with <s>,
//    which have no left neighbour and keep their raw counts;
//  * three discounts per order, D_j = j - (j+1) Y n_{j+1}/n_j with
//    Y = n1/(n1 + 2 n2), from the count-of-counts of that order (a fixed
//    fallback {0.5, 1.0, 1.5} is used where the statistics are degenerate);
//  * the unigram level interpolates with a uniform distribution over
//    vocab_size, so every id has non-zero probability;
//  * pruned n-grams give their whole mass to the backoff weight, so every
//    conditional distribution still sums to one.
// The stored set of n-grams is closed under prefix and suffix (an n-gram is
// kept only if both its (n-1)-gram prefix and suffix are kept).
#ifndef KMA_TOOLS_BUILDER_LM_KNLM_BUILDER_H_
#define KMA_TOOLS_BUILDER_LM_KNLM_BUILDER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace kma {

struct KnlmBuildOptions {
  int order = 3;  // 2..6
  // Per order (index 0 = unigrams): n-grams of order >= 2 seen fewer times
  // are pruned; unigrams are never pruned. Empty = all 1 (no pruning).
  // Missing trailing entries repeat the last given value.
  std::vector<uint32_t> min_counts;
  // N-grams of order >= 2 whose expected count (weighted sentences,
  // BuildKnlm's second overload) is below this are pruned too. A corpus
  // without fractional weights has counts >= 1, so values up to 1 leave its
  // model unchanged; at 1, an n-gram seen only in silver at weight 0.2 needs
  // five occurrences to stay. With the bundled model's silver this keeps
  // held-out accuracy and shrinks the model file by a third (docs/ACCURACY.md,
  // "Silver data from the examples").
  float min_expected_count = 1;
  // 0 = float32 storage; 8 = 8-bit codebooks (non-uniform quantisation of
  // log-probs and backoffs, 256 floats per table, fitted by 1-D k-means).
  // Root unigram log-probs are always float32.
  int quant_bits = 8;
};

// sentences: token id sequences without <s>/</s>; the builder adds `bos`
// before and `eos` after each sentence. Every id must be < vocab_size and
// must not be bos or eos. Ids that never occur still get probability mass.
// Output: a self-contained little-endian blob with 8-byte aligned sections
// (layout in core/lm/knlm.h). Deterministic: the same input gives
// byte-identical output.
// Errors: kInvalidArgument (bad options, bad id; the offset is the index of
// the offending sentence), kOutOfMemory.
Status BuildKnlm(const std::vector<std::vector<uint32_t>>& sentences,
                 uint32_t vocab_size, uint32_t bos, uint32_t eos,
                 const KnlmBuildOptions& options, std::string* out);

// The same with a weight per sentence in (0, 1] (empty: all 1): sentence s
// counts as if each of its n-gram occurrences happened with probability
// weights[s] (Kneser–Ney on expected counts, knlm_counts.h). Silver data
// weighted below gold uses this: repeating gold instead would leave it
// without singletons and distort the discounts. All weights 1 give the
// same blob as the overload above. Errors as above, and kInvalidArgument
// for a weight outside (0, 1] or a size other than 0 or sentences.size().
Status BuildKnlm(const std::vector<std::vector<uint32_t>>& sentences, const std::vector<float>& weights,
                 uint32_t vocab_size, uint32_t bos, uint32_t eos,
                 const KnlmBuildOptions& options, std::string* out);

}  // namespace kma

#endif  // KMA_TOOLS_BUILDER_LM_KNLM_BUILDER_H_
