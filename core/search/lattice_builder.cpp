// Lattice construction: dictionary matches (common-prefix search from every
// position of each Hangul run), pretokenized patterns, and unknown-word
// candidates that guarantee every run can be covered.
#include <algorithm>

#include "core/model/dictionary_words.h"
#include "core/text/char_class.h"
#include "core/text/hangul.h"
#include "core/text/utf.h"
#include "core/search/lattice.h"
#include "core/search/memory_budget.h"
#include "core/search/step_builder.h"
#include "core/search/typo_candidates.h"
#include "core/search/user_nodes.h"

namespace kma::search {

void FillStep(const ModelImpl& model, uint32_t m, MorphStep* out) {
  const MorphRecord& r = model.morph(m);
  const MorphScores& sc = model.morph_scores(r);
  out->morph = m;
  out->lm_token = r.lm_id();
  out->emit_logp = sc.emit_logp;
  out->tag_logp = sc.tag_logp;
  out->socket_key = r.socket_key;
  out->tag = static_cast<PosTag>(r.tag());
}

bool IsSpaceChar(char32_t c) {
  // Controls and format characters (BOM, zero-width space, a stray ZWJ) carry
  // no text: they separate words like whitespace instead of becoming nouns.
  if (c < 0x80) return c <= 0x20 || c == 0x7F;
  // Hangul syllables and jamo are nearly all of the text: answer them without
  // the Unicode property lookup.
  if ((c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF)) return false;
  CharClass k = ClassOf(c);
  return k == CharClass::kSpace || k == CharClass::kControl;
}

namespace {

// Appends a node with only its span, kind and source filled in (UnpackNode
// completes it). The fields are written in place: a node assembled on the
// stack and copied stalled on store forwarding, a fifth of lattice time.
Node& AddNode(std::vector<Node>* nodes, uint32_t b, uint32_t e, NodeKind kind, PosTag tag, uint32_t entry,
              float penalty) {
  Node& n = nodes->emplace_back();
  n.begin = b;
  n.end = e;
  n.kind = kind;
  n.tag = tag;
  n.entry_kind = EntryKind::kPlain;
  n.entry = entry;
  n.penalty = penalty;
  return n;
}

// The right-hand side of a conjugation join (what ConcatBlocked applies to).
bool IsJoinRight(PosTag t) { return IsEnding(t) || IsParticle(t) || t == PosTag::kVCP; }

// The typo-mode nodes that begin at p, under the same rule as the plain
// ones: a corrected stem head is a head the tails after it may need, and a
// corrected fused tail is only kept where some head with its socket ends.
void AddTypoNodes(TypoCandidates* typos, uint32_t p, HeadEnds* heads, std::vector<Node>* nodes) {
  const size_t from = nodes->size();
  typos->AddNodes(p, nodes);
  size_t out = from;
  for (size_t i = from; i < nodes->size(); ++i) {
    const Node& n = (*nodes)[i];
    if (n.entry_kind == EntryKind::kSocket && !heads->Has(p, n.socket)) continue;
    if (n.entry_kind == EntryKind::kHead) heads->Add(n.end, n.socket);
    (*nodes)[out++] = n;
  }
  nodes->resize(out);
}

// A unit boundary: we never cut between a syllable and its coda for unknown
// words (dictionary entries may, e.g. 가 + ㄴ다).
bool IsUnitCut(const std::u32string& t, uint32_t q, uint32_t run_end) {
  if (q >= run_end) return true;
  return !(hangul::IsCodaJamo(t[q]) && q > 0 && hangul::IsSyllable(t[q - 1]));
}

// The trie walks from the start positions [pb, pe) of the run [rb, re)
// whose trie labels are `label`: lattice->walk holds the matches (trie
// node, end) of the walk from p at [walk_first[p - pb], walk_first[p - pb +
// 1]), in order of their end. AddRun walks a window of start positions at a
// time, so that the matches held stay a window's, not a long run's. Each step of a walk is a chain of loads that miss the
// cache (the labels of a node's children, then the child's record), a
// third of lattice time when the walks ran one after the other; so the
// walks of kLanes neighbouring start positions advance together, one
// character per round, each round in two halves: every lane's step (whose
// labels the previous round fetched) and a fetch of its new node, then
// every lane's matches and a fetch of its next labels. The misses of the
// lanes overlap instead of stalling the walk one by one.
void WalkRun(const ModelImpl& model, uint32_t rb, uint32_t re, uint32_t pb, uint32_t pe, const TrieLabel* label,
             Lattice* lattice) {
  const TrieView& trie = model.trie();
  constexpr uint32_t kLanes = Lattice::kWalkLanes;
  std::vector<std::pair<uint32_t, uint32_t>>& walk = lattice->walk;
  std::vector<uint32_t>& first = lattice->walk_first;
  walk.clear();
  first.resize(pe - pb + 1);
  for (uint32_t p0 = pb; p0 < pe; p0 += kLanes) {
    const uint32_t lanes = std::min(kLanes, pe - p0);
    uint32_t node[kLanes], q[kLanes];
    for (uint32_t l = 0; l < lanes; ++l) {
      node[l] = TrieView::kRoot;
      q[l] = p0 + l;
      lattice->lane_matches[l].clear();
    }
    for (bool live = true; live;) {
      for (uint32_t l = 0; l < lanes; ++l) {
        if (node[l] == TrieView::kNone) continue;
        node[l] = q[l] < re ? trie.Child(node[l], label[q[l] - rb]) : TrieView::kNone;
        ++q[l];
        if (node[l] != TrieView::kNone) trie.PrefetchNode(node[l]);
      }
      live = false;
      for (uint32_t l = 0; l < lanes; ++l) {
        const uint32_t n = node[l];
        if (n == TrieView::kNone) continue;
        live = true;
        if (q[l] < re) trie.PrefetchChildren(n);
        if (trie.value_begin(n) == trie.value_end(n)) continue;
        // Only a prefetch of the entries: they are read when the nodes are
        // made, after the walks.
        __builtin_prefetch(&model.entry(trie.value_begin(n)));
        lattice->lane_matches[l].emplace_back(n, q[l]);
      }
    }
    for (uint32_t l = 0; l < lanes; ++l) {
      first[p0 - pb + l] = static_cast<uint32_t>(walk.size());
      walk.insert(walk.end(), lattice->lane_matches[l].begin(), lattice->lane_matches[l].end());
    }
  }
  first[pe - pb] = static_cast<uint32_t>(walk.size());
}

// The dictionary entries whose form starts at p, inside the run [rb, re),
// from the walk's matches [match, match_end) (WalkRun).
void AddEntryNodes(const ModelImpl& model, const std::u32string& t, uint32_t rb, uint32_t p,
                   const std::pair<uint32_t, uint32_t>* matches, const std::pair<uint32_t, uint32_t>* matches_end,
                   Lattice* lattice) {
  const TrieView& trie = model.trie();
  HeadEnds& heads = lattice->head_ends;
  for (const auto* it = matches; it != matches_end; ++it) {
    const auto [match, match_end] = *it;
    // A node's values are entry indices, one contiguous range.
    const uint32_t value_end = trie.value_end(match);
    for (uint32_t e = trie.value_begin(match); e < value_end; ++e) {
      const EntryRecord& er = model.entry(e);
      // Copula-drop spellings need a coda-less syllable right before them
      // (학교 + 다); whether a space intervenes is the search's to check.
      if (er.after_vowel_only() && (p == rb || !hangul::IsSyllable(t[p - 1]))) continue;
      if (er.kind() == EntryKind::kSocket && !heads.Has(p, er.socket)) continue;
      if (er.kind() == EntryKind::kHead) heads.Add(match_end, er.socket);
      Node& n = AddNode(&lattice->nodes, p, match_end, NodeKind::kEntry, PosTag::kUN, e,
                        StepBuilder::EntryCost(model, er));
      n.entry_kind = er.kind();
      n.socket = er.socket;
      n.no_space_before = er.after_vowel_only();
    }
  }
}

// The tags of DictionaryWords of trie node `node` (key `key`) whose word the
// user dictionary keeps: a blocked word no longer stands for its guess, so
// the guess comes back and a word whose every reading is blocked keeps an
// analysis.
unsigned KeptWordTags(const ModelImpl& model, const UserDictionary& user, uint32_t node, std::u32string_view key) {
  const TrieView& trie = model.trie();
  unsigned tags = 0;
  float unused = 0;
  for (uint32_t e = trie.value_begin(node); e < trie.value_end(node); ++e)
    if (StepBuilder::UserAdjustedEntry(user, e, &unused)) tags |= DictionaryWords::EntryBit(model, e, key);
  return tags;
}

// Unknown-word candidates from p (a unit cut) to the next unit cuts of the
// run ending at re, skipping the dictionary's own words (`matches`: the
// trie matches from p, in order of their end).
void AddUnknownNodes(const ModelImpl& model, const std::u32string& t, uint32_t rb, uint32_t re, uint32_t p,
                     const LatticeParams& params, const std::pair<uint32_t, uint32_t>* matches, size_t match_count,
                     Lattice* lattice) {
  std::vector<Node>* nodes = &lattice->nodes;
  const int max_units = p == rb ? params.max_unknown_units : params.max_inner_unknown_units;
  int units = 0;
  size_t mi = 0;  // matches are in order of their end
  for (uint32_t q = p + 1; q <= re && units < max_units; ++q) {
    if (!IsUnitCut(t, q, re)) continue;
    ++units;
    while (mi < match_count && matches[mi].second < q) ++mi;
    const bool known = mi < match_count && matches[mi].second == q;
    // No guess where the dictionary has the same word with the same tag: it
    // would be that word again to the user, and an N-best list would show
    // one analysis twice (the fuzzing finding nbest-duplicate-unknown).
    const std::u32string_view key = std::u32string_view(t).substr(p, q - p);
    unsigned dict_tags = known ? model.dictionary_word_tags(matches[mi].first, key) : 0u;
    if (dict_tags != 0 && lattice->user != nullptr && lattice->user->touches_model())
      dict_tags = KeptWordTags(model, *lattice->user, matches[mi].first, key);
    if ((dict_tags & DictionaryWords::kNng) == 0)
      AddNode(nodes, p, q, NodeKind::kUnknown, PosTag::kNNG, 0,
              StepBuilder::UnknownCost(params, units, PosTag::kNNG));
    if ((dict_tags & DictionaryWords::kNnp) == 0)
      AddNode(nodes, p, q, NodeKind::kUnknown, PosTag::kNNP, 0,
              StepBuilder::UnknownCost(params, units, PosTag::kNNP));
  }
}

// Drops the stem heads among nodes[first, ...) that no fused tail follows,
// and with kUser the model's nodes that lattice->user blocks (adding its
// scores to the others: StepBuilder::UserAdjusted), here where every node
// is visited anyway. A template so that analyses without a dictionary do
// not test for one per node.
template <bool kUser>
void DropOpenHeads(size_t first, Lattice* lattice) {
  std::vector<Node>* nodes = &lattice->nodes;
  std::vector<std::pair<uint32_t, uint32_t>>& socket_starts = lattice->socket_starts;  // (begin, socket)
  TailStarts(*nodes, first, &socket_starts);
  size_t out = first;
  for (size_t i = first; i < nodes->size(); ++i) {
    Node& n = (*nodes)[i];
    if (n.entry_kind == EntryKind::kHead) {
      const std::pair<uint32_t, uint32_t> key{n.end, n.socket};
      const auto it = std::lower_bound(socket_starts.begin(), socket_starts.end(), key);
      if (it == socket_starts.end() || *it != key) continue;
    }
    if (kUser && !StepBuilder::UserAdjusted(*lattice->user, n, &n.penalty)) continue;
    (*nodes)[out++] = n;
  }
  nodes->resize(out);
}

// Memory budget: the nodes and steps held, and when the nodes are close to
// growing, the buffer they will move to (both are held while they move; a
// position adds far fewer than 512 nodes).
void ChargeLattice(const Lattice& lattice, MemoryBudget* budget) {
  uint64_t bytes = lattice.held_bytes();
  if (lattice.nodes.size() + 512 > lattice.nodes.capacity()) bytes += 2 * HeldBytes(lattice.nodes);
  budget->Hold(MemoryBudget::kLattice, bytes);
}

void AddRun(const ModelImpl& model, const std::u32string& t, uint32_t rb, uint32_t re,
            const LatticeParams& params, Lattice* lattice) {
  const TrieView& trie = model.trie();
  std::vector<TrieLabel>* labels = &lattice->labels;
  // Each character is looked up in the trie's alphabet once, not once per
  // start position that reaches it.
  labels->resize(re - rb);
  for (uint32_t q = rb; q < re; ++q) (*labels)[q - rb] = trie.Label(t[q]);
  const TrieLabel* label = labels->data();  // label[q - rb] is that of t[q]
  const size_t first = lattice->nodes.size();
  lattice->head_ends.Reset(rb, re);
  if (params.typos != nullptr) params.typos->BeginRun(t, rb, re, label);
  uint32_t walked = rb, walked_end = rb;  // the window of start positions walked
  for (uint32_t p = rb; p < re; ++p) {
    if (p == walked_end) {
      walked = p;
      walked_end = std::min(re, p + Lattice::kWalkWindow);
      WalkRun(model, rb, re, walked, walked_end, label, lattice);
    }
    if (params.budget != nullptr) ChargeLattice(*lattice, params.budget);
    const auto* matches = lattice->walk.data() + lattice->walk_first[p - walked];
    const auto* matches_end = lattice->walk.data() + lattice->walk_first[p - walked + 1];
    AddEntryNodes(model, t, rb, p, matches, matches_end, lattice);
    if (params.typos != nullptr) AddTypoNodes(params.typos, p, &lattice->head_ends, &lattice->nodes);
    // Unknown-word candidates start at unit boundaries.
    if (IsUnitCut(t, p, re))
      AddUnknownNodes(model, t, rb, re, p, params, matches, static_cast<size_t>(matches_end - matches), lattice);
  }
  // Drop stem heads that no fused tail can follow: they could never complete.
  if (lattice->user != nullptr && lattice->user->touches_model())
    DropOpenHeads<true>(first, lattice);
  else
    DropOpenHeads<false>(first, lattice);
}

// Dictionary morpheme for a pattern's exact text and tag (e.g. "."/SF), or 0.
uint32_t PatternMorph(const ModelImpl& model, const std::u32string& t, uint32_t b, uint32_t e, PosTag tag) {
  const TrieView& trie = model.trie();
  const uint32_t node = trie.Find(std::u32string_view(t).substr(b, e - b));
  if (node == TrieView::kNone) return 0;
  for (uint32_t v = trie.value_begin(node); v < trie.value_end(node); ++v) {
    const EntryRecord& er = model.entry(v);
    if (er.kind() != EntryKind::kPlain || er.morph_count() != 1) continue;
    uint32_t m = model.entry_morphs(er)[0];
    if (model.morph(m).tag() == static_cast<uint8_t>(tag)) return m;
  }
  return 0;
}

}  // namespace

void BuildLattice(const ModelImpl& model, const std::u32string& t, uint32_t begin, uint32_t end,
                  const std::vector<PreToken>& pretokens, const LatticeParams& params, Lattice* lattice) {
  lattice->Clear();
  std::vector<Node>* nodes = &lattice->nodes;
  size_t pi = 0;
  uint32_t p = begin;
  while (p < end) {
    while (pi < pretokens.size() && pretokens[pi].end <= p) ++pi;
    // A pretoken that begins here, or that began before `begin` (the chunk
    // was cut inside it, e.g. at the ZWJ of an emoji sequence): its part in
    // [p, end) becomes one pattern node, so no position is left uncovered.
    if (pi < pretokens.size() && pretokens[pi].begin <= p) {
      const PreToken& pt = pretokens[pi];
      uint32_t e = std::min(pt.end, end);
      AddNode(nodes, p, e, NodeKind::kPattern, pt.tag, PatternMorph(model, t, p, e, pt.tag),
              StepBuilder::PatternCost());
      p = e;
      continue;
    }
    if (IsSpaceChar(t[p])) { ++p; continue; }
    // A run of characters that no pretoken claims (Hangul, and anything the
    // pretokenizer left alone, which the unknown-word path still covers).
    uint32_t next_pt = pi < pretokens.size() ? std::max(pretokens[pi].begin, p) : end;
    uint32_t re = p;
    while (re < end && re < next_pt && !IsSpaceChar(t[re])) ++re;
    if (re == p) { ++p; continue; }
    AddRun(model, t, p, re, params, lattice);
    p = re;
  }
  // Runs and patterns are visited left to right, so the nodes normally come
  // out sorted already; the check is much cheaper than the merge sort.
  auto by_begin = [](const Node& a, const Node& b) { return a.begin < b.begin; };
  if (!std::is_sorted(nodes->begin(), nodes->end(), by_begin))
    std::stable_sort(nodes->begin(), nodes->end(), by_begin);
}

void UnpackNode(const ModelImpl& model, size_t i, Lattice* lattice) {
  std::vector<MorphStep>& steps = lattice->steps;
  Node& n = lattice->nodes[i];
  if (n.unpacked) return;
  n.unpacked = true;
  n.first_step = static_cast<uint32_t>(steps.size());
  {
    if (n.kind != NodeKind::kEntry) {
      MorphStep& st = steps.emplace_back();
      if (n.kind == NodeKind::kPattern && n.entry != 0) StepBuilder::ModelStep(model, n.entry, &st);
      else st = StepBuilder::ClassStep(n.tag);
      n.step_count = 1;
      return;
    }
    if (IsUserId(n.entry)) {
      UnpackUserNode(model, *lattice->user, &n, &steps);
      return;
    }
    const EntryRecord& e = model.entry(n.entry);
    const uint32_t* ms = model.entry_morphs(e);
    // A head stands for the full stem (scored once its fused tail arrives);
    // a socket for the tail's morphemes; a plain entry for all of them.
    const uint32_t count = n.entry_kind == EntryKind::kHead ? 1 : e.morph_count();
    // A head's step only names the stem: the stem is scored when its fused
    // tail arrives (StepBuilder::StemStep).
    for (uint32_t k = 0; k < count; ++k) {
      MorphStep& st = steps.emplace_back();
      if (n.entry_kind == EntryKind::kHead) StepBuilder::HeadStep(model, ms[k], &st);
      else StepBuilder::ModelStep(model, ms[k], &st);
    }
    n.step_count = static_cast<uint8_t>(count);
    n.tag = steps[n.first_step].tag;
    n.joins_right = IsJoinRight(n.tag);
    if (n.joins_right) n.first_char = model.morph_first_char(ms[0]);
  }
}

}  // namespace kma::search
