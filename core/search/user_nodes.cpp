#include "core/search/user_nodes.h"

#include <algorithm>

#include "core/text/hangul.h"

namespace kma::search {
namespace {

bool IsJoinRightTag(PosTag t) { return IsEnding(t) || IsParticle(t) || t == PosTag::kVCP; }

// Unknown-word guesses are the last resort that covers every run: they are
// only dropped while the other guess tag is still allowed.
bool UnknownBlocked(const UserDictionary& user, PosTag t) {
  const bool nng = user.tag_blocked(PosTag::kNNG), nnp = user.tag_blocked(PosTag::kNNP);
  return user.tag_blocked(t) && !(nng && nnp);
}

// False if the model entry holds a blocked morpheme or tag; else adds the
// user's scores of its morphemes to *penalty (as a bonus).
bool Rescore(const ModelImpl& model, const UserDictionary& user, EntryKind kind, const EntryRecord& e,
             float* penalty) {
  const uint32_t* ms = model.entry_morphs(e);
  const uint32_t count = kind == EntryKind::kHead ? 1 : e.morph_count();
  for (uint32_t k = 0; k < count; ++k) {
    const uint32_t m = ms[k];
    if (user.blocked_tags() != 0 && user.tag_blocked(static_cast<PosTag>(model.morph(m).tag()))) return false;
    if (!user.touched(m)) continue;
    if (user.blocked(m)) return false;
    *penalty -= user.bonus(m);
  }
  return true;
}

// Drops the model's readings the dictionary blocks and adds its scores to
// the readings it re-scores. Keeps the order of the nodes.
void ApplyToModelNodes(const ModelImpl& model, const UserDictionary& user, std::vector<Node>* nodes) {
  size_t out = 0;
  for (size_t i = 0; i < nodes->size(); ++i) {
    Node& n = (*nodes)[i];
    bool keep = true;
    if (n.kind == NodeKind::kUnknown) {
      keep = !UnknownBlocked(user, n.tag);
    } else if (n.kind == NodeKind::kEntry && user.entry_touched(n.entry)) {
      keep = Rescore(model, user, n.entry_kind, model.entry(n.entry), &n.penalty);
    }
    if (keep) (*nodes)[out++] = n;
  }
  nodes->resize(out);
}

Node& AddUserNode(std::vector<Node>* nodes, uint32_t b, uint32_t e, uint32_t entry, const UserEntry& ue) {
  Node& n = nodes->emplace_back();
  n.begin = b;
  n.end = e;
  n.kind = NodeKind::kEntry;
  n.tag = PosTag::kUN;
  n.entry_kind = ue.kind;
  n.no_space_before = ue.after_vowel_only;
  n.entry = kUserIdBit | entry;
  n.penalty = ue.penalty;
  n.socket = ue.socket;
  return n;
}

// Trie matches from every position of the chunk.
void AddTrieMatches(const UserDictionary& user, const std::u32string& t, uint32_t begin, uint32_t end,
                    UserNodeScratch* sc, std::vector<Node>* nodes) {
  const TrieView& trie = user.trie();
  sc->labels.resize(end - begin);
  for (uint32_t q = begin; q < end; ++q) sc->labels[q - begin] = trie.Label(t[q]);
  // Like the model's entries, readings may start at a coda (a fused tail
  // such as the ᆯ러 of 불러) and end before one (the stem 힙하 of 힙한).
  for (uint32_t p = begin; p < end; ++p) {
    uint32_t node = TrieView::kRoot;
    for (uint32_t q = p; q < end; ++q) {
      node = trie.Child(node, sc->labels[q - begin]);  // whitespace is in no key
      if (node == TrieView::kNone) break;
      for (uint32_t v = trie.value_begin(node); v < trie.value_end(node); ++v) {
        const UserEntry& ue = user.entry(v);
        if (ue.after_vowel_only && (p == begin || !hangul::IsSyllable(t[p - 1]))) continue;
        AddUserNode(nodes, p, q + 1, v, ue);
      }
    }
  }
}

// Pattern rules: each rule's longest matches, leftmost first, not overlapping.
void AddPatternMatches(const UserDictionary& user, const std::u32string& t, uint32_t begin, uint32_t end,
                       UserNodeScratch* sc, std::vector<Node>* nodes) {
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
    for (size_t k = 0; k < n;) {
      const size_t len = user.pattern(r).LongestMatch(sc->chars.data() + k, n - k, &sc->pattern);
      if (len == 0) {
        ++k;
        continue;
      }
      AddUserNode(nodes, sc->starts[k], sc->starts[k + len], entry, user.entry(entry));
      k += len;
    }
  }
}

// The model adds its fused tails (socket entries) only where one of its own
// stem heads ends; a user stem of a class the model has needs them after
// its head too.
// Returns how many (begin, socket) pairs of model tails lead sc->socket_starts
// (sorted; 0 when no user head is of a model class).
size_t AddModelTails(const ModelImpl& model, const UserDictionary& user, const std::u32string& t, uint32_t end,
                     size_t first_user, UserNodeScratch* sc, std::vector<Node>* nodes) {
  const TrieView& trie = model.trie();
  const size_t user_end = nodes->size();
  // (begin, socket) of the tails present: the model's, then those added here.
  auto& present_tails = sc->socket_starts;
  present_tails.clear();
  bool any = false;
  for (size_t i = first_user; i < user_end && !any; ++i)
    any = (*nodes)[i].entry_kind == EntryKind::kHead && (*nodes)[i].socket < user.socket_base();
  if (!any) return 0;
  for (size_t k = 0; k < first_user; ++k) {
    const Node& m = (*nodes)[k];
    if (m.kind == NodeKind::kEntry && m.entry_kind == EntryKind::kSocket) present_tails.emplace_back(m.begin, m.socket);
  }
  std::sort(present_tails.begin(), present_tails.end());
  const size_t model_tails = present_tails.size();
  for (size_t i = first_user; i < user_end; ++i) {
    const Node head = (*nodes)[i];
    if (head.entry_kind != EntryKind::kHead || head.socket >= user.socket_base()) continue;
    const std::pair<uint32_t, uint32_t> key{head.end, head.socket};
    bool present = std::binary_search(present_tails.begin(), present_tails.begin() + model_tails, key) ||
                   std::find(present_tails.begin() + model_tails, present_tails.end(), key) != present_tails.end();
    if (present) continue;
    present_tails.push_back(key);
    uint32_t node = TrieView::kRoot;
    for (uint32_t q = head.end; q < end && !IsSpaceChar(t[q]); ++q) {
      node = trie.Child(node, trie.Label(t[q]));
      if (node == TrieView::kNone) break;
      for (uint32_t v = trie.value_begin(node); v < trie.value_end(node); ++v) {
        const EntryRecord& er = model.entry(v);
        float penalty = model.entry_penalty(er);
        if (er.kind() != EntryKind::kSocket || er.socket != head.socket) continue;
        if (user.touches_model() && user.entry_touched(v) && !Rescore(model, user, EntryKind::kSocket, er, &penalty))
          continue;
        Node& n = nodes->emplace_back();
        n.begin = head.end;
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
  }
  return model_tails;
}

// Drops user stem heads that no fused tail follows (they could never
// complete): the model's tails are the first `model_tails` pairs of
// sc->socket_starts, the others are among the user nodes.
void DropOpenHeads(UserNodeScratch* sc, size_t model_tails, size_t first_user, std::vector<Node>* nodes) {
  auto& starts = sc->socket_starts;
  starts.resize(model_tails);
  for (size_t i = first_user; i < nodes->size(); ++i) {
    const Node& n = (*nodes)[i];
    if (n.entry_kind == EntryKind::kSocket) starts.emplace_back(n.begin, n.socket);
  }
  std::sort(starts.begin() + static_cast<std::ptrdiff_t>(model_tails), starts.end());
  const auto mid = starts.begin() + static_cast<std::ptrdiff_t>(model_tails);
  size_t out = first_user;
  for (size_t i = first_user; i < nodes->size(); ++i) {
    const Node& n = (*nodes)[i];
    const std::pair<uint32_t, uint32_t> key{n.end, n.socket};
    if (n.entry_kind == EntryKind::kHead && !std::binary_search(starts.begin(), mid, key) &&
        !std::binary_search(mid, starts.end(), key))
      continue;
    (*nodes)[out++] = n;
  }
  nodes->resize(out);
}

// Merges the user nodes (from first_user on) into the model's, which are
// sorted by begin; at equal begins the model's come first. A merge from the
// back through a small copy, where sorting the whole lattice again cost a
// tenth of the analysis.
void MergeUserNodes(size_t first_user, UserNodeScratch* sc, std::vector<Node>* nodes) {
  auto by_begin = [](const Node& a, const Node& b) { return a.begin < b.begin; };
  std::stable_sort(nodes->begin() + static_cast<std::ptrdiff_t>(first_user), nodes->end(), by_begin);
  sc->user_nodes.assign(nodes->begin() + static_cast<std::ptrdiff_t>(first_user), nodes->end());
  size_t a = first_user, b = sc->user_nodes.size(), k = nodes->size();
  while (b > 0) {
    if (a > 0 && (*nodes)[a - 1].begin > sc->user_nodes[b - 1].begin) (*nodes)[--k] = (*nodes)[--a];
    else (*nodes)[--k] = sc->user_nodes[--b];
  }
}

}  // namespace

void AddUserNodes(const ModelImpl& model, const UserDictionary& user, const std::u32string& text, uint32_t begin,
                  uint32_t end, UserNodeScratch* scratch, Lattice* lattice) {
  std::vector<Node>* nodes = &lattice->nodes;
  if (user.touches_model()) ApplyToModelNodes(model, user, nodes);
  const size_t first_user = nodes->size();
  if (user.entry_count() > user.pattern_count()) AddTrieMatches(user, text, begin, end, scratch, nodes);
  if (user.pattern_count() > 0) AddPatternMatches(user, text, begin, end, scratch, nodes);
  if (nodes->size() == first_user) return;
  bool heads = false;
  for (size_t i = first_user; i < nodes->size() && !heads; ++i) heads = (*nodes)[i].entry_kind == EntryKind::kHead;
  if (heads) {
    const size_t model_tails = AddModelTails(model, user, text, end, first_user, scratch, nodes);
    DropOpenHeads(scratch, model_tails, first_user, nodes);
  }
  MergeUserNodes(first_user, scratch, nodes);
}

void UnpackUserNode(const ModelImpl& model, const UserDictionary& user, Node* n, std::vector<MorphStep>* steps) {
  const UserEntry& e = user.entry(n->entry & ~kUserIdBit);
  const uint32_t* ms = user.entry_morphs(e);
  const uint32_t count = n->entry_kind == EntryKind::kHead ? 1 : e.morph_count;
  for (uint32_t k = 0; k < count; ++k) FillAnyStep(model, &user, ms[k], &steps->emplace_back());
  n->step_count = static_cast<uint8_t>(count);
  n->tag = (*steps)[n->first_step].tag;
  n->joins_right = IsJoinRightTag(n->tag);
  if (n->joins_right)
    n->first_char = IsUserId(ms[0]) ? MorphFirstChar(user.morph(ms[0]).form) : model.morph_first_char(ms[0]);
}

}  // namespace kma::search
