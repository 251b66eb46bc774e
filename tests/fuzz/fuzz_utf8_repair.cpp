// Fuzz target: the CLI's repair of ill-formed UTF-8 (tools/kma/io/utf8_repair.h,
// `kma analyze --on-error replace`), against a reference written here in a
// different way: by the values a byte prefix can still decode to, instead of
// the lead byte's table of second-byte ranges.
//
// The input is the text, as is. Checks: the output and the replacement
// count equal the reference's (one U+FFFD per maximal ill-formed subpart,
// Unicode ch. 3); the output is well-formed for the library's own UTF-8
// check; well-formed input comes back unchanged with no replacement;
// repairing the output again changes nothing.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/text/utf.h"
#include "tests/fuzz/fuzz_util.h"
#include "tools/kma/io/utf8_repair.h"

namespace {

// The sequence length a lead byte announces from its bit pattern alone
// (0: a continuation byte or 0xF8..0xFF, which start nothing).
int AnnouncedLength(uint8_t b) {
  if (b < 0x80) return 1;
  if ((b & 0xE0) == 0xC0) return 2;
  if ((b & 0xF0) == 0xE0) return 3;
  if ((b & 0xF8) == 0xF0) return 4;
  return 0;
}

bool IsScalar(uint32_t v) { return v <= 0x10FFFF && !(v >= 0xD800 && v <= 0xDFFF); }

// Whether the first k bytes of `s` (k >= 1) begin some well-formed sequence
// of the announced length: every continuation byte so far is 10xxxxxx, and
// the values the missing bytes can complete it to, an interval, hold a
// scalar value that needs exactly that length (no overlong form).
bool IsWellFormedPrefix(std::string_view s, int k) {
  const int len = AnnouncedLength(static_cast<uint8_t>(s[0]));
  if (len == 0 || k > len) return false;
  static const uint32_t kLeadBits[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  static const uint32_t kMinValue[] = {0, 0, 0x80, 0x800, 0x10000};
  uint32_t v = static_cast<uint8_t>(s[0]) & kLeadBits[len];
  for (int j = 1; j < k; ++j) {
    const uint8_t b = static_cast<uint8_t>(s[j]);
    if ((b & 0xC0) != 0x80) return false;
    v = (v << 6) | (b & 0x3F);
  }
  const int missing = len - k;
  const uint32_t lo = v << (6 * missing), hi = lo | ((1u << (6 * missing)) - 1);
  if (hi < kMinValue[len] || lo > 0x10FFFF) return false;
  // The interval [max(lo, min), min(hi, max)] holds a scalar value unless
  // it lies inside the surrogates.
  const uint32_t a = lo < kMinValue[len] ? kMinValue[len] : lo, b = hi > 0x10FFFF ? 0x10FFFF : hi;
  return IsScalar(a) || IsScalar(b);
}

// The reference repair: a complete well-formed sequence is copied; otherwise
// the longest well-formed prefix (at least one byte) is one U+FFFD.
size_t Reference(std::string_view in, std::string* out) {
  out->clear();
  size_t replaced = 0;
  for (size_t i = 0; i < in.size();) {
    const std::string_view rest = in.substr(i);
    const int len = AnnouncedLength(static_cast<uint8_t>(rest[0]));
    if (len > 0 && rest.size() >= static_cast<size_t>(len) && IsWellFormedPrefix(rest, len)) {
      out->append(rest.substr(0, len));
      i += len;
      continue;
    }
    int k = 1;
    while (k + 1 <= len && static_cast<size_t>(k + 1) <= rest.size() && IsWellFormedPrefix(rest, k + 1)) ++k;
    // A lone byte that starts nothing is its own subpart.
    out->append("\xEF\xBF\xBD");
    ++replaced;
    i += k;
  }
  return replaced;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  std::string out, want;
  const size_t replaced = kma::cli::ReplaceInvalidUtf8(in, &out);
  const size_t want_replaced = Reference(in, &want);
  FUZZ_CHECK(out == want, "output differs from the reference (" + std::to_string(out.size()) + " bytes, reference " +
                              std::to_string(want.size()) + ")");
  FUZZ_CHECK(replaced == want_replaced, "replacement count " + std::to_string(replaced) + ", reference " +
                                            std::to_string(want_replaced));
  FUZZ_CHECK(kma::IsValidUtf8(out), "the repaired text is not well-formed");
  if (kma::IsValidUtf8(in)) FUZZ_CHECK(replaced == 0 && out == in, "well-formed input was changed");
  std::string again;
  FUZZ_CHECK(kma::cli::ReplaceInvalidUtf8(out, &again) == 0 && again == out, "repairing twice changed the text");
  return 0;
}
