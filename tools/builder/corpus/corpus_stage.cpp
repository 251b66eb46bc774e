#include "tools/builder/corpus/corpus_stage.h"

namespace kma::build {

Status LoadCorpus(const std::string& train_path, const std::string& lexicon_dir, const CorpusSpec& spec,
                  const MorphRules& rules, const LogFn& log, CorpusData* out) {
  size_t skipped = 0;
  KMA_RETURN_IF_ERROR(ReadCorpus(train_path, &out->sentences, &skipped));
  log("corpus: " + std::to_string(out->sentences.size()) + " sentences, " + std::to_string(skipped) +
      " morphemes with unknown tags skipped");
  KMA_RETURN_IF_ERROR(ReadLexicon(lexicon_dir + "/lexicon.tsv", &out->lexicon));
  KMA_RETURN_IF_ERROR(ReadIrregular(lexicon_dir + "/irregular.tsv", &out->lexicon));
  log("lexicon: " + std::to_string(out->lexicon.size()) + " entries");
  UnifyBenefactive(rules, &out->sentences, &out->lexicon, log);
  if (spec.join_motion_compounds) JoinMotionCompounds(rules, out->lexicon, &out->sentences, log);
  return Status::Ok();
}

}  // namespace kma::build
