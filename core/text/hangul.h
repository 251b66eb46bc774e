// Hangul syllable arithmetic (Unicode 3.12 "Conjoining Jamo Behavior") and
// the coda-splitting convention used throughout kma.
//
// kma splits every syllable that has a final consonant (coda, 받침) into the
// coda-less syllable plus a conjoining jongseong jamo (U+11A8..U+11C2):
// 간다 -> 가 ᆫ 다. Morpheme boundaries often fall inside a syllable
// (가+ㄴ다), and with the coda as its own code point both the dictionary
// and the lattice can work on plain code point sequences.
#ifndef KMA_CORE_TEXT_HANGUL_H_
#define KMA_CORE_TEXT_HANGUL_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace kma::hangul {

// Hangul compatibility jamo as typed alone (ㅋㅋ, ㅠㅠ, 됬ㅇ): consonants
// U+3131 ㄱ..U+314E ㅎ, vowels U+314F ㅏ..U+3163 ㅣ.
constexpr char32_t kCompatConsonantFirst = 0x3131;
constexpr char32_t kCompatVowelFirst = 0x314F;
constexpr char32_t kCompatVowelLast = 0x3163;
constexpr bool IsCompatConsonant(char32_t c) { return c >= kCompatConsonantFirst && c < kCompatVowelFirst; }
constexpr bool IsCompatVowel(char32_t c) { return c >= kCompatVowelFirst && c <= kCompatVowelLast; }

constexpr char32_t kSyllableBase = 0xAC00;
constexpr char32_t kSyllableLast = 0xD7A3;
constexpr int kOnsetCount = 19;   // L
constexpr int kOnsetIeung = 11;   // ㅇ, the onset of a syllable without a first consonant
constexpr int kVowelCount = 21;   // V
constexpr int kCodaCount = 28;    // T, including "no coda" at index 0
constexpr int kSyllablesPerOnset = kVowelCount * kCodaCount;  // 588
constexpr char32_t kCodaJamoBase = 0x11A7;  // CodaJamo(i) = base + i

// True for precomposed syllables U+AC00..U+D7A3.
constexpr bool IsSyllable(char32_t c) { return c >= kSyllableBase && c <= kSyllableLast; }

// 0 = no coda, 1..27 = jongseong index. Requires IsSyllable(syl).
constexpr int CodaIndex(char32_t syl) {
  return static_cast<int>((syl - kSyllableBase) % kCodaCount);
}
// True if `syl` is a syllable with a final consonant.
constexpr bool HasCoda(char32_t syl) { return IsSyllable(syl) && CodaIndex(syl) != 0; }
// 간 -> 가; non-syllables and coda-less syllables are returned unchanged.
constexpr char32_t StripCoda(char32_t syl) {
  return IsSyllable(syl) ? syl - static_cast<char32_t>(CodaIndex(syl)) : syl;
}
// 0-based onset (L) and vowel (V) indices. Require IsSyllable(syl).
constexpr int OnsetIndex(char32_t syl) {
  return static_cast<int>((syl - kSyllableBase) / kSyllablesPerOnset);
}
constexpr int VowelIndex(char32_t syl) {
  return static_cast<int>(((syl - kSyllableBase) % kSyllablesPerOnset) / kCodaCount);
}
// Builds a syllable from indices (onset 0..18, vowel 0..20, coda 0..27).
// Returns 0 if an index is out of range.
constexpr char32_t Compose(int onset, int vowel, int coda) {
  if (onset < 0 || onset >= kOnsetCount || vowel < 0 || vowel >= kVowelCount ||
      coda < 0 || coda >= kCodaCount) {
    return 0;
  }
  return kSyllableBase +
         static_cast<char32_t>((onset * kVowelCount + vowel) * kCodaCount + coda);
}

