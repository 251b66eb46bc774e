// Tests for the frozen form trie (core/trie.h): lookups against a brute-force
// map over random keys, common-prefix walks, deterministic output, and
// TrieView::Open's validation of untrusted bytes (it backs model loading, so
// a corrupt section must be rejected, never read out of bounds).
#include "core/trie.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace kma {
namespace {

// Open() requires 4-byte alignment; a std::string's buffer does not promise
// it, so tests copy the bytes into a u32 vector of exactly the right size
// (rounded up only for the storage, never for the size passed to Open).
struct AlignedBytes {
  explicit AlignedBytes(const std::string& s) : words((s.size() + 3) / 4), size(s.size()) {
    if (!s.empty()) std::memcpy(words.data(), s.data(), s.size());
  }
  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(words.data()); }
  uint8_t* mutable_data() { return reinterpret_cast<uint8_t*>(words.data()); }
  std::vector<uint32_t> words;
  size_t size;
};

uint32_t Get32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
void Put32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }

// Byte offsets of the serialized arrays (layout documented in core/trie.h).
struct Layout {
  uint32_t node_count, edge_count;
  size_t nodes, labels, targets;
};
Layout LayoutOf(const uint8_t* d) {
  Layout l;
  l.node_count = Get32(d);
  l.edge_count = Get32(d + 4);
  l.nodes = 8;
  l.labels = l.nodes + size_t{l.node_count} * sizeof(TrieNode);
  l.targets = l.labels + size_t{l.edge_count} * 4;
  return l;
}

// Values stored for `key`; false when the walk fails or the node has none.
bool Lookup(const TrieView& trie, const std::vector<uint32_t>& values, const std::u32string& key,
            std::vector<uint32_t>* out) {
  out->clear();
  uint32_t node = TrieView::kRoot;
  for (char32_t c : key) {
    node = trie.Child(node, c);
    if (node == TrieView::kNone) return false;
  }
  const TrieNode& n = trie.node(node);
  out->assign(values.begin() + n.value_begin, values.begin() + n.value_begin + n.value_count);
  return !out->empty();
}

// Random keys over a small alphabet (so that keys share prefixes) that mixes
// ASCII, Hangul syllables, a coda jamo and astral code points (label order is
// by u32 value, so values above U+FFFF must sort correctly too).
std::u32string RandomKey(std::mt19937* rng) {
  static const char32_t kAlphabet[] = {U'a', U'b', U'가', U'나', U'다', 0x11AB, U'한', 0x1F600, 0x10FFFF, 0x20000};
  std::uniform_int_distribution<int> len(1, 7);
  std::uniform_int_distribution<int> pick(0, static_cast<int>(std::size(kAlphabet)) - 1);
  std::u32string k;
  int n = len(*rng);
  for (int i = 0; i < n; ++i) k.push_back(kAlphabet[pick(*rng)]);
  return k;
}

class RandomTrieTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937 rng(20240611);
    // ~3000 additions; some keys get several values (duplicates are common
    // with this alphabet), which must come back in insertion order.
    for (uint32_t v = 0; v < 3000; ++v) {
      std::u32string k = RandomKey(&rng);
      builder_.Add(k, v * 7 + 1);
      expected_[k].push_back(v * 7 + 1);
    }
    bytes_ = builder_.Build(&values_);
    aligned_ = std::make_unique<AlignedBytes>(bytes_);
    auto t = TrieView::Open(aligned_->data(), aligned_->size, static_cast<uint32_t>(values_.size()));
    ASSERT_TRUE(t.ok()) << t.status().message();
    trie_ = t.value();
  }

  TrieBuilder builder_;
  std::map<std::u32string, std::vector<uint32_t>> expected_;
  std::string bytes_;
  std::vector<uint32_t> values_;
  std::unique_ptr<AlignedBytes> aligned_;
  TrieView trie_;
};

TEST_F(RandomTrieTest, EveryKeyHasExactlyItsValuesInInsertionOrder) {
  ASSERT_GT(expected_.size(), 500u);
  bool saw_multi = false;
  for (const auto& [key, vals] : expected_) {
    std::vector<uint32_t> got;
    ASSERT_TRUE(Lookup(trie_, values_, key, &got)) << "key of length " << key.size();
    EXPECT_EQ(got, vals);
    saw_multi |= vals.size() > 1;
  }
  EXPECT_TRUE(saw_multi) << "the data should exercise keys with several values";
  // Every value is stored exactly once.
  size_t total = 0;
  for (const auto& kv : expected_) total += kv.second.size();
  EXPECT_EQ(values_.size(), total);
}

