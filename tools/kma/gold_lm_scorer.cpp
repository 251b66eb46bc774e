#include "tools/kma/gold_lm_scorer.h"

#include "core/dict/dictionary.h"
#include "core/model/model_view.h"

namespace kma {

GoldLmScorer::GoldLmScorer(const Model& model, const std::string& lm, float knlm_mix) : vocab_(model) {
  const lm::LmRegistry& lms = model.impl().lms();
  const lm::LanguageModel* m = lms.Find(lm);
  if (m == nullptr) m = lms.Find(lm::kKnlm);
  if (lm::LmRegistry::IsEnsemble(lm) && knlm_mix > 0.0f && knlm_mix < 1.0f) {
    auto owned = lms.Reweighted(lm, knlm_mix);
    if (owned.ok()) {
      reweighted_ = std::move(owned.value());
      m = reweighted_.lm;
    }
  }
  scorer_ = m->NewScorer();
}

double GoldLmScorer::SentenceLogProb(const std::vector<std::pair<std::string, std::string>>& morphs,
                                     size_t* tokens) const {
  lm::LmState state = scorer_->Start();
  double sum = 0;
  size_t n = 0;
  for (const auto& [form, tag] : morphs) {
    const uint32_t tok = vocab_.TokenOf(form, tag);
    if (tok == LmVocabulary::kNoToken) continue;
    sum += scorer_->Step(&state, tok);
    ++n;
  }
  sum += scorer_->Step(&state, kLmEos);
  *tokens = n + 1;
  return sum;
}

}  // namespace kma
