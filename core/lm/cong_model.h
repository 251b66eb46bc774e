// CoNg behind the LM seam (language_model.h): log P(next | context) is one
// int8 dot product minus a precomputed normaliser (core/lm/cong.h). The
// state's key[0] is the context row (a node of the context trie).
#ifndef KMA_CORE_LM_CONG_MODEL_H_
#define KMA_CORE_LM_CONG_MODEL_H_

#include "core/lm/cong.h"
#include "core/lm/language_model.h"

namespace kma::lm {

class CongModel final : public LanguageModel {
 public:
  // `view` must outlive the model.
  explicit CongModel(const CongView* view) : view_(view) {}

  uint32_t vocab_size() const override { return view_->vocab_size(); }
  LmStateShape state_shape() const override { return {1, false}; }
  std::unique_ptr<LmScorer> NewScorer() const override;
  int ContextLength(const LmState& state) const override { return view_->Depth(state.key[0]); }
  const CongView& view() const { return *view_; }

 private:
  const CongView* view_;
};

}  // namespace kma::lm

#endif  // KMA_CORE_LM_CONG_MODEL_H_
