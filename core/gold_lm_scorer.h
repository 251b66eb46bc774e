// Scores gold morpheme sequences with one of a model's morpheme language
// models, for per-morpheme perplexity (`kma eval`). Morphemes map to LM
// tokens exactly as in training: a morpheme with its own LM id uses it, any
// other one (rare, lexicon-only, unseen) its tag's class token.
#ifndef KMA_CORE_GOLD_LM_SCORER_H_
#define KMA_CORE_GOLD_LM_SCORER_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/model.h"
#include "core/pos_tag.h"

namespace kma {

class CongView;
class KnlmView;

class GoldLmScorer {
 public:
  // `lm` names one of model.lm_names(); an unknown name scores with knlm.
  GoldLmScorer(const Model& model, const std::string& lm);

  // Natural-log probability of the sentence (every morpheme, then the
  // end-of-sentence token); *tokens receives the number of scored tokens.
  // Morphemes with a tag kma does not know score as NNG.
  double SentenceLogProb(const std::vector<std::pair<std::string, std::string>>& morphs, size_t* tokens) const;

 private:
  uint32_t TokenOf(const std::string& form, const std::string& tag) const;
  float Score(uint32_t state, uint32_t token, uint32_t* next) const;

  const CongView* cong_ = nullptr;
  const KnlmView* knlm_ = nullptr;
  std::unordered_map<std::string, uint32_t> token_of_;  // "form/TAG" -> LM token
};

}  // namespace kma

#endif  // KMA_CORE_GOLD_LM_SCORER_H_
