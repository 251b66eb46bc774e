// Undoing Korean spelling changes on dictionary headwords: the headword
// agreement metric and the silver-data generator need the morphemes a
// headword is spelled from (거둬들이 = 거두 + 어 + 들이, 아름다움 = 아름답 + ㅁ)
// and the spellings a headword can take in running text (거두어 -> 거둬).
//
// These are candidate generators, not analysers: they list every stem the
// common contractions and irregular classes could have produced, and the
// caller keeps the candidates that occur in an analysis (or in a
// dictionary). Over-generation is harmless there; a missing candidate is
// not, so each rule errs on the side of listing more.
//
// All strings are UTF-32 with precomposed syllables (NFC), as in the
// dictionary file.
#ifndef KMA_TOOLS_BUILDER_WEAK_INVERSE_MORPHOLOGY_H_
#define KMA_TOOLS_BUILDER_WEAK_INVERSE_MORPHOLOGY_H_

#include <string>
#include <string_view>
#include <vector>

namespace kma::weak {

// A stem with the ending that follows it.
struct StemEnding {
  std::u32string stem;
  std::u32string ending;
  bool operator==(const StemEnding& o) const { return stem == o.stem && ending == o.ending; }
};

// Stem + 아/어/여 (the connective of compound verbs) that can be spelled as
// `infinitive`: 몰아 -> 몰 + 아; 거둬 -> 거두 + 어; 들여 -> 들이 + 어;
// 해 -> 하 + 여 and 하 + 아; 사나워 -> 사납 + 어 (ㅂ); 불러 -> 부르 + 어 (르);
// 들어 -> 들 + 어 and 듣 + 어 (ㄷ); 나아 -> 나 + 아 and 낫 + 아 (ㅅ);
// 파래 -> 파랗 + 아 (ㅎ); 써 -> 쓰 + 어 (ㅡ); 퍼 -> 푸 + 어 (우). Empty when
// the last syllable cannot end an infinitive (it has a final consonant, or
// its vowel is not one an infinitive can end in).
std::vector<StemEnding> InfinitiveStems(std::u32string_view infinitive);

// Verb or adjective stem + nominalising ending (ETN 기, 음 or ㅁ) that can be
// spelled as `noun`: 보기 -> 보 + 기; 웃음 -> 웃 + 음 and 웃 + ㅁ (the corpus
// writes both); 느낌 -> 느끼 + ㅁ; 삶 -> 살 + ㅁ; 아름다움 -> 아름답 + ㅁ (ㅂ);
// 걸음 -> 걷 + 음 (ㄷ). The endings are written as in the corpus (ㅁ is the
// compatibility jamo U+3141).
std::vector<StemEnding> NominalizedStems(std::u32string_view noun);

// The corpus spellings of an ending headword when the corpus writes its
// allomorph differently: a leading 여 becomes 어 (여서 -> 어서, 였 -> 었:
// the corpus writes 하여 as 하 + 어); a leading 으 is dropped (으면 -> 면);
// a leading 은/을/음/읍 becomes ㄴ/ㄹ/ㅁ/ㅂ (은데 -> ㄴ데). Does not include
// `ending` itself.
std::vector<std::u32string> EndingAllomorphs(std::u32string_view ending);

// Spellings of a headword with one stem + 아/어 contraction inside it:
// 거두어들이 -> 거둬들이, 가지어오 -> 가져오, 하여 -> 해. Includes
// `headword` itself, first.
std::vector<std::u32string> ContractedSpellings(std::u32string_view headword);

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_INVERSE_MORPHOLOGY_H_
