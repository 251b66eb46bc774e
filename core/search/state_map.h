// The beam's states and the per-position sets that hold them. A state is
// what the search must remember of a path to score what follows; paths whose
// states agree on everything that decides future scores are merged (the
// best survives; with N-best, the best N).
#ifndef KMA_CORE_SEARCH_STATE_MAP_H_
#define KMA_CORE_SEARCH_STATE_MAP_H_

#include "core/base/pos_tag.h"
#include <cstdint>
#include <vector>

#include "core/lm/language_model.h"

namespace kma::search {

struct State {
  float score;           // path score so far (natural log)
  float lm;              // the language model's share of it (its log-probabilities)
  lm::LmState lm_state;  // the morpheme LM's state (opaque to the search)
  uint32_t tag_state;    // the tag-class model's state
  uint32_t hist;         // index of the path's last step in the history, or kNoHist
  uint32_t pending;      // socket of an open stem head, 0 if none
  uint32_t pending_morph;
  uint16_t last_socket;  // conjugation class of the last morpheme (0 = none)
  uint8_t last_tag : 7;  // tag of the last morpheme (kNumTags at the start)
  // Typo mode: the last node ended with the final consonant half of a
  // phonetic spelling (이써 read as 있 + 어), so the next must begin with its
  // onset half, and only such a node may. A bit of last_tag's byte (tags fit
  // in 7 bits), so the state stays 40 bytes.
  uint8_t link_open : 1;
  uint8_t space_before : 1;  // whitespace since the last morpheme
  // Constrained analysis: bit i set once the path holds lemma constraint i
  // (core/search/constraints.h); always 0 otherwise. Shares the byte, so the
  // state stays 40 bytes.
  uint8_t lemmas : 7;

  static constexpr uint32_t kNoHist = 0xFFFFFFFFu;

  // What future scores depend on (the LM's key, not its aux).
  bool SameKey(const State& o) const {
    return lm_state.SameKey(o.lm_state) && tag_state == o.tag_state && pending == o.pending &&
           pending_morph == o.pending_morph && last_socket == o.last_socket && last_tag == o.last_tag &&
           lemmas == o.lemmas &&
           link_open == o.link_open;
  }
  uint64_t Hash() const {
    uint64_t h = (uint64_t{lm_state.key[0]} << 32) ^ (uint64_t{pending} << 20) ^ (uint64_t{last_socket} << 6) ^ last_tag;
    h ^= uint64_t{pending_morph} * 0x9E3779B97F4A7C15ull;
    h ^= uint64_t{tag_state} * 0xC2B2AE3D27D4EB4Full;
    h ^= uint64_t{lm_state.key[1]} * 0x27D4EB2F165667C5ull;
    h ^= uint64_t{lemmas} << 56;  // 0 (no effect) unless constrained
    return (h * 0xD6E8FEB86659FD93ull) >> 32;
  }
};

static_assert(kNumTags < 128, "State::last_tag holds a tag or kNumTags in 7 bits");

// The states ending at one position, merged through an open-addressing
// index on the merge key (buckets are small: a 1-byte-tag SIMD scan measured
// no faster).
class StateSet {
 public:
  // Adds `s`, or keeps the better of `s` and its twin (N-best: keeps up to
  // `top_n` states per merge key). Returns the index in states() that `s`
  // went to, or -1 if it was dropped. When `s` took the place of a worse
  // twin, *freed_hist is that twin's history index (nobody else refers to
  // it yet, so it can be reused); else State::kNoHist.
  int Insert(const State& s, int top_n, uint32_t* freed_hist);
  // Keeps the states within `beam` of the best, at most `max_states`, and
  // always the best one without a pending stem head (so unknown words can
  // go on from it); leaves them sorted by score, best first.
  void Prune(float beam, size_t max_states);
  // Constrained analysis: Prune applied to each group of states with the
  // same lemma bits on its own, so paths that hold a required lemma are not
  // crowded out by better paths that do not.
  void PruneByLemmas(float beam, size_t max_states);
  void Clear();
  // Clear(), and if the set held more than `max_kept` states, its memory
  // goes back too: an N-best search fills sets with thousands of states
  // and keeps one set per position of a chunk, so sets left at their peak
  // held most of its memory (-n 64 on a 6 KB line peaked at 2.2x the
  // top-1 memory; docs/RELIABILITY.md, "N-best cost").
  void ClearAndTrim(size_t max_kept);

  const std::vector<State>& states() const { return states_; }
  // Bytes the set's buffers hold (for the memory budget).
  uint64_t held_bytes() const {
    return (uint64_t{states_.capacity()} * sizeof(State)) +
           (uint64_t{slots_.capacity()} + next_.capacity() + tail_.capacity() + count_.capacity() +
            worst_.capacity()) * sizeof(uint32_t);
  }
  std::vector<State>& mutable_states() { return states_; }
  float best() const { return best_; }            // best score inserted so far
  float best_open() const { return best_open_; }  // the same among states without a pending head

 private:
  void Rehash();

  static constexpr uint32_t kNone = 0xFFFFFFFFu;
  static constexpr uint32_t kNotFirst = 0xFFFFFFFEu;

  std::vector<State> states_;
  // index+1 into states_ of the first state of each merge key, 0 = empty;
  // size is a power of two.
  std::vector<uint32_t> slots_;
  // N-best only (empty for top-1): the next state of the same merge key
  // (kNone at the end); for the first state of a key the last one of its
  // chain (tail_; kNotFirst for the others), how many states the key holds
  // and which of them is the worst.
  std::vector<uint32_t> next_, tail_, count_, worst_;
  float best_ = -1e30f, best_open_ = -1e30f;
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_STATE_MAP_H_
