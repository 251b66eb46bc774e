#include "core/text/char_class.h"

#include <utf8proc.h>

#include <array>
#include <cstdio>
#include <vector>

#include "core/text/utf.h"

namespace kma {
namespace {

// Classes of the ASCII range, built once at compile time.
constexpr std::array<CharClass, 128> MakeAsciiTable() {
  std::array<CharClass, 128> t{};
  for (int c = 0; c < 128; ++c) {
    if (c == ' ' || (c >= 0x09 && c <= 0x0D)) {
      t[c] = CharClass::kSpace;
    } else if (c < 0x20 || c == 0x7F) {
      t[c] = CharClass::kControl;
    } else if (c >= '0' && c <= '9') {
      t[c] = CharClass::kDigit;
    } else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
      t[c] = CharClass::kLatin;
    } else {
      t[c] = CharClass::kSymbol;
    }
  }
  return t;
}
constexpr std::array<CharClass, 128> kAsciiClass = MakeAsciiTable();


bool IsHangulChar(char32_t c) {
  return InRange(c, 0xAC00, 0xD7A3) ||  // syllables
         InRange(c, 0x1100, 0x11FF) ||  // conjoining jamo
         InRange(c, 0x3131, 0x318E) ||  // compatibility jamo
         InRange(c, 0xA960, 0xA97F) ||  // jamo extended-A
         InRange(c, 0xD7B0, 0xD7FF) ||  // jamo extended-B
         InRange(c, 0xFFA0, 0xFFDC);    // half-width jamo
}

bool IsHanjaChar(char32_t c) {
  return InRange(c, 0x4E00, 0x9FFF) || InRange(c, 0x3400, 0x4DBF) ||
         InRange(c, 0xF900, 0xFAFF) || InRange(c, 0x20000, 0x3134F) ||
         InRange(c, 0x2F800, 0x2FA1F) || c == 0x3005 || c == 0x3007;
}

bool IsLatinLetterRange(char32_t c) {
  return c <= 0x024F || InRange(c, 0x0250, 0x02AF) || InRange(c, 0x1D00, 0x1DBF) ||
         InRange(c, 0x1E00, 0x1EFF) || InRange(c, 0x2C60, 0x2C7F) ||
         InRange(c, 0xA720, 0xA7FF) || InRange(c, 0xAB30, 0xAB6F) ||
         InRange(c, 0xFB00, 0xFB06) || InRange(c, 0xFF21, 0xFF3A) ||
         InRange(c, 0xFF41, 0xFF5A);
}

// BMP pictographs whose default presentation is emoji (Emoji_Presentation=Yes
// in Unicode's emoji data). Other BMP pictographs (©, ☎, ❤, ✌ ...) are text by
// default and only become emoji with U+FE0F or a skin-tone modifier, which
// Pretokenize handles. Sorted, inclusive ranges.
constexpr char32_t kBmpEmojiPresentation[][2] = {
    {0x231A, 0x231B}, {0x23E9, 0x23EC}, {0x23F0, 0x23F0}, {0x23F3, 0x23F3},
    {0x25FD, 0x25FE}, {0x2614, 0x2615}, {0x2648, 0x2653}, {0x267F, 0x267F},
    {0x2693, 0x2693}, {0x26A1, 0x26A1}, {0x26AA, 0x26AB}, {0x26BD, 0x26BE},
    {0x26C4, 0x26C5}, {0x26CE, 0x26CE}, {0x26D4, 0x26D4}, {0x26EA, 0x26EA},
    {0x26F2, 0x26F3}, {0x26F5, 0x26F5}, {0x26FA, 0x26FA}, {0x26FD, 0x26FD},
    {0x2705, 0x2705}, {0x270A, 0x270B}, {0x2728, 0x2728}, {0x274C, 0x274C},
    {0x274E, 0x274E}, {0x2753, 0x2755}, {0x2757, 0x2757}, {0x2795, 0x2797},
    {0x27B0, 0x27B0}, {0x27BF, 0x27BF}, {0x2B1B, 0x2B1C}, {0x2B50, 0x2B50},
    {0x2B55, 0x2B55},
};

bool IsBmpEmojiPresentation(char32_t c) {
  for (const auto& r : kBmpEmojiPresentation) {
    if (c < r[0]) return false;
    if (c <= r[1]) return true;
  }
  return false;
}

bool IsVariationSelector(char32_t c) {
  return InRange(c, 0xFE00, 0xFE0F) || InRange(c, 0xE0100, 0xE01EF);
}

CharClass ClassOfSlow(char32_t c) {
  // Unicode White_Space outside ASCII, plus invisible separators that
  // behave like a word break in running text.
  switch (c) {
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F:
    case 0x205F: case 0x3000: case 0x200B: case 0x2060: case 0xFEFF:
      return CharClass::kSpace;
    default:
      break;
  }
  if (InRange(c, 0x2000, 0x200A)) return CharClass::kSpace;
  if (c == 0x318D || c == 0x11A2) return CharClass::kSymbol;  // ㆍ ᆢ as punctuation
  if (IsHangulChar(c)) return CharClass::kHangul;
  if (IsHanjaChar(c)) return CharClass::kHanja;
  if (IsVariationSelector(c)) return CharClass::kControl;
  if (c > 0x10FFFF) return CharClass::kControl;

  const utf8proc_property_t* p = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
  switch (p->boundclass) {
    case UTF8PROC_BOUNDCLASS_REGIONAL_INDICATOR:
    case UTF8PROC_BOUNDCLASS_E_MODIFIER:
    case UTF8PROC_BOUNDCLASS_E_BASE:
    case UTF8PROC_BOUNDCLASS_E_BASE_GAZ:
    case UTF8PROC_BOUNDCLASS_GLUE_AFTER_ZWJ:
      return CharClass::kEmoji;
    case UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC:
    case UTF8PROC_BOUNDCLASS_E_ZWG:
      return (c >= 0x1F000 || IsBmpEmojiPresentation(c)) ? CharClass::kEmoji
                                                         : CharClass::kSymbol;
    default:
      break;
  }
  switch (p->category) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO:
      return IsLatinLetterRange(c) ? CharClass::kLatin : CharClass::kOtherLetter;
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ME:
      return CharClass::kOtherLetter;
    case UTF8PROC_CATEGORY_ND:
      return CharClass::kDigit;
    case UTF8PROC_CATEGORY_ZS: case UTF8PROC_CATEGORY_ZL: case UTF8PROC_CATEGORY_ZP:
      return CharClass::kSpace;
    case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF: case UTF8PROC_CATEGORY_CS:
      return CharClass::kControl;
    case UTF8PROC_CATEGORY_CN:
      // Unassigned in utf8proc's Unicode version: in the pictograph blocks
      // these are most likely newer emoji.
      return InRange(c, 0x1F000, 0x1FAFF) ? CharClass::kEmoji : CharClass::kSymbol;
    default:  // P*, S*, Nl, No, Co
      return CharClass::kSymbol;
  }
}

}  // namespace

