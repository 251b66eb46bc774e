// The convention prior: the training corpus comes from sources that annotate
// the same words differently (the KAIST part writes existence 있 as VA and
// 같은 as 같/VA ㄴ/ETM, the UD parts 있/VV and 같/VA 은/ETM). A model that
// does not know a sentence's source mixes the conventions by their share of
// the corpus. The prior guesses, from a sentence's characters alone, which
// source it reads like (naive Bayes over hashed character 1..3-grams), and
// adds that source's per-morpheme penalty: min(0, log P(m | source) /
// P(m)), smoothed, so morphemes the source rarely writes cost more. The
// penalties are never positive, so the search's bounds stay valid.
//
// Section "convention" (little-endian; written by earlier model builders,
// which trained the prior from corpus/train.sources; the current builder
// maps the sources to one convention instead and writes none, see
// docs/CONVENTIONS.md):
//   u32 version (1), u32 sources S (1..8), u32 bucket_bits B (8..24),
//   u32 max_n (1..4), u32 lm_vocab V, u32 reserved[3] (zero)
//   i32 prior[8]          log P(source) * kConventionScale (S used)
//   i16 table[2^B * S]    log P(feature bucket | source) * kConventionScale,
//                         bucket-major
//   f32 penalty[S * V]    per source, per LM token, in [-50, 0]
// Integer scores make the guess identical on every machine.
#ifndef KMA_CORE_MODEL_CONVENTION_PRIOR_H_
#define KMA_CORE_MODEL_CONVENTION_PRIOR_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/text/hangul.h"

namespace kma {

inline constexpr std::string_view kConventionSection = "convention";
inline constexpr uint32_t kConventionVersion = 1;
inline constexpr uint32_t kConventionMaxSources = 8;
inline constexpr float kConventionScale = 1024.0f;  // fixed-point scale of the stored log-probabilities
inline constexpr float kConventionMinPenalty = -50.0f;

// Calls fn(bucket) for every character n-gram (n = 1..max_n) of `text`
// padded with a space at both ends, hashed to `bucket_bits` bits. A coda
// jamo is joined back to the syllable before it (the normalized text splits
// codas), so the features are those of the text as written. Used by the
// builder and the run-time guess alike.
template <typename Fn>
void ForEachConventionFeature(std::u32string_view text, uint32_t max_n, uint32_t bucket_bits,
                              std::vector<uint32_t>* units, Fn&& fn) {
  units->clear();
  units->push_back(U' ');
  for (char32_t c : text) {
    if (hangul::IsCodaJamo(c) && hangul::IsSyllable(units->back()) && !hangul::HasCoda(units->back())) {
      units->back() = hangul::AddCoda(units->back(), hangul::CodaIndexOfJamo(c));
    } else {
      units->push_back(c);
    }
  }
  units->push_back(U' ');
  const uint32_t mask = (1u << bucket_bits) - 1;
  const size_t len = units->size();
  for (size_t i = 0; i < len; ++i) {
    uint32_t h = 2166136261u;  // FNV-1a, one step per character
    for (uint32_t n = 1; n <= max_n && i + n <= len; ++n) {
      h = (h ^ (*units)[i + n - 1]) * 16777619u;
      const uint32_t g = (h ^ n) * 2654435761u;  // n-grams of each length hash apart
      fn((g >> 13 ^ g) & mask);
    }
  }
}

// A validated view of the section (zero-copy; the bytes must outlive it).
class ConventionPrior {
 public:
  // Errors: kModelFormat naming what is wrong. `lm_vocab` is the model's
  // LM vocabulary size, which the penalty rows must match.
  static StatusOr<ConventionPrior> Open(const uint8_t* data, size_t size, uint32_t lm_vocab);

  uint32_t source_count() const { return sources_; }
  // The source `text` (normalized) reads most like; ties go to the lower
  // index. `units` is scratch.
  uint32_t Guess(std::u32string_view text, std::vector<uint32_t>* units) const;
  // The penalty row of a source, indexed by LM token.
  const float* Penalties(uint32_t source) const { return penalties_ + size_t{source} * lm_vocab_; }

 private:
  uint32_t sources_ = 0, bucket_bits_ = 0, max_n_ = 0, lm_vocab_ = 0;
  const int32_t* prior_ = nullptr;
  const int16_t* table_ = nullptr;
  const float* penalties_ = nullptr;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_CONVENTION_PRIOR_H_
