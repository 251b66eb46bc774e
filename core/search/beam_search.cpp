#include "core/search/beam_search.h"

#include <algorithm>
#include <cmath>

#include "core/search/constrained_lattice.h"

namespace kma::search {
namespace {

constexpr float kNegInf = -1e30f;

}  // namespace

void BeamSearch::AddToSet(StateSet* set, const State& s, uint32_t parent_hist, uint32_t node, float score_before) {
  uint32_t freed;
  const int i = set->Insert(s, params_->top_n, &freed);
  if (i < 0) return;
  uint32_t h = freed;
  if (h == State::kNoHist) {
    if (hist_.size() == hist_.capacity() && params_->budget != nullptr) ChargeHistGrowth();
    h = static_cast<uint32_t>(hist_.size());
    hist_.push_back({});
  }
  hist_[h] = {parent_hist, node, score_before};
  set->mutable_states()[static_cast<size_t>(i)].hist = h;
}

void BeamSearch::Begin(const ModelImpl& model, lm::LmScorer* scorer, const std::u32string& text, uint32_t len,
                       Lattice* lattice, const SearchParams& params, const SearchConstraints* constraints) {
  model_ = &model;
  text_ = &text;
  constraints_ = constraints != nullptr && constraints->chunk_lemmas != 0 ? constraints : nullptr;
  required_lemmas_ = constraints_ != nullptr ? constraints->chunk_lemmas : 0;
  lattice_ = lattice;
  params_ = &params;
  sets_bytes_ = uint64_t{std::max<size_t>(sets_.capacity(), len + 1)} * sizeof(StateSet);
  if (params.budget != nullptr) params.budget->Hold(MemoryBudget::kSearch, sets_bytes_ + HeldBytes(hist_));
  if (sets_.size() < len + 1) sets_.resize(len + 1);
  for (uint32_t i = 0; i <= len; ++i) sets_[i].Clear();
  hist_.clear();
  step_.Begin(model, scorer, lattice, params);
  uint32_t unused;
  sets_[0].Insert(step_.Start(), params.top_n, &unused);
}

void BeamSearch::Run(const ModelImpl& model, lm::LmScorer* scorer, const std::u32string& text, uint32_t begin,
                     uint32_t end, Lattice* lattice, const SearchParams& params, std::vector<Path>* out,
                     const SearchConstraints* constraints) {
  out->clear();
  const uint32_t len = end - begin;
  Begin(model, scorer, text, len, lattice, params, constraints);
  const std::vector<Node>& nodes = lattice->nodes;
  const size_t cap = static_cast<size_t>(std::max(params.max_states, params.top_n));
  // A finished position's set that grew past 1024 states gives its memory
  // back: N-best sets reach thousands, one per position of a chunk (-n 64
  // on a 6 KB line peaked at 84 MB, 38 MB for -n 1; now 58 MB). Smaller
  // sets keep theirs for the next chunk (trimming at 256 cost 8% more CPU).
  const size_t trim_above = std::max<size_t>(1024, cap);
  size_t ni = 0;
  for (uint32_t p = begin; p <= end; ++p) {
    if (params.budget != nullptr) ChargePosition(p - begin);
    StateSet& here = sets_[p - begin];
    if (p < end && IsSpaceChar(text[p])) {
      // Carry states over whitespace; nodes never span it.
      uint32_t unused;
      for (State s : here.states()) {
        StepBuilder::AfterSpace(&s);
        sets_[p - begin + 1].Insert(s, params.top_n, &unused);
      }
      here.ClearAndTrim(trim_above);
      continue;
    }
    while (ni < nodes.size() && nodes[ni].begin < p) ++ni;
    if (here.states().empty()) continue;  // no path ends here: its nodes stay packed
    if (constraints_ == nullptr) here.Prune(params.beam, cap);
    else here.PruneByLemmas(params.beam, cap);
    const std::vector<State>& states = here.states();  // best first
    open_.clear();
    pending_.clear();
    for (uint32_t i = 0; i < states.size(); ++i) (states[i].pending == 0 ? open_ : pending_).push_back(i);
    for (; ni < nodes.size() && nodes[ni].begin == p; ++ni) {
      ExtendByNode(states, static_cast<uint32_t>(ni), &sets_[nodes[ni].end - begin]);
    }
    if (p < end) here.ClearAndTrim(trim_above);  // the end's states are read below
  }
  Finish(sets_[len], out);
}

void BeamSearch::ChargePosition(uint32_t i) {
  if (i > 0) sets_bytes_ += sets_[i - 1].held_bytes();
  params_->budget->Hold(MemoryBudget::kSearch, sets_bytes_ + HeldBytes(hist_));
  params_->budget->Hold(MemoryBudget::kLattice, lattice_->held_bytes());
}

void BeamSearch::ChargeHistGrowth() {
  params_->budget->Hold(MemoryBudget::kSearch, sets_bytes_ + (3 * uint64_t{hist_.capacity()} + 1) * sizeof(Hist));
}

void BeamSearch::ExtendByNode(const std::vector<State>& states, uint32_t ni, StateSet* dest) {
  const Node& n = lattice_->nodes[ni];
  const SearchParams& params = *params_;
  // A state below the floor would be pruned at its position anyway: the
  // beam's cut only rises, and the best state without a pending head is
  // kept whatever its rank.
  const bool opens_head = n.entry_kind == EntryKind::kHead;
  // A socket continues the states with its pending stem head; every
  // other node the states without one.
  const std::vector<uint32_t>& from = n.entry_kind == EntryKind::kSocket ? pending_ : open_;
  bool tried = false;
  int corrected_tries = 0;
  State next;
  for (uint32_t i : from) {
    const State& s = states[i];
    float floor = dest->best() - params.beam;
    if (!opens_head) floor = std::min(floor, dest->best_open());
    // The floors compare with the best state of any lemma group: off.
    if (constraints_ != nullptr) floor = kNegInf;
    // Every term of a step is a log-probability or a cost (<= 0): a
    // state starting below the floor cannot reach it, nor can the worse
    // states after it.
    if (StepBuilder::Bound(s, n) < floor) break;
    if (n.entry_kind == EntryKind::kSocket && s.pending != n.socket) continue;
    if (!n.unpacked) UnpackNode(*model_, ni, lattice_);
    const StepBuilder::Reach r = step_.Extend(s, n, floor, &next);
    if (r == StepBuilder::Reach::kReached) {
      if (constraints_ != nullptr) next.lemmas = next.lemmas | MatchLemmas(s, n);
      AddToSet(dest, next, s.hist, ni, s.score);
    }
    // If the best state that can take the node misses the floor by more
    // than the skip margin, worse states are not tried (not exact:
    // another context could still score it higher; measured on
    // held-out data, docs/ACCURACY.md).
    if (r == StepBuilder::Reach::kBelow && !tried && next.score < floor - params.skip_margin) break;
    tried |= r != StepBuilder::Reach::kImpossible;
    if (n.corrected && r != StepBuilder::Reach::kImpossible && ++corrected_tries >= params.corrected_from_states)
      break;
  }
}

void BeamSearch::Finish(const StateSet& last, std::vector<Path>* out) {
  // End of chunk: close open paths with the LM's end-of-sentence token.
  const uint8_t required = required_lemmas_;
  std::vector<State> finals;
  for (const State& s : last.states()) {
    if (s.pending != 0 || s.link_open != 0 || (s.lemmas & required) != required) continue;
    State f = s;
    step_.Close(&f);
    finals.push_back(f);
  }
  std::sort(finals.begin(), finals.end(), [](const State& a, const State& b) { return a.score > b.score; });
  if (finals.size() > static_cast<size_t>(params_->top_n)) finals.resize(params_->top_n);
  for (const State& f : finals) Backtrace(f, out);
}

void BeamSearch::Backtrace(const State& f, std::vector<Path>* out) const {
  Path path;
  path.score = f.score;
  path.lm = f.lm;
  std::vector<uint32_t> steps;
  for (uint32_t h = f.hist; h != State::kNoHist; h = hist_[h].parent) steps.push_back(h);
  std::reverse(steps.begin(), steps.end());
  const std::vector<Node>& nodes = lattice_->nodes;
  for (size_t k = 0; k < steps.size(); ++k) {
    const Hist& h = hist_[steps[k]];
    const float nextbefore = k + 1 < steps.size() ? hist_[steps[k + 1]].score_before : f.score;
    const float delta = nextbefore - h.score_before;
    const Node* tail = k + 1 < steps.size() ? &nodes[hist_[steps[k + 1]].node] : nullptr;
    NodeMorphs(*lattice_, nodes[h.node], tail, delta, &path.morphs);
  }
  out->push_back(std::move(path));
}

void NodeMorphs(const Lattice& lattice, const Node& n, const Node* tail, float score, std::vector<PathMorph>* out) {
  const MorphStep* ms = lattice.steps.data() + n.first_step;
  if (n.kind == NodeKind::kUnknown || n.kind == NodeKind::kPattern) {
    const uint16_t flags = n.kind == NodeKind::kUnknown ? kTokenUnknown : kTokenPattern;
    out->push_back({n.entry, n.tag, n.begin, n.end, flags, score});
  } else if (n.entry_kind == EntryKind::kHead) {
    // The stem token spans the head and the fused tail that follows.
    const uint16_t flags = n.corrected || (tail != nullptr && tail->corrected) ? kTokenCorrected : 0;
    out->push_back({ms[0].morph, ms[0].tag, n.begin, tail != nullptr ? tail->end : n.end, flags, score});
  } else {
    const uint16_t flags = static_cast<uint16_t>((n.kind == NodeKind::kForced ? kTokenConstrained : 0) |
                                                 (n.corrected ? kTokenCorrected : 0));
    for (uint32_t j = 0; j < n.step_count; ++j)
      out->push_back({ms[j].morph, ms[j].tag, n.begin, n.end, flags, score / n.step_count});
  }
}

}  // namespace kma::search
