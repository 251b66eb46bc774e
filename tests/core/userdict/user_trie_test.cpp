// Tests for the user dictionary's trie layout (core/userdict/user_trie.h): over
// random keys, every node of the TrieView it is made from has its record
// with the same values and a child along exactly the same labels (both
// child encodings: labels, and the alphabet bitmap of high fan-out nodes),
// and the head masks hold the socket of every stem head.
#include "core/userdict/user_trie.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace kma {
namespace {

struct Built {
  std::vector<uint32_t> words;  // the TrieView's bytes, 4-byte aligned
  TrieView view;
  std::vector<bool> is_head;
  std::vector<uint16_t> socket;
  UserTrie trie;
};

// `count` random keys of 1..5 characters drawn from `alphabet` characters
// (the first ones far more often, as syllables are), each value a head of
// a random socket one time in three.
void Build(uint32_t alphabet, size_t count, uint32_t seed, Built* b) {
  std::mt19937 rng(seed);
  std::geometric_distribution<uint32_t> ch(8.0 / alphabet);
  std::uniform_int_distribution<int> len(1, 5), third(0, 2);
  std::uniform_int_distribution<uint32_t> sock(0, 200);
  TrieBuilder tb;
  for (size_t i = 0; i < count; ++i) {
    std::u32string key;
    for (int k = len(rng); k > 0; --k) key.push_back(0xAC00 + ch(rng) % alphabet);
    tb.Add(key, static_cast<uint32_t>(i));
  }
  std::string bytes;
  std::vector<uint32_t> order;
  ASSERT_TRUE(tb.Build(&bytes, &order).ok());
  b->words.assign((bytes.size() + 3) / 4, 0);
  std::memcpy(b->words.data(), bytes.data(), bytes.size());
  auto v = TrieView::Open(reinterpret_cast<const uint8_t*>(b->words.data()), bytes.size(),
                          static_cast<uint32_t>(order.size()));
  ASSERT_TRUE(v.ok()) << v.status().message();
  b->view = v.value();
  for (size_t i = 0; i < order.size(); ++i) {
    b->is_head.push_back(third(rng) == 0);
    b->socket.push_back(static_cast<uint16_t>(sock(rng)));
  }
  ASSERT_TRUE(b->trie.Build(b->view, b->is_head, b->socket).ok());
}

// Walks both tries together from the root and compares every node reached.
// Returns how many nodes keep their children as a bitmap.
size_t ExpectSameTrie(const Built& b) {
  const TrieView& v = b.view;
  const UserTrie& u = b.trie;
  std::vector<std::pair<uint32_t, uint32_t>> todo;  // (view node, user trie node)
  size_t seen = 0, bitmaps = 0;
  for (uint32_t l = 0; l <= v.alphabet_size(); ++l) {
    const uint32_t vc = v.Child(TrieView::kRoot, static_cast<TrieLabel>(l));
    const uint32_t uc = u.RootChild(static_cast<TrieLabel>(l));
    EXPECT_EQ(vc == TrieView::kNone, uc == UserTrie::kNone) << "root label " << l;
    if (vc != TrieView::kNone) todo.emplace_back(vc, uc);
  }
  EXPECT_EQ(u.RootChild(TrieLabel::kNone), UserTrie::kNone);
  while (!todo.empty()) {
    const auto [vn, un] = todo.back();
    todo.pop_back();
    ++seen;
    EXPECT_EQ(u.value_begin(un), v.value_begin(vn));
    EXPECT_EQ(u.value_end(un), v.value_end(vn));
    uint32_t mask = 0;
    bool others = false;
    for (uint32_t x = v.value_begin(vn); x < v.value_end(vn); ++x) {
      if (b.is_head[x]) mask |= UserTrie::SocketBit(b.socket[x]);
      else others = true;
    }
    EXPECT_EQ(u.head_mask(un), mask);
    EXPECT_EQ(u.has_others(un), others);
    if (u.children_by_bitmap(un)) ++bitmaps;
    // Every label of a small alphabet; else the children's, their
    // neighbours and a few others.
    std::vector<uint32_t> labels;
    if (v.alphabet_size() <= 400) {
      for (uint32_t l = 0; l <= v.alphabet_size(); ++l) labels.push_back(l);
    } else {
      for (uint32_t c = v.child_begin(vn); c < v.child_end(vn); ++c) {
        const auto l = static_cast<uint32_t>(v.Label(v.edge_char(c)));
        labels.insert(labels.end(), {l, l + 1, l == 0 ? 0 : l - 1});
      }
      for (uint32_t k = 0; k < 16; ++k) labels.push_back((vn * 7919u + k * 104729u) % (v.alphabet_size() + 1));
      std::sort(labels.begin(), labels.end());
      labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
    }
    for (uint32_t l : labels) {
      const uint32_t vc = v.Child(vn, static_cast<TrieLabel>(l));
      const uint32_t uc = u.Child(un, static_cast<TrieLabel>(l));
      EXPECT_EQ(vc == TrieView::kNone, uc == UserTrie::kNone) << "node " << vn << " label " << l;
      if (vc != TrieView::kNone) todo.emplace_back(vc, uc);
    }
    EXPECT_EQ(u.Child(un, TrieLabel::kNone), UserTrie::kNone);
  }
  EXPECT_EQ(seen + 1, v.node_count());  // every node but the root
  return bitmaps;
}

TEST(UserTrie, SmallAlphabetUsesBitmapsAndMatchesTheView) {
  Built b;
  Build(300, 20000, 1, &b);
  EXPECT_GT(ExpectSameTrie(b), 0u);
}

TEST(UserTrie, LargeAlphabetKeepsLabelsAndMatchesTheView) {
  Built b;
  Build(3000, 20000, 2, &b);
  EXPECT_EQ(ExpectSameTrie(b), 0u);
}

TEST(UserTrie, FewKeys) {
  Built b;
  Build(40, 30, 3, &b);
  ExpectSameTrie(b);
}

}  // namespace
}  // namespace kma
