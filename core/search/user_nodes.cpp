#include "core/search/user_nodes.h"

#include <algorithm>

#include "core/search/step_builder.h"
#include "core/text/hangul.h"

namespace kma::search {
namespace {

bool IsJoinRightTag(PosTag t) { return IsEnding(t) || IsParticle(t) || t == PosTag::kVCP; }

Node& AddUserNode(std::vector<Node>* nodes, uint32_t b, uint32_t e, const UserEntry& ue) {
  Node& n = nodes->emplace_back();
  n.begin = b;
  n.end = e;
  n.kind = NodeKind::kEntry;
  n.tag = PosTag::kUN;
  n.entry_kind = ue.kind;
  n.no_space_before = ue.after_vowel_only;
  n.entry = kUserIdBit | ue.morph_begin;  // UnpackUserNode reads only the entry's steps
  n.penalty = StepBuilder::UserEntryCost(ue);
  n.socket = ue.socket;
  return n;
}

// The entries of trie node `node` matching t[p, q]. A stem head is only
// kept where a fused tail of its socket may begin (nearly all heads of a
// large dictionary end elsewhere and would be dropped by DropOpenNodes): a
// node holding only heads is passed over when its head mask rules them
// all out, without reading its entries.
inline void AddNodeEntries(const UserDictionary& user, const std::u32string& t, uint32_t begin, uint32_t end,
                           uint32_t p, uint32_t q, uint32_t node, std::vector<Node>* nodes) {
  const UserTrie& trie = user.trie();
  const uint32_t vb = trie.value_begin(node), ve = trie.value_end(node);
  if (vb == ve) return;
  if (!trie.has_others(node) && (q + 1 == end || (trie.head_mask(node) & user.NextHeadMask(t[q + 1])) == 0))
    return;
  for (uint32_t v = vb; v < ve; ++v) {
    const UserEntry& ue = user.entry(v);
    if (ue.after_vowel_only && (p == begin || !hangul::IsSyllable(t[p - 1]))) continue;
    if (ue.kind == EntryKind::kHead && (q + 1 == end || !user.HeadMayClose(ue.socket, t[q + 1]))) continue;
    AddUserNode(nodes, p, q + 1, ue);
    // The search unpacks the node soon: fetch its steps now.
    user.PrefetchSteps(ue.morph_begin);
  }
}

// The user trie's labels of text[begin, end), in sc->labels.
const TrieLabel* LabelChunk(const UserDictionary& user, const std::u32string& t, uint32_t begin, uint32_t end,
                            UserNodeScratch* sc) {
  sc->labels.resize(end - begin);
  for (uint32_t q = begin; q < end; ++q) sc->labels[q - begin] = user.Label(t[q]);
  return sc->labels.data();
}

// Trie matches from every position of the chunk.
void AddTrieMatches(const UserDictionary& user, const std::u32string& t, uint32_t begin, uint32_t end,
                    UserNodeScratch* sc, std::vector<Node>* nodes) {
  const UserTrie& trie = user.trie();
  const uint32_t n = end - begin;
  const TrieLabel* label = LabelChunk(user, t, begin, end, sc);
  // The second and third nodes of the walk from each position, found level
  // by level and fetched ahead (with the entries of the second): the first
  // nodes are few and stay in the cache, the others are many and a cache
  // miss each, which the walk from one position, a chain of dependent
  // reads, cannot overlap; the loops over all positions can.
  sc->second.resize(n);
  sc->third.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t first = trie.RootChild(label[i]);
    const uint32_t second = first == UserTrie::kNone || i + 1 == n ? UserTrie::kNone : trie.Child(first, label[i + 1]);
    sc->second[i] = second;
    if (second != UserTrie::kNone) trie.Prefetch(second);
  }
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t second = sc->second[i];
    uint32_t third = UserTrie::kNone;
    if (second != UserTrie::kNone) {
      if (trie.value_begin(second) != trie.value_end(second)) user.PrefetchEntry(trie.value_begin(second));
      if (i + 2 < n) third = trie.Child(second, label[i + 2]);
      if (third != UserTrie::kNone) trie.Prefetch(third);
    }
    sc->third[i] = third;
  }
  // Like the model's entries, readings may start at a coda (a fused tail
  // such as the ᆯ러 of 불러) and end before one (the stem 힙하 of 힙한).
  for (uint32_t p = begin; p < end; ++p) {
    const uint32_t i = p - begin;
    const uint32_t first = trie.RootChild(label[i]);  // whitespace is in no key
    if (first == UserTrie::kNone) continue;
    AddNodeEntries(user, t, begin, end, p, p, first, nodes);
    if (sc->second[i] == UserTrie::kNone) continue;
    AddNodeEntries(user, t, begin, end, p, p + 1, sc->second[i], nodes);
    for (uint32_t q = p + 2, node = sc->third[i]; node != UserTrie::kNone;) {
      AddNodeEntries(user, t, begin, end, p, q, node, nodes);
      if (++q == end) break;
      node = trie.Child(node, label[q - begin]);
    }
  }
}

