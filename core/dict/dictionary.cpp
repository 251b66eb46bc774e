#include "core/dict/dictionary.h"

#include "core/text/hangul.h"

namespace kma {
namespace {

bool IsCont(uint8_t b) { return (b & 0xC0) == 0x80; }

// The first code point of `s` if it starts with a well-formed UTF-8 sequence
// (the rules of DecodeUtf8: no overlong forms, surrogates or values above
// U+10FFFF), else 0. Decoded by hand because this runs during the search and
// needs neither the rest of the string nor an allocation.
char32_t FirstCodePoint(std::string_view s) {
  if (s.empty()) return 0;
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const uint8_t b0 = p[0];
  if (b0 < 0x80) return b0;
  if (b0 < 0xC2) return 0;  // continuation byte, or an overlong 2-byte lead
  if (b0 < 0xE0) return s.size() >= 2 && IsCont(p[1]) ? (char32_t{b0 & 0x1Fu} << 6) | (p[1] & 0x3Fu) : 0;
  if (b0 < 0xF0) {
    if (s.size() < 3 || !IsCont(p[1]) || !IsCont(p[2])) return 0;
    if ((b0 == 0xE0 && p[1] < 0xA0) || (b0 == 0xED && p[1] >= 0xA0)) return 0;  // overlong, surrogate
    return (char32_t{b0 & 0x0Fu} << 12) | (char32_t{p[1] & 0x3Fu} << 6) | (p[2] & 0x3Fu);
  }
  if (b0 > 0xF4 || s.size() < 4 || !IsCont(p[1]) || !IsCont(p[2]) || !IsCont(p[3])) return 0;
  if ((b0 == 0xF0 && p[1] < 0x90) || (b0 == 0xF4 && p[1] >= 0x90)) return 0;  // overlong, > U+10FFFF
  return (char32_t{b0 & 0x07u} << 18) | (char32_t{p[1] & 0x3Fu} << 12) | (char32_t{p[2] & 0x3Fu} << 6) |
         (p[3] & 0x3Fu);
}

}  // namespace

char32_t MorphFirstChar(std::string_view form) {
  const char32_t c = FirstCodePoint(form);
  // As hangul::SplitCodas(form, true)[0].
  if (hangul::HasCoda(c)) return hangul::StripCoda(c);
  if (hangul::IsCompatJamo(c)) {
    const char32_t coda = hangul::CompatToCoda(c);
    return coda != 0 ? coda : c;
  }
  return c;
}

}  // namespace kma
