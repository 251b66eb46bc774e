#include "tools/builder/corpus/corpus_stage.h"

#include <cstdio>

namespace kma::build {
namespace {

// Appends the sentences from `first` on `weight - 1` more times: an integer
// weight is a count, so every stage sees it the same way.
void Repeat(int weight, size_t first, std::vector<CorpusSentence>* sents) {
  const size_t end = sents->size();
  if (weight > 1) sents->reserve(end + (end - first) * static_cast<size_t>(weight - 1));
  for (int w = 1; w < weight; ++w)
    for (size_t i = first; i < end; ++i) sents->push_back((*sents)[i]);
}

}  // namespace

Status LoadCorpus(const std::string& train_path, const std::string& lexicon_dir, const CorpusSpec& spec,
                  const MorphRules& rules, const LogFn& log, CorpusData* out) {
  size_t skipped = 0;
  KMA_RETURN_IF_ERROR(ReadCorpus(train_path, &out->sentences, &skipped, &out->gold_lines, &out->gold_file_lines));
  log("corpus: " + std::to_string(out->sentences.size()) + " sentences, " + std::to_string(skipped) +
      " morphemes with unknown tags skipped");
  Repeat(spec.gold_weight, 0, &out->sentences);
  for (const CorpusSpec::Silver& s : spec.silver) {
    const size_t first = out->sentences.size();
    KMA_RETURN_IF_ERROR(ReadCorpus(s.path, &out->sentences, &skipped));
    char weight[32];
    std::snprintf(weight, sizeof weight, "%g", s.weight);
    log("silver " + s.path + ": " + std::to_string(out->sentences.size() - first) + " sentences x " + weight +
        ", " + std::to_string(skipped) + " morphemes with unknown tags skipped");
    if (s.weight < 1) {
      out->ngram_weights.resize(first, 1.0f);
      out->ngram_weights.resize(out->sentences.size(), static_cast<float>(s.weight));
    } else {
      Repeat(static_cast<int>(s.weight), first, &out->sentences);
    }
  }
  if (!out->ngram_weights.empty()) out->ngram_weights.resize(out->sentences.size(), 1.0f);
  KMA_RETURN_IF_ERROR(ReadLexicon(lexicon_dir + "/lexicon.tsv", &out->lexicon));
  KMA_RETURN_IF_ERROR(ReadIrregular(lexicon_dir + "/irregular.tsv", &out->lexicon));
  log("lexicon: " + std::to_string(out->lexicon.size()) + " entries");
  UnifyBenefactive(rules, &out->sentences, &out->lexicon, log);
  if (spec.join_motion_compounds) JoinMotionCompounds(rules, out->lexicon, &out->sentences, log);
  return Status::Ok();
}

}  // namespace kma::build
