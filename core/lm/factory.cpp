#include "core/lm/factory.h"

#include "core/lm/cache.h"
#include "core/lm/cong_global_model.h"
#include "core/lm/cong_model.h"
#include "core/lm/knlm_model.h"
#include "core/lm/mixture_model.h"

namespace kma::lm {

std::vector<std::string> TrainableLmNames() { return {kKnlm, kCong, kCongGlobal}; }

bool LmRegistry::IsEnsemble(std::string_view name) { return name == kCongKnlm || name == kCongGlobalKnlm; }

StatusOr<std::unique_ptr<LmRegistry>> LmRegistry::Build(const LmParts& parts) {
  if (parts.knlm == nullptr) return Status(StatusCode::kInvalidArgument, "a model needs its Kneser-Ney LM");
  if (parts.cong_global != nullptr && parts.cong == nullptr)
    return Status(StatusCode::kInvalidArgument, "CoNg-Global without its CoNg model");
  std::unique_ptr<LmRegistry> r(new LmRegistry());
  r->parts_ = parts;
  auto own = [&](std::unique_ptr<LanguageModel> m) {
    r->owned_.push_back(std::move(m));
    return r->owned_.back().get();
  };
  r->knlm_raw_ = own(std::make_unique<KnlmModel>(parts.knlm));
  r->Add(kKnlm, own(std::make_unique<CachedModel>(r->knlm_raw_)));
  if (parts.cong != nullptr) {
    r->cong_raw_ = own(std::make_unique<CongModel>(parts.cong));
    r->cong_cached_ = own(std::make_unique<CachedModel>(r->cong_raw_));
    r->Add(kCong, r->cong_cached_);
  }
  if (parts.cong_global != nullptr) {
    r->cong_global_ = own(std::make_unique<CongGlobalModel>(r->cong_cached_, parts.cong_global));
    r->Add(kCongGlobal, r->cong_global_);
  }
  for (const char* name : {kCongKnlm, kCongGlobalKnlm}) {
    const LanguageModel* first = name == std::string_view(kCongKnlm) ? r->cong_raw_ : r->cong_global_;
    if (first == nullptr) continue;
    auto e = r->Ensemble(first, kEnsembleWeight);
    if (!e.ok()) return e.status();
    r->ensembles_.push_back(std::move(e.value()));
    r->Add(name, r->ensembles_.back().lm);
  }
  return r;
}

// A mixture whose state is all key (CoNg + n-gram) is cached as a whole, its
// parts not at all: a pair the mixture's cache misses is nearly always new
// to the part too (87% of CoNg look-ups missed a cache of its own). With
// CoNg-Global (a window in aux) only the parts can be: CoNg-Global caches
// its local part, and the n-gram side gets a cache of its own.
StatusOr<OwnedLm> LmRegistry::Ensemble(const LanguageModel* first, float weight) const {
  OwnedLm o;
  const bool whole = !first->state_shape().uses_aux;
  const LanguageModel* second = knlm_raw_;
  if (!whole) {
    o.pieces.push_back(std::make_unique<CachedModel>(knlm_raw_));
    second = o.pieces.back().get();
  }
  auto mix = MixtureModel::Make(first, second, weight);
  if (!mix.ok()) return mix.status();
  o.pieces.push_back(std::move(mix.value()));
  if (whole) o.pieces.push_back(std::make_unique<CachedModel>(o.pieces.back().get()));
  o.lm = o.pieces.back().get();
  return o;
}

const LanguageModel* LmRegistry::Find(std::string_view name) const {
  for (const auto& [n, lm] : by_name_)
    if (n == name) return lm;
  return nullptr;
}

StatusOr<OwnedLm> LmRegistry::Reweighted(std::string_view name, float weight) const {
  if (!IsEnsemble(name) || Find(name) == nullptr)
    return Status(StatusCode::kInvalidArgument, "'" + std::string(name) + "' is not an ensemble of this model");
  if (!(weight > 0.0f && weight < 1.0f)) return Status(StatusCode::kInvalidArgument, "ensemble weight must be in (0, 1)");
  return Ensemble(name == kCongKnlm ? cong_raw_ : cong_global_, weight);
}

const CongView* LmRegistry::CongViewOf(std::string_view name) const {
  if (Find(name) == nullptr || name == kKnlm) return nullptr;
  return parts_.cong;
}

}  // namespace kma::lm
