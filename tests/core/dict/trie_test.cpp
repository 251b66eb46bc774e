// Tests for the frozen form trie (core/dict/trie.h): lookups against a brute-force
// map over random keys, common-prefix walks, the breadth-first layout (child
// ranges, value ranges, alphabet labels), deterministic output, and
// TrieView::Open's validation of untrusted bytes (it backs model loading, so
// a corrupt section must be rejected, never read out of bounds).
#include "core/dict/trie.h"

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
uint16_t Get16(const uint8_t* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}
void Put16(uint8_t* p, uint16_t v) { std::memcpy(p, &v, 2); }

// Byte offsets of the serialized arrays (layout documented in core/dict/trie.h).
struct Layout {
  uint32_t node_count, alphabet_size;
  size_t alphabet, nodes, labels;
  // Offsets of one node's fields (i may be node_count: the sentinel).
  size_t first_child(uint32_t i) const { return nodes + size_t{i} * sizeof(TrieNode); }
  size_t value_begin(uint32_t i) const { return first_child(i) + 4; }
  size_t label(uint32_t i) const { return labels + size_t{i} * 2; }
};
Layout LayoutOf(const uint8_t* d) {
  Layout l;
  l.node_count = Get32(d);
  l.alphabet_size = Get32(d + 4);
  l.alphabet = 8;
  l.nodes = l.alphabet + size_t{l.alphabet_size} * 4;
  l.labels = l.nodes + (size_t{l.node_count} + 1) * sizeof(TrieNode);
  return l;
}

std::string Build(const TrieBuilder& b, std::vector<uint32_t>* values) {
  std::string bytes;
  Status s = b.Build(&bytes, values);
  EXPECT_TRUE(s.ok()) << s.message();
  return bytes;
}

// Values stored for `key`; false when the walk fails or the node has none.
bool Lookup(const TrieView& trie, const std::vector<uint32_t>& values, const std::u32string& key,
            std::vector<uint32_t>* out) {
  out->clear();
  uint32_t node = trie.Find(key);
  if (node == TrieView::kNone) return false;
  out->assign(values.begin() + trie.value_begin(node), values.begin() + trie.value_end(node));
  return !out->empty();
}

// Random keys over a small alphabet (so that keys share prefixes) that mixes
// ASCII, Hangul syllables, a coda jamo and astral code points (the alphabet
// is ordered by code point, so values above U+FFFF must sort correctly too).
const char32_t kAlphabet[] = {U'a', U'b', U'가', U'나', U'다', 0x11AB, U'한', 0x1F600, 0x10FFFF, 0x20000};

std::u32string RandomKey(std::mt19937* rng) {
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
    bytes_ = Build(builder_, &values_);
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
  // The root has no values (no empty key was added) and unknown characters
  // have no label, hence no child anywhere.
  EXPECT_EQ(trie_.value_begin(TrieView::kRoot), trie_.value_end(TrieView::kRoot));
  for (char32_t c : {char32_t{U'z'}, char32_t{0}, char32_t{U'`'}, char32_t{U'각'}, char32_t{0x1F601},
                     static_cast<char32_t>(0xFFFFFFFFu)}) {
    EXPECT_EQ(trie_.Label(c), TrieLabel::kNone) << static_cast<uint32_t>(c);
    EXPECT_EQ(trie_.Child(TrieView::kRoot, trie_.Label(c)), TrieView::kNone);
  }
  for (uint32_t n = 0; n < trie_.node_count(); ++n)
    EXPECT_EQ(trie_.Child(n, TrieLabel::kNone), TrieView::kNone);
}

TEST_F(RandomTrieTest, AlphabetLabelsAreDenseAndOrdered) {
  // Every character of the keys has a label; labels number the alphabet in
  // code point order.
  std::vector<char32_t> chars(std::begin(kAlphabet), std::end(kAlphabet));
  std::sort(chars.begin(), chars.end());
  ASSERT_EQ(trie_.alphabet_size(), chars.size());
  for (size_t i = 0; i < chars.size(); ++i) EXPECT_EQ(static_cast<size_t>(trie_.Label(chars[i])), i);
}

