#include "core/search/coarse_pass.h"

#include <algorithm>

#include "core/search/memory_budget.h"
#include "core/search/user_nodes.h"

namespace kma::search {
namespace {

static_assert(kNumTags < 64, "CoarsePass::Backward keeps a set of tags in a 64-bit mask");

bool OpensPair(const Node& n) { return n.entry_kind == EntryKind::kHead || n.link_head; }
bool ClosesPair(const Node& n) { return n.entry_kind == EntryKind::kSocket || n.link_tail; }

// Whether `n` may follow `m` (which ends where n begins) in the search: a
// fused tail only a stem head of its socket, anything else no head; the
// second half of a phonetic spelling only its first half.
bool MayFollow(const Node& m, const Node& n) {
  if (m.link_head != n.link_tail) return false;
  if (n.entry_kind == EntryKind::kSocket)
    return m.entry_kind == EntryKind::kHead && m.socket == n.socket && m.end == n.begin;
  return m.entry_kind != EntryKind::kHead;
}

// The least of a[k] + b[k] over a row of CoarsePass::kRow, four lanes at a
// time in the compiler's generic vectors (SSE or NEON registers; a loop of
// std::min over floats is not vectorized, since min is undefined for NaN).
// A minimum is exact, so the lanes' order gives the same result as a loop
// over the tags one by one.
static_assert(CoarsePass::kRow % 8 == 0, "MinPlus reads two vectors of four per step");
using Floats4 = float __attribute__((vector_size(16)));
inline Floats4 Load4(const float* p) {
  Floats4 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
inline Floats4 Min4(Floats4 x, Floats4 y) { return x < y ? x : y; }
float MinPlus(const float* a, const float* b) {
  Floats4 m0 = Load4(a) + Load4(b), m1 = Load4(a + 4) + Load4(b + 4);
  for (int k = 8; k < CoarsePass::kRow; k += 8) {
    m0 = Min4(m0, Load4(a + k) + Load4(b + k));
    m1 = Min4(m1, Load4(a + k + 4) + Load4(b + k + 4));
  }
  m0 = Min4(m0, m1);
  return std::min(std::min(m0[0], m0[1]), std::min(m0[2], m0[3]));
}

}  // namespace

void CoarseTables::Build(const ModelImpl& model) {
  model_ = &model;
  const TagLmTable& tags = model.tag_lm_table();
  trans_.assign(size_t{kNumTags + 1} * kNumTags, 1e30f);
  const uint32_t bos = tags.bos_state();
  for (int f = 0; f < kNumTags; ++f)
    trans_[size_t{kNumTags} * kNumTags + f] = -tags.Peek(bos, LmClassToken(static_cast<PosTag>(f)));
  // A tag pair's cost: the best over every context that ends with the
  // first tag (the rows the table reaches after it), so the pass never
  // thinks a pair less likely than the search could find it.
  const uint32_t states = tags.state_count();
  for (uint32_t s = 0; s < states; ++s) {
    for (int l = 0; l < kNumTags; ++l) {
      const uint32_t after = tags.Next(s, LmClassToken(static_cast<PosTag>(l)));
      float* row = &trans_[size_t(l) * kNumTags];
      for (int f = 0; f < kNumTags; ++f)
        row[f] = std::min(row[f], -tags.Peek(after, LmClassToken(static_cast<PosTag>(f))));
    }
  }
}

void CoarsePass::FillJoins(const ModelImpl& model, const StepParams& params) {
  if (join_model_ != &model) {
    join_model_ = &model;
    slots_[0].set = slots_[1].set = false;
    entries_.assign(model.entry_count(), EntrySummary{{0.0f, 0.0f}, 0, 0, 0});
  }
  const int si = params.nospace_floor == 0.0f ? 1 : 0;
  JoinSlot& slot = slots_[si];
  slot_ = &slot;
  if (slot.set && slot.floor == params.nospace_floor && slot.weight == params.boundary_weight &&
      slot.penalty == params.morph_penalty)
    return;
  if (slot.set)  // other params: the entries' costs under the old ones are stale
    for (EntrySummary& e : entries_) e.have &= static_cast<uint8_t>(~(1u << si));
  if (!tables_.built_for(model)) tables_.Build(model);
  slot.set = true;
  slot.floor = params.nospace_floor;
  slot.weight = params.boundary_weight;
  slot.penalty = params.morph_penalty;
  slot.join.assign(size_t{2} * kRow * kRow, 0.0f);
  slot.join_by_tag.assign(size_t{2} * kRow * kRow, 0.0f);
  for (int s = 0; s < 2; ++s)
    for (int l = 0; l <= kNumTags; ++l)
      for (int f = 0; f < kNumTags; ++f) {
        // The boundary term as StepBuilder::Boundary computes it.
        float b = model.BoundaryLogp(l, f, s != 0);
        if (s == 0 && b < params.nospace_floor) b = params.nospace_floor;
        const float j = tables_.trans(l, f) - params.boundary_weight * b;
        slot.join[(size_t(s) * (kNumTags + 1) + l) * kRow + f] = j;
        slot.join_by_tag[(size_t(s) * kNumTags + f) * kRow + l] = j;
      }
}

void CoarsePass::SummarizeEntry(const ModelImpl& model, const Node& n, size_t i) {
  // The entry's records, as UnpackNode would read them, but nothing is
  // written to the lattice.
  const EntryRecord& er = model.entry(n.entry);
  const uint32_t* ms = model.entry_morphs(er);
  const uint32_t count = n.entry_kind == EntryKind::kHead ? 1 : er.morph_count();
  float cost = n.penalty;
  int prev = -1;
  for (uint32_t k = 0; k < count; ++k) {
    const MorphRecord& r = model.morph(ms[k]);
    const int t = r.tag();
    cost += slot_->penalty - model.morph_scores(r).tag_logp;
    if (prev >= 0) cost += Join(prev, t, false);
    else first_tag_[i] = static_cast<uint8_t>(t);
    prev = t;
  }
  if (prev < 0) {  // an entry without morphemes (never built, but harmless)
    first_tag_[i] = static_cast<uint8_t>(n.tag);
    prev = static_cast<int>(n.tag);
  }
  last_tag_[i] = static_cast<uint8_t>(prev);
  cost_[i] = cost;
}

void CoarsePass::Summarize(const ModelImpl& model, Lattice* lattice) {
  const std::vector<Node>& nodes = lattice->nodes;
  const size_t n_nodes = nodes.size();
  cost_.resize(n_nodes);
  first_tag_.resize(n_nodes);
  last_tag_.resize(n_nodes);
  const int si = static_cast<int>(slot_ - slots_);
  const uint8_t bit = static_cast<uint8_t>(1u << si);
  // A user dictionary that touches the model adds its scores to the nodes'
  // costs, and typo mode its edits: those nodes are not the entry's alone.
  const bool model_costs = lattice->user == nullptr || !lattice->user->touches_model();
  auto packed = [&](const Node& m) { return m.kind == NodeKind::kEntry && !IsUserId(m.entry) && !m.unpacked; };
  auto memo = [&](const Node& m) { return model_costs && packed(m) && !m.corrected; };
  // The summaries are a cache miss each: fetched a few nodes ahead.
  constexpr size_t kAhead = 8;
  for (size_t i = 0; i < std::min(n_nodes, kAhead); ++i)
    if (memo(nodes[i])) __builtin_prefetch(&entries_[nodes[i].entry]);
  for (size_t i = 0; i < n_nodes; ++i) {
    if (i + kAhead < n_nodes && memo(nodes[i + kAhead])) __builtin_prefetch(&entries_[nodes[i + kAhead].entry]);
    const Node& n = nodes[i];
    if (memo(n)) {
      EntrySummary& e = entries_[n.entry];
      if ((e.have & bit) == 0) {
        SummarizeEntry(model, n, i);
        e.cost[si] = cost_[i];
        e.first = first_tag_[i];
        e.last = last_tag_[i];
        e.have |= bit;
      }
      cost_[i] = e.cost[si];
      first_tag_[i] = e.first;
      last_tag_[i] = e.last;
      continue;
    }
    if (packed(n)) {
      SummarizeEntry(model, n, i);
      continue;
    }
    if (!n.unpacked && (n.kind == NodeKind::kUnknown || n.kind == NodeKind::kPattern)) {
      // One step, which UnpackNode would make a class token (an unknown
      // word, a pattern the dictionary lacks: the tag model's cost of its
      // tag is all the LM would add) or the pattern's model morpheme; read
      // here without unpacking, as most of these nodes are pruned.
      float cost = n.penalty;
      int t = static_cast<int>(n.tag);
      if (n.kind == NodeKind::kPattern && n.entry != 0) {
        const MorphRecord& r = model.morph(n.entry);
        t = r.tag();
        cost += slot_->penalty - model.morph_scores(r).tag_logp;
      }
      first_tag_[i] = last_tag_[i] = static_cast<uint8_t>(t);
      cost_[i] = cost;
      continue;
    }
    UnpackNode(model, i, lattice);
    const Node& u = nodes[i];
    const MorphStep* st = lattice->steps.data() + u.first_step;
    if (u.kind != NodeKind::kEntry && st[0].morph == 0) {
      // A class token (unknown word, pattern the dictionary lacks): the
      // tag model's cost of its tag is all the LM would add.
      first_tag_[i] = last_tag_[i] = static_cast<uint8_t>(u.tag);
      cost_[i] = u.penalty;
      continue;
    }
    float cost = u.penalty;
    for (uint32_t k = 0; k < u.step_count; ++k) {
      const int t = static_cast<int>(st[k].tag);
      cost += slot_->penalty - st[k].tag_logp;
      if (k > 0) cost += Join(static_cast<int>(st[k - 1].tag), t, false);
    }
    first_tag_[i] = u.step_count > 0 ? static_cast<uint8_t>(st[0].tag) : static_cast<uint8_t>(u.tag);
    last_tag_[i] = u.step_count > 0 ? static_cast<uint8_t>(st[u.step_count - 1].tag) : static_cast<uint8_t>(u.tag);
    cost_[i] = cost;
  }
}

void CoarsePass::Forward(uint32_t begin, uint32_t end, const std::vector<Node>& nodes) {
  const uint32_t len = end - begin;
  fwd_.assign(nodes.size(), kInf);
  // Each node, once its cost is known, is folded into the position where
  // the next node may begin after it: the best open path (no pending head
  // or half) ending there by last tag (kInf: none), or the list of pair
  // openers ending there. The nodes ending at a position lie all over the
  // chunk's node array; reading them back by position cost more than this.
  ends_.assign(size_t{len + 1} * kRow, kInf);
  open_ends_.assign(len + 1, 0);
  opener_first_.assign(len + 1, kNone);
  opener_next_.resize(nodes.size());
  ends_[kNumTags] = 0.0f;  // the chunk's start
  open_ends_[0] = 1;
  float in_memo[kNumTags];  // the cost into the nodes beginning at k by first tag (-1: not computed yet)
  for (uint32_t k = 0; k < len; ++k) {
    const size_t first = begin_first_[k], last = begin_first_[k + 1];
    if (first == last) continue;
    const float* agg = &ends_[size_t{k} * kRow];
    const bool any = open_ends_[k] != 0;
    const bool space = space_[k] != 0;
    const float* by_tag = slot_->join_by_tag.data() + size_t(space ? 1 : 0) * kNumTags * kRow;
    std::fill(in_memo, in_memo + kNumTags, -1.0f);
    for (size_t i = first; i < last; ++i) {
      const Node& n = nodes[i];
      if (n.kind == NodeKind::kEntry && n.no_space_before && space) continue;
      const int f = first_tag_[i];
      float in = kInf;
      if (ClosesPair(n)) {
        for (uint32_t m = opener_first_[k]; m != kNone; m = opener_next_[m])
          if (MayFollow(nodes[m], n)) in = std::min(in, fwd_[m] + Join(last_tag_[m], f, space));
      } else if (!any) {
        continue;
      } else if (in_memo[f] >= 0.0f) {
        in = in_memo[f];
      } else {
        in = MinPlus(agg, by_tag + size_t(f) * kRow);
        in_memo[f] = in;
      }
      if (in >= kInf) continue;
      const float out = in + cost_[i];
      fwd_[i] = out;
      const uint32_t e = eff_[n.end - begin];
      if (OpensPair(n)) {
        opener_next_[i] = opener_first_[e];
        opener_first_[e] = static_cast<uint32_t>(i);
      } else {
        float& slot = ends_[size_t{e} * kRow + last_tag_[i]];
        slot = std::min(slot, out);
        open_ends_[e] = 1;
      }
    }
  }
  // The cheapest complete path: the best open path ending at the chunk's end.
  best_ = kInf;
  const float* at_end = &ends_[size_t{len} * kRow];
  for (int t = 0; t < kNumTags; ++t) best_ = std::min(best_, at_end[t]);
}

void CoarsePass::Backward(uint32_t begin, uint32_t end, const std::vector<Node>& nodes) {
  const uint32_t len = end - begin;
  bwd_.assign(nodes.size(), kInf);
  out_.resize(size_t{len + 1} * kNumTags);  // written before it is read
  alignas(32) float agg[kRow];  // one position's best by first tag (kInf: none)
  for (uint32_t k = len; k-- > 0;) {
    const size_t first = begin_first_[k], last = begin_first_[k + 1];
    for (size_t i = first; i < last; ++i) {
      const Node& n = nodes[i];
      const uint32_t e = eff_[n.end - begin];
      const int l = last_tag_[i];
      if (!OpensPair(n)) {
        bwd_[i] = e == len ? 0.0f : out_[size_t{e} * kNumTags + l];
        continue;
      }
      if (e == len) continue;
      const bool space = space_[e] != 0;
      float b = kInf;
      for (uint32_t c = closer_first_[e]; c < closer_first_[e + 1]; ++c) {
        const uint32_t j = closers_[c];
        const Node& m = nodes[j];
        if (bwd_[j] >= kInf || !MayFollow(n, m)) continue;
        if (m.kind == NodeKind::kEntry && m.no_space_before && space) continue;
        b = std::min(b, Join(l, first_tag_[j], space) + cost_[j] + bwd_[j]);
      }
      bwd_[i] = b;
    }
    // Position k is done: the best cost from k on after an open path whose
    // last tag is l, through the nodes that may follow an open path; only
    // for the last tags of the open nodes that end here (the others are
    // never read).
    if (end_tags_[k] == 0) continue;
    std::fill(agg, agg + kRow, kInf);
    const bool space = space_[k] != 0;
    for (size_t i = first; i < last; ++i) {
      const Node& n = nodes[i];
      if (ClosesPair(n) || bwd_[i] >= kInf) continue;
      if (n.kind == NodeKind::kEntry && n.no_space_before && space) continue;
      const int f = first_tag_[i];
      agg[f] = std::min(agg[f], cost_[i] + bwd_[i]);
    }
    const float* rows = slot_->join.data() + size_t(space ? 1 : 0) * (kNumTags + 1) * kRow;
    float* out = &out_[size_t{k} * kNumTags];
    for (uint64_t tags = end_tags_[k]; tags != 0; tags &= tags - 1) {
      const int l = __builtin_ctzll(tags);
      out[l] = MinPlus(agg, rows + size_t(l) * kRow);
    }
  }
}

void CoarsePass::Prune(const ModelImpl& model, const std::u32string& text, uint32_t begin, uint32_t end,
                       const StepParams& params, float margin, Lattice* lattice) {
  std::vector<Node>& nodes = lattice->nodes;
  through_.clear();
  best_ = kInf;
  if (nodes.empty() || end <= begin) return;
  FillJoins(model, params);
  Summarize(model, lattice);
  const uint32_t len = end - begin;
  // Positions: the next non-space position (a node ending before a space is
  // followed by the nodes after it), and whether a space comes before.
  eff_.resize(len + 1);
  space_.resize(len + 1);
  eff_[len] = len;
  for (uint32_t k = len; k-- > 0;) eff_[k] = IsSpaceChar(text[begin + k]) ? eff_[k + 1] : k;
  space_[0] = 1;  // the chunk starts as after a space (StepBuilder::Start)
  for (uint32_t k = 1; k <= len; ++k) space_[k] = IsSpaceChar(text[begin + k - 1]) ? 1 : 0;
  // The nodes by where they begin (they are sorted so), the last tags of
  // those after which the next node may begin at a position (the tags
  // Backward's rows are needed for), and the fused tails and second halves
  // by where they begin (what a head or a first half may be followed by).
  begin_first_.assign(len + 2, 0);
  end_tags_.assign(len + 1, 0);
  closers_.clear();
  closer_first_.assign(len + 2, 0);
  for (uint32_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    ++begin_first_[n.begin - begin + 1];
    end_tags_[eff_[n.end - begin]] |= uint64_t{1} << last_tag_[i];
    if (ClosesPair(n)) {
      closers_.push_back(i);
      ++closer_first_[n.begin - begin + 1];
    }
  }
  for (uint32_t k = 0; k <= len; ++k) {
    begin_first_[k + 1] += begin_first_[k];
    closer_first_[k + 1] += closer_first_[k];
  }
  Forward(begin, end, nodes);
  Backward(begin, end, nodes);
  through_.resize(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i)
    through_[i] = fwd_[i] < kInf && bwd_[i] < kInf ? fwd_[i] + bwd_[i] : kInf;
  stats_.nodes += nodes.size();
  if (best_ >= kInf) {  // no cheap path at all: leave the lattice to the search
    stats_.kept += nodes.size();
    return;
  }
  // The cheapest path's own nodes sum to best_ in another order: a little
  // slack keeps them whatever the rounding.
  const float limit = best_ + margin + 1e-4f * (1.0f + best_);
  size_t kept = 0;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (through_[i] <= limit) nodes[kept++] = nodes[i];
  nodes.resize(kept);
  stats_.kept += kept;
  UnpackKept(model, lattice);
}

void CoarsePass::UnpackKept(const ModelImpl& model, Lattice* lattice) {
  // The search unpacks nearly every kept node, and the pass read only the
  // entries' summaries: the kept ones are unpacked here, in one loop that
  // fetches the records a few nodes ahead (morpheme lists 8 ahead, the
  // morphemes and their scores 4 ahead), so that their cache misses overlap
  // instead of stalling the search one by one.
  const std::vector<Node>& nodes = lattice->nodes;
  const size_t n_nodes = nodes.size();
  auto packed = [&](size_t j) {
    const Node& m = nodes[j];
    return m.kind == NodeKind::kEntry && !IsUserId(m.entry) && !m.unpacked;
  };
  constexpr size_t kAhead = 4;
  for (size_t i = 0; i < n_nodes; ++i) {
    if (i + 2 * kAhead < n_nodes && packed(i + 2 * kAhead))
      __builtin_prefetch(model.entry_morphs(model.entry(nodes[i + 2 * kAhead].entry)));
    if (i + kAhead < n_nodes && packed(i + kAhead)) {
      const Node& m = nodes[i + kAhead];
      const EntryRecord& er = model.entry(m.entry);
      const uint32_t* ms = model.entry_morphs(er);
      const uint32_t count = m.entry_kind == EntryKind::kHead ? 1 : er.morph_count();
      for (uint32_t k = 0; k < count; ++k) __builtin_prefetch(&model.morph(ms[k]));
    }
    UnpackNode(model, i, lattice);
  }
}

uint64_t CoarsePass::held_bytes() const {
  return HeldBytes(cost_) + HeldBytes(fwd_) + HeldBytes(bwd_) + HeldBytes(through_) + HeldBytes(first_tag_) +
         HeldBytes(last_tag_) + HeldBytes(eff_) + HeldBytes(end_tags_) + HeldBytes(ends_) +
         HeldBytes(open_ends_) + HeldBytes(opener_first_) + HeldBytes(opener_next_) +
         HeldBytes(begin_first_) + HeldBytes(closers_) + HeldBytes(closer_first_) +
         HeldBytes(space_) + HeldBytes(out_);
}

}  // namespace kma::search
