// Frozen form trie over normalized code points (MeCab-style common-prefix
// search from every start position). Built once at model-build time and used
// in place from the model file.
#ifndef KMA_CORE_TRIE_H_
#define KMA_CORE_TRIE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"

namespace kma {

// Serialized layout (one section): u32 node_count, u32 edge_count, then
//   nodes:  {u32 first_edge, u32 edge_count, u32 value_begin, u32 value_count}[node_count]
//   labels: u32[edge_count]   (sorted per node)
//   targets:u32[edge_count]
struct TrieNode {
  uint32_t first_edge, edge_count, value_begin, value_count;
};

class TrieBuilder {
 public:
  // keys must be added in any order; values are opaque u32 (entry indices).
  void Add(const std::u32string& key, uint32_t value);
  // Writes the frozen trie; `values_out` receives the value array the nodes
  // index into (values of one key are contiguous, in insertion order).
  std::string Build(std::vector<uint32_t>* values_out);

 private:
  std::vector<std::pair<std::u32string, uint32_t>> items_;
};

class TrieView {
 public:
  TrieView() = default;
  static StatusOr<TrieView> Open(const uint8_t* data, size_t size, uint32_t value_count);
  static constexpr uint32_t kRoot = 0;
  static constexpr uint32_t kNone = 0xFFFFFFFFu;
  // Child of `node` labelled c, or kNone.
  uint32_t Child(uint32_t node, char32_t c) const {
    const TrieNode& n = nodes_[node];
    const uint32_t* lo = labels_ + n.first_edge;
    uint32_t count = n.edge_count;
    // Branch-light binary search over the sorted labels.
    while (count > 0) {
      uint32_t half = count / 2;
      if (lo[half] < static_cast<uint32_t>(c)) {
        lo += half + 1;
        count -= half + 1;
      } else {
        count = half;
      }
    }
    const uint32_t* end = labels_ + n.first_edge + n.edge_count;
    if (lo == end || *lo != static_cast<uint32_t>(c)) return kNone;
    return targets_[lo - labels_];
  }
  const TrieNode& node(uint32_t i) const { return nodes_[i]; }
  uint32_t node_count() const { return node_count_; }

 private:
  const TrieNode* nodes_ = nullptr;
  const uint32_t* labels_ = nullptr;
  const uint32_t* targets_ = nullptr;
  uint32_t node_count_ = 0;
};

}  // namespace kma

#endif  // KMA_CORE_TRIE_H_
