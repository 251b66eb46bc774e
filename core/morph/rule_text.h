// Jamo and text helpers of the rule compiler and matcher
// (core/morph/morph_rules.h), shared by its two files: the symbols the
// patterns are made of, conversions between normalized text, fully
// decomposed jamo and UTF-8, and the rule file's tokenisation.
//
// Matching works on fully decomposed jamo: onsets U+1100.., vowels U+1161..
// and codas U+11A8... Normalized text maps to that trivially (only coda-less
// syllables need splitting) and back without ambiguity.
#ifndef KMA_CORE_MORPH_RULE_TEXT_H_
#define KMA_CORE_MORPH_RULE_TEXT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kma::rule_text {

inline constexpr char32_t kSyllableFirst = 0xAC00;
inline constexpr char32_t kSyllableLast = 0xD7A3;
inline constexpr char32_t kOnsetBase = 0x1100;  // 19 onsets
inline constexpr char32_t kVowelBase = 0x1161;  // 21 vowels
inline constexpr char32_t kCodaBase = 0x11A7;   // coda T (1..27) is kCodaBase + T
inline constexpr char32_t kCompatFirst = 0x3131;
inline constexpr char32_t kCompatConsonantLast = 0x314E;
inline constexpr char32_t kCompatVowelFirst = 0x314F;
inline constexpr char32_t kCompatLast = 0x3163;

// Jamo symbol index: onsets 0..18, vowels 19..39, codas 40..66; 67 = anything
// else (also used as the bucket key of an empty tail).
inline constexpr int kNumJamo = 67;
inline constexpr int kOtherKey = 67;
inline constexpr int kNumKeys = 68;

// Compatibility consonants ㄱ..ㅎ (U+3131..U+314E) -> onset index, or -1.
inline constexpr int8_t kCompatToOnset[30] = {0,  1,  -1, 2,  -1, -1, 3,  4,  5,  -1,
                                       -1, -1, -1, -1, -1, -1, 6,  7,  8,  -1,
                                       9,  10, 11, 12, 13, 14, 15, 16, 17, 18};
// Compatibility consonants -> coda index T (1..27), or 0 (ㄸ ㅃ ㅉ).
inline constexpr int8_t kCompatToCoda[30] = {1,  2,  3,  4,  5,  6,  7,  0,  8,  9,
                                      10, 11, 12, 13, 14, 15, 16, 17, 0,  18,
                                      19, 20, 21, 22, 0,  23, 24, 25, 26, 27};

inline bool IsSyllable(char32_t c) { return c >= kSyllableFirst && c <= kSyllableLast; }
inline bool IsOnset(char32_t c) { return c >= kOnsetBase && c < kOnsetBase + 19; }
inline bool IsVowel(char32_t c) { return c >= kVowelBase && c < kVowelBase + 21; }
inline bool IsCoda(char32_t c) { return c > kCodaBase && c <= kCodaBase + 27; }
inline bool IsCodalessSyllable(char32_t c) { return IsSyllable(c) && (c - kSyllableFirst) % 28 == 0; }

inline int JamoIndex(char32_t c) {
  if (IsOnset(c)) return static_cast<int>(c - kOnsetBase);
  if (IsVowel(c)) return 19 + static_cast<int>(c - kVowelBase);
  if (IsCoda(c)) return 40 + static_cast<int>(c - kCodaBase - 1);
  return -1;
}
inline int KeyOf(char32_t c) {
  int j = JamoIndex(c);
  return j < 0 ? kOtherKey : j;
}

// Appends the fully decomposed jamo of normalized (or NFC) text.
void AppendDecomposed(std::u32string_view s, std::u32string* out);
// Recomposes decomposed jamo into normalized text. Returns false if the jamo
// do not form well-spelled syllables: an onset without a vowel, a vowel
// without an onset, or a coda that neither follows a vowel nor starts the
// string (a leading coda attaches to the syllable before the fused part).
bool ComposeNormalized(const std::u32string& jamo, std::u32string* out);
// Minimal UTF-8 codec (strict: rejects overlongs, surrogates, truncation).
bool DecodeUtf8(std::string_view s, std::u32string* out);
void AppendUtf8(char32_t c, std::string* out);
// NFC text (possibly with compatibility jamo opening an ending: "ㄴ",
// "ㅂ니다") -> normalized text.
std::u32string NormalizeText(const std::u32string& s);
// Normalized text -> NFC UTF-8; a coda with no syllable to join becomes a
// compatibility jamo.
std::string DenormalizeToUtf8(const std::u32string& s);
// The whitespace-separated tokens of a rule-file line, up to a '#' comment.
std::vector<std::string_view> SplitWhitespace(std::string_view line);
std::vector<std::string_view> SplitChar(std::string_view s, char sep);
// [A-Za-z0-9_]+
bool IsIdentifier(std::string_view s);

}  // namespace kma::rule_text

#endif  // KMA_CORE_MORPH_RULE_TEXT_H_
