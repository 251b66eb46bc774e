// The step builder: the one place where the terms of a search step's score
// are put together. A step is what a lattice node adds to the score of a
// path (a State) that it extends:
//   - the node's cost (Node::penalty), fixed when the lattice is built: the
//     dictionary entry's penalty, a typo edit's cost, a colloquial jamo
//     token's cost, an unknown word's cost, the user dictionary's scores
//     of the model's readings;
//   - per morpheme, when the node extends a path: the boundary score (a
//     space or none between two tags), the cost per morpheme, and the class
//     interpolation of the morpheme LM with the tag-class model;
//   - where a chunk ends: the virtual full stop and end of sentence.
// The lattice's makers (lattice_builder.cpp, typo_candidates.cpp,
// user_nodes.cpp, constrained_lattice.cpp) take their node costs and
// morpheme steps from here; the search (beam_search.cpp) and the gold
// scorer (gold_scorer.h) extend and close paths here. So the search's score
// of a path is the gold scorer's score of its tokens, and a new term is one
// edit. The stored costs it reads (the model's entry penalties, a user
// entry's cost, which the user dictionary compiles from its rules and
// scores) are the dictionaries' own.
#ifndef KMA_CORE_SEARCH_STEP_BUILDER_H_
#define KMA_CORE_SEARCH_STEP_BUILDER_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/base/log_add.h"
#include "core/lm/language_model.h"
#include "core/model/model_view.h"
#include "core/search/lattice.h"
#include "core/search/state_map.h"
#include "core/search/user_nodes.h"
#include "core/userdict/user_dictionary.h"

namespace kma::search {

// The weights of a step's terms. The values below were chosen on a
// held-out tenth of train.tsv.
struct StepParams {
  float boundary_weight = 1.0f;
  float nospace_floor = -1.5f;    // cap on the cost of a missing space
  float class_lambda = 0.7f;      // weight of the morpheme LM in the class interpolation (1: LM alone)
  float period_weight = 0.4f;     // weight of the virtual full stop closing unpunctuated text
  float morph_penalty = 0.0f;     // cost per morpheme (favours fewer, longer morphemes when > 0)
  // Spacing correction (core/search/spacer.h): the spaces the writer put in
  // the text, which the spacer took out, weighed as evidence. Null outside
  // spacing correction; else space_gaps[i] counts the spaces that stood
  // before normalized positions < i (text.size() + 1 entries), and
  // space_weight in (0, 1) says how much they count (see SpaceEvidence).
  const uint32_t* space_gaps = nullptr;
  float space_weight = 0.0f;
};

class StepBuilder {
 public:
  // ---- Node costs (Node::penalty), when the lattice is built ----

  // A model entry's reading.
  static float EntryCost(const ModelImpl& model, const EntryRecord& er) { return model.entry_penalty(er); }
  // A model entry read from corrected text (typo mode), the edit costing `edit_cost`.
  static float CorrectedEntryCost(const ModelImpl& model, const EntryRecord& er, float edit_cost) {
    return model.entry_penalty(er) + edit_cost;
  }
  // An unknown-word guess of `units` syllables (NNP guesses cost a bit more than NNG).
  static float UnknownCost(const LatticeParams& p, int units, PosTag tag) {
    const float cost = p.unk_base + p.unk_per_unit * units;
    return tag == PosTag::kNNP ? cost + p.unk_nnp_extra : cost;
  }
  // A colloquial jamo token (ㅋㅋ, ㅠㅠ) inside a word, at the typo set's cost.
  static float JamoCost(float jamo_cost) { return jamo_cost; }
  // A pretokenized pattern (number, Latin, URL ...) is what it is, and a
  // span constraint's forced node lies on every path: neither costs more.
  static float PatternCost() { return 0.0f; }
  static float ForcedCost() { return 0.0f; }
  // A user dictionary's reading (its cost: rule cost minus the user's score).
  static float UserEntryCost(const UserEntry& ue) { return ue.penalty; }
  // False if `user` blocks the model's node `n` (a reading or an unknown-word
  // guess); else adds the user's scores of its morphemes to *cost. Every
  // model node goes through it when the dictionary touches the model, so an
  // untouched reading costs one bit test.
  static bool UserAdjusted(const UserDictionary& user, const Node& n, float* cost) {
    if (n.kind == NodeKind::kEntry) return UserAdjustedEntry(user, n.entry, cost);
    return n.kind != NodeKind::kUnknown || ((user.guess_blocked_tags() >> static_cast<unsigned>(n.tag)) & 1u) == 0;
  }
  // The same for model entry `e` (subtracting the scores in morpheme order).
  static bool UserAdjustedEntry(const UserDictionary& user, uint32_t e, float* cost) {
    const float* b = nullptr;
    const float* end = nullptr;
    if (!user.ModelEntryScores(e, &b, &end)) return false;
    for (; b != end; ++b) *cost -= *b;
    return true;
  }

