// Model builder: corpus + lexicon + rule file -> one binary model file.
// Deterministic: the same inputs give a byte-identical file.
//
// The build runs in named stages, each configured by its own spec (the
// tuned constants live there, once):
//   corpus      read the corpus and lexicon, unify conventions (CorpusSpec)
//   vocabulary  morpheme table and LM token ids (VocabularySpec)
//   rules       fused surface forms from the morphophonological rules (RulesSpec)
//   dictionary  packed dictionary sections and the form trie
//   knlm        the Kneser-Ney morpheme model (KnlmBuildOptions)
//   tag model   tag n-gram model and word-boundary table (TagModelSpec)
//   cong        the CoNg model (CongTrainOptions)
//   cong-global its distant part (CongGlobalSpec)
//   metadata    license, LM list and settings (MetadataSpec)
#ifndef KMA_TOOLS_BUILDER_MODEL_BUILDER_H_
#define KMA_TOOLS_BUILDER_MODEL_BUILDER_H_

#include <functional>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "tools/builder/corpus/corpus_stage.h"
#include "tools/builder/dict/rule_expansion.h"
#include "tools/builder/dict/vocabulary.h"
#include "tools/builder/lm/cong_trainer.h"
#include "tools/builder/lm/knlm_builder.h"
#include "tools/builder/lm/tag_model.h"
#include "tools/builder/model_metadata.h"

namespace kma::build {

struct BuildConfig {
  std::string train_path;   // corpus/train.tsv (never dev.tsv)
  std::string lexicon_dir;  // directory with lexicon.tsv, irregular.tsv
  std::string rules_path;   // models/morph_rules.txt
  std::string output_path;  // model file to write
  // Language models to build (names in tools/builder/lm/lm_plan.h); knlm is
  // always built.
  std::vector<std::string> lms = {"knlm", "cong", "cong-global"};
  // The LM analyses use by default: the most accurate on held-out data
  // (the ensemble cong+knlm ties cong-global+knlm and is faster, see
  // docs/ACCURACY.md); empty = the last of lms.
  std::string default_lm = "cong+knlm";

  CorpusSpec corpus;
  VocabularySpec vocabulary;
  RulesSpec rules;
  KnlmBuildOptions knlm;  // order 3, 8-bit codebooks
  TagModelSpec tag_model;
  CongTrainOptions cong;
  CongGlobalSpec cong_global;
  MetadataSpec metadata;
  // Add the lexical spacing table (core/model/spacing_table.h), which
  // spacing correction uses; off, the model spaces by the tag
  // rule alone (and the file is the one built before the table existed).
  bool spacing_table = false;
  // Progress lines (may be null). The library itself never prints.
  std::function<void(const std::string&)> log;
};

Status BuildModel(const BuildConfig& config);

// Reads the corpus as BuildModel does and writes the model file `base` with
// the lexical spacing table of that corpus added to config.output_path; the
// other options are not used.
Status AddSpacingTable(const BuildConfig& config, const std::string& base);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_MODEL_BUILDER_H_
