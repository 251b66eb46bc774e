// Scores gold morpheme sequences with one of a model's morpheme language
// models, for per-morpheme perplexity (`kma eval`). Morphemes map to LM
// tokens exactly as in training (LmVocabulary).
#ifndef KMA_TOOLS_KMA_GOLD_LM_SCORER_H_
#define KMA_TOOLS_KMA_GOLD_LM_SCORER_H_

#include <string>
#include <utility>
#include <vector>

#include "core/lm/vocabulary.h"
#include "core/model/model.h"

namespace kma {

class CongView;
class CongGlobalView;
class KnlmView;

class GoldLmScorer {
 public:
  // `lm` names one of model.lm_names(); an unknown name scores with knlm.
  // An ensemble mixes in the n-gram model with `knlm_mix` if it is in
  // (0, 1), else with the built-in weight.
  GoldLmScorer(const Model& model, const std::string& lm, float knlm_mix = -1.0f);

  // Natural-log probability of the sentence (every morpheme, then the
  // end-of-sentence token); *tokens receives the number of scored tokens.
  // Morphemes whose tag kma does not know are skipped (as in training).
  double SentenceLogProb(const std::vector<std::pair<std::string, std::string>>& morphs, size_t* tokens) const;

 private:
  float Score(uint32_t state, uint32_t token, uint32_t* next) const;

  const CongView* cong_ = nullptr;
  const CongGlobalView* global_ = nullptr;
  const KnlmView* knlm_ = nullptr;
  float mix_ = 0;  // n-gram weight of an ensemble ("cong+knlm"), else 0
  LmVocabulary vocab_;
};

}  // namespace kma

#endif  // KMA_TOOLS_KMA_GOLD_LM_SCORER_H_
