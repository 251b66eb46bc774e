// Part-of-speech tags (Sejong tag set plus kma's pattern tags).
// The numbering is frozen: it is visible through the C ABI (kma_token.tag)
// and stored in model files. Append new tags at the end only.
#ifndef KMA_CORE_BASE_POS_TAG_H_
#define KMA_CORE_BASE_POS_TAG_H_

#include <cstdint>
#include <string_view>

namespace kma {

enum class PosTag : uint8_t {
  kUN = 0,  // unknown / none
  kNNG, kNNP, kNNB, kNR, kNP,
  kVV, kVA, kVX, kVCP, kVCN,
  kMM, kMAG, kMAJ, kIC,
  kJKS, kJKC, kJKG, kJKO, kJKB, kJKV, kJKQ, kJX, kJC,
  kEP, kEF, kEC, kETN, kETM,
  kXPN, kXSN, kXSV, kXSA, kXR,
  kSF, kSP, kSS, kSSO, kSSC, kSE, kSO, kSW, kSL, kSH, kSN,
  kW_URL, kW_EMAIL, kW_HASHTAG, kW_MENTION, kW_SERIAL, kW_EMOJI,
  kCount  // number of tags; not a tag
};

constexpr int kNumTags = static_cast<int>(PosTag::kCount);

// "NNG" etc. Returns "UN" for out-of-range values.
std::string_view TagName(PosTag t);
// Parses a tag name. Accepts and drops the "-I"/"-R" irregularity suffixes.
// Returns false if the name is unknown.
bool ParseTag(std::string_view name, PosTag* out);

inline bool IsNoun(PosTag t) { return t >= PosTag::kNNG && t <= PosTag::kNP; }
inline bool IsPredicate(PosTag t) { return t >= PosTag::kVV && t <= PosTag::kVCN; }
inline bool IsVerbLike(PosTag t) {  // stems that conjugate
  return (t >= PosTag::kVV && t <= PosTag::kVCN) || t == PosTag::kXSV || t == PosTag::kXSA;
}
inline bool IsParticle(PosTag t) { return t >= PosTag::kJKS && t <= PosTag::kJC; }
inline bool IsEnding(PosTag t) { return t >= PosTag::kEP && t <= PosTag::kETM; }
inline bool IsSymbol(PosTag t) { return t >= PosTag::kSF && t <= PosTag::kSN; }
inline bool IsPattern(PosTag t) { return t >= PosTag::kW_URL && t <= PosTag::kW_EMOJI; }

}  // namespace kma

#endif  // KMA_CORE_BASE_POS_TAG_H_
