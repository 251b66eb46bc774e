// The Kneser-Ney n-gram model behind the LM seam (language_model.h). The
// state's key[0] is the trie node of the n-gram context.
#ifndef KMA_CORE_LM_KNLM_MODEL_H_
#define KMA_CORE_LM_KNLM_MODEL_H_

#include "core/lm/knlm.h"
#include "core/lm/language_model.h"

namespace kma::lm {

class KnlmModel final : public LanguageModel {
 public:
  // `view` must outlive the model.
  explicit KnlmModel(const KnlmView* view) : view_(view) {}

  uint32_t vocab_size() const override { return view_->vocab_size(); }
  LmStateShape state_shape() const override { return {1, false}; }
  std::unique_ptr<LmScorer> NewScorer() const override;
  int ContextLength(const LmState& state) const override { return view_->StateLength(state.key[0]); }

 private:
  const KnlmView* view_;
};

}  // namespace kma::lm

#endif  // KMA_CORE_LM_KNLM_MODEL_H_