TEST_F(RandomTrieTest, NonKeysAreNotFound) {
  std::mt19937 rng(7);
  int checked = 0;
  for (int i = 0; i < 5000; ++i) {
    std::u32string k = RandomKey(&rng);
    k.push_back(U'z');  // 'z' is not in the alphabet: never a key
    std::vector<uint32_t> got;
    EXPECT_FALSE(Lookup(trie_, values_, k, &got));
    std::u32string k2 = RandomKey(&rng);
    if (expected_.count(k2)) continue;
    ++checked;
    EXPECT_FALSE(Lookup(trie_, values_, k2, &got));
  }
  EXPECT_GT(checked, 100);
  // The root has no values (no empty key was added) and unknown labels fail.
  EXPECT_EQ(trie_.node(TrieView::kRoot).value_count, 0u);
  EXPECT_EQ(trie_.Child(TrieView::kRoot, U'z'), TrieView::kNone);
  EXPECT_EQ(trie_.Child(TrieView::kRoot, 0), TrieView::kNone);
  EXPECT_EQ(trie_.Child(TrieView::kRoot, static_cast<char32_t>(0xFFFFFFFFu)), TrieView::kNone);
}

TEST_F(RandomTrieTest, PrefixWalkFindsExactlyTheKeysThatArePrefixes) {
  // Common-prefix search as the lattice does it: walk from one start and
  // report values at every node on the way.
  std::mt19937 rng(99);
  for (int i = 0; i < 300; ++i) {
    std::u32string text = RandomKey(&rng) + RandomKey(&rng) + RandomKey(&rng);
    std::vector<std::pair<size_t, uint32_t>> walked;  // (prefix length, value)
    uint32_t node = TrieView::kRoot;
    for (size_t q = 0; q < text.size(); ++q) {
      node = trie_.Child(node, text[q]);
      if (node == TrieView::kNone) break;
      const TrieNode& n = trie_.node(node);
      for (uint32_t v = 0; v < n.value_count; ++v) walked.emplace_back(q + 1, values_[n.value_begin + v]);
    }
    std::vector<std::pair<size_t, uint32_t>> brute;
    for (size_t len = 1; len <= text.size(); ++len) {
      auto it = expected_.find(text.substr(0, len));
      if (it == expected_.end()) continue;
      for (uint32_t v : it->second) brute.emplace_back(len, v);
    }
    EXPECT_EQ(walked, brute) << "text #" << i;
  }
}

TEST_F(RandomTrieTest, ChildLabelsAreSortedAndTargetsInRange) {
  for (uint32_t i = 0; i < trie_.node_count(); ++i) {
    const TrieNode& n = trie_.node(i);
    EXPECT_LE(n.value_begin + n.value_count, values_.size());
  }
  // Breadth-first numbering: every child has a larger id than its parent.
  const Layout l = LayoutOf(aligned_->data());
  for (uint32_t i = 0; i < l.node_count; ++i) {
    const TrieNode& n = trie_.node(i);
    for (uint32_t e = 0; e < n.edge_count; ++e) {
      uint32_t target = Get32(aligned_->data() + l.targets + 4 * (n.first_edge + e));
      EXPECT_GT(target, i);
      EXPECT_LT(target, l.node_count);
    }
  }
}

TEST_F(RandomTrieTest, BuildIsDeterministicAndIndependentOfInsertionOrder) {
  // Same additions again: identical bytes and values.
  TrieBuilder again;
  std::mt19937 rng(20240611);
  for (uint32_t v = 0; v < 3000; ++v) again.Add(RandomKey(&rng), v * 7 + 1);
  std::vector<uint32_t> values2;
  EXPECT_EQ(again.Build(&values2), bytes_);
  EXPECT_EQ(values2, values_);
  // Building twice from the same builder gives the same result too.
  std::vector<uint32_t> values3;
  EXPECT_EQ(builder_.Build(&values3), bytes_);
  EXPECT_EQ(values3, values_);

  // With one value per key, the insertion order does not matter at all.
  std::vector<std::pair<std::u32string, uint32_t>> items;
  for (const auto& kv : expected_) items.emplace_back(kv.first, kv.second.front());
  TrieBuilder forward, backward;
  for (const auto& it : items) forward.Add(it.first, it.second);
  for (auto it = items.rbegin(); it != items.rend(); ++it) backward.Add(it->first, it->second);
  std::vector<uint32_t> vf, vb;
  EXPECT_EQ(forward.Build(&vf), backward.Build(&vb));
  EXPECT_EQ(vf, vb);
}

TEST(TrieTest, EmptyBuilderGivesARootOnlyTrie) {
  TrieBuilder b;
  std::vector<uint32_t> values{42};  // Build must clear it
  std::string bytes = b.Build(&values);
  EXPECT_TRUE(values.empty());
  AlignedBytes a(bytes);
  auto t = TrieView::Open(a.data(), a.size, 0);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->node_count(), 1u);
  EXPECT_EQ(t->Child(TrieView::kRoot, U'가'), TrieView::kNone);
}

