#include "core/lm/introspection.h"

#include <algorithm>
#include <cmath>

#include "core/lm/cong.h"
#include "core/lm/knlm.h"
#include "core/model/model_impl.h"

namespace kma {
namespace {

// The k best items by score, best first (ties: lower token first).
void TopK(std::vector<LmItem>* items, size_t k) {
  auto better = [](const LmItem& a, const LmItem& b) {
    return a.score != b.score ? a.score > b.score : a.token < b.token;
  };
  k = std::min(k, items->size());
  std::partial_sort(items->begin(), items->begin() + k, items->end(), better);
  items->resize(k);
}

}  // namespace

LmIntrospector::LmIntrospector(std::shared_ptr<const Model> model, std::string name)
    : model_(std::move(model)), name_(std::move(name)), vocab_(*model_) {
  cong_ = model_->impl().cong(name_);
  knlm_ = &model_->impl().knlm();
  mix_ = model_->impl().KnlmMixWeight(name_);
}

StatusOr<std::unique_ptr<LmIntrospector>> LmIntrospector::Create(std::shared_ptr<const Model> model,
                                                                 std::string_view lm) {
  if (model == nullptr) return Status(StatusCode::kInvalidArgument, "model is NULL");
  std::string name = lm.empty() ? model->default_lm() : std::string(lm);
  if (!model->impl().has_lm(name))
    return Status(StatusCode::kInvalidArgument, "unknown language model '" + name + "'");
  return std::unique_ptr<LmIntrospector>(new LmIntrospector(std::move(model), std::move(name)));
}

Status LmIntrospector::Walk(std::string_view morphs, uint32_t* state, uint32_t* kn_state) const {
  std::vector<uint32_t> tokens;
  KMA_RETURN_IF_ERROR(vocab_.Parse(morphs, &tokens));
  uint32_t s = cong_ != nullptr ? cong_->bos_state() : knlm_->bos_state();
  uint32_t k = knlm_->bos_state();
  for (uint32_t t : tokens) {
    s = cong_ != nullptr ? cong_->Next(s, t) : (knlm_->Score(s, t, &s), s);
    if (kn_state != nullptr) knlm_->Score(k, t, &k);
  }
  *state = s;
  if (kn_state != nullptr) *kn_state = k;
  return Status::Ok();
}

Status LmIntrospector::ContextId(std::string_view morphs, uint32_t* id, uint32_t* length) const {
  uint32_t s;
  KMA_RETURN_IF_ERROR(Walk(morphs, &s, nullptr));
  *id = s;
  *length = static_cast<uint32_t>(cong_ != nullptr ? cong_->Depth(s) : knlm_->StateLength(s));
  return Status::Ok();
}

Status LmIntrospector::PredictNext(std::string_view morphs, size_t k, std::vector<LmItem>* out) const {
  uint32_t s, ks;
  KMA_RETURN_IF_ERROR(Walk(morphs, &s, &ks));
  const uint32_t v = vocab_.size();
  out->clear();
  out->reserve(v);
  if (cong_ != nullptr && mix_ > 0) {
    // The ensemble: P = (1 - mix) P_cong + mix P_kn.
    std::vector<float> kn(v);
    knlm_->LogProbs(ks, kn.data());
    for (uint32_t t = 0; t < v; ++t) {
      const double p = (1.0 - mix_) * std::exp(double(cong_->LogProb(s, t))) + mix_ * std::exp(double(kn[t]));
      out->push_back({t, static_cast<float>(std::log(p))});
    }
  } else if (cong_ != nullptr) {
    for (uint32_t t = 0; t < v; ++t) out->push_back({t, cong_->LogProb(s, t)});
  } else {
    std::vector<float> lp(v);
    knlm_->LogProbs(s, lp.data());
    for (uint32_t t = 0; t < v; ++t) out->push_back({t, lp[t]});
  }
  // Sentence start is never predicted.
  out->erase(std::remove_if(out->begin(), out->end(), [](const LmItem& i) { return i.token == 0; }), out->end());
  TopK(out, k);
  return Status::Ok();
}

Status LmIntrospector::MostSimilar(std::string_view morph, size_t k, std::vector<LmItem>* out) const {
  if (cong_ == nullptr)
    return Status(StatusCode::kUnsupported, "similarity needs a CoNg language model ('" + name_ + "' is n-gram)");
  std::vector<uint32_t> tokens;
  KMA_RETURN_IF_ERROR(vocab_.Parse(morph, &tokens));
  if (tokens.size() != 1) return Status(StatusCode::kInvalidArgument, "expected exactly one form/TAG morpheme");
  const uint32_t d = cong_->dim(), v = vocab_.size();
  std::vector<float> q(d), row(d);
  cong_->OutputRow(tokens[0], q.data());
  double qn = 0;
  for (float x : q) qn += double(x) * x;
  out->clear();
  for (uint32_t t = 0; t < v; ++t) {
    if (t == tokens[0] || t <= 1) continue;  // itself, <s>, </s>
    cong_->OutputRow(t, row.data());
    double dot = 0, rn = 0;
    for (uint32_t i = 0; i < d; ++i) dot += double(q[i]) * row[i], rn += double(row[i]) * row[i];
    out->push_back({t, qn > 0 && rn > 0 ? static_cast<float>(dot / std::sqrt(qn * rn)) : 0.0f});
  }
  TopK(out, k);
  return Status::Ok();
}

}  // namespace kma
