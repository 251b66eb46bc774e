// CoNg-Global behind the LM seam (language_model.h): a local CoNg model plus
// a window of the last distant content morphemes (core/lm/cong_global.h).
// The local model is any model that keeps CoNg's context row in key[0]
// (CongModel, or one behind a cache).
// The state's key[0] is the local context row; `aux` names the window, a
// node of per-sentence persistent lists in the scorer (paths that share a
// history share its nodes): aux = node << 1 | (1 if the last morpheme is
// the list's head, i.e. a content morpheme). The window a token is scored
// with excludes the last morpheme, which the local context already covers.
#ifndef KMA_CORE_LM_CONG_GLOBAL_MODEL_H_
#define KMA_CORE_LM_CONG_GLOBAL_MODEL_H_

#include "core/lm/cong_global.h"
#include "core/lm/language_model.h"

namespace kma::lm {

class CongGlobalModel final : public LanguageModel {
 public:
  // `local` and `view` must outlive the model.
  CongGlobalModel(const LanguageModel* local, const CongGlobalView* view) : local_(local), view_(view) {}

  uint32_t vocab_size() const override { return local_->vocab_size(); }
  LmStateShape state_shape() const override { return {1, true}; }
  std::unique_ptr<LmScorer> NewScorer() const override;
  int ContextLength(const LmState& state) const override { return local_->ContextLength(state); }

 private:
  const LanguageModel* local_;
  const CongGlobalView* view_;
};

}  // namespace kma::lm

#endif  // KMA_CORE_LM_CONG_GLOBAL_MODEL_H_
