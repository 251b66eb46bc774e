// N-best over a text searched chunk by chunk: the best combinations of each
// chunk's best paths. Combinations are kept as back-pointers (one cell per
// kept combination and chunk) and spelled out once at the end, so the work
// is linear in the number of chunks rather than copying ever longer paths.
#ifndef KMA_CORE_SEARCH_NBEST_H_
#define KMA_CORE_SEARCH_NBEST_H_

#include <cstdint>
#include <vector>

#include "core/search/beam_search.h"

namespace kma::search {

class NBestJoiner {
 public:
  // Starts a text; keeps the `top_n` best combinations (1..64).
  void Reset(int top_n);
  // The next chunk's paths, best first (at least one).
  void AddChunk(std::vector<Path>* paths);
  // The best combinations, best first: each the concatenation of its
  // chunks' paths, its score their sum.
  void Finish(std::vector<Path>* out);
  // Bytes the chunks' paths and the layers hold (for the memory budget).
  uint64_t held_bytes() const { return held_bytes_; }
  // Bytes of the paths Finish would spell out.
  uint64_t FinishBytes() const;

 private:
  struct Cell {
    float score;      // of the combination up to this chunk
    uint32_t parent;  // cell in the previous chunk's layer
    uint32_t path;    // path of this chunk
  };
  int top_n_ = 1;
  std::vector<std::vector<Path>> paths_;  // by chunk
  std::vector<std::vector<Cell>> layers_;  // by chunk, best first
  uint64_t held_bytes_ = 0;
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_NBEST_H_