  // ---- Morpheme steps (MorphStep), when a node is unpacked ----

  // Model morpheme `morph`: the dictionary's scores.
  static void ModelStep(const ModelImpl& model, uint32_t morph, MorphStep* out) { FillStep(model, morph, out); }
  // A stem head's step only names the stem: the stem is scored (StemStep)
  // once its fused tail arrives.
  static void HeadStep(const ModelImpl& model, uint32_t morph, MorphStep* out) { FillStep(model, morph, out); }
  // The full stem of a stem head when its fused tail arrives: a model
  // morpheme or (with kUserIdBit) one of the lattice's user dictionary.
  static void StemStep(const ModelImpl& model, const Lattice& lattice, uint32_t morph, MorphStep* out) {
    if (IsUserId(morph)) {
      const UserMorph& m = lattice.user->morph(morph);
      *out = MorphStep{morph, m.lm_token, m.emit_logp, m.tag_logp, m.socket_key, m.tag};
      return;
    }
    ModelStep(model, morph, out);
  }
  // An unknown word or a pattern without dictionary entry: its tag's class token.
  static MorphStep ClassStep(PosTag tag) { return MorphStep{0, LmClassToken(tag), 0.0f, 0.0f, 0, tag}; }
  // A user reading's morpheme, as the dictionary compiled it.
  static MorphStep UserStepOf(const UserStep& us) {
    return MorphStep{us.morph, us.lm_token, us.emit_logp, us.tag_logp, us.socket_key, us.tag};
  }
  // A forced morpheme the dictionary lacks (id: kForcedMorphBit and its
  // index): its LM side is the tag's class token, as for unknown words.
  static MorphStep ForcedOovStep(uint32_t id, PosTag tag) {
    return MorphStep{id, LmClassToken(tag), 0.0f, kForcedOovTagLogp, 0, tag};
  }
  // ---- Paths: the step itself ----

  enum class Reach {
    kImpossible,  // the node cannot follow the state (spacing, conjugation)
    kBelow,       // the result falls below the floor; out->score bounds it from above
    kReached,     // *out is the extended state
  };

  // Starts paths over `lattice` (whose nodes Extend reads unpacked), scoring
  // with `scorer`. The objects must outlive the paths.
  void Begin(const ModelImpl& model, lm::LmScorer* scorer, const Lattice* lattice, const StepParams& params);
  // The state of the empty path (after a space: the start of the text).
  State Start() const;
  // Whitespace since the last node.
  static void AfterSpace(State* s) { s->space_before = 1; }
  // An upper bound of what node `n` can extend `s` to (every term of a step
  // is a log-probability or a cost, <= 0).
  static float Bound(const State& s, const Node& n) { return s.score - n.penalty; }
  // The state after node `n` extends `s` (which it may follow: a socket
  // its own pending head, anything else a state without one), unless the
  // result falls below `floor` (every term of a step is <= 0, so a partial
  // score under the floor is final).
  Reach Extend(const State& s, const Node& n, float floor, State* out);
  // Closes a path where its chunk ends: a virtual full stop unless it ends
  // with one, then end of sentence.
  void Close(State* s);

