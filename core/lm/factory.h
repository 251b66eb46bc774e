// The language models a model file offers, by name, composed once at load
// from the parts the file holds. The names users pick live here and nowhere
// else; the model builder and the CLI take them from this header.
//
//   knlm              Kneser-Ney n-grams (always present)
//   cong              CoNg (int8 rows): the fastest
//   cong-global       CoNg plus a window of distant content morphemes
//   cong+knlm         CoNg and Kneser-Ney mixed linearly in probability
//   cong-global+knlm  CoNg-Global and Kneser-Ney mixed the same way
// Every one scores through a cache (cache.h): the single models directly,
// CoNg-Global on its local part (its window is not a key), the ensembles on
// the whole mixture where that is a function of both keys.
#ifndef KMA_CORE_LM_FACTORY_H_
#define KMA_CORE_LM_FACTORY_H_

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/lm/language_model.h"

namespace kma {
class KnlmView;
class CongView;
class CongGlobalView;
}  // namespace kma

namespace kma::lm {

inline constexpr char kKnlm[] = "knlm";
inline constexpr char kCong[] = "cong";
inline constexpr char kCongGlobal[] = "cong-global";
inline constexpr char kCongKnlm[] = "cong+knlm";
inline constexpr char kCongGlobalKnlm[] = "cong-global+knlm";

// The LMs the model builder can train (the ensembles need no training).
std::vector<std::string> TrainableLmNames();

// The parts of one model file (null when absent; knlm always present; a
// CoNg-Global part extends the CoNg part).
struct LmParts {
  const KnlmView* knlm = nullptr;
  const CongView* cong = nullptr;
  const CongGlobalView* cong_global = nullptr;
};

// An LM built on demand (an ensemble with another weight): owns its pieces.
struct OwnedLm {
  std::vector<std::unique_ptr<LanguageModel>> pieces;
  const LanguageModel* lm = nullptr;
};

class LmRegistry {
 public:
  // Weight of the n-gram side of the ensembles, chosen on held-out data
  // (0.2 to 0.5 measured, 0.4 best on every figure; docs/ACCURACY.md).
  static constexpr float kEnsembleWeight = 0.4f;

  // Composes every LM the parts allow. The views must outlive the registry.
  static StatusOr<std::unique_ptr<LmRegistry>> Build(const LmParts& parts);

  // The names, in the order users see them.
  const std::vector<std::string>& names() const { return names_; }
  // The LM of that name, or null.
  const LanguageModel* Find(std::string_view name) const;
  // True for the ensembles (names ending in "+knlm").
  static bool IsEnsemble(std::string_view name);
  // An ensemble with the n-gram weight `weight` in (0, 1) instead of
  // kEnsembleWeight (a tuning aid). kInvalidArgument for another name or
  // weight.
  StatusOr<OwnedLm> Reweighted(std::string_view name, float weight) const;
  // The CoNg model an LM scores with (its CoNg part for CoNg-Global and the
  // ensembles), or null for knlm; for CoNg-only introspection (embeddings).
  const CongView* CongViewOf(std::string_view name) const;

 private:
  LmRegistry() = default;
  StatusOr<OwnedLm> Ensemble(const LanguageModel* first, float weight) const;
  void Add(std::string name, const LanguageModel* lm) {
    names_.push_back(name);
    by_name_.emplace_back(std::move(name), lm);
  }

  LmParts parts_;
  std::vector<std::unique_ptr<LanguageModel>> owned_;
  std::vector<OwnedLm> ensembles_;
  std::vector<std::string> names_;
  std::vector<std::pair<std::string, const LanguageModel*>> by_name_;
  const LanguageModel* knlm_raw_ = nullptr;         // the n-gram side of the ensembles
  const LanguageModel* cong_raw_ = nullptr;         // CoNg without a cache (inside the mixture)
  const LanguageModel* cong_cached_ = nullptr;      // CoNg behind its cache
  const LanguageModel* cong_global_ = nullptr;      // CoNg-Global (caches its local part)
};

}  // namespace kma::lm

#endif  // KMA_CORE_LM_FACTORY_H_
