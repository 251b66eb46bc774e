// Position-synchronous beam search over one chunk's lattice. A step's score
// is the morpheme LM (through the LM seam, core/lm/language_model.h)
// interpolated with a tag-class model, plus dictionary, boundary and
// unknown-word costs.
#ifndef KMA_CORE_SEARCH_BEAM_SEARCH_H_
#define KMA_CORE_SEARCH_BEAM_SEARCH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/lm/language_model.h"
#include "core/search/lattice.h"
#include "core/search/search_defaults.h"
#include "core/search/state_map.h"
#include "core/search/token.h"

namespace kma::search {

struct SearchConstraints;  // core/search/constrained_lattice.h

struct SearchParams {
  int top_n = 1;
  float beam = kDefaultBeam;        // drop states this far below the best of their position
  int max_states = kDefaultMaxStates;  // keep at most this many states per position
  float boundary_weight = 1.0f;
  // The values below were chosen on a held-out tenth of train.tsv.
  float nospace_floor = -1.5f;    // cap on the cost of a missing space
  float class_lambda = 0.7f;      // weight of the morpheme LM in the class interpolation (1: LM alone)
  float period_weight = 0.4f;     // weight of the virtual full stop closing unpunctuated text
  float morph_penalty = 0.0f;     // cost per morpheme (favours fewer, longer morphemes when > 0)
  // A node whose extension of the best state that can take it falls this
  // far (nats) below the beam is not tried from worse states.
  float skip_margin = kDefaultSkipMargin;
  // Typo mode: a corrected node is tried from at most this many states (the
  // best that can take it). Its reading must beat the plain one by its edit
  // cost anyway; trying it from every state cost more than the rest of the
  // search (docs/PERFORMANCE.md, "Typo-tolerant analysis").
  int corrected_from_states = kDefaultTypoFromStates;
  // Spacing correction (core/search/spacer.h): the spaces the writer put in
  // the text, which the spacer took out, weighed as evidence. Null outside
  // spacing correction; else space_gaps[i] counts the spaces that stood
  // before normalized positions < i (text.size() + 1 entries), and
  // space_weight in (0, 1) says how much they count (see SpaceEvidence).
  const uint32_t* space_gaps = nullptr;
  float space_weight = 0.0f;
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
  float lm;  // the LM's log-probability of the path's tokens (end of sentence included)
};

class BeamSearch {
 public:
  // Finds up to params.top_n best paths over the lattice of text[begin,
  // end), best first, scoring with `scorer` (which it restarts). Unpacks
  // the nodes it tries (UnpackNode). With `constraints` that hold lemmas
  // (their chunk_lemmas bits), only paths holding those lemmas are
  // returned, possibly none; the beam then keeps a group of states per
  // combination of lemmas held and drops the score floors (slower).
  void Run(const ModelImpl& model, lm::LmScorer* scorer, const std::u32string& text, uint32_t begin, uint32_t end,
           Lattice* lattice, const SearchParams& params, std::vector<Path>* out,
           const SearchConstraints* constraints = nullptr);

 private:
  // Run's set-up: the per-run context, empty sets for len + 1 positions and
  // the start state.
  void Begin(const ModelImpl& model, lm::LmScorer* scorer, const std::u32string& text, uint32_t len,
             Lattice* lattice, const SearchParams& params, const SearchConstraints* constraints);
  // Extends the position's `states` (best first) by node `ni` into `dest`.
  void ExtendByNode(const std::vector<State>& states, uint32_t ni, StateSet* dest);
  // Closes the paths of the chunk's last set with end of sentence and
  // backtraces the top_n best into `out`.
  void Finish(const StateSet& last, std::vector<Path>* out);

  struct Hist {
    uint32_t parent;
    uint32_t node;
    float score_before;
  };

  enum class Reach {
    kImpossible,  // the node cannot follow the state (spacing, conjugation)
    kBelow,       // the result falls below the floor; out->score bounds it from above
    kReached,     // *out is the extended state
  };
  // The state after node `n` extends `s` (which it may follow: a socket
  // its own pending head, anything else a state without one), unless the
  // result falls below `floor` (every term of a step is <= 0, so a partial
  // score under the floor is final).
  Reach Extend(const State& s, const Node& n, float floor, State* out);
  // Adds morpheme `m` with its boundary score to the state being built;
  // false once it falls below `floor` (out->score then bounds the result
  // from above).
  bool AddMorph(const MorphStep& m, float boundary, float floor, State* out);
  // The weighted log-probability of a space (or none) between two tags.
  float Boundary(int prev_tag, PosTag tag, bool space) const;
  // Spacing correction: the score of node `n` after `s` for the spaces the
  // writer put around and inside it (SearchParams::space_gaps).
  float SpaceEvidence(const State& s, const Node& n) const;
  void AddToSet(StateSet* set, const State& s, uint32_t parent_hist, uint32_t node, float score_before);
  void Backtrace(const State& final_state, std::vector<Path>* out) const;
  // The lemma bits of constraints_ that the path of `s` extended by node `n`
  // holds (core/search/lemma_match.cpp).
  uint8_t MatchLemmas(const State& s, const Node& n) const;

  // Per-run context.
  const ModelImpl* model_ = nullptr;
  Lattice* lattice_ = nullptr;  // non-const: nodes are unpacked as they are tried
  const SearchParams* params_ = nullptr;
  lm::LmScorer* scorer_ = nullptr;
  const SearchConstraints* constraints_ = nullptr;  // only when lemmas are constrained
  uint8_t required_lemmas_ = 0;                     // constraints_->chunk_lemmas, or 0
  const std::u32string* text_ = nullptr;
  float log_lambda_ = 0, log_rest_ = 0;  // log of the interpolation weights
  bool use_tag_lm_ = true;                // false when class_lambda is 1

  std::vector<StateSet> sets_;  // by position
  std::vector<uint32_t> open_, pending_;  // the current position's states without / with a pending head
  std::vector<Hist> hist_;
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_BEAM_SEARCH_H_