// Label() answers Hangul from a table and the root's children come from
// another (both built by Open): they must agree with the alphabet and with
// the serialized child ranges for every code point of those blocks.
TEST_F(RandomTrieTest, LookupTablesAgreeWithTheSerializedTrie) {
  std::vector<char32_t> chars(std::begin(kAlphabet), std::end(kAlphabet));
  std::sort(chars.begin(), chars.end());
  auto expected_label = [&](char32_t c) {
    const auto it = std::lower_bound(chars.begin(), chars.end(), c);
    return it != chars.end() && *it == c ? static_cast<TrieLabel>(it - chars.begin()) : TrieLabel::kNone;
  };
  int found = 0;
  for (char32_t c = 0x1100; c < 0x1200; ++c) found += trie_.Label(c) != TrieLabel::kNone;
  for (char32_t c = 0xAC00; c <= 0xD7A3; ++c) found += trie_.Label(c) != TrieLabel::kNone;
  EXPECT_EQ(found, 5);  // 가 나 다 한 and the coda jamo of the alphabet
  for (char32_t c : {char32_t{0x10FF}, char32_t{0x1100}, char32_t{0x11AB}, char32_t{0x11FF}, char32_t{0x1200},
                     char32_t{0xABFF}, char32_t{U'가'}, char32_t{U'각'}, char32_t{0xD7A3}, char32_t{0xD7A4}})
    EXPECT_EQ(trie_.Label(c), expected_label(c)) << static_cast<uint32_t>(c);
  for (char32_t c : chars) {
    uint32_t scanned = TrieView::kNone;
    for (uint32_t k = trie_.child_begin(TrieView::kRoot); k < trie_.child_end(TrieView::kRoot); ++k)
      if (trie_.edge_char(k) == c) scanned = k;
    EXPECT_EQ(trie_.Child(TrieView::kRoot, trie_.Label(c)), scanned) << static_cast<uint32_t>(c);
  }
  // A view that Open did not make has no tables and no alphabet.
  EXPECT_EQ(TrieView().Label(U'가'), TrieLabel::kNone);
  EXPECT_EQ(TrieView().Label(U'a'), TrieLabel::kNone);
}