CharClass ClassOf(char32_t c) {
  if (c < 0x80) return kAsciiClass[c];
  if (c >= 0xAC00 && c <= 0xD7A3) return CharClass::kHangul;  // hot path
  return ClassOfSlow(c);
}

bool IsAmbiguousQuote(char32_t c) {
  return c == U'"' || c == U'\'' || c == U'`' || c == 0xFF02 || c == 0xFF07 || c == 0xFF40;
}

bool IsCombiningMark(char32_t c) {
  if (c < 0x300 || c > 0x10FFFF || IsVariationSelector(c)) return false;
  const auto cat = utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->category;
  return cat == UTF8PROC_CATEGORY_MN || cat == UTF8PROC_CATEGORY_MC ||
         cat == UTF8PROC_CATEGORY_ME;
}

PosTag SymbolTag(char32_t c) {
  switch (c) {
    case U'.': case U'!': case U'?': case 0x3002: case 0xFF0E: case 0xFF01:
    case 0xFF1F: case 0xFF61: case 0x203C: case 0x2047: case 0x2048: case 0x2049:
    case 0x061F:
      return PosTag::kSF;
    case 0x2026: case 0x2025: case 0x22EF: case 0xFE19: case 0x11A2:
      return PosTag::kSE;
    case U',': case U';': case U':': case U'/': case 0x00B7: case 0x318D:
    case 0x30FB: case 0xFF65: case 0xFF0C: case 0xFF1B: case 0xFF1A: case 0xFF0F:
    case 0x3001: case 0xFF64: case 0x2027: case 0x2E31:
      return PosTag::kSP;
    case U'"': case U'\'': case U'`': case 0xFF02: case 0xFF07: case 0xFF40:
    case U'_': case 0xFF3F: case 0x2022: case U'-': case 0xFF0D: case 0xFE63:
    case 0x2043:
      return PosTag::kSS;
    case U'~': case 0xFF5E: case 0x301C: case 0x223C: case 0x3030:
      return PosTag::kSO;
    case U'(': case U'[': case U'{': case U'<': case 0xFF1C:
      return PosTag::kSSO;
    case U')': case U']': case U'}': case U'>': case 0xFF1E:
      return PosTag::kSSC;
    default:
      break;
  }
  if (c < 0x80 || c > 0x10FFFF) return PosTag::kSW;
  switch (utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->category) {
    case UTF8PROC_CATEGORY_PS: case UTF8PROC_CATEGORY_PI:
      return PosTag::kSSO;
    case UTF8PROC_CATEGORY_PE: case UTF8PROC_CATEGORY_PF:
      return PosTag::kSSC;
    case UTF8PROC_CATEGORY_PD:  // ‐ ‑ ‒ – — ― and other dashes
      return PosTag::kSS;
    default:
      return PosTag::kSW;
  }
}

size_t FindBadFormByte(std::string_view form, std::string* why) {
  std::u32string cps;
  std::vector<uint32_t> begin;
  if (const Status st = DecodeUtf8(form, &cps, &begin); !st.ok()) {
    *why = "invalid UTF-8";
    return st.offset() < 0 ? 0 : static_cast<size_t>(st.offset());
  }
  for (size_t i = 0; i < cps.size(); ++i) {
    const char32_t c = cps[i];
    if (c >= 0x20 && !(c >= 0x7F && c <= 0x9F) && c != 0x2028 && c != 0x2029) continue;
    char hex[16];
    std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(c));
    *why = std::string(c >= 0x2028 ? "line or paragraph separator " : "control character ") + hex;
    return begin[i];
  }
  return std::string_view::npos;
}

}  // namespace kma
