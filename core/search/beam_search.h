// Position-synchronous beam search over one chunk's lattice. Its steps are
// scored by the step builder (core/search/step_builder.h): the morpheme LM
// (through the LM seam, core/lm/language_model.h) interpolated with a
// tag-class model, plus dictionary, boundary and unknown-word costs.
#ifndef KMA_CORE_SEARCH_BEAM_SEARCH_H_
#define KMA_CORE_SEARCH_BEAM_SEARCH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/lm/language_model.h"
#include "core/search/lattice.h"
#include "core/search/memory_budget.h"
#include "core/search/search_defaults.h"
#include "core/search/state_map.h"
#include "core/search/step_builder.h"
#include "core/search/token.h"

namespace kma::search {

struct SearchConstraints;  // core/search/constrained_lattice.h

// The step's weights and the beam's limits.
struct SearchParams : StepParams {
  int top_n = 1;
  float beam = kDefaultBeam;        // drop states this far below the best of their position
  int max_states = kDefaultMaxStates;  // keep at most this many states per position
  // A node whose extension of the best state that can take it falls this
  // far (nats) below the beam is not tried from worse states.
  float skip_margin = kDefaultSkipMargin;
  // Typo mode: a corrected node is tried from at most this many states (the
  // best that can take it). Its reading must beat the plain one by its edit
  // cost anyway; trying it from every state cost more than the rest of the
  // search (docs/PERFORMANCE.md, "Typo-tolerant analysis").
  int corrected_from_states = kDefaultTypoFromStates;
  // Coarse-to-fine search: the cheap first pass drops the nodes no cheap
  // path within this many nats of the cheapest goes through before Run
  // sees the lattice (core/search/coarse_pass.h; the analyzer runs it).
  // 0 or negative: no pruning.
  float prune_margin = kDefaultPruneMargin;
  // The analysis' memory budget, or nullptr: the search reports its sets,
  // its history and the lattice's steps to it once per position and before
  // the history grows (throws BudgetExceeded).
  MemoryBudget* budget = nullptr;
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

// Appends the morphemes a path through node `n` reports, sharing `score`
// (the node's step); `tail` is the fused tail that follows a stem head (its
// stem token spans both), else unused.
void NodeMorphs(const Lattice& lattice, const Node& n, const Node* tail, float score, std::vector<PathMorph>* out);

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

  void AddToSet(StateSet* set, const State& s, uint32_t parent_hist, uint32_t node, float score_before);
  // Memory budget: the sets before position `i` of the chunk are done; the
  // search holds them, the history and the lattice's steps.
  void ChargePosition(uint32_t i);
  // Memory budget: the history is about to double (its old and new buffers
  // are held at once while it moves).
  void ChargeHistGrowth();
  void Backtrace(const State& final_state, std::vector<Path>* out) const;
  // The lemma bits of constraints_ that the path of `s` extended by node `n`
  // holds (core/search/lemma_match.cpp).
  uint8_t MatchLemmas(const State& s, const Node& n) const;

  // Per-run context.
  const ModelImpl* model_ = nullptr;
  Lattice* lattice_ = nullptr;  // non-const: nodes are unpacked as they are tried
  const SearchParams* params_ = nullptr;
  StepBuilder step_;
  const SearchConstraints* constraints_ = nullptr;  // only when lemmas are constrained
  uint8_t required_lemmas_ = 0;                     // constraints_->chunk_lemmas, or 0
  const std::u32string* text_ = nullptr;

  std::vector<StateSet> sets_;  // by position
  std::vector<uint32_t> open_, pending_;  // the current position's states without / with a pending head
  std::vector<Hist> hist_;
  uint64_t sets_bytes_ = 0;  // memory budget: sets_ itself and the sets done so far in this run
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_BEAM_SEARCH_H_
