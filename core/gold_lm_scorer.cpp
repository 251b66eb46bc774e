#include "core/gold_lm_scorer.h"

#include "core/cong.h"
#include "core/dictionary.h"
#include "core/knlm.h"
#include "core/model_impl.h"

namespace kma {
namespace {
constexpr uint32_t kNoToken = 0xFFFFFFFFu;
}  // namespace

GoldLmScorer::GoldLmScorer(const Model& model, const std::string& lm) {
  const ModelImpl& m = model.impl();
  cong_ = m.cong(lm);
  knlm_ = &m.knlm();
  token_of_.reserve(m.morph_count() * 2);
  for (uint32_t i = 0; i < m.morph_count(); ++i) {
    const MorphRecord& r = m.morph(i);
    std::string key(m.morph_form(i));
    key += '/';
    key += TagName(static_cast<PosTag>(r.tag));
    token_of_.emplace(std::move(key), r.lm_id);
  }
}

uint32_t GoldLmScorer::TokenOf(const std::string& form, const std::string& tag) const {
  PosTag t;
  if (!ParseTag(tag, &t)) return kNoToken;
  auto it = token_of_.find(form + "/" + std::string(TagName(t)));
  return it != token_of_.end() ? it->second : LmClassToken(t);
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
    uint32_t tok = TokenOf(form, tag);
    if (tok == kNoToken) continue;  // a tag kma does not know (skipped in training too)
    sum += Score(state, tok, &state);
    ++n;
  }
  sum += Score(state, kLmEos, &state);
  *tokens = n + 1;
  return sum;
}

}  // namespace kma
