#include "core/lm/cong_global_model.h"

#include <vector>

#include "core/kernels/cong_kernels.h"

namespace kma::lm {
namespace {

class CongGlobalScorer final : public LmScorer {
 public:
  CongGlobalScorer(std::unique_ptr<LmScorer> local, const CongGlobalView* view)
      : local_(std::move(local)), view_(view) {}

  LmState Start() override {
    kernels_ = &kernels::ActiveKernels();
    nodes_.assign(1, Node{0, 0});  // node 0: the empty list
    return local_->Start();        // aux 0: empty window, no content morpheme last
  }

  float Step(LmState* state, uint32_t token) override {
    uint32_t window[CongGlobalView::kWindow];
    const int count = Window(state->aux, window);
    const uint32_t ctx = state->key[0];
    const float local = local_->Step(state, token);
    const float logp = view_->Score(*kernels_, local, ctx, token, window, count);
    const uint32_t head = state->aux >> 1;
    if (view_->valid(token)) {
      nodes_.push_back({token, head});
      state->aux = static_cast<uint32_t>(nodes_.size() - 1) << 1 | 1u;
    } else {
      state->aux = head << 1;
    }
    return logp;
  }

  void Predict(const LmState& state, float* out) override {
    local_->Predict(state, out);
    uint32_t window[CongGlobalView::kWindow];
    const int count = Window(state.aux, window);
    for (uint32_t t = 0; t < view_->vocab_size(); ++t)
      out[t] = view_->Score(*kernels_, out[t], state.key[0], t, window, count);
  }

 private:
  struct Node {
    uint32_t token, parent;
  };
  // The distant window of a state, most recent first: its list without the
  // last morpheme.
  int Window(uint32_t aux, uint32_t* window) const {
    uint32_t n = aux >> 1;
    if (n >= nodes_.size()) return 0;  // a state from an earlier sentence
    if (aux & 1u) n = nodes_[n].parent;
    int count = 0;
    for (; n != 0 && count < CongGlobalView::kWindow; n = nodes_[n].parent) window[count++] = nodes_[n].token;
    return count;
  }

  std::unique_ptr<LmScorer> local_;
  const CongGlobalView* view_;
  const kernels::KernelTable* kernels_ = &kernels::ActiveKernels();
  std::vector<Node> nodes_ = std::vector<Node>(1, Node{0, 0});
};

}  // namespace

std::unique_ptr<LmScorer> CongGlobalModel::NewScorer() const {
  return std::make_unique<CongGlobalScorer>(local_->NewScorer(), view_);
}

}  // namespace kma::lm