// True for conjoining jongseong U+11A8..U+11C2 (the 27 modern codas).
constexpr bool IsCodaJamo(char32_t c) { return c >= 0x11A8 && c <= 0x11C2; }
// Conjoining jongseong for coda index 1..27; 0 for anything else.
constexpr char32_t CodaJamo(int coda_index) {
  return coda_index >= 1 && coda_index < kCodaCount
             ? kCodaJamoBase + static_cast<char32_t>(coda_index)
             : 0;
}
// Coda index 1..27 of a conjoining jongseong; 0 if `jong` is not one.
constexpr int CodaIndexOfJamo(char32_t jong) {
  return IsCodaJamo(jong) ? static_cast<int>(jong - kCodaJamoBase) : 0;
}
// 가 + 4 -> 간. Returns `syl_without_coda` unchanged if it is not a coda-less
// syllable or the index is not 1..27.
constexpr char32_t AddCoda(char32_t syl_without_coda, int coda_index) {
  if (!IsSyllable(syl_without_coda) || CodaIndex(syl_without_coda) != 0 ||
      coda_index < 1 || coda_index >= kCodaCount) {
    return syl_without_coda;
  }
  return syl_without_coda + static_cast<char32_t>(coda_index);
}

// Normalized text (core/text/normalizer.h) is nearly all coda-less
// syllables (399) and coda jamo (27): a dense index of those, for
// per-character tables small enough to stay in the L1 cache (one entry per
// syllable, 11,172, did not); kNoSlot for any other character.
constexpr uint32_t kCodalessSyllables = kOnsetCount * kVowelCount;  // 399
constexpr uint32_t kNormalizedSlots = kCodalessSyllables + (kCodaCount - 1);
constexpr uint32_t kNoSlot = 0xFFFFFFFFu;
constexpr uint32_t NormalizedSlot(char32_t c) {
  const uint32_t s = static_cast<uint32_t>(c) - kSyllableBase;
  if (s <= kSyllableLast - kSyllableBase && s % kCodaCount == 0) return s / kCodaCount;
  if (IsCodaJamo(c)) return kCodalessSyllables + static_cast<uint32_t>(CodaIndexOfJamo(c) - 1);
  return kNoSlot;
}
// The character of a slot (the inverse of NormalizedSlot).
constexpr char32_t NormalizedSlotChar(uint32_t slot) {
  return slot < kCodalessSyllables ? kSyllableBase + slot * kCodaCount
                                   : CodaJamo(static_cast<int>(slot - kCodalessSyllables) + 1);
}
static_assert(NormalizedSlot(NormalizedSlotChar(kNormalizedSlots - 1)) == kNormalizedSlots - 1, "slots round-trip");

// True for Hangul compatibility jamo U+3131..U+318E (ㄱ..ㆎ).

constexpr bool IsCompatJamo(char32_t c) { return c >= 0x3131 && c <= 0x318E; }

// Compatibility consonant -> conjoining coda (ㄴ -> U+11AB). Returns 0 when
// there is no coda form (vowels, ㄸ ㅃ ㅉ, archaic letters, non-jamo).
char32_t CompatToCoda(char32_t compat);
// Compatibility consonant -> onset index 0..18 (ㄱ -> 0, ㅎ -> 18); -1 for
// letters that never begin a syllable (cluster consonants, vowels, others).
int CompatToOnset(char32_t compat);
// Onset index 0..18 -> compatibility consonant; 0 for anything else.
char32_t OnsetToCompat(int onset_index);
// Conjoining coda -> compatibility consonant (U+11AB -> ㄴ); 0 if `coda` is
// not one of U+11A8..U+11C2.
char32_t CodaToCompat(char32_t coda);

// Splits every syllable with a coda into (coda-less syllable, coda jamo).
// With `convert_compat_consonants`, compatibility consonants that have a
// coda form are turned into coda jamo as well: dictionary endings are
// written "ㄴ", "ㅂ니다" and must match the split form of 간, 합니다.
std::u32string SplitCodas(std::u32string_view s, bool convert_compat_consonants);

// Inverse of SplitCodas: a coda jamo joins the preceding coda-less syllable;
// one that cannot join (nothing before it, or the previous character is not
// a coda-less syllable) becomes the compatibility consonant.
std::u32string JoinCodas(std::u32string_view s);

// ToUtf8(JoinCodas(s)) == utf8, without building either string: the lattice
// asks it for every unknown-word candidate that spells a dictionary form.
bool JoinedEqualsUtf8(std::u32string_view s, std::string_view utf8);

}  // namespace kma::hangul

#endif  // KMA_CORE_TEXT_HANGUL_H_
