#include "core/lm/tag_table.h"

#include <unordered_map>

namespace kma {

void TagLmTable::Build(const KnlmView& lm) {
  vocab_ = lm.vocab_size();
  cells_.clear();
  // Rows in the order the states are first reached from <s>, breadth first.
  std::unordered_map<uint32_t, uint32_t> row_of;
  std::vector<uint32_t> states = {lm.bos_state()};
  row_of[lm.bos_state()] = 0;
  for (size_t r = 0; r < states.size(); ++r) {
    const uint32_t s = states[r];
    cells_.resize((r + 1) * vocab_);
    for (uint32_t t = 0; t < vocab_; ++t) {
      uint32_t next;
      const float logp = lm.Score(s, t, &next);
      // try_emplace, not emplace: emplace allocates a node before it finds
      // the key, once per cell (53,000 allocations at each model opening).
      auto [it, added] = row_of.try_emplace(next, static_cast<uint32_t>(states.size()));
      if (added) states.push_back(next);
      cells_[r * vocab_ + t] = Cell{logp, it->second};
    }
  }
}

}  // namespace kma
