#include "core/userdict/user_trie.h"

#include <cstring>
#include <limits>

namespace kma {
namespace {

// Many children of a small alphabet keep a bitmap of it instead of their
// labels: the nodes of the first characters have a child for most of the
// alphabet, and a binary search over hundreds of labels reads several
// cache lines where the bitmap takes one or two.
constexpr uint32_t kMaxBitmapWords = 32;
constexpr uint32_t kMinBitmapChildren = 16;

}  // namespace

Status UserTrie::Build(const TrieView& trie, const std::vector<bool>& is_head, const std::vector<uint16_t>& socket) {
  alphabet_size_ = trie.alphabet_size();
  bitmap_words_ = (alphabet_size_ + 31) / 32;
  const uint32_t count = trie.node_count();
  auto bitmap = [&](uint32_t children) {
    return bitmap_words_ <= kMaxBitmapWords && children >= kMinBitmapChildren && children >= 3 * bitmap_words_;
  };
  // Where each node's record begins (nodes keep their breadth-first order).
  std::vector<uint32_t> at(count);
  uint64_t size = 0;
  for (uint32_t n = 0; n < count; ++n) {
    const uint32_t c = trie.child_end(n) - trie.child_begin(n);
    at[n] = static_cast<uint32_t>(size);
    size += 4 + (c == 0 ? 0 : (bitmap(c) ? bitmap_words_ + (bitmap_words_ + 1) / 2 : (c + 1) / 2) + c);
    if (size >= std::numeric_limits<uint32_t>::max())
      return Status(StatusCode::kInvalidArgument, "the user dictionary's trie is too large");
  }
  words_.assign(static_cast<size_t>(size), 0);
  std::vector<uint16_t> labels;
  for (uint32_t n = 0; n < count; ++n) {
    uint32_t* r = words_.data() + at[n];
    const uint32_t b = trie.child_begin(n), c = trie.child_end(n) - b;
    r[0] = trie.value_begin(n);
    r[1] = trie.value_end(n);
    r[2] = c | (c > 0 && bitmap(c) ? kChildBitmap : 0);
    for (uint32_t v = r[0]; v < r[1]; ++v) {
      if (is_head[v]) r[3] |= SocketBit(socket[v]);
      else r[2] |= kHasOthers;
    }
    if (c == 0) continue;
    const bool by_bitmap = (r[2] & kChildBitmap) != 0;
    uint32_t* ids = r + 4 + (by_bitmap ? bitmap_words_ + (bitmap_words_ + 1) / 2 : (c + 1) / 2);
    labels.clear();
    for (uint32_t k = 0; k < c; ++k) {
      // Children are sorted by label, so ids stay in label order either way.
      const auto l = static_cast<uint16_t>(trie.Label(trie.edge_char(b + k)));
      if (by_bitmap) r[4 + l / 32] |= 1u << (l % 32);
      else labels.push_back(l);
      ids[k] = at[b + k];
    }
    if (!by_bitmap) {
      std::memcpy(r + 4, labels.data(), labels.size() * sizeof(uint16_t));
      continue;
    }
    std::vector<uint16_t> before(bitmap_words_);
    for (uint32_t w = 1; w < bitmap_words_; ++w) before[w] = static_cast<uint16_t>(before[w - 1] + PopCount(r[4 + w - 1]));
    std::memcpy(r + 4 + bitmap_words_, before.data(), before.size() * sizeof(uint16_t));
  }
  root_.assign(alphabet_size_, kNone);
  for (uint32_t c = trie.child_begin(TrieView::kRoot); c < trie.child_end(TrieView::kRoot); ++c)
    root_[static_cast<uint16_t>(trie.Label(trie.edge_char(c)))] = at[c];
  return Status::Ok();
}

}  // namespace kma
