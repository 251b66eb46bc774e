#include "core/dict/trie.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace kma {

void TrieBuilder::Add(const std::u32string& key, uint32_t value) {
  items_.emplace_back(key, value);
}

Status TrieBuilder::Build(std::string* bytes, std::vector<uint32_t>* values_out) const {
  std::vector<uint32_t> order(items_.size());
  std::iota(order.begin(), order.end(), 0);
  // Stable by insertion index so the output is deterministic.
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return items_[a].first < items_[b].first;
  });
  std::vector<uint32_t> alphabet;
  for (const auto& item : items_) alphabet.insert(alphabet.end(), item.first.begin(), item.first.end());
  std::sort(alphabet.begin(), alphabet.end());
  alphabet.erase(std::unique(alphabet.begin(), alphabet.end()), alphabet.end());
  if (alphabet.size() > static_cast<size_t>(TrieLabel::kNone))
    return Status(StatusCode::kInvalidArgument, "form trie: the keys use " + std::to_string(alphabet.size()) +
                                                    " distinct characters, at most 65535 fit");
  auto label_of = [&](char32_t c) {
    return static_cast<uint16_t>(std::lower_bound(alphabet.begin(), alphabet.end(), c) - alphabet.begin());
  };

  // Breadth-first: a node's children are numbered when it is visited, one
  // after another, and nodes are visited in number order, so every node's
  // children are contiguous and the child ranges are ascending.
  // The items [lo, hi) of `order` share their first `depth` characters.
  struct Span {
    size_t lo, hi, depth;
  };
  std::vector<Span> spans{{0, order.size(), 0}};
  std::vector<TrieNode> nodes;
  std::vector<uint16_t> labels{static_cast<uint16_t>(TrieLabel::kNone)};
  values_out->clear();
  for (size_t id = 0; id < spans.size(); ++id) {
    const Span p = spans[id];  // copied: spans grows below
    TrieNode n{static_cast<uint32_t>(spans.size()), static_cast<uint32_t>(values_out->size())};
    size_t i = p.lo;
    while (i < p.hi && items_[order[i]].first.size() == p.depth)
      values_out->push_back(items_[order[i++]].second);
    while (i < p.hi) {
      char32_t c = items_[order[i]].first[p.depth];
      size_t j = i;
      while (j < p.hi && items_[order[j]].first[p.depth] == c) ++j;
      spans.push_back({i, j, p.depth + 1});
      labels.push_back(label_of(c));
      i = j;
    }
    nodes.push_back(n);
  }
  nodes.push_back(TrieNode{static_cast<uint32_t>(spans.size()), static_cast<uint32_t>(values_out->size())});

  uint32_t header[2] = {static_cast<uint32_t>(spans.size()), static_cast<uint32_t>(alphabet.size())};
  bytes->clear();
  bytes->append(reinterpret_cast<const char*>(header), sizeof(header));
  bytes->append(reinterpret_cast<const char*>(alphabet.data()), alphabet.size() * 4);
  bytes->append(reinterpret_cast<const char*>(nodes.data()), nodes.size() * sizeof(TrieNode));
  bytes->append(reinterpret_cast<const char*>(labels.data()), labels.size() * 2);
  return Status::Ok();
}

StatusOr<TrieView> TrieView::Open(const uint8_t* data, size_t size, uint32_t value_count) {
  auto bad = [](const char* what) {
    return Status(StatusCode::kModelFormat, std::string("form trie: ") + what);
  };
  if (data == nullptr || size < 8 || reinterpret_cast<uintptr_t>(data) % 4 != 0)
    return bad("section too small or misaligned");
  uint32_t header[2];
  std::memcpy(header, data, 8);
  const uint32_t n = header[0], a = header[1];
  if (n == 0) return bad("no root node");
  if (a > static_cast<uint32_t>(TrieLabel::kNone)) return bad("alphabet too large");
  const uint64_t need = 8 + uint64_t{a} * 4 + (uint64_t{n} + 1) * sizeof(TrieNode) + uint64_t{n} * 2;
  if (need != size) return bad("size mismatch");
  TrieView v;
  v.node_count_ = n;
  v.alphabet_size_ = a;
  v.alphabet_ = reinterpret_cast<const uint32_t*>(data + 8);
  v.nodes_ = reinterpret_cast<const TrieNode*>(data + 8 + uint64_t{a} * 4);
  v.labels_ =
      reinterpret_cast<const uint16_t*>(data + 8 + uint64_t{a} * 4 + (uint64_t{n} + 1) * sizeof(TrieNode));
  // Validate every index once so lookups need no bounds checks.
  for (uint32_t k = 1; k < a; ++k)
    if (v.alphabet_[k] <= v.alphabet_[k - 1]) return bad("alphabet not sorted");
  // Child ranges: ascending, partitioning the nodes 1..N-1, each after its
  // parent (so no walk can loop); value ranges: ascending, covering exactly
  // [0, value_count).
  if (v.nodes_[0].first_child != 1 || v.nodes_[n].first_child != n)
    return bad("child ranges do not cover the nodes");
  if (v.nodes_[0].value_begin != 0 || v.nodes_[n].value_begin != value_count)
    return bad("value ranges do not cover the values");
  if (v.labels_[0] != static_cast<uint16_t>(TrieLabel::kNone)) return bad("the root has a label");
  for (uint32_t i = 0; i < n; ++i) {
    const TrieNode& cur = v.nodes_[i];
    const TrieNode& next = v.nodes_[i + 1];
    // next.first_child <= n is implied once the whole sequence is checked,
    // but the labels of this range are read now.
    if (next.first_child < cur.first_child || next.first_child > n || cur.first_child <= i)
      return bad("child range out of order");
    if (next.value_begin < cur.value_begin) return bad("value range out of order");
    for (uint32_t c = cur.first_child; c < next.first_child; ++c) {
      if (v.labels_[c] >= a) return bad("label out of range");
      if (c > cur.first_child && v.labels_[c] <= v.labels_[c - 1]) return bad("labels not sorted");
    }
  }
  v.BuildTables();
  return v;
}

void TrieView::BuildTables() {
  root_children_.assign(alphabet_size_, kNone);
  for (uint32_t c = child_begin(kRoot); c < child_end(kRoot); ++c) root_children_[labels_[c]] = c;
  hangul_labels_.resize(hangul::kNormalizedSlots);
  for (uint32_t i = 0; i < hangul::kNormalizedSlots; ++i)
    hangul_labels_[i] = static_cast<uint16_t>(SearchLabel(hangul::NormalizedSlotChar(i)));
}

}  // namespace kma