TEST_F(RandomTrieTest, PrefixWalkFindsExactlyTheKeysThatArePrefixes) {
  // Common-prefix search as the lattice does it: map the text to labels once,
  // walk from one start and report values at every node on the way.
  std::mt19937 rng(99);
  for (int i = 0; i < 300; ++i) {
    std::u32string text = RandomKey(&rng) + RandomKey(&rng) + RandomKey(&rng);
    std::vector<TrieLabel> labels;
    for (char32_t c : text) labels.push_back(trie_.Label(c));
    std::vector<std::pair<size_t, uint32_t>> walked;  // (prefix length, value)
    uint32_t node = TrieView::kRoot;
    for (size_t q = 0; q < text.size(); ++q) {
      node = trie_.Child(node, labels[q]);
      if (node == TrieView::kNone) break;
      for (uint32_t v = trie_.value_begin(node); v < trie_.value_end(node); ++v)
        walked.emplace_back(q + 1, values_[v]);
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

TEST_F(RandomTrieTest, LayoutIsBreadthFirstWithContiguousRanges) {
  const Layout l = LayoutOf(aligned_->data());
  ASSERT_EQ(l.node_count, trie_.node_count());
  EXPECT_EQ(l.labels + size_t{l.node_count} * 2, aligned_->size);
  const uint8_t* d = aligned_->data();
  // Child ranges follow each other and cover nodes 1..N-1; every child comes
  // after its parent; labels ascend within a range and reach each child.
  EXPECT_EQ(Get32(d + l.first_child(0)), 1u);
  EXPECT_EQ(Get32(d + l.first_child(l.node_count)), l.node_count);
  EXPECT_EQ(Get16(d + l.label(0)), static_cast<uint16_t>(TrieLabel::kNone));
  for (uint32_t i = 0; i < l.node_count; ++i) {
    const uint32_t begin = Get32(d + l.first_child(i)), end = Get32(d + l.first_child(i + 1));
    ASSERT_LE(begin, end);
    ASSERT_GT(begin, i);
    for (uint32_t c = begin; c < end; ++c) {
      const uint16_t label = Get16(d + l.label(c));
      ASSERT_LT(label, l.alphabet_size);
      if (c > begin) EXPECT_GT(label, Get16(d + l.label(c - 1)));
      EXPECT_EQ(trie_.Child(i, static_cast<TrieLabel>(label)), c);
    }
    EXPECT_LE(trie_.value_begin(i), trie_.value_end(i));
  }
  // Value ranges follow each other and cover the whole value array.
  EXPECT_EQ(trie_.value_begin(0), 0u);
  EXPECT_EQ(trie_.value_end(l.node_count - 1), values_.size());
}

TEST_F(RandomTrieTest, BuildIsDeterministicAndIndependentOfInsertionOrder) {
  // Same additions again: identical bytes and values.
  TrieBuilder again;
  std::mt19937 rng(20240611);
  for (uint32_t v = 0; v < 3000; ++v) again.Add(RandomKey(&rng), v * 7 + 1);
  std::vector<uint32_t> values2;
  EXPECT_EQ(Build(again, &values2), bytes_);
  EXPECT_EQ(values2, values_);
  // Building twice from the same builder gives the same result too.
  std::vector<uint32_t> values3;
  EXPECT_EQ(Build(builder_, &values3), bytes_);
  EXPECT_EQ(values3, values_);

  // With one value per key, the insertion order does not matter at all.
  std::vector<std::pair<std::u32string, uint32_t>> items;
  for (const auto& kv : expected_) items.emplace_back(kv.first, kv.second.front());
  TrieBuilder forward, backward;
  for (const auto& it : items) forward.Add(it.first, it.second);
  for (auto it = items.rbegin(); it != items.rend(); ++it) backward.Add(it->first, it->second);
  std::vector<uint32_t> vf, vb;
  EXPECT_EQ(Build(forward, &vf), Build(backward, &vb));
  EXPECT_EQ(vf, vb);
}

TEST(TrieTest, EmptyBuilderGivesARootOnlyTrie) {
  TrieBuilder b;
  std::vector<uint32_t> values{42};  // Build must clear it
  std::string bytes = Build(b, &values);
  EXPECT_TRUE(values.empty());
  AlignedBytes a(bytes);
  auto t = TrieView::Open(a.data(), a.size, 0);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->node_count(), 1u);
  EXPECT_EQ(t->alphabet_size(), 0u);
  EXPECT_EQ(t->Label(U'가'), TrieLabel::kNone);
  EXPECT_EQ(t->Find(U"가"), TrieView::kNone);
  EXPECT_EQ(t->Find(U""), TrieView::kRoot);
}

TEST(TrieTest, EmptyKeyStoresValuesAtTheRoot) {
  TrieBuilder b;
  b.Add(U"", 5);
  b.Add(U"가", 6);
  b.Add(U"", 9);
  std::vector<uint32_t> values;
  std::string bytes = Build(b, &values);
  AlignedBytes a(bytes);
  auto t = TrieView::Open(a.data(), a.size, static_cast<uint32_t>(values.size()));
  ASSERT_TRUE(t.ok());
  ASSERT_EQ(t->value_end(TrieView::kRoot) - t->value_begin(TrieView::kRoot), 2u);
  EXPECT_EQ(values[t->value_begin(TrieView::kRoot)], 5u);
  EXPECT_EQ(values[t->value_begin(TrieView::kRoot) + 1], 9u);
  uint32_t ga = t->Find(U"가");
  ASSERT_NE(ga, TrieView::kNone);
  EXPECT_EQ(values[t->value_begin(ga)], 6u);
}

TEST(TrieTest, ValuesComeOutInNodeOrder) {
  // Breadth-first: shorter keys first, then by label; a caller that stores
  // its records in this order can use the value ranges as record ranges.
  TrieBuilder b;
  b.Add(U"나다", 0);
  b.Add(U"가", 1);
  b.Add(U"나", 2);
  b.Add(U"가가", 3);
  b.Add(U"나", 4);
  std::vector<uint32_t> values;
  Build(b, &values);
  EXPECT_EQ(values, (std::vector<uint32_t>{1, 2, 4, 3, 0}));
}

TEST(TrieTest, AlphabetOfMoreThan65535CharactersIsRefused) {
  TrieBuilder ok, too_many;
  for (char32_t c = 0x10000; c < 0x10000 + 0xFFFF; ++c) ok.Add(std::u32string(1, c), 0);
  for (char32_t c = 0x10000; c < 0x10000 + 0x10000; ++c) too_many.Add(std::u32string(1, c), 0);
  std::string bytes;
  std::vector<uint32_t> values;
  ASSERT_TRUE(ok.Build(&bytes, &values).ok());
  // The largest alphabet still leaves TrieLabel::kNone unused.
  AlignedBytes a(bytes);
  auto t = TrieView::Open(a.data(), a.size, static_cast<uint32_t>(values.size()));
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->alphabet_size(), 0xFFFFu);
  EXPECT_EQ(static_cast<uint32_t>(t->Label(0x10000 + 0xFFFE)), 0xFFFEu);
  EXPECT_EQ(t->Find(std::u32string(1, 0x10000 + 0xFFFE)), 0xFFFFu);
  EXPECT_EQ(t->Label(0x10000 + 0xFFFF), TrieLabel::kNone);
  Status s = too_many.Build(&bytes, &values);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
}

// A small trie with a branching node, used by the corruption tests.
std::string SmallTrie(std::vector<uint32_t>* values) {
  TrieBuilder b;
  b.Add(U"가다", 0);
  b.Add(U"가나", 1);
  b.Add(U"가", 2);
  b.Add(U"나", 3);
  b.Add(U"abc", 4);
  return Build(b, values);
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

TEST(TrieOpenTest, RejectsUnsortedOrDuplicateLabels) {
  std::vector<uint32_t> values;
  std::string bytes = SmallTrie(&values);
  const uint32_t vc = static_cast<uint32_t>(values.size());
  AlignedBytes a(bytes);
  const Layout l = LayoutOf(a.data());
  // The root has several children (a, 가, 나): swap its first two labels,
  // then make them equal.
  const uint32_t begin = Get32(a.data() + l.first_child(0));
  ASSERT_GE(Get32(a.data() + l.first_child(1)) - begin, 2u);
  {
    AlignedBytes b(bytes);
    const uint16_t x = Get16(b.data() + l.label(begin)), y = Get16(b.data() + l.label(begin + 1));
    Put16(b.mutable_data() + l.label(begin), y);
    Put16(b.mutable_data() + l.label(begin + 1), x);
    auto t = TrieView::Open(b.data(), b.size, vc);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.status().code(), StatusCode::kModelFormat);
  }
  {
    AlignedBytes b(bytes);
    Put16(b.mutable_data() + l.label(begin + 1), Get16(b.data() + l.label(begin)));
    EXPECT_FALSE(TrieView::Open(b.data(), b.size, vc).ok());
  }
  // An unsorted or duplicated alphabet would break Label's binary search.
  {
    AlignedBytes b(bytes);
    ASSERT_GE(l.alphabet_size, 2u);
    Put32(b.mutable_data() + l.alphabet + 4, Get32(b.data() + l.alphabet));
    EXPECT_FALSE(TrieView::Open(b.data(), b.size, vc).ok());
  }
}

TEST(TrieOpenTest, RejectsOutOfRangeIndices) {
  std::vector<uint32_t> values;
  std::string bytes = SmallTrie(&values);
  const uint32_t vc = static_cast<uint32_t>(values.size());
  const Layout l = LayoutOf(AlignedBytes(bytes).data());
  const uint32_t n = l.node_count;
  ASSERT_GT(n, 3u);

  auto expect_rejected = [&](const char* what, auto patch) {
    AlignedBytes a(bytes);
    patch(a.mutable_data());
    auto t = TrieView::Open(a.data(), a.size, vc);
    EXPECT_FALSE(t.ok()) << what;
    if (!t.ok()) EXPECT_EQ(t.status().code(), StatusCode::kModelFormat) << what;
  };
  // Child ranges: past the last node, not starting at node 1, going
  // backwards, or pointing at the node itself (a loop).
  expect_rejected("root children past the end", [&](uint8_t* d) { Put32(d + l.first_child(0), n + 1); });
  expect_rejected("root children from node 0", [&](uint8_t* d) { Put32(d + l.first_child(0), 0); });
  expect_rejected("sentinel past the end", [&](uint8_t* d) { Put32(d + l.first_child(n), n + 1); });
  expect_rejected("sentinel short", [&](uint8_t* d) { Put32(d + l.first_child(n), n - 1); });
  expect_rejected("descending ranges", [&](uint8_t* d) { Put32(d + l.first_child(2), 0xFFFFFFF0u); });
  expect_rejected("node is its own child", [&](uint8_t* d) {
    // The last node is a leaf whose (empty) range starts at N; making it
    // start at itself would make the previous range end there too.
    Put32(d + l.first_child(n - 1), n - 1);
  });
  // Value ranges: not covering [0, value_count), or going backwards.
  expect_rejected("values start at 1", [&](uint8_t* d) { Put32(d + l.value_begin(0), 1); });
  expect_rejected("values end past the array", [&](uint8_t* d) { Put32(d + l.value_begin(n), vc + 1); });
  expect_rejected("values end short", [&](uint8_t* d) { Put32(d + l.value_begin(n), vc - 1); });
  expect_rejected("descending values", [&](uint8_t* d) { Put32(d + l.value_begin(1), 0xFFFFFFFFu); });
  // Labels: outside the alphabet, or on the root.
  expect_rejected("label == alphabet size",
                  [&](uint8_t* d) { Put16(d + l.label(1), static_cast<uint16_t>(l.alphabet_size)); });
  expect_rejected("label kNone", [&](uint8_t* d) { Put16(d + l.label(n - 1), 0xFFFF); });
  expect_rejected("root label", [&](uint8_t* d) { Put16(d + l.label(0), 0); });
  // Header counts that disagree with the size, including ones whose byte
  // size would overflow 32 bits, and an alphabet too large for u16 labels.
  expect_rejected("node_count 0", [&](uint8_t* d) { Put32(d, 0); });
  expect_rejected("node_count + 1", [&](uint8_t* d) { Put32(d, n + 1); });
  expect_rejected("huge node_count", [&](uint8_t* d) { Put32(d, 0x80000000u); });
  expect_rejected("alphabet_size + 1", [&](uint8_t* d) { Put32(d + 4, l.alphabet_size + 1); });
  expect_rejected("alphabet_size 0x10000", [&](uint8_t* d) { Put32(d + 4, 0x10000); });
  expect_rejected("huge alphabet_size", [&](uint8_t* d) { Put32(d + 4, 0xFFFFFFFFu); });

  // A value count other than the one the nodes cover.
  AlignedBytes a(bytes);
  EXPECT_FALSE(TrieView::Open(a.data(), a.size, vc - 1).ok());
  EXPECT_FALSE(TrieView::Open(a.data(), a.size, vc + 1).ok());
  EXPECT_FALSE(TrieView::Open(a.data(), a.size, 0).ok());
}

TEST(TrieOpenTest, RejectsARangePastTheNodesBeforeReadingItsLabels) {
  // Keys a, b, c: the root's children 1..3 carry the ascending labels 0, 1,
  // 2, so a root range stretched past the last node would look sorted as far
  // as the array goes; Open must reject it without reading beyond the array
  // (found by AddressSanitizer with the random corruption test below).
  TrieBuilder b;
  for (const char32_t* k : {U"a", U"b", U"c"}) b.Add(k, 0);
  std::vector<uint32_t> values;
  const std::string bytes = Build(b, &values);
  AlignedBytes a(bytes);
  const Layout l = LayoutOf(a.data());
  ASSERT_EQ(l.node_count, 4u);
  Put32(a.mutable_data() + l.first_child(1), 1000);  // ends the root's range
  auto t = TrieView::Open(a.data(), a.size, static_cast<uint32_t>(values.size()));
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), StatusCode::kModelFormat);
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
  int accepted = 0;
  for (int i = 0; i < 4000; ++i) {
    AlignedBytes a(bytes);
    a.mutable_data()[pos(rng)] ^= static_cast<uint8_t>(1u << bit(rng));
    auto t = TrieView::Open(a.data(), a.size, vc);
    if (!t.ok()) {
      EXPECT_EQ(t.status().code(), StatusCode::kModelFormat);
      continue;
    }
    ++accepted;
    const TrieView& v = t.value();
    for (uint32_t n = 0; n < v.node_count(); ++n) {
      ASSERT_LE(v.value_begin(n), v.value_end(n));
      ASSERT_LE(v.value_end(n), vc);
      for (char32_t c : {U'가', U'나', U'다', U'a', U'b', U'c', U'z'}) {
        uint32_t child = v.Child(n, v.Label(c));
        ASSERT_TRUE(child == TrieView::kNone || (child > n && child < v.node_count()));
      }
      for (uint32_t label = 0; label <= v.alphabet_size(); ++label) {
        uint32_t child = v.Child(n, static_cast<TrieLabel>(label));
        ASSERT_TRUE(child == TrieView::kNone || (child > n && child < v.node_count()));
      }
    }
  }
  // Flips in the alphabet's code points (kept sorted) stay valid tries.
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace kma
