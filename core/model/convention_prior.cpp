#include "core/model/convention_prior.h"

#include <cstring>
#include <string>

#include "core/base/stored_floats.h"

namespace kma {
namespace {

constexpr size_t kHeaderBytes = 32 + 4 * kConventionMaxSources;

Status Bad(const std::string& what) {
  return Status(StatusCode::kModelFormat, "model file: section 'convention': " + what);
}

uint32_t U32At(const uint8_t* d, size_t i) {
  uint32_t v;
  std::memcpy(&v, d + 4 * i, 4);
  return v;
}

}  // namespace

StatusOr<ConventionPrior> ConventionPrior::Open(const uint8_t* data, size_t size, uint32_t lm_vocab) {
  if (size < kHeaderBytes || reinterpret_cast<uintptr_t>(data) % 8 != 0) return Bad("too small");
  ConventionPrior p;
  if (U32At(data, 0) != kConventionVersion) return Bad("unknown version " + std::to_string(U32At(data, 0)));
  p.sources_ = U32At(data, 1);
  p.bucket_bits_ = U32At(data, 2);
  p.max_n_ = U32At(data, 3);
  p.lm_vocab_ = U32At(data, 4);
  if (p.sources_ < 1 || p.sources_ > kConventionMaxSources) return Bad("source count out of range 1..8");
  if (p.bucket_bits_ < 8 || p.bucket_bits_ > 24) return Bad("bucket bits out of range 8..24");
  if (p.max_n_ < 1 || p.max_n_ > 4) return Bad("n-gram length out of range 1..4");
  if (p.lm_vocab_ != lm_vocab) return Bad("penalty rows do not match the LM vocabulary");
  if (U32At(data, 5) != 0 || U32At(data, 6) != 0 || U32At(data, 7) != 0) return Bad("reserved words are not zero");
  const uint64_t table = (uint64_t{1} << p.bucket_bits_) * p.sources_;  // even: no padding before the floats
  const uint64_t penalties = uint64_t{p.sources_} * p.lm_vocab_;
  if (size != kHeaderBytes + 2 * table + 4 * penalties) return Bad("wrong size");
  p.prior_ = reinterpret_cast<const int32_t*>(data + 32);
  p.table_ = reinterpret_cast<const int16_t*>(data + kHeaderBytes);
  p.penalties_ = reinterpret_cast<const float*>(data + kHeaderBytes + 2 * table);
  if (!AllWithin(p.penalties_, penalties, kConventionMinPenalty, 0.0f))
    return Bad("a penalty is outside [-50, 0]");
  return p;
}

uint32_t ConventionPrior::Guess(std::u32string_view text, std::vector<uint32_t>* units) const {
  // 64-bit sums: a feature adds at most 2^15 per source, so no text of
  // fewer than 2^40 characters can overflow them.
  int64_t score[kConventionMaxSources];
  for (uint32_t s = 0; s < sources_; ++s) score[s] = prior_[s];
  ForEachConventionFeature(text, max_n_, bucket_bits_, units, [&](uint32_t bucket) {
    const int16_t* row = table_ + size_t{bucket} * sources_;
    for (uint32_t s = 0; s < sources_; ++s) score[s] += row[s];
  });
  uint32_t best = 0;
  for (uint32_t s = 1; s < sources_; ++s)
    if (score[s] > score[best]) best = s;
  return best;
}

}  // namespace kma
