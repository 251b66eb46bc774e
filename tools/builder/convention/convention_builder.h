// Convention stage of the model builder: the section of the convention
// prior (core/model/convention_prior.h) from the gold sentences and the
// source of each (corpus/train.sources).
#ifndef KMA_TOOLS_BUILDER_CONVENTION_CONVENTION_BUILDER_H_
#define KMA_TOOLS_BUILDER_CONVENTION_CONVENTION_BUILDER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "tools/builder/corpus/corpus_reader.h"
#include "tools/builder/corpus/corpus_stage.h"

namespace kma::build {

// Chosen on held-out blocks of train.tsv (docs/ACCURACY.md, "How the
// settings were chosen"): a grid of prior_strength 30..1000, weight 0.5..1.5 and
// min_count 5 or 20 moved ambiguous-word accuracy by at most 0.5 points
// around this setting; a larger weight costs gsd F1.
struct ConventionSpec {
  // A source's morpheme distribution is smoothed toward the whole corpus's
  // with this many pseudo-tokens.
  double prior_strength = 300;
  // Scale of the penalties (log-ratio, capped at 0).
  double weight = 1.0;
  // Morphemes seen fewer times in the gold corpus get no penalty.
  uint32_t min_count = 5;
  // Character n-gram features: 1..max_n, hashed to 2^bucket_bits buckets
  // (2^18 guessed the held-out sources as well as unhashed n-grams: 0.898
  // against 0.900).
  uint32_t max_n = 3;
  uint32_t bucket_bits = 18;
  // Add-this smoothing of the feature counts.
  double feature_smoothing = 0.01;
};

// The gold sentences' sources, read from `sources_path` (one label per
// line of the corpus file `corpus_path` of `corpus_lines` lines, as
// corpus/train.sources) for the sentences of `gold_lines`. Errors: kIo
// naming the sources file if it cannot be read; kInvalidArgument when its
// line count differs from the corpus's (a sources file of another corpus)
// or a sentence's label is blank.
Status ReadGoldSources(const std::string& sources_path, const std::string& corpus_path, size_t corpus_lines,
                       const std::vector<CorpusLine>& gold_lines, std::vector<std::string>* sources);

// The "convention" section for the gold sentences (raw text of
// `gold_lines`, source labels `sources`, and LM tokens the first
// gold_lines.size() of `tokens`) into *out, or "" when they have fewer than
// two sources or more than kConventionMaxSources. Deterministic. Errors:
// kInvalidArgument when the three do not line up or the spec is out of
// range (bucket_bits 8..24, max_n 1..4).
Status BuildConventionSection(const ConventionSpec& spec, const std::vector<CorpusLine>& gold_lines,
                              const std::vector<std::vector<uint32_t>>& tokens,
                              const std::vector<std::string>& sources, uint32_t lm_vocab, const LogFn& log,
                              std::string* out);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_CONVENTION_CONVENTION_BUILDER_H_
