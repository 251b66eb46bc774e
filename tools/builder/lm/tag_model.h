// Tag-model stage of the model builder: the two tag-level statistics the
// search combines with the morpheme LM.
//  - The tag n-gram model, P(tag | previous tags), interpolated log-linearly
//    with the morpheme model at search time. It carries the grammar (an
//    ending ends a sentence, a particle follows a noun) where the morpheme
//    model backs off to unigrams.
//  - The word-boundary table: log P(space | previous tag, tag), so that the
//    search can weigh where words start.
#ifndef KMA_TOOLS_BUILDER_LM_TAG_MODEL_H_
#define KMA_TOOLS_BUILDER_LM_TAG_MODEL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "tools/builder/corpus/corpus_reader.h"

namespace kma::build {

struct TagModelSpec {
  int order = 3;  // of the tag n-gram model (4 and 5 measured no better on held-out data)
  // Pseudo-count added to both outcomes of the boundary table (a weak prior
  // towards 50/50).
  double boundary_prior = 0.5;
};

// The "boundary" section's values: index (prev_tag * kNumTags + tag) * 2 +
// space; prev_tag kNumTags at a sentence start, where the values are those
// of a word boundary before the tag after any tag.
std::vector<float> BoundaryTable(const TagModelSpec& spec, const std::vector<CorpusSentence>& corpus);

// The "lm.tag" blob (an unquantised Kneser-Ney model over class tokens);
// `weights`: each sentence's n-gram weight in (0, 1], or empty (all 1).
Status BuildTagLm(const TagModelSpec& spec, const std::vector<std::vector<uint32_t>>& tag_sentences,
                  const std::vector<float>& weights,
                  std::string* out);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_TAG_MODEL_H_
