// The fuzz targets' own view of an input text, written independently of
// core/text/utf.cpp so that the library's decoding is checked, not reused:
// table-driven UTF-8 validation (Unicode 15, table 3-7) and UTF-16 pairing,
// the code point at every offset, and which code units start a character.
#ifndef KMA_TESTS_FUZZ_TEXT_VIEW_H_
#define KMA_TESTS_FUZZ_TEXT_VIEW_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kma::fuzz {

struct TextView {
  bool utf16 = false;
  size_t units = 0;  // code units of the input
  // Valid input: the code points, and cp_at[u] = index of the code point
  // unit u belongs to (units + 1 entries; cp_at[units] = code point count).
  bool valid = false;
  int64_t bad_offset = -1;  // first ill-formed sequence (its first unit)
  std::u32string cps;
  std::vector<uint32_t> cp_at;
  std::vector<uint8_t> starts_char;  // units + 1 entries; the end counts
};

// Builds the view of UTF-8 bytes.
TextView ViewUtf8(const std::string& bytes);
// Builds the view of UTF-16 units.
TextView ViewUtf16(const std::u16string& units);

// The fuzz input's bytes as UTF-16LE units (a last odd byte is dropped).
std::u16string UnitsFromBytes(const std::string& bytes);
// UTF-16 of valid code points (for the cross-encoding checks).
std::u16string ToUtf16(const std::u32string& cps);
// UTF-8 of valid code points.
std::string ToUtf8(const std::u32string& cps);
// True if `s` is well-formed UTF-8.
bool IsValidUtf8(const std::string& s);

}  // namespace kma::fuzz

#endif  // KMA_TESTS_FUZZ_TEXT_VIEW_H_
