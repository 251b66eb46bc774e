#include "tools/kma/gold_lm_scorer.h"

#include <algorithm>
#include <cmath>

#include "core/lm/cong.h"
#include "core/lm/cong_global.h"
#include "core/dict/dictionary.h"
#include "core/lm/knlm.h"
#include "core/model/model_impl.h"

namespace kma {

GoldLmScorer::GoldLmScorer(const Model& model, const std::string& lm, float knlm_mix) : vocab_(model) {
  const ModelImpl& m = model.impl();
  cong_ = m.cong(lm);
  global_ = m.cong_global(lm);
  knlm_ = &m.knlm();
  mix_ = m.KnlmMixWeight(lm, knlm_mix);
}

float GoldLmScorer::Score(uint32_t state, uint32_t token, uint32_t* next) const {
  return cong_ != nullptr ? cong_->Score(state, token, next) : knlm_->Score(state, token, next);
}

double GoldLmScorer::SentenceLogProb(const std::vector<std::pair<std::string, std::string>>& morphs,
                                     size_t* tokens) const {
  uint32_t state = cong_ != nullptr ? cong_->bos_state() : knlm_->bos_state();
  uint32_t kn_state = knlm_->bos_state();  // the n-gram side of an ensemble
  const float log_cong = std::log1p(-mix_), log_kn = mix_ > 0 ? std::log(mix_) : 0.0f;
  auto mix = [&](float lp, uint32_t tok) {
    if (mix_ <= 0) return lp;
    const float kn = knlm_->Score(kn_state, tok, &kn_state);
    const float a = lp + log_cong, b = kn + log_kn;
    return std::max(a, b) + std::log1p(std::exp(-std::fabs(a - b)));
  };
  double sum = 0;
  size_t n = 0;
  // CoNg-Global window: content tokens before the last morpheme, most recent first.
  std::vector<uint32_t> window;
  uint32_t last = kLmBos;
  for (const auto& [form, tag] : morphs) {
    uint32_t tok = vocab_.TokenOf(form, tag);
    if (tok == LmVocabulary::kNoToken) continue;
    const uint32_t ctx = state;
    float lp = Score(state, tok, &state);
    if (global_ != nullptr) {
      lp = global_->Score(lp, ctx, tok, window.data(), static_cast<int>(window.size()));
      if (global_->valid(last)) {
        window.insert(window.begin(), last);
        if (window.size() > static_cast<size_t>(CongGlobalView::kWindow)) window.pop_back();
      }
      last = tok;
    }
    sum += mix(lp, tok);
    ++n;
  }
  sum += mix(Score(state, kLmEos, &state), kLmEos);
  *tokens = n + 1;
  return sum;
}

}  // namespace kma
