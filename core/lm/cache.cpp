#include "core/lm/cache.h"

#include <vector>

namespace kma::lm {
namespace {

class CachedScorer final : public LmScorer {
 public:
  CachedScorer(std::unique_ptr<LmScorer> inner, int log2_entries)
      : inner_(std::move(inner)), entries_(size_t{1} << log2_entries), mask_(entries_.size() - 1) {}

  // A cached value never goes stale: the wrapped model is immutable.
  LmState Start() override { return inner_->Start(); }

  float Step(LmState* state, uint32_t token) override {
    const uint32_t k0 = state->key[0], k1 = state->key[1];
    Entry& e = entries_[Slot(k0, k1, token)];
    if (e.key0 != k0 || e.key1 != k1 || e.token != token) {
      LmState next = *state;
      e.logp = inner_->Step(&next, token);
      e.key0 = k0;
      e.key1 = k1;
      e.token = token;
      e.next0 = next.key[0];
      e.next1 = next.key[1];
    }
    state->key[0] = e.next0;
    state->key[1] = e.next1;
    return e.logp;
  }

  void Predict(const LmState& state, float* out) override { inner_->Predict(state, out); }

 private:
  struct Entry {
    uint32_t key0 = 0xFFFFFFFFu, key1 = 0, token = 0;  // key0 never holds this value
    float logp = 0;
    uint32_t next0 = 0, next1 = 0;
  };
  size_t Slot(uint32_t k0, uint32_t k1, uint32_t token) const {
    return ((uint64_t{k0} * 0x9E3779B1u) ^ (uint64_t{token} * 0x85EBCA77u) ^ (uint64_t{k1} * 0xC2B2AE35u)) & mask_;
  }

  std::unique_ptr<LmScorer> inner_;
  std::vector<Entry> entries_;
  size_t mask_;
};

}  // namespace

std::unique_ptr<LmScorer> WithCache(std::unique_ptr<LmScorer> inner, int log2_entries) {
  return std::make_unique<CachedScorer>(std::move(inner), log2_entries);
}

}  // namespace kma::lm
