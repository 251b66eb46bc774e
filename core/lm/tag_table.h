// The tag-class model tabulated: the search scores every morpheme's tag with
// a small n-gram model over the tag classes as well as with the morpheme LM
// (the class interpolation of core/search/beam_search.cpp). Its vocabulary
// is tiny, so every transition is computed at load: one array read per
// morpheme instead of a trie walk. Only the states reachable from the
// sentence start get rows (the contexts), numbered densely, so the table
// stays small enough for the CPU's L2 cache.
#ifndef KMA_CORE_LM_TAG_TABLE_H_
#define KMA_CORE_LM_TAG_TABLE_H_

#include <cstdint>
#include <vector>

#include "core/lm/knlm.h"

namespace kma {

class TagLmTable {
 public:
  // Tabulates `lm` (a model over the LM's class tokens).
  void Build(const KnlmView& lm);

  float Score(uint32_t state, uint32_t token, uint32_t* next) const {
    const Cell& c = cells_[size_t{state} * vocab_ + token];
    *next = c.next;
    return c.logp;
  }
  // The same, split: the log-probability, and the state after the token
  // (one cell holds both, so the pair costs one cache miss).
  float Peek(uint32_t state, uint32_t token) const { return cells_[size_t{state} * vocab_ + token].logp; }
  uint32_t Next(uint32_t state, uint32_t token) const { return cells_[size_t{state} * vocab_ + token].next; }
  uint32_t bos_state() const { return 0; }  // the first row
  uint32_t state_count() const { return vocab_ == 0 ? 0 : static_cast<uint32_t>(cells_.size() / vocab_); }

 private:
  struct Cell {
    float logp;
    uint32_t next;  // a row
  };
  uint32_t vocab_ = 0;
  std::vector<Cell> cells_;
};

}  // namespace kma

#endif  // KMA_CORE_LM_TAG_TABLE_H_