TEST(TrieTest, EmptyKeyStoresValuesAtTheRoot) {
  TrieBuilder b;
  b.Add(U"", 5);
  b.Add(U"가", 6);
  b.Add(U"", 9);
  std::vector<uint32_t> values;
  std::string bytes = b.Build(&values);
  AlignedBytes a(bytes);
  auto t = TrieView::Open(a.data(), a.size, static_cast<uint32_t>(values.size()));
  ASSERT_TRUE(t.ok());
  const TrieNode& root = t->node(TrieView::kRoot);
  ASSERT_EQ(root.value_count, 2u);
  EXPECT_EQ(values[root.value_begin], 5u);
  EXPECT_EQ(values[root.value_begin + 1], 9u);
  uint32_t ga = t->Child(TrieView::kRoot, U'가');
  ASSERT_NE(ga, TrieView::kNone);
  EXPECT_EQ(values[t->node(ga).value_begin], 6u);
}

// A small trie with a branching node, used by the corruption tests.
std::string SmallTrie(std::vector<uint32_t>* values) {
  TrieBuilder b;
  b.Add(U"가다", 0);
  b.Add(U"가나", 1);
  b.Add(U"가", 2);
  b.Add(U"나", 3);
  b.Add(U"abc", 4);
  return b.Build(values);
}

TEST(TrieOpenTest, AcceptsTheIntactTrie) {
  std::vector<uint32_t> values;
  std::string bytes = SmallTrie(&values);
  AlignedBytes a(bytes);
  auto t = TrieView::Open(a.data(), a.size, static_cast<uint32_t>(values.size()));
  ASSERT_TRUE(t.ok()) << t.status().message();
  std::vector<uint32_t> got;
  EXPECT_TRUE(Lookup(t.value(), values, U"가나", &got));
  EXPECT_EQ(got, std::vector<uint32_t>{1});
}

TEST(TrieOpenTest, RejectsEveryTruncation) {
  std::vector<uint32_t> values;
  std::string bytes = SmallTrie(&values);
  const uint32_t vc = static_cast<uint32_t>(values.size());
  for (size_t len = 0; len < bytes.size(); ++len) {
    AlignedBytes a(bytes.substr(0, len));
    auto t = TrieView::Open(a.data(), a.size, vc);
    ASSERT_FALSE(t.ok()) << "truncated to " << len << " of " << bytes.size() << " bytes";
    EXPECT_EQ(t.status().code(), StatusCode::kModelFormat);
  }
  // Trailing bytes are a size mismatch as well.
  AlignedBytes longer(bytes + std::string(4, '\0'));
  EXPECT_FALSE(TrieView::Open(longer.data(), longer.size, vc).ok());
}

TEST(TrieOpenTest, RejectsUnsortedLabels) {
  std::vector<uint32_t> values;
  std::string bytes = SmallTrie(&values);
  AlignedBytes a(bytes);
  Layout l = LayoutOf(a.data());
  // Find a node with two or more edges and swap its first two labels.
  bool swapped = false;
  for (uint32_t i = 0; i < l.node_count && !swapped; ++i) {
    TrieNode n;
    std::memcpy(&n, a.data() + l.nodes + i * sizeof(TrieNode), sizeof(n));
    if (n.edge_count < 2) continue;
    uint8_t* p = a.mutable_data() + l.labels + 4 * n.first_edge;
    uint32_t x = Get32(p), y = Get32(p + 4);
    Put32(p, y);
    Put32(p + 4, x);
    swapped = true;
  }
  ASSERT_TRUE(swapped);
  auto t = TrieView::Open(a.data(), a.size, static_cast<uint32_t>(values.size()));
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), StatusCode::kModelFormat);

  // Duplicate labels (equal, not just descending) are rejected too.
  AlignedBytes b(bytes);
  for (uint32_t i = 0; i < l.node_count; ++i) {
    TrieNode n;
    std::memcpy(&n, b.data() + l.nodes + i * sizeof(TrieNode), sizeof(n));
    if (n.edge_count < 2) continue;
    uint8_t* p = b.mutable_data() + l.labels + 4 * n.first_edge;
    Put32(p + 4, Get32(p));
    break;
  }
  EXPECT_FALSE(TrieView::Open(b.data(), b.size, static_cast<uint32_t>(values.size())).ok());
}

