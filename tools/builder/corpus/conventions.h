// Training-data conventions: where the corpus sources analyse the same word
// in different ways, the builder rewrites the corpus to one analysis before
// counting, so the language models do not split their mass between two
// spellings of one fact.
#ifndef KMA_TOOLS_BUILDER_CORPUS_CONVENTIONS_H_
#define KMA_TOOLS_BUILDER_CORPUS_CONVENTIONS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/morph/morph_rules.h"
#include "tools/builder/corpus/corpus_reader.h"

namespace kma::build {

using LogFn = std::function<void(const std::string&)>;

// "verb + 아/어 + 주" (doing for someone) is split: 돕/VV 아/EC 주/VX.
// Corpus compounds (도와주/VV) are rewritten to the split form and dropped
// from the lexicon.
void UnifyBenefactive(const MorphRules& rules, std::vector<CorpusSentence>* corpus,
                      std::vector<LexiconEntry>* lexicon, const LogFn& log);

// Lexicalised motion compounds ("verb + 아/어 + 가/오": 들어가, 돌아오) are one
// verb, as the UD parts of the corpus, the dictionaries and kma's own
// examples write them: a split analysis (들/VV 어/EC 가/VX, written by part
// of the KAIST treebank, which also writes 들어가/VV) is rewritten to the
// compound when the lexicon attests it in at least kMotionCompoundMinSources
// resources.
void JoinMotionCompounds(const MorphRules& rules, const std::vector<LexiconEntry>& lexicon,
                         std::vector<CorpusSentence>* corpus, const LogFn& log);
constexpr uint32_t kMotionCompoundMinSources = 3;

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_CORPUS_CONVENTIONS_H_
