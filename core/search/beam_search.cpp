#include "core/search/beam_search.h"

#include <algorithm>
#include <cmath>

#include "core/base/log_add.h"
#include "core/search/constrained_lattice.h"
#include "core/search/user_nodes.h"

namespace kma::search {
namespace {

constexpr float kNegInf = -1e30f;
constexpr float kLog2 = 0.6931472f;
// Spacing correction: a space the writer put inside a morpheme costs this
// many nats at weight 1 (spaces inside a morpheme do not occur in edited
// text; a typo can still put one there).
constexpr float kSpaceInsideMorpheme = 16.0f;
// The cap on the cost of a missing space where spaces are evidence (the
// cap of spaced text, SearchParams::nospace_floor).
constexpr float kEvidenceNospaceFloor = -1.5f;

}  // namespace

float BeamSearch::Boundary(int prev_tag, PosTag tag, bool space) const {
  // Missing spaces are common in real text, so their cost is capped; spaces
  // where the corpus has none (before a particle or ending) keep full cost.
  float b = model_->BoundaryLogp(prev_tag, static_cast<int>(tag), space);
  if (!space && b < params_->nospace_floor) b = params_->nospace_floor;
  return params_->boundary_weight * b;
}

float BeamSearch::SpaceEvidence(const State& s, const Node& n) const {
  // Between the analysis of the text without its spaces (weight 0, the
  // search as usual) and its analysis with them (weight 1): a space before
  // a node scores as the boundary model scores a space there, a missing one
  // as a missing space, and a space inside a morpheme costs
  // kSpaceInsideMorpheme.
  const uint32_t* g = params_->space_gaps;
  const float w = params_->space_weight;
  const bool gap = g[n.begin + 1] != g[n.begin];
  float inside = static_cast<float>(g[n.end] - g[n.begin + 1]);
  // A stem's fused tail starts inside the stem.
  if (n.entry_kind == EntryKind::kSocket) return -w * kSpaceInsideMorpheme * (inside + (gap ? 1.0f : 0.0f));
  float b = 0.0f;
  if (s.last_tag != kNumTags) {
    b = model_->BoundaryLogp(s.last_tag, static_cast<int>(n.tag), gap);
    if (!gap) b = std::max(b, kEvidenceNospaceFloor);
  }
  return w * (b - kSpaceInsideMorpheme * inside);
}

bool BeamSearch::AddMorph(const MorphStep& m, float boundary, float floor, State* out) {
  // P(m | h) = lambda * P_lm(m | h) + (1 - lambda) * P_tag(tag | tag
  // history) * P(m | tag): an n-gram the corpus never saw still gets what
  // its tags make likely. Every term is a log-probability or a cost, so the
  // score with the LM's log-probability taken as 0 bounds the result: a
  // morpheme that cannot reach the floor even so costs no LM look-up.
  const float base = out->score + boundary - params_->morph_penalty;
  if (!use_tag_lm_) {
    if (base + m.emit_logp < floor) {
      out->score = base + m.emit_logp;
      return false;
    }
    const float lm = scorer_->Step(&out->lm_state, m.lm_token);
    out->lm += lm;
    out->score = base + lm + m.emit_logp;
  } else {
    const TagLmTable& tags = model_->tag_lm_table();
    const uint32_t tag_token = LmClassToken(m.tag);
    const float tag = tags.Peek(out->tag_state, tag_token) + m.tag_logp + log_rest_;
    // log(e^a + e^b) <= max(a, b) + log 2: cheaper than the sum itself.
    const float bound = base + std::max(m.emit_logp + log_lambda_, tag) + kLog2;
    if (bound < floor) {
      out->score = bound;
      return false;
    }
    const float lm = scorer_->Step(&out->lm_state, m.lm_token);
    out->lm += lm;
    out->tag_state = tags.Next(out->tag_state, tag_token);
    out->score = base + LogAdd(lm + m.emit_logp + log_lambda_, tag);
  }
  out->last_tag = static_cast<uint8_t>(m.tag);
  out->last_socket = m.socket_key;
  return out->score >= floor;
}

BeamSearch::Reach BeamSearch::Extend(const State& s, const Node& n, float floor, State* out) {
  const bool space = s.space_before != 0;
  // The two halves of a phonetic spelling come as a pair or not at all.
  if (n.link_tail != (s.link_open != 0)) return Reach::kImpossible;
  if (n.kind == NodeKind::kEntry) {
    if (n.no_space_before && space) return Reach::kImpossible;
    if (n.entry_kind != EntryKind::kSocket && s.last_socket != 0 && n.joins_right &&
        ConcatBlockedAny(*model_, lattice_->user, s.last_socket, n.first_char))
      return Reach::kImpossible;
  }
  *out = s;
  out->score -= n.penalty;
  if (n.transparent) {
    // ㅋㅋ, ㅠㅠ say nothing about the words around them: the analysis goes
    // on as after a space, and the token is only reported.
    out->space_before = 1;
    return out->score >= floor ? Reach::kReached : Reach::kBelow;
  }
  out->space_before = 0;
  out->link_open = n.link_head;
  if (params_->space_gaps != nullptr) out->score += SpaceEvidence(s, n);
  auto reached = [&] { return out->score >= floor ? Reach::kReached : Reach::kBelow; };
  const MorphStep* steps = lattice_->steps.data() + n.first_step;
  if (n.kind != NodeKind::kEntry && steps[0].morph == 0) {
    // An unknown word or a pattern the dictionary lacks: its class token
    // alone (the tag model only follows along).
    out->score += Boundary(s.last_tag, n.tag, space);
    if (out->score < floor) return Reach::kBelow;
    const float lm = scorer_->Step(&out->lm_state, steps[0].lm_token);
    out->lm += lm;
    out->score += lm;
    if (use_tag_lm_) out->tag_state = model_->tag_lm_table().Next(out->tag_state, steps[0].lm_token);
    out->last_tag = static_cast<uint8_t>(n.tag);
    out->last_socket = 0;
    return reached();
  }
  if (n.entry_kind == EntryKind::kHead) {
    // Boundary cost now (it depends on the space before the head); the LM
    // sees the stem once its fused tail arrives.
    out->score += Boundary(s.last_tag, n.tag, space);
    out->last_tag = static_cast<uint8_t>(n.tag);
    out->pending = n.socket;
    out->pending_morph = steps[0].morph;
    out->last_socket = 0;
    return reached();
  }
  bool first = true;
  if (n.entry_kind == EntryKind::kSocket) {
    // The stem head was not scored yet: score the full stem now (its
    // boundary was paid with the head).
    MorphStep stem;
    FillAnyStep(*model_, lattice_->user, s.pending_morph, &stem);
    AddConventionPenalty(*lattice_, &stem);
    if (!AddMorph(stem, 0.0f, floor, out)) return Reach::kBelow;
    out->pending = 0;
    out->pending_morph = 0;
    first = false;
  }
  for (uint32_t k = 0; k < n.step_count; ++k) {
    if (!AddMorph(steps[k], Boundary(out->last_tag, steps[k].tag, first && space), floor, out)) return Reach::kBelow;
    first = false;
  }
  return Reach::kReached;
}

void BeamSearch::AddToSet(StateSet* set, const State& s, uint32_t parent_hist, uint32_t node, float score_before) {
  uint32_t freed;
  const int i = set->Insert(s, params_->top_n, &freed);
  if (i < 0) return;
  uint32_t h = freed;
  if (h == State::kNoHist) {
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
  scorer_ = scorer;
  if (sets_.size() < len + 1) sets_.resize(len + 1);
  for (uint32_t i = 0; i <= len; ++i) sets_[i].Clear();
  hist_.clear();
  // Weight 1 switches the tag-class model off: the LM scores alone (and the
  // tag state, constant, no longer splits states that the LM would merge).
  use_tag_lm_ = params.class_lambda < 1.0f;
  log_lambda_ = use_tag_lm_ ? std::log(params.class_lambda) : 0.0f;
  log_rest_ = use_tag_lm_ ? std::log1p(-params.class_lambda) : kNegInf;

  State start{};
  start.lm_state = scorer->Start();
  start.tag_state = model.tag_lm_table().bos_state();
  start.hist = State::kNoHist;
  start.last_tag = kNumTags;  // sentence start
  start.space_before = 1;
  uint32_t unused;
  sets_[0].Insert(start, params.top_n, &unused);
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
    StateSet& here = sets_[p - begin];
    if (p < end && IsSpaceChar(text[p])) {
      // Carry states over whitespace; nodes never span it.
      uint32_t unused;
      for (State s : here.states()) {
        s.space_before = 1;
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
    if (s.score - n.penalty < floor) break;
    if (n.entry_kind == EntryKind::kSocket && s.pending != n.socket) continue;
    if (!n.unpacked) UnpackNode(*model_, ni, lattice_);
    const Reach r = Extend(s, n, floor, &next);
    if (r == Reach::kReached) {
      if (constraints_ != nullptr) next.lemmas = next.lemmas | MatchLemmas(s, n);
      AddToSet(dest, next, s.hist, ni, s.score);
    }
    // If the best state that can take the node misses the floor by more
    // than the skip margin, worse states are not tried (not exact:
    // another context could still score it higher; measured on
    // held-out data, docs/ACCURACY.md).
    if (r == Reach::kBelow && !tried && next.score < floor - params.skip_margin) break;
    tried |= r != Reach::kImpossible;
    if (n.corrected && r != Reach::kImpossible && ++corrected_tries >= params.corrected_from_states) break;
  }
}

void BeamSearch::Finish(const StateSet& last, std::vector<Path>* out) {
  // End of chunk: close open paths with the LM's end-of-sentence token.
  const uint8_t required = required_lemmas_;
  std::vector<State> finals;
  for (const State& s : last.states()) {
    if (s.pending != 0 || s.link_open != 0 || (s.lemmas & required) != required) continue;
    State f = s;
    if (s.last_tag != static_cast<uint8_t>(PosTag::kSF)) {
      const float period = scorer_->Step(&f.lm_state, model_->period_lm_id());
      f.score += params_->period_weight * period;
      f.lm += period;
    }
    const float eos = scorer_->Step(&f.lm_state, kLmEos);
    f.score += eos;
    f.lm += eos;
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
    const Node& n = nodes[h.node];
    const MorphStep* ms = lattice_->steps.data() + n.first_step;
    if (n.kind == NodeKind::kUnknown || n.kind == NodeKind::kPattern) {
      const uint16_t flags = n.kind == NodeKind::kUnknown ? kTokenUnknown : kTokenPattern;
      path.morphs.push_back({n.entry, n.tag, n.begin, n.end, flags, delta});
    } else if (n.entry_kind == EntryKind::kHead) {
      // The stem token spans the head and the fused tail that follows.
      const Node* tail = k + 1 < steps.size() ? &nodes[hist_[steps[k + 1]].node] : nullptr;
      const uint16_t flags = n.corrected || (tail != nullptr && tail->corrected) ? kTokenCorrected : 0;
      path.morphs.push_back({ms[0].morph, ms[0].tag, n.begin, tail != nullptr ? tail->end : n.end, flags, delta});
    } else {
      const uint16_t flags = static_cast<uint16_t>((n.kind == NodeKind::kForced ? kTokenConstrained : 0) |
                                                   (n.corrected ? kTokenCorrected : 0));
      for (uint32_t j = 0; j < n.step_count; ++j)
        path.morphs.push_back({ms[j].morph, ms[j].tag, n.begin, n.end, flags, delta / n.step_count});
    }
  }
  out->push_back(std::move(path));
}

}  // namespace kma::search
