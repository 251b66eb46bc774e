// Derivational joining (KMA_OPT_JOIN_DERIVATIONS, `kma analyze
// --join-derivations`): a derivational affix and what it attaches to become
// one token, the unit keyword extraction and search indexes want.
//
//   XPN + noun          -> the noun's tag      (비/XPN 정상/NNG -> 비정상/NNG)
//   noun/XR + XSN       -> the noun's tag; NNG after XR (학생/NNG 들/XSN -> 학생들/NNG)
//   noun/XR + XSV       -> VV                  (공부/NNG 하/XSV -> 공부하/VV)
//   noun/XR + XSA       -> VA                  (사랑/NNG 스럽/XSA -> 사랑스럽/VA)
//
// "noun" is NNG, NNP, NNB, NR or NP, including a token joined already, so a
// chain joins left to right (비/XPN 정상/NNG 적/XSN -> 비정상적/NNG). Only
// tokens of one whitespace-separated word whose spans touch or overlap are
// joined. The joined token's form is the parts' forms concatenated, its span
// covers both parts (공부했다: 공부하/VV over 공부했, sharing 했 with 었/EP),
// its score is their sum, its flags their union, and its morph_id 0 (it is no
// dictionary morpheme). Everything else is left as it is.
#ifndef KMA_CORE_SEARCH_DERIVATION_JOIN_H_
#define KMA_CORE_SEARCH_DERIVATION_JOIN_H_

#include <vector>

#include "core/search/token.h"

namespace kma {

// Joins in place, in text order.
void JoinDerivations(std::vector<Token>* tokens);

}  // namespace kma

#endif  // KMA_CORE_SEARCH_DERIVATION_JOIN_H_
