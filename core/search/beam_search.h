// Position-synchronous beam search over one chunk's lattice, scored by the
// Kneser-Ney LM plus dictionary, boundary and unknown-word costs.
#ifndef KMA_CORE_SEARCH_BEAM_SEARCH_H_
#define KMA_CORE_SEARCH_BEAM_SEARCH_H_

#include <cstdint>
#include <vector>

#include "core/search/lattice.h"

namespace kma::search {

struct SearchParams {
  int top_n = 1;
  float beam = 10.0f;         // drop states this far below the best of their position
  int max_states = 24;        // keep at most this many states per position
  float boundary_weight = 1.0f;
};

// One morpheme of a found path, with the normalized span it covers.
struct PathMorph {
  uint32_t morph;      // dictionary id (0 for unknown words / patterns without entry)
  PosTag tag;
  uint32_t begin, end; // normalized span
  uint16_t flags;      // TokenFlags
  float score;
};

struct Path {
  std::vector<PathMorph> morphs;
  float score;
};

class BeamSearch {
 public:
  // Finds up to params.top_n best paths over nodes covering text[begin, end).
  void Run(const ModelImpl& model, const std::u32string& text, uint32_t begin, uint32_t end,
           const std::vector<Node>& nodes, const SearchParams& params, std::vector<Path>* out);

 private:
  struct State {
    float score;
    uint32_t lm_state;
    uint32_t hist;         // index into hist_ (last step), or kNoHist
    uint32_t pending;      // socket of an open stem head, 0 if none
    uint32_t pending_morph;
    uint32_t last_socket;  // conjugation class of the last morpheme (0 = none)
    uint8_t last_tag;
    uint8_t space_before;
    uint64_t key() const {
      return (uint64_t{lm_state} << 32) ^ (uint64_t{pending} << 20) ^ (uint64_t{last_socket} << 6) ^ last_tag;
    }
  };
  struct Hist {
    uint32_t parent;
    uint32_t node;
    float score_before;
  };
  static constexpr uint32_t kNoHist = 0xFFFFFFFFu;

  void Insert(std::vector<State>* bucket, const State& s, int top_n);
  void Prune(std::vector<State>* bucket, const SearchParams& params);
  bool Extend(const ModelImpl& model, const std::u32string& text, uint32_t chunk_begin, const State& s,
              const Node& n, uint32_t node_index, const SearchParams& params, State* out);

  std::vector<std::vector<State>> buckets_;
  std::vector<Hist> hist_;
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_BEAM_SEARCH_H_
