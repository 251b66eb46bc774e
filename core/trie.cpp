#include "core/trie.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <numeric>

namespace kma {

void TrieBuilder::Add(const std::u32string& key, uint32_t value) {
  items_.emplace_back(key, value);
}

std::string TrieBuilder::Build(std::vector<uint32_t>* values_out) {
  std::vector<uint32_t> order(items_.size());
  std::iota(order.begin(), order.end(), 0);
  // Stable by insertion index so the output is deterministic.
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return items_[a].first < items_[b].first;
  });

  struct Pending { size_t lo, hi, depth; uint32_t id; };
  std::vector<TrieNode> nodes(1);
  std::vector<uint32_t> labels, targets;
  values_out->clear();
  std::deque<Pending> queue;
  queue.push_back({0, order.size(), 0, 0});
  while (!queue.empty()) {
    Pending p = queue.front();
    queue.pop_front();
    size_t i = p.lo;
    TrieNode& n = nodes[p.id];
    n.value_begin = static_cast<uint32_t>(values_out->size());
    while (i < p.hi && items_[order[i]].first.size() == p.depth) {
      values_out->push_back(items_[order[i]].second);
      ++i;
    }
    nodes[p.id].value_count = static_cast<uint32_t>(values_out->size()) - nodes[p.id].value_begin;
    nodes[p.id].first_edge = static_cast<uint32_t>(labels.size());
    uint32_t edges = 0;
    while (i < p.hi) {
      char32_t c = items_[order[i]].first[p.depth];
      size_t j = i;
      while (j < p.hi && items_[order[j]].first[p.depth] == c) ++j;
      uint32_t child = static_cast<uint32_t>(nodes.size());
      nodes.push_back(TrieNode{0, 0, 0, 0});
      labels.push_back(static_cast<uint32_t>(c));
      targets.push_back(child);
      queue.push_back({i, j, p.depth + 1, child});
      ++edges;
      i = j;
    }
    nodes[p.id].edge_count = edges;
  }

  std::string out;
  uint32_t header[2] = {static_cast<uint32_t>(nodes.size()), static_cast<uint32_t>(labels.size())};
  out.append(reinterpret_cast<const char*>(header), sizeof(header));
  out.append(reinterpret_cast<const char*>(nodes.data()), nodes.size() * sizeof(TrieNode));
  out.append(reinterpret_cast<const char*>(labels.data()), labels.size() * 4);
  out.append(reinterpret_cast<const char*>(targets.data()), targets.size() * 4);
  return out;
}

StatusOr<TrieView> TrieView::Open(const uint8_t* data, size_t size, uint32_t value_count) {
  auto bad = [](const char* what) {
    return Status(StatusCode::kModelFormat, std::string("form trie: ") + what);
  };
  if (size < 8 || reinterpret_cast<uintptr_t>(data) % 4 != 0) return bad("section too small or misaligned");
  uint32_t header[2];
  std::memcpy(header, data, 8);
  uint64_t need = 8 + uint64_t{header[0]} * sizeof(TrieNode) + uint64_t{header[1]} * 8;
  if (header[0] == 0 || need != size) return bad("size mismatch");
  TrieView v;
  v.node_count_ = header[0];
  v.nodes_ = reinterpret_cast<const TrieNode*>(data + 8);
  v.labels_ = reinterpret_cast<const uint32_t*>(data + 8 + uint64_t{header[0]} * sizeof(TrieNode));
  v.targets_ = v.labels_ + header[1];
  // Validate every index once so lookups need no bounds checks.
  for (uint32_t i = 0; i < v.node_count_; ++i) {
    const TrieNode& n = v.nodes_[i];
    if (uint64_t{n.first_edge} + n.edge_count > header[1]) return bad("edge range out of bounds");
    if (uint64_t{n.value_begin} + n.value_count > value_count) return bad("value range out of bounds");
    for (uint32_t e = 0; e < n.edge_count; ++e) {
      if (v.targets_[n.first_edge + e] >= v.node_count_) return bad("edge target out of bounds");
      if (e > 0 && v.labels_[n.first_edge + e] <= v.labels_[n.first_edge + e - 1]) return bad("labels not sorted");
    }
  }
  return v;
}

}  // namespace kma
