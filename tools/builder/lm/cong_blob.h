// The blob layout shared by the CoNg and CoNg-Global writers (formats in
// core/lm/cong.h and core/lm/cong_global.h): a fixed header, then each
// non-empty section at the next 64-byte boundary (empty sections have
// offset 0), the total padded to 64 bytes.
#ifndef KMA_TOOLS_BUILDER_LM_CONG_BLOB_H_
#define KMA_TOOLS_BUILDER_LM_CONG_BLOB_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace kma::build {

// Appends the bytes of a POD vector.
template <typename T>
void AppendPod(std::string* out, const std::vector<T>& v) {
  out->append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

// s8 rows as the kernels read context rows: u8 = s8 + 128.
std::vector<uint8_t> ShiftedRows(const std::vector<int8_t>& q);

// Per output row, 128 * sum of its s8 values (what multiplying u8 context
// rows adds, removed again by the kernels).
std::vector<int32_t> RowCompensation(const std::vector<int8_t>& q, uint32_t rows, uint32_t dim);

// Fills h's magic, version, header_size, total_size and sections (Header
// has those fields, `sections` with `offset`/`size`) and returns header +
// sections.
template <typename Header, int N>
std::string LayOutBlob(Header h, const char (&magic)[4], uint32_t version, const std::string (&sections)[N]) {
  static_assert(sizeof(h.sections) / sizeof(h.sections[0]) == N, "one string per section");
  auto align = [](uint64_t x) { return (x + 63) / 64 * 64; };
  std::memcpy(h.magic, magic, 4);
  h.version = version;
  h.header_size = sizeof(Header);
  uint64_t off = align(h.header_size);
  for (int i = 0; i < N; ++i) {
    h.sections[i].offset = sections[i].empty() ? 0 : off;
    h.sections[i].size = sections[i].size();
    if (!sections[i].empty()) off = align(off + sections[i].size());
  }
  h.total_size = off;
  std::string blob(off, '\0');
  std::memcpy(blob.data(), &h, sizeof h);
  for (int i = 0; i < N; ++i)
    if (!sections[i].empty())
      std::memcpy(blob.data() + h.sections[i].offset, sections[i].data(), sections[i].size());
  return blob;
}

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_BLOB_H_
