// Frozen form trie over normalized code points (MeCab-style common-prefix
// search from every start position). Built once at model-build time and used
// in place from the model file.
#ifndef KMA_CORE_DICT_TRIE_H_
#define KMA_CORE_DICT_TRIE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/sorted_search.h"
#include "core/base/status.h"
#include "core/text/hangul.h"

namespace kma {

// Serialized layout (one section, little-endian):
//   u32 node_count N (>= 1, the root is node 0), u32 alphabet_size A (<= 0xFFFF,
//                             so no label is 0xFFFF = TrieLabel::kNone)
//   alphabet: u32[A]          the code points that label edges, ascending
//   nodes:    TrieNode[N + 1] the last one is a sentinel
//   labels:   u16[N]          labels[i]: alphabet index of the edge into node
//                             i (labels[0] = 0xFFFF: the root has none)
// Nodes are numbered breadth-first, so the children of node i are the nodes
// [nodes[i].first_child, nodes[i + 1].first_child), sorted by label: no edge
// targets are stored. Node i's values are [nodes[i].value_begin,
// nodes[i + 1].value_begin); the values of the whole trie are numbered in node
// order, so a node's values are one range of whatever array the caller stores
// per value (the model stores entries in this order, see core/dict/dictionary.h).
// Labels are alphabet indices rather than code points to halve them; a code
// point outside the alphabet labels no edge anywhere.
struct TrieNode {
  uint32_t first_child, value_begin;
};

// An alphabet index; kNone for a code point that no key contains.
enum class TrieLabel : uint16_t { kNone = 0xFFFF };

class TrieBuilder {
 public:
  // Keys may be added in any order; values are opaque u32.
  void Add(const std::u32string& key, uint32_t value);
  // Writes the frozen trie to `*bytes`; `*values_out` receives the values in
  // trie order (the order the value ranges of the nodes index; the values of
  // one key stay in insertion order). Fails with kInvalidArgument if the keys
  // use more than 0xFFFF distinct code points.
  Status Build(std::string* bytes, std::vector<uint32_t>* values_out) const;

 private:
  std::vector<std::pair<std::u32string, uint32_t>> items_;
};

class TrieView {
 public:
  TrieView() = default;
  // Validates the section against `value_count` (the size of the per-value
  // array): every range, label and child index is checked here, once, so
  // lookups need no bounds checks.
  static StatusOr<TrieView> Open(const uint8_t* data, size_t size, uint32_t value_count);
  static constexpr uint32_t kRoot = 0;
  static constexpr uint32_t kNone = 0xFFFFFFFFu;

  // Alphabet index of `c`: from a table for the coda-less syllables and
  // coda jamo (nearly all of the normalized text), else a binary search
  // over the alphabet. Map text once, then walk with Child: every start
  // position of the lattice revisits the same characters.
  TrieLabel Label(char32_t c) const {
    const uint32_t slot = hangul::NormalizedSlot(c);
    // A view that Open did not make has no table.
    if (slot != hangul::kNoSlot && !hangul_labels_.empty()) return static_cast<TrieLabel>(hangul_labels_[slot]);
    return SearchLabel(c);
  }
  // Child of `node` along `label`, or kNone. The root's children come from
  // a table: every start position of every run begins there, and a binary
  // search over its thousand-odd labels was a tenth of lattice time.
  uint32_t Child(uint32_t node, TrieLabel label) const {
    if (node == kRoot) {
      const auto l = static_cast<uint16_t>(label);
      return l < root_children_.size() ? root_children_[l] : kNone;
    }
    const uint32_t begin = nodes_[node].first_child;
    const int64_t i = FindSorted(labels_ + begin, nodes_[node + 1].first_child - begin, static_cast<uint16_t>(label));
    return i < 0 ? kNone : begin + static_cast<uint32_t>(i);
  }
  // Cache hints for a walk that has other work to do before it reads the
  // node (its values and child range) or, one step later, the labels of
  // its children (what Child searches).
  void PrefetchNode(uint32_t node) const { __builtin_prefetch(&nodes_[node]); }
  void PrefetchChildren(uint32_t node) const { __builtin_prefetch(labels_ + nodes_[node].first_child); }
  // The node reached by `key` from the root, or kNone.
  uint32_t Find(std::u32string_view key) const {
    uint32_t node = kRoot;
    for (char32_t c : key) {
      node = Child(node, Label(c));
      if (node == kNone) break;
    }
    return node;
  }
  // The values of `node`: [value_begin, value_end).
  uint32_t value_begin(uint32_t node) const { return nodes_[node].value_begin; }
  uint32_t value_end(uint32_t node) const { return nodes_[node + 1].value_begin; }
  // The children of `node` are the nodes [child_begin(node), child_end(node)).
  uint32_t child_begin(uint32_t node) const { return nodes_[node].first_child; }
  uint32_t child_end(uint32_t node) const { return nodes_[node + 1].first_child; }
  // The code point on the edge into `node` (not the root).
  char32_t edge_char(uint32_t node) const { return static_cast<char32_t>(alphabet_[labels_[node]]); }
  uint32_t node_count() const { return node_count_; }
  uint32_t alphabet_size() const { return alphabet_size_; }

 private:
  TrieLabel SearchLabel(char32_t c) const {
    const int64_t i = FindSorted(alphabet_, alphabet_size_, static_cast<uint32_t>(c));
    return i < 0 ? TrieLabel::kNone : static_cast<TrieLabel>(i);
  }
  // Built by Open from the section (the model file's layout is unchanged).
  void BuildTables();

  const uint32_t* alphabet_ = nullptr;
  const TrieNode* nodes_ = nullptr;
  const uint16_t* labels_ = nullptr;
  uint32_t node_count_ = 0;
  uint32_t alphabet_size_ = 0;
  std::vector<uint32_t> root_children_;    // by label: the root's child, or kNone
  std::vector<uint16_t> hangul_labels_;    // by hangul::NormalizedSlot
};

}  // namespace kma

#endif  // KMA_CORE_DICT_TRIE_H_