 private:
  // log P(morph | tag) given to a forced morpheme the dictionary lacks, for
  // the tag-class interpolation. Every path goes through a forced node, so
  // the value only weighs that node's share against its neighbours'.
  static constexpr float kForcedOovTagLogp = -12.0f;
  static constexpr float kLog2 = 0.6931472f;

  // Adds morpheme `m` with its boundary score to the state being built;
  // false once it falls below `floor` (out->score then bounds the result
  // from above).
  bool AddMorph(const MorphStep& m, float boundary, float floor, State* out);
  // The weighted log-probability of a space (or none) between two tags.
  float Boundary(int prev_tag, PosTag tag, bool space) const;
  // Spacing correction: the score of node `n` after `s` for the spaces the
  // writer put around and inside it (StepParams::space_gaps).
  float SpaceEvidence(const State& s, const Node& n) const;
  // A space the writer put inside a morpheme costs this many nats at weight
  // 1 (spaces inside a morpheme do not occur in edited text; a typo can
  // still put one there).
  static constexpr float kSpaceInsideMorpheme = 16.0f;
  // The cap on the cost of a missing space where spaces are evidence (the
  // cap of spaced text, StepParams::nospace_floor).
  static constexpr float kEvidenceNospaceFloor = -1.5f;

  const ModelImpl* model_ = nullptr;
  const Lattice* lattice_ = nullptr;
  const StepParams* params_ = nullptr;
  lm::LmScorer* scorer_ = nullptr;
  float log_lambda_ = 0, log_rest_ = 0;  // log of the interpolation weights
  bool use_tag_lm_ = true;                // false when class_lambda is 1
};

// The search calls these for every state and node it tries: inline.

inline float StepBuilder::Boundary(int prev_tag, PosTag tag, bool space) const {
  // Missing spaces are common in real text, so their cost is capped; spaces
  // where the corpus has none (before a particle or ending) keep full cost.
  float b = model_->BoundaryLogp(prev_tag, static_cast<int>(tag), space);
  if (!space && b < params_->nospace_floor) b = params_->nospace_floor;
  return params_->boundary_weight * b;
}

inline float StepBuilder::SpaceEvidence(const State& s, const Node& n) const {
  // Between the analysis of the text without its spaces (weight 0, the
  // search as usual) and its analysis with them (weight 1): a space before
  // a node scores as the boundary model scores a space there, a missing one
  // as a missing space, and a space inside a morpheme costs
  // kSpaceInsideMorpheme.
  const uint32_t* g = params_->space_gaps;
  const float w = params_->space_weight;
  const bool gap = g[n.begin + 1] != g[n.begin];
  const float inside = static_cast<float>(g[n.end] - g[n.begin + 1]);
  // A stem's fused tail starts inside the stem.
  if (n.entry_kind == EntryKind::kSocket) return -w * kSpaceInsideMorpheme * (inside + (gap ? 1.0f : 0.0f));
  float b = 0.0f;
  if (s.last_tag != kNumTags) {
    b = model_->BoundaryLogp(s.last_tag, static_cast<int>(n.tag), gap);
    if (!gap) b = std::max(b, kEvidenceNospaceFloor);
  }
  return w * (b - kSpaceInsideMorpheme * inside);
}

inline bool StepBuilder::AddMorph(const MorphStep& m, float boundary, float floor, State* out) {
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

inline StepBuilder::Reach StepBuilder::Extend(const State& s, const Node& n, float floor, State* out) {
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
    StemStep(*model_, *lattice_, s.pending_morph, &stem);
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

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_STEP_BUILDER_H_
