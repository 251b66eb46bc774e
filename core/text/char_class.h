// Character categories for segmentation (what MeCab's char_property and
// Kiwi's script types do), and the Sejong tag of a single symbol character.
#ifndef KMA_CORE_TEXT_CHAR_CLASS_H_
#define KMA_CORE_TEXT_CHAR_CLASS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/pos_tag.h"

namespace kma {

// True if lo <= c <= hi: the code-point range tests of the character tables.
constexpr bool InRange(char32_t c, char32_t lo, char32_t hi) { return c >= lo && c <= hi; }

enum class CharClass : uint8_t {
  kSpace,        // Unicode white space, plus invisible separators ZWSP/BOM/WJ
  kHangul,       // syllables, conjoining jamo, compatibility jamo, half-width jamo
  kDigit,        // decimal digits (ASCII, full-width, other scripts' Nd)
  kLatin,        // Latin letters incl. accented, IPA, full-width A-Z a-z
  kHanja,        // CJK ideographs (unified, extensions, compatibility), 々 〇
  kOtherLetter,  // letters of other scripts (Greek, Cyrillic, kana, ...) and
                 // combining marks, which belong to the letter before them
  kSymbol,       // punctuation, symbols, other numerals (², ①), private use,
                 // text-presentation pictographs (©, ☎, ❤ without U+FE0F)
  kEmoji,        // emoji-presentation pictographs, regional indicators,
                 // skin-tone modifiers
  kControl,      // controls, format chars (ZWJ, ZWNJ, bidi marks), variation
                 // selectors: invisible, never a token by themselves
};

// Category of one code point. Out-of-range values are kControl.
// Exceptions to the rules above, chosen to match the training corpus:
// U+318D (ㆍ, used as a middle dot) and U+11A2 (ᆢ, used as an ellipsis) are
// kSymbol, not kHangul.
CharClass ClassOf(char32_t c);

// Sejong symbol tag of one character (meaningful for kSymbol characters;
// anything else gets SW):
//   SF  sentence enders  . ! ? 。 ． ！ ？ ‼ ⁉ ⁈ ⁇
//   SE  ellipses         … ‥ ⋯ ︙ ᆢ   (runs of "." are SE: see Pretokenize)
//   SP  separators       , ; : / · ㆍ ・ 、 and full-width forms
//   SS  quotes whose direction is unknown (" ' ` and full-width forms),
//       dashes (- ‐ – — ― －), bullet •, underscore _
//   SSO opening brackets/quotes ( [ { < « “ ‘ 「 『 【 〈 《 〔 ...
//   SSC closing brackets/quotes ) ] } > » ” ’ 」 』 】 〉 》 〕 ...
//   SO  connectors       ~ ～ 〜 ∼
//   SW  everything else  % $ & @ # * + = ^ | currency, math, arrows, ▲ ㎡ °
// Where this differs from the Sejong guideline it follows the corpus
// (corpus/train.tsv of the training data, docs/DATA.md): "-" is SS
// there, never SO.
PosTag SymbolTag(char32_t c);

// True for quotes that open or close depending on context (" ' ` and their
// full-width forms). SymbolTag returns SS for them; Pretokenize decides.
bool IsAmbiguousQuote(char32_t c);

// True for Unicode combining marks (Mn, Mc, Me), excluding variation
// selectors. Letter runs extend over them.
bool IsCombiningMark(char32_t c);

// Checks a morpheme form a user wrote (a constraint, a language-model
// query): the byte offset of its first ill-formed UTF-8 sequence, or of its
// first control character (U+0000..U+001F, U+007F..U+009F) or line or
// paragraph separator (U+2028, U+2029), any of which would break the
// one-line, tab-separated outputs (a tab adds a column, a CR or a newline
// ends a line, a NUL ends a C string); npos when it has none. *why then
// says which ("invalid UTF-8", "control character U+0009"). Spaces and
// format characters (an emoji's joiner) are left to the caller.
size_t FindBadFormByte(std::string_view form, std::string* why);

}  // namespace kma

#endif  // KMA_CORE_TEXT_CHAR_CLASS_H_
