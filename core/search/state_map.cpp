#include "core/search/state_map.h"

#include <algorithm>

namespace kma::search {

void StateSet::Clear() {
  states_.clear();
  next_.clear();
  tail_.clear();
  count_.clear();
  worst_.clear();
  best_ = best_open_ = -1e30f;
  std::fill(slots_.begin(), slots_.end(), 0u);
}

void StateSet::ClearAndTrim(size_t max_kept) {
  if (states_.capacity() <= max_kept) {
    Clear();
    return;
  }
  std::vector<State>().swap(states_);
  std::vector<uint32_t>().swap(next_);
  std::vector<uint32_t>().swap(tail_);
  std::vector<uint32_t>().swap(count_);
  std::vector<uint32_t>().swap(worst_);
  std::vector<uint32_t>().swap(slots_);  // Insert() rebuilds the index
  best_ = best_open_ = -1e30f;
}

void StateSet::Rehash() {
  size_t cap = 16;
  while (cap < states_.size() * 2 + 2) cap *= 2;
  slots_.assign(cap, 0u);
  const bool chained = !tail_.empty();
  for (uint32_t i = 0; i < states_.size(); ++i) {
    // N-best: only the first state of each merge key is in the index.
    if (chained && tail_[i] == kNotFirst) continue;
    for (size_t j = states_[i].Hash() & (cap - 1);; j = (j + 1) & (cap - 1)) {
      if (slots_[j] == 0) {
        slots_[j] = i + 1;
        break;
      }
    }
  }
}

int StateSet::Insert(const State& s, int top_n, uint32_t* freed_hist) {
  *freed_hist = State::kNoHist;
  if (slots_.empty()) Rehash();
  if (s.score > best_) best_ = s.score;
  if (s.pending == 0 && s.score > best_open_) best_open_ = s.score;
  const size_t mask = slots_.size() - 1;
  size_t j = s.Hash() & mask;
  uint32_t first = kNone;
  for (;; j = (j + 1) & mask) {
    const uint32_t v = slots_[j];
    if (v == 0) break;
    if (states_[v - 1].SameKey(s)) {
      first = v - 1;
      break;
    }
  }
  const uint32_t index = static_cast<uint32_t>(states_.size());
  if (top_n <= 1) {
    // One state per merge key: the better of the two stays.
    if (first != kNone) {
      if (!(s.score > states_[first].score)) return -1;
      *freed_hist = states_[first].hist;
      states_[first] = s;
      return static_cast<int>(first);
    }
    states_.push_back(s);
    slots_[j] = index + 1;
  } else {
    // N-best keeps up to top_n states per merge key, chained from the first
    // in the order they came (next_), so that a key's twins are found
    // without walking past other keys' states. The first state of a key
    // also keeps the key's count and its worst state (the earliest of equal
    // scores), so that a state no better than a full key's worst is turned
    // away without a walk.
    if (first != kNone) {
      const uint32_t worst = worst_[first];
      if (count_[first] >= static_cast<uint32_t>(top_n)) {
        if (!(s.score > states_[worst].score)) return -1;
        *freed_hist = states_[worst].hist;
        states_[worst] = s;
        uint32_t w = first;
        for (uint32_t k = next_[first]; k != kNone; k = next_[k])
          if (states_[k].score < states_[w].score) w = k;
        worst_[first] = w;
        return static_cast<int>(worst);
      }
      if (s.score < states_[worst].score) worst_[first] = index;
      ++count_[first];
      next_[tail_[first]] = index;
      tail_[first] = index;
      states_.push_back(s);
      next_.push_back(kNone);
      tail_.push_back(kNotFirst);
      count_.push_back(0);
      worst_.push_back(0);
    } else {
      states_.push_back(s);
      next_.push_back(kNone);
      tail_.push_back(index);
      count_.push_back(1);
      worst_.push_back(index);
      slots_[j] = index + 1;
    }
  }
  if (states_.size() * 2 > slots_.size()) Rehash();
  return static_cast<int>(index);
}

void StateSet::Prune(float beam, size_t max_states) {
  std::vector<State>& v = states_;
  std::sort(v.begin(), v.end(), [](const State& a, const State& b) { return a.score > b.score; });
  if (v.size() <= 1) return;
  // Keep what is within the beam, at most max_states of it, and the best
  // open state wherever it ranks.
  const float cut = v[0].score - beam;
  size_t keep = 0;
  while (keep < v.size() && keep < max_states && v[keep].score >= cut) ++keep;
  bool has_open = false;
  for (size_t i = 0; i < keep; ++i) has_open |= v[i].pending == 0;
  if (!has_open) {
    for (size_t i = keep; i < v.size(); ++i) {
      if (v[i].pending != 0) continue;
      if (keep == max_states) --keep;  // it takes the last place
      v[keep++] = v[i];
      break;
    }
  }
  v.resize(keep);
  // The index is stale from here on; the set is only read until Clear().
}

}  // namespace kma::search

namespace kma::search {

void StateSet::PruneByLemmas(float beam, size_t max_states) {
  std::vector<State>& v = states_;
  std::sort(v.begin(), v.end(), [](const State& a, const State& b) { return a.score > b.score; });
  // Per group (lemma bits): its best score, how many kept, whether it kept
  // an open state. v is sorted, so a group's first state is its best.
  constexpr size_t kGroups = 128;
  float best[kGroups];
  uint32_t kept[kGroups] = {};
  bool open[kGroups] = {};
  size_t out = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const State s = v[i];
    const size_t g = s.lemmas;
    if (kept[g] == 0) best[g] = s.score;
    const bool fits = kept[g] < max_states && s.score >= best[g] - beam;
    // As Prune: the best open state of each group is kept wherever it ranks.
    if (!fits && !(s.pending == 0 && !open[g])) continue;
    ++kept[g];
    open[g] |= s.pending == 0;
    v[out++] = s;
  }
  v.resize(out);
}

}  // namespace kma::search
