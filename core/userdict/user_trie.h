// The user dictionary's trie, laid out for the lattice hook's walk from
// every character (core/search/user_nodes.cpp). The same keys, nodes and
// value ranges as the TrieView it is made from, but each node is one
// record: its value range, what its values may need (a mask of the sockets
// of its stem heads) and its children's labels and records, so that a step
// of the walk reads one place instead of a node array, a label array and an
// entry per value (for a 100,000-entry dictionary each of those was a cache
// miss, and most of the hook's time).
#ifndef KMA_CORE_USERDICT_USER_TRIE_H_
#define KMA_CORE_USERDICT_USER_TRIE_H_

#include <cstdint>
#include <vector>

#include "core/base/sorted_search.h"
#include "core/base/status.h"
#include "core/dict/trie.h"

namespace kma {

// Record of a node (uint32 words, at the node's id):
//   [0] value_begin  [1] value_end
//   [2] child count (bits 0-15) | kChildBitmap | kHasOthers
//   [3] head mask: SocketBit of the socket of each stem head among its values
//   then the children, by label: either
//     labels: u16[count] (padded to a word), then ids: u32[count], or
//     (kChildBitmap, for many children of a small alphabet) a bitmap of
//     the alphabet (bitmap_words), the children before each of its words
//     (u16[bitmap_words], padded to a word), then ids: u32[count] in
//     label order.
class UserTrie {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFFu;

  // Lays out `trie`; is_head[v] / socket[v] describe its value v.
  // kInvalidArgument if the layout would not fit 32-bit ids.
  Status Build(const TrieView& trie, const std::vector<bool>& is_head, const std::vector<uint16_t>& socket);

  // Bits set in `x`. Not __builtin_popcount: the library is built for
  // x86-64 without POPCNT, where that is a call into libgcc.
  static uint32_t PopCount(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
  }

  // The bit of a stem head's socket in head masks (sockets 32 apart share
  // one: a mask test may pass for nothing, never fail for something).
  static uint32_t SocketBit(uint32_t socket) { return 1u << (socket & 31u); }

  // The child of the root along `label`, or kNone.
  uint32_t RootChild(TrieLabel label) const {
    const auto l = static_cast<uint16_t>(label);
    return l < root_.size() ? root_[l] : kNone;
  }
  // The child of `node` along `label`, or kNone.
  uint32_t Child(uint32_t node, TrieLabel label) const {
    const uint32_t* r = words_.data() + node;
    const uint32_t n = r[2] & 0xFFFFu;
    const auto l = static_cast<uint16_t>(label);
    if ((r[2] & kChildBitmap) != 0) {
      if (l >= alphabet_size_) return kNone;
      const uint32_t w = l >> 5, bit = 1u << (l & 31u);
      if ((r[4 + w] & bit) == 0) return kNone;
      // The children before word w are counted when building (u16 each).
      const auto* before = reinterpret_cast<const uint16_t*>(r + 4 + bitmap_words_);
      const uint32_t rank = before[w] + PopCount(r[4 + w] & (bit - 1));
      return r[4 + bitmap_words_ + (bitmap_words_ + 1) / 2 + rank];
    }
    const auto* labels = reinterpret_cast<const uint16_t*>(r + 4);
    const int64_t i = FindSorted(labels, n, l);
    return i < 0 ? kNone : r[4 + (n + 1) / 2 + static_cast<uint32_t>(i)];
  }
  // Asks for `node`'s record to be brought into the cache.
  void Prefetch(uint32_t node) const { __builtin_prefetch(words_.data() + node); }
  uint32_t value_begin(uint32_t node) const { return words_[node]; }
  uint32_t value_end(uint32_t node) const { return words_[node + 1]; }
  // True if some value of `node` is no stem head.
  bool has_others(uint32_t node) const { return (words_[node + 2] & kHasOthers) != 0; }
  uint32_t head_mask(uint32_t node) const { return words_[node + 3]; }
  // How `node` keeps its children (for tests).
  bool children_by_bitmap(uint32_t node) const { return (words_[node + 2] & kChildBitmap) != 0; }
  size_t bytes() const { return (words_.size() + root_.size()) * sizeof(uint32_t); }

 private:
  static constexpr uint32_t kChildBitmap = 1u << 16;
  static constexpr uint32_t kHasOthers = 1u << 17;
  std::vector<uint32_t> words_;
  std::vector<uint32_t> root_;  // by label
  uint32_t alphabet_size_ = 0;
  uint32_t bitmap_words_ = 0;
};

}  // namespace kma

#endif  // KMA_CORE_USERDICT_USER_TRIE_H_
