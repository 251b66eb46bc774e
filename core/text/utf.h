// UTF-8 / UTF-16 decoding with code-unit offset maps, and UTF-8 encoding.
//
// The analyzer works on code points (char32_t) but reports token offsets in
// the caller's code units, so every decoder also records where each code
// point starts in the input. Decoders are strict: ill-formed input is
// rejected with its position instead of being replaced by U+FFFD, because
// silently changing text would shift every later offset.
#ifndef KMA_CORE_TEXT_UTF_H_
#define KMA_CORE_TEXT_UTF_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace kma {

// Decodes UTF-8 text.
// On success `*cps` holds the code points and `*unit_begin` (if non-null)
// holds cps->size() + 1 entries: the byte offset at which each code point
// starts, followed by text.size().
// Rejects overlong forms, surrogates (U+D800..U+DFFF), values above
// U+10FFFF, truncated sequences, stray continuation bytes and the bytes
// 0xC0, 0xC1, 0xF5..0xFF with
//   Status(StatusCode::kInvalidUtf8, "invalid UTF-8 at byte N: <reason>", N)
// where N is the byte offset of the first byte of the ill-formed sequence.
// Texts longer than UINT32_MAX bytes get kInputTooLong (offsets are 32-bit).
// On failure the output vectors are left in an unspecified (valid) state.
Status DecodeUtf8(std::string_view text, std::u32string* cps,
                  std::vector<uint32_t>* unit_begin);

// Same for UTF-16 (native byte order); offsets are in 16-bit units.
// Unpaired surrogates give
//   Status(StatusCode::kInvalidUtf16, "invalid UTF-16 at unit N: <reason>", N)
// with N the offset of the offending surrogate. `text` may be null when
// `units` is 0.
Status DecodeUtf16(const char16_t* text, size_t units, std::u32string* cps,
                   std::vector<uint32_t>* unit_begin);

// Appends the UTF-8 encoding of `cp`. Values that are not Unicode scalar
// values (surrogates, > U+10FFFF) are written as U+FFFD so the output is
// always valid UTF-8.
void AppendUtf8(char32_t cp, std::string* out);
// Writes that encoding to buf[0, 4) and returns its length.
size_t EncodeUtf8(char32_t cp, char* buf);

// Encodes a code point string as UTF-8 (invalid values become U+FFFD).
std::string ToUtf8(std::u32string_view s);

// True if `s` is well-formed UTF-8 (the rules of DecodeUtf8); allocates
// nothing.
bool IsValidUtf8(std::string_view s);

// Decodes trusted internal strings (dictionary files, tests). Returns false
// on ill-formed input without building an error message.
bool Utf8ToU32(std::string_view s, std::u32string* out);

// What a byte allows as the lead of a UTF-8 sequence (Unicode Table 3-7):
// the sequence's length (0: the byte never starts one: 80..C1, F5..FF) and
// the range of its second byte. The narrower second-byte ranges exclude
// overlongs (E0, F0), surrogates (ED) and values above U+10FFFF (F4); later
// bytes are always 80..BF.
struct Utf8Lead {
  uint8_t length, lo, hi;
};
inline Utf8Lead Utf8LeadOf(uint8_t b) {
  if (b < 0x80) return {1, 0, 0};
  if (b >= 0xC2 && b <= 0xDF) return {2, 0x80, 0xBF};
  if (b == 0xE0) return {3, 0xA0, 0xBF};
  if (b == 0xED) return {3, 0x80, 0x9F};
  if (b >= 0xE1 && b <= 0xEF) return {3, 0x80, 0xBF};
  if (b == 0xF0) return {4, 0x90, 0xBF};
  if (b >= 0xF1 && b <= 0xF3) return {4, 0x80, 0xBF};
  if (b == 0xF4) return {4, 0x80, 0x8F};
  return {0, 0, 0};
}

// Number of bytes AppendUtf8 writes for `cp` (1..4).
inline size_t Utf8Length(char32_t cp) {
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  if (cp < 0x10000) return 3;
  return cp <= 0x10FFFF ? 4 : 3;  // invalid values become U+FFFD (3 bytes)
}

}  // namespace kma

#endif  // KMA_CORE_TEXT_UTF_H_