// Pattern rules: each rule's longest matches, leftmost first, not overlapping.
void AddPatternMatches(const UserDictionary& user, const std::u32string& t, uint32_t begin, uint32_t end,
                       UserNodeScratch* sc, std::vector<Node>* nodes) {
  // Most chunks hold no character any rule may start with (a syllable with
  // its coda still is a syllable, the coda no character of its own).
  const PatternStarts& any = user.pattern_starts();
  bool may = false;
  for (uint32_t q = begin; q < end && !may; ++q)
    may = any.MayStart(t[q]) && !(hangul::IsCodaJamo(t[q]) && q > begin && hangul::IsSyllable(t[q - 1]));
  if (!may) return;
  sc->chars.clear();
  sc->starts.clear();
  for (uint32_t q = begin; q < end; ++q) {
    sc->starts.push_back(q);
    if (hangul::IsSyllable(t[q]) && q + 1 < end && hangul::IsCodaJamo(t[q + 1])) {
      sc->chars.push_back(hangul::AddCoda(t[q], hangul::CodaIndexOfJamo(t[q + 1])));
      ++q;
    } else {
      sc->chars.push_back(t[q]);
    }
  }
  sc->starts.push_back(end);
  const size_t n = sc->chars.size();
  for (size_t r = 0; r < user.pattern_count(); ++r) {
    const uint32_t entry = user.pattern_entry(r);
    const UserPattern& rule = user.pattern(r);
    for (size_t k = 0; k < n;) {
      if (!rule.starts().MayStart(sc->chars[k])) {
        ++k;
        continue;
      }
      const size_t len = rule.LongestMatch(sc->chars.data() + k, n - k, &sc->pattern);
      if (len == 0) {
        ++k;
        continue;
      }
      AddUserNode(nodes, sc->starts[k], sc->starts[k + len], user.entry(entry));
      k += len;
    }
  }
}

// True if the lattice holds a model tail of `socket` at `pos` (model nodes
// are nodes[0, first_user), sorted by begin).
bool HasModelTail(const std::vector<Node>& nodes, size_t first_user, uint32_t pos, uint32_t socket) {
  const auto model_end = nodes.begin() + static_cast<std::ptrdiff_t>(first_user);
  auto it =
      std::lower_bound(nodes.begin(), model_end, pos, [](const Node& n, uint32_t b) { return n.begin < b; });
  for (; it != model_end && it->begin == pos; ++it)
    if (it->kind == NodeKind::kEntry && it->entry_kind == EntryKind::kSocket && it->socket == socket)
      return true;
  return false;
}

// The model adds its fused tails (socket entries) only where one of its own
// stem heads ends; a user stem of a class the model has needs them after
// its head too. sc->socket_starts holds the (end, socket) pairs of the user
// heads, sorted and unique; the model's tails are walked once per end.
void AddModelTails(const ModelImpl& model, const UserDictionary& user, const std::u32string& t, uint32_t end,
                   size_t first_user, UserNodeScratch* sc, std::vector<Node>* nodes) {
  const TrieView& trie = model.trie();
  auto& want = sc->wanted_tails;
  want.clear();
  for (const auto& [pos, socket] : sc->socket_starts)
    if (socket < user.socket_base() && !HasModelTail(*nodes, first_user, pos, socket))
      want.emplace_back(pos, socket);
  for (size_t w = 0; w < want.size();) {
    const uint32_t pos = want[w].first;
    size_t w_end = w;
    while (w_end < want.size() && want[w_end].first == pos) ++w_end;
    uint32_t node = TrieView::kRoot;
    for (uint32_t q = pos; q < end && !IsSpaceChar(t[q]); ++q) {
      node = trie.Child(node, trie.Label(t[q]));
      if (node == TrieView::kNone) break;
      for (uint32_t v = trie.value_begin(node); v < trie.value_end(node); ++v) {
        const EntryRecord& er = model.entry(v);
        if (er.kind() != EntryKind::kSocket) continue;
        bool wanted = false;
        for (size_t k = w; k < w_end && !wanted; ++k) wanted = want[k].second == er.socket;
        float penalty = StepBuilder::EntryCost(model, er);
        if (!wanted || (user.touches_model() && !StepBuilder::UserAdjustedEntry(user, v, &penalty))) continue;
        Node& n = nodes->emplace_back();
        n.begin = pos;
        n.end = q + 1;
        n.kind = NodeKind::kEntry;
        n.tag = PosTag::kUN;
        n.entry_kind = EntryKind::kSocket;
        n.no_space_before = er.after_vowel_only();
        n.entry = v;
        n.penalty = penalty;
        n.socket = er.socket;
      }
    }
    w = w_end;
  }
}

