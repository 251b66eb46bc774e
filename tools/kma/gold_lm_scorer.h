// Scores gold morpheme sequences with one of a model's language models, for
// per-morpheme perplexity (`kma eval`). Morphemes map to LM tokens exactly
// as in training (LmVocabulary), and scoring goes through the LM seam
// (core/lm/language_model.h), as the search's does: the score of a path the
// search found equals the search's LM share of it.
#ifndef KMA_TOOLS_KMA_GOLD_LM_SCORER_H_
#define KMA_TOOLS_KMA_GOLD_LM_SCORER_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/lm/factory.h"
#include "core/lm/language_model.h"
#include "core/model/lm_vocabulary.h"
#include "core/model/model.h"

namespace kma {

class GoldLmScorer {
 public:
  // `lm` names one of model.lm_names() (an unknown name scores with knlm).
  // An ensemble mixes in the n-gram model with `knlm_mix` if it is in
  // (0, 1), else with the built-in weight.
  GoldLmScorer(const Model& model, const std::string& lm, float knlm_mix = -1.0f);

  // Natural-log probability of the sentence (every morpheme, then the
  // end-of-sentence token); *tokens receives the number of scored tokens.
  // Morphemes whose tag kma does not know are skipped (as in training).
  // Not thread-safe (one scorer's caches).
  double SentenceLogProb(const std::vector<std::pair<std::string, std::string>>& morphs, size_t* tokens) const;

 private:
  lm::OwnedLm reweighted_;  // an ensemble at knlm_mix, if asked for
  std::unique_ptr<lm::LmScorer> scorer_;
  LmVocabulary vocab_;
};

}  // namespace kma

#endif  // KMA_TOOLS_KMA_GOLD_LM_SCORER_H_
