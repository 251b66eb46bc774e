#include "core/model/lm_introspection.h"

#include <algorithm>
#include <cmath>

#include "core/lm/cong.h"
#include "core/lm/language_model.h"
#include "core/model/model_view.h"

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
  lm_ = model_->impl().lms().Find(name_);
  cong_ = model_->impl().lms().CongViewOf(name_);
}

StatusOr<std::unique_ptr<LmIntrospector>> LmIntrospector::Create(std::shared_ptr<const Model> model,
                                                                 std::string_view lm) {
  if (model == nullptr) return Status(StatusCode::kInvalidArgument, "model is NULL");
  std::string name = lm.empty() ? model->default_lm() : std::string(lm);
  if (!model->impl().has_lm(name))
    return Status(StatusCode::kInvalidArgument, "unknown language model '" + name + "'");
  return std::unique_ptr<LmIntrospector>(new LmIntrospector(std::move(model), std::move(name)));
}

Status LmIntrospector::Walk(std::string_view morphs, lm::LmScorer* scorer, lm::LmState* state) const {
  std::vector<uint32_t> tokens;
  KMA_RETURN_IF_ERROR(vocab_.Parse(morphs, &tokens));
  *state = scorer->Start();
  for (uint32_t t : tokens) scorer->Step(state, t);
  return Status::Ok();
}

Status LmIntrospector::ContextId(std::string_view morphs, uint32_t* id, uint32_t* length) const {
  auto scorer = lm_->NewScorer();
  lm::LmState s;
  KMA_RETURN_IF_ERROR(Walk(morphs, scorer.get(), &s));
  *id = s.key[0];
  *length = static_cast<uint32_t>(lm_->ContextLength(s));
  return Status::Ok();
}

Status LmIntrospector::PredictNext(std::string_view morphs, size_t k, std::vector<LmItem>* out) const {
  auto scorer = lm_->NewScorer();
  lm::LmState s;
  KMA_RETURN_IF_ERROR(Walk(morphs, scorer.get(), &s));
  std::vector<float> lp(lm_->vocab_size());
  scorer->Predict(s, lp.data());
  const uint32_t v = std::min<uint32_t>(vocab_.size(), lm_->vocab_size());
  out->clear();
  out->reserve(v);
  for (uint32_t t = 1; t < v; ++t) out->push_back({t, lp[t]});  // sentence start (0) is never predicted
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