// Drops the user stem heads that no fused tail follows and the user's own
// tails that follow no head: neither could ever be part of a path.
void DropOpenNodes(const std::vector<std::pair<uint32_t, uint32_t>>& head_ends, size_t first_user,
                   UserNodeScratch* sc, std::vector<Node>* nodes) {
  auto& tails = sc->wanted_tails;  // (begin, socket) of the tails after first_user
  TailStarts(*nodes, first_user, &tails);
  size_t out = first_user;
  for (size_t i = first_user; i < nodes->size(); ++i) {
    const Node& n = (*nodes)[i];
    const std::pair<uint32_t, uint32_t> head_key{n.end, n.socket};
    if (n.entry_kind == EntryKind::kHead && !std::binary_search(tails.begin(), tails.end(), head_key) &&
        !HasModelTail(*nodes, first_user, n.end, n.socket))
      continue;
    if (n.entry_kind == EntryKind::kSocket && IsUserId(n.entry) &&
        !std::binary_search(head_ends.begin(), head_ends.end(), std::make_pair(n.begin, uint32_t{n.socket})))
      continue;
    (*nodes)[out++] = n;
  }
  nodes->resize(out);
}

// Merges the user nodes (from first_user on) into the model's, which are
// sorted by begin; at equal begins the model's come first. A merge from the
// back through a small copy of the user nodes, moving the model's nodes
// between two user nodes as one block: where sorting the whole lattice again
// cost a tenth of the analysis, and moving them one by one a few percent.
void MergeUserNodes(size_t first_user, UserNodeScratch* sc, std::vector<Node>* nodes) {
  auto by_begin = [](const Node& a, const Node& b) { return a.begin < b.begin; };
  const auto user_begin = nodes->begin() + static_cast<std::ptrdiff_t>(first_user);
  if (!std::is_sorted(user_begin, nodes->end(), by_begin))
    std::stable_sort(user_begin, nodes->end(), by_begin);
  sc->user_nodes.assign(user_begin, nodes->end());
  Node* n = nodes->data();
  size_t a = first_user, b = sc->user_nodes.size(), k = nodes->size();
  auto after = [](uint32_t at, const Node& m) { return at < m.begin; };
  while (b > 0) {
    const uint32_t at = sc->user_nodes[b - 1].begin;
    // The block is short: gallop back from its end, then search the last
    // step (a scan read every model node, a tenth of the cache misses).
    size_t step = 1, hi = a;
    while (hi >= step && n[hi - step].begin > at) {
      hi -= step;
      step *= 2;
    }
    const size_t lo =
        static_cast<size_t>(std::upper_bound(n + (hi >= step ? hi - step : 0), n + hi, at, after) - n);
    std::move_backward(n + lo, n + a, n + k);
    k -= a - lo;
    a = lo;
    n[--k] = sc->user_nodes[--b];
  }
}

}  // namespace

void AddUserNodes(const ModelImpl& model, const UserDictionary& user, const std::u32string& text, uint32_t begin,
                  uint32_t end, UserNodeScratch* scratch, Lattice* lattice) {
  std::vector<Node>* nodes = &lattice->nodes;
  const size_t first_user = nodes->size();
  if (user.entry_count() > user.pattern_count()) AddTrieMatches(user, text, begin, end, scratch, nodes);
  if (user.pattern_count() > 0) AddPatternMatches(user, text, begin, end, scratch, nodes);
  if (nodes->size() == first_user) return;
  bool stems = false;
  for (size_t i = first_user; i < nodes->size() && !stems; ++i)
    stems = (*nodes)[i].entry_kind != EntryKind::kPlain;
  if (stems) {
    auto& head_ends = scratch->socket_starts;
    head_ends.clear();
    for (size_t i = first_user; i < nodes->size(); ++i)
      if ((*nodes)[i].entry_kind == EntryKind::kHead)
        head_ends.emplace_back((*nodes)[i].end, (*nodes)[i].socket);
    std::sort(head_ends.begin(), head_ends.end());
    head_ends.erase(std::unique(head_ends.begin(), head_ends.end()), head_ends.end());
    AddModelTails(model, user, text, end, first_user, scratch, nodes);
    DropOpenNodes(head_ends, first_user, scratch, nodes);
  }
  MergeUserNodes(first_user, scratch, nodes);
}

void UnpackUserNode(const ModelImpl& /*model*/, const UserDictionary& user, Node* n,
                    std::vector<MorphStep>* steps) {
  const UserStep* us = user.steps() + (n->entry & ~kUserIdBit);
  const uint32_t count = us[0].node_steps;
  for (uint32_t k = 0; k < count; ++k) steps->push_back(StepBuilder::UserStepOf(us[k]));
  n->step_count = static_cast<uint8_t>(count);
  n->tag = us[0].tag;
  n->joins_right = IsJoinRightTag(n->tag);
  if (n->joins_right) n->first_char = us[0].first_char;
}

}  // namespace kma::search
