// An ensemble behind the LM seam (language_model.h): two models mixed
// linearly in probability, P = (1 - w) P_first + w P_second. The two err on
// different tokens, so averaging probabilities helps where a log-linear mix
// does not (docs/ACCURACY.md). The state packs both: key[0] and aux are the
// first model's, key[1] is the second's key[0]; so the first may use aux and
// the second must be a one-word model (checked by Make).
#ifndef KMA_CORE_LM_MIXTURE_MODEL_H_
#define KMA_CORE_LM_MIXTURE_MODEL_H_

#include <memory>

#include "core/base/status.h"
#include "core/lm/language_model.h"

namespace kma::lm {

class MixtureModel final : public LanguageModel {
 public:
  // `first` and `second` must outlive the mixture; `weight` in (0, 1) is the
  // second model's. kInvalidArgument if the states do not fit or the
  // vocabularies differ.
  static StatusOr<std::unique_ptr<MixtureModel>> Make(const LanguageModel* first, const LanguageModel* second,
                                                      float weight);

  uint32_t vocab_size() const override { return first_->vocab_size(); }
  LmStateShape state_shape() const override { return {2, first_->state_shape().uses_aux}; }
  std::unique_ptr<LmScorer> NewScorer() const override;
  int ContextLength(const LmState& state) const override { return first_->ContextLength(state); }
  float weight() const { return weight_; }

 private:
  MixtureModel(const LanguageModel* first, const LanguageModel* second, float weight)
      : first_(first), second_(second), weight_(weight) {}

  const LanguageModel* first_;
  const LanguageModel* second_;
  float weight_;
};

}  // namespace kma::lm

#endif  // KMA_CORE_LM_MIXTURE_MODEL_H_
