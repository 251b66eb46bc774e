#include "core/lm/cong_model.h"

#include <vector>

#include "core/kernels/cong_kernels.h"

namespace kma::lm {
namespace {

class CongScorer final : public LmScorer {
 public:
  explicit CongScorer(const CongView* view) : view_(view) {}

  LmState Start() override {
    // The kernels are taken once per sentence: an ISA change made while
    // analyses run applies from their next sentence.
    kernels_ = &kernels::ActiveKernels();
    LmState s;
    s.key[0] = view_->bos_state();
    return s;
  }
  float Step(LmState* state, uint32_t token) override {
    return view_->Score(*kernels_, state->key[0], token, &state->key[0]);
  }
  void Predict(const LmState& state, float* out) override {
    // One context against every token: the gathered product in blocks.
    constexpr uint32_t kBlock = 256;
    const uint32_t v = view_->vocab_size();
    const uint32_t ctx = state.key[0] < view_->context_count() ? state.key[0] : 0;
    std::vector<uint32_t> tok(kBlock);
    for (uint32_t b = 0; b < v; b += kBlock) {
      const uint32_t n = v - b < kBlock ? v - b : kBlock;
      for (uint32_t j = 0; j < n; ++j) tok[j] = b + j;
      view_->ScoreMatrix(*kernels_, &ctx, 1, tok.data(), n, out + b);
    }
  }

 private:
  const CongView* view_;
  const kernels::KernelTable* kernels_ = &kernels::ActiveKernels();
};

}  // namespace

std::unique_ptr<LmScorer> CongModel::NewScorer() const { return std::make_unique<CongScorer>(view_); }

}  // namespace kma::lm
