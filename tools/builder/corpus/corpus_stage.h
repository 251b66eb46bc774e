// Corpus stage of the model builder: reads the annotated corpus and the
// lexicon and rewrites the corpus to the analyser's conventions
// (conventions.h), so every later stage sees one analysis per fact.
#ifndef KMA_TOOLS_BUILDER_CORPUS_CORPUS_STAGE_H_
#define KMA_TOOLS_BUILDER_CORPUS_CORPUS_STAGE_H_

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/morph/morph_rules.h"
#include "tools/builder/corpus/conventions.h"
#include "tools/builder/corpus/corpus_reader.h"

namespace kma::build {

struct CorpusSpec {
  // Rewrite split motion compounds (들/VV 어/EC 가/VX) to one verb
  // (들어가/VV); see JoinMotionCompounds.
  bool join_motion_compounds = true;
};

struct CorpusData {
  std::vector<CorpusSentence> sentences;
  std::vector<LexiconEntry> lexicon;
};

// Reads `train_path` (corpus/train.tsv, never dev.tsv) and `lexicon_dir`
// (lexicon.tsv, irregular.tsv). Errors: those of the readers (kIo naming the
// path, kInvalidArgument with the line).
Status LoadCorpus(const std::string& train_path, const std::string& lexicon_dir, const CorpusSpec& spec,
                  const MorphRules& rules, const LogFn& log, CorpusData* out);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_CORPUS_CORPUS_STAGE_H_
