// A caching decorator for scorers: LM look-ups repeat a lot within a lattice
// (all candidates sharing a first morpheme, every unknown-word length), so a
// direct-mapped cache of (state key, token) -> (log-prob, next state key)
// saves most of the wrapped model's work. It only wraps models whose state
// is all key (no `aux`): their next state is a function of (key, token).
#ifndef KMA_CORE_LM_CACHE_H_
#define KMA_CORE_LM_CACHE_H_

#include <memory>

#include "core/lm/language_model.h"

namespace kma::lm {

// Wraps `inner` (of a model whose state does not use aux) in a cache of
// 2^log2_entries entries (24 bytes each).
std::unique_ptr<LmScorer> WithCache(std::unique_ptr<LmScorer> inner, int log2_entries);

// A model whose scorers are the wrapped model's behind WithCache.
class CachedModel final : public LanguageModel {
 public:
  // The default size: 8K entries, 192 KiB per scorer, which stays in a
  // core's L2 cache with room to spare. Larger caches hit a little more
  // often, but each of their misses is a miss in L2 too, and on a loaded
  // machine that made 32K entries (768 KiB) slower by a third; a 2-way
  // set-associative variant gained nothing over direct mapping
  // (docs/PERFORMANCE.md).
  static constexpr int kDefaultLog2Entries = 13;
  // `inner` must outlive this model and must not use aux (asserted by the
  // factory that composes them).
  explicit CachedModel(const LanguageModel* inner, int log2_entries = kDefaultLog2Entries)
      : inner_(inner), log2_entries_(log2_entries) {}

  uint32_t vocab_size() const override { return inner_->vocab_size(); }
  LmStateShape state_shape() const override { return inner_->state_shape(); }
  std::unique_ptr<LmScorer> NewScorer() const override { return WithCache(inner_->NewScorer(), log2_entries_); }
  int ContextLength(const LmState& state) const override { return inner_->ContextLength(state); }

 private:
  const LanguageModel* inner_;
  int log2_entries_;
};

}  // namespace kma::lm

#endif  // KMA_CORE_LM_CACHE_H_