TEST(TrieOpenTest, RejectsOutOfRangeIndices) {
  std::vector<uint32_t> values;
  std::string bytes = SmallTrie(&values);
  const uint32_t vc = static_cast<uint32_t>(values.size());
  const Layout l = LayoutOf(AlignedBytes(bytes).data());
  ASSERT_GT(l.edge_count, 0u);

  auto expect_rejected = [&](const char* what, auto patch) {
    AlignedBytes a(bytes);
    patch(a.mutable_data());
    auto t = TrieView::Open(a.data(), a.size, vc);
    EXPECT_FALSE(t.ok()) << what;
    if (!t.ok()) EXPECT_EQ(t.status().code(), StatusCode::kModelFormat) << what;
  };
  // Edge targets: one past the last node, and the maximum u32.
  expect_rejected("target == node_count", [&](uint8_t* d) { Put32(d + l.targets, l.node_count); });
  expect_rejected("target == UINT32_MAX", [&](uint8_t* d) { Put32(d + l.targets + 4 * (l.edge_count - 1), 0xFFFFFFFFu); });
  // A node's edge range past the edge arrays (first_edge, then edge_count).
  expect_rejected("first_edge out of range", [&](uint8_t* d) { Put32(d + l.nodes + 0, l.edge_count); });
  expect_rejected("edge_count out of range", [&](uint8_t* d) { Put32(d + l.nodes + 4, 0xFFFFFFF0u); });
  // A node's value range past the value array.
  expect_rejected("value_begin out of range", [&](uint8_t* d) {
    Put32(d + l.nodes + sizeof(TrieNode) + 8, vc);
    Put32(d + l.nodes + sizeof(TrieNode) + 12, 1);
  });
  expect_rejected("value_count overflow", [&](uint8_t* d) { Put32(d + l.nodes + sizeof(TrieNode) + 12, 0xFFFFFFFFu); });
  // Header counts that disagree with the size, including ones whose byte
  // size would overflow 32 bits.
  expect_rejected("node_count 0", [&](uint8_t* d) { Put32(d, 0); });
  expect_rejected("node_count + 1", [&](uint8_t* d) { Put32(d, l.node_count + 1); });
  expect_rejected("huge node_count", [&](uint8_t* d) { Put32(d, 0x80000000u); });
  expect_rejected("huge edge_count", [&](uint8_t* d) { Put32(d + 4, 0xFFFFFFFFu); });

  // Fewer values than the nodes refer to.
  AlignedBytes a(bytes);
  EXPECT_FALSE(TrieView::Open(a.data(), a.size, vc - 1).ok());
  EXPECT_FALSE(TrieView::Open(a.data(), a.size, 0).ok());
}

TEST(TrieOpenTest, RejectsMisalignedAndNullData) {
  std::vector<uint32_t> values;
  std::string bytes = SmallTrie(&values);
  std::vector<uint32_t> storage(bytes.size() / 4 + 2);
  uint8_t* base = reinterpret_cast<uint8_t*>(storage.data());
  std::memcpy(base + 1, bytes.data(), bytes.size());
  auto t = TrieView::Open(base + 1, bytes.size(), static_cast<uint32_t>(values.size()));
  EXPECT_FALSE(t.ok());
  EXPECT_FALSE(TrieView::Open(nullptr, 0, 0).ok());
}

TEST(TrieOpenTest, RandomByteCorruptionNeverCrashes) {
  // Whatever Open accepts must be safe to walk: every index it validated is
  // in range, so a full traversal of an accepted corrupt trie stays in bounds
  // (AddressSanitizer builds check this).
  std::vector<uint32_t> values;
  std::string bytes = SmallTrie(&values);
  const uint32_t vc = static_cast<uint32_t>(values.size());
  std::mt19937 rng(5);
  std::uniform_int_distribution<size_t> pos(0, bytes.size() - 1);
  std::uniform_int_distribution<int> bit(0, 7);
  for (int i = 0; i < 2000; ++i) {
    AlignedBytes a(bytes);
    a.mutable_data()[pos(rng)] ^= static_cast<uint8_t>(1u << bit(rng));
    auto t = TrieView::Open(a.data(), a.size, vc);
    if (!t.ok()) {
      EXPECT_EQ(t.status().code(), StatusCode::kModelFormat);
      continue;
    }
    const TrieView& v = t.value();
    for (uint32_t n = 0; n < v.node_count(); ++n) {
      const TrieNode& tn = v.node(n);
      ASSERT_LE(uint64_t{tn.value_begin} + tn.value_count, vc);
      for (char32_t c : {U'가', U'나', U'다', U'a', U'b', U'c'}) {
        uint32_t child = v.Child(n, c);
        ASSERT_TRUE(child == TrieView::kNone || child < v.node_count());
      }
    }
  }
}

}  // namespace
}  // namespace kma
