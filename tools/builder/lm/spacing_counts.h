// The lexical spacing table's section (core/model/spacing_table.h): for
// each boundary between two morphemes of the gold corpus, whether the
// corpus writes a space there, counted by the three contexts of the
// boundary.
#ifndef KMA_TOOLS_BUILDER_LM_SPACING_COUNTS_H_
#define KMA_TOOLS_BUILDER_LM_SPACING_COUNTS_H_

#include <string>
#include <vector>

#include "core/base/status.h"
#include "tools/builder/corpus/corpus_reader.h"

namespace kma::build {

// The "spacing.lex" section's bytes, from the first `gold` sentences of
// `corpus` (the gold corpus: silver analyses carry no spacing of their
// own worth learning).
std::string SpacingSection(const std::vector<CorpusSentence>& corpus, size_t gold);

// Copies the model file `base` with the section of `corpus`'s first `gold`
// sentences added (or replaced) into `output`: a model to try the table
// with, without training its language models again.
Status AddSpacingSection(const std::string& base, const std::vector<CorpusSentence>& corpus, size_t gold,
                         const std::string& output);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_SPACING_COUNTS_H_
