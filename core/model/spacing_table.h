// The lexical spacing table (optional model section "spacing.lex"): how
// often the training corpus writes a space between two morphemes, by the
// morphemes themselves rather than their tags alone. The tag rule
// (core/model/word_boundary.h) says a space goes between two nouns; the
// corpus writes 배추|밭 together and 서울|시내 apart, and this table
// remembers which.
//
// Keys are 64-bit hashes of one of three contexts of a boundary between a
// morpheme L and the next one R (SpacingKey):
//   kLeft:  L's form and tag, R's tag;
//   kRight: L's tag, R's form and tag;
//   kBoth:  both forms and tags.
// Layout: {u32 count, u32 pad, SpacingEntry[count]} with the keys strictly
// increasing (a lookup is a binary search). A model without the section
// spaces by the tag rule alone, as before the table existed.
#ifndef KMA_CORE_MODEL_SPACING_TABLE_H_
#define KMA_CORE_MODEL_SPACING_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/base/pos_tag.h"
#include "core/base/status.h"

namespace kma {

inline constexpr std::string_view kSpacingSection = "spacing.lex";

enum class SpacingContext : uint8_t { kLeft = 1, kRight = 2, kBoth = 3 };

struct SpacingEntry {
  uint64_t key;
  uint32_t spaced;  // boundaries of this context the corpus writes with a space
  uint32_t joined;  // and without one
};
static_assert(sizeof(SpacingEntry) == 16, "the section stores entries as 16 bytes");

// The key of a context; the form of a side the context leaves out is
// ignored.
uint64_t SpacingKey(SpacingContext c, std::string_view left_form, PosTag left, std::string_view right_form,
                    PosTag right);

class SpacingTableView {
 public:
  SpacingTableView() = default;
  // Checks the section's bytes (size, key order): kModelFormat on error.
  static StatusOr<SpacingTableView> Open(const uint8_t* data, size_t size);
  bool empty() const { return count_ == 0; }
  size_t size() const { return count_; }
  // The entry of `key`, or nullptr.
  const SpacingEntry* Find(uint64_t key) const;

 private:
  const SpacingEntry* entries_ = nullptr;
  size_t count_ = 0;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_SPACING_TABLE_H_
