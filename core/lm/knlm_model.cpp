#include "core/lm/knlm_model.h"

namespace kma::lm {
namespace {

// The view is immutable and needs no scratch: the scorer only forwards.
class KnlmScorer final : public LmScorer {
 public:
  explicit KnlmScorer(const KnlmView* view) : view_(view) {}
  LmState Start() override {
    LmState s;
    s.key[0] = view_->bos_state();
    return s;
  }
  float Step(LmState* state, uint32_t token) override { return view_->Score(state->key[0], token, &state->key[0]); }
  void Predict(const LmState& state, float* out) override { view_->LogProbs(state.key[0], out); }

 private:
  const KnlmView* view_;
};

}  // namespace

std::unique_ptr<LmScorer> KnlmModel::NewScorer() const { return std::make_unique<KnlmScorer>(view_); }

}  // namespace kma::lm
