#include "core/model/spacing_table.h"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace kma {

uint64_t SpacingKey(SpacingContext c, std::string_view left_form, PosTag left, std::string_view right_form,
                    PosTag right) {
  // context, tags, then the forms the context keeps, each ended by a NUL
  // (forms hold no NUL), so that no two contexts share a byte string.
  std::string bytes;
  bytes.reserve(8 + left_form.size() + right_form.size());
  bytes.push_back(static_cast<char>(c));
  bytes.push_back(static_cast<char>(left));
  bytes.push_back(static_cast<char>(right));
  if (c != SpacingContext::kRight) bytes.append(left_form).push_back('\0');
  if (c != SpacingContext::kLeft) bytes.append(right_form).push_back('\0');
  return XXH3_64bits(bytes.data(), bytes.size());
}

StatusOr<SpacingTableView> SpacingTableView::Open(const uint8_t* data, size_t size) {
  auto bad = [](const std::string& what) {
    return Status(StatusCode::kModelFormat, "model file: section 'spacing.lex' " + what);
  };
  if (size < 8 || reinterpret_cast<uintptr_t>(data) % 8 != 0) return bad("too small");
  uint32_t count;
  std::memcpy(&count, data, 4);
  if (uint64_t{count} * sizeof(SpacingEntry) != size - 8) return bad("has the wrong size");
  SpacingTableView v;
  v.entries_ = reinterpret_cast<const SpacingEntry*>(data + 8);
  v.count_ = count;
  for (size_t i = 1; i < v.count_; ++i)
    if (v.entries_[i - 1].key >= v.entries_[i].key)
      return bad("keys are not increasing at entry " + std::to_string(i));
  return v;
}

const SpacingEntry* SpacingTableView::Find(uint64_t key) const {
  const SpacingEntry* end = entries_ + count_;
  const SpacingEntry* e =
      std::lower_bound(entries_, end, key, [](const SpacingEntry& x, uint64_t k) { return x.key < k; });
  return e != end && e->key == key ? e : nullptr;
}

}  // namespace kma
