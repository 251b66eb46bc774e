#include "core/gold_lm_scorer.h"

#include "core/cong.h"
#include "core/dictionary.h"
#include "core/knlm.h"
#include "core/model_impl.h"

namespace kma {

GoldLmScorer::GoldLmScorer(const Model& model, const std::string& lm) : vocab_(model) {
  const ModelImpl& m = model.impl();
  cong_ = m.cong(lm);
  knlm_ = &m.knlm();
}

float GoldLmScorer::Score(uint32_t state, uint32_t token, uint32_t* next) const {
  return cong_ != nullptr ? cong_->Score(state, token, next) : knlm_->Score(state, token, next);
}

double GoldLmScorer::SentenceLogProb(const std::vector<std::pair<std::string, std::string>>& morphs,
                                     size_t* tokens) const {
  uint32_t state = cong_ != nullptr ? cong_->bos_state() : knlm_->bos_state();
  double sum = 0;
  size_t n = 0;
  for (const auto& [form, tag] : morphs) {
    uint32_t tok = vocab_.TokenOf(form, tag);
    if (tok == LmVocabulary::kNoToken) continue;
    sum += Score(state, tok, &state);
    ++n;
  }
  sum += Score(state, kLmEos, &state);
  *tokens = n + 1;
  return sum;
}

}  // namespace kma
