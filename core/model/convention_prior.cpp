#include "core/model/convention_prior.h"

#include <string>

#include "core/base/byte_io.h"
#include "core/base/stored_floats.h"

namespace kma {
namespace {

constexpr size_t kHeaderBytes = 32 + 4 * kConventionMaxSources;

Status Bad(const std::string& what) {
  return Status(StatusCode::kModelFormat, "model file: section 'convention': " + what);
}

}  // namespace

StatusOr<ConventionPrior> ConventionPrior::Open(const uint8_t* data, size_t size, uint32_t lm_vocab) {
  if (size < kHeaderBytes || reinterpret_cast<uintptr_t>(data) % 8 != 0) return Bad("too small");
  ConventionPrior p;
  ByteReader r(data, size);
  uint32_t version = 0, reserved[3] = {};
  // The header's eight words are in bounds (checked above).
  r.U32(&version);
  r.U32(&p.sources_);
  r.U32(&p.bucket_bits_);
  r.U32(&p.max_n_);
  r.U32(&p.lm_vocab_);
  for (uint32_t& w : reserved) r.U32(&w);
  if (version != kConventionVersion) return Bad("unknown version " + std::to_string(version));
  if (p.sources_ < 1 || p.sources_ > kConventionMaxSources) return Bad("source count out of range 1..8");
  if (p.bucket_bits_ < 8 || p.bucket_bits_ > 24) return Bad("bucket bits out of range 8..24");
  if (p.max_n_ < 1 || p.max_n_ > 4) return Bad("n-gram length out of range 1..4");
  if (p.lm_vocab_ != lm_vocab) return Bad("penalty rows do not match the LM vocabulary");
  if (reserved[0] != 0 || reserved[1] != 0 || reserved[2] != 0) return Bad("reserved words are not zero");
  const uint64_t table = (uint64_t{1} << p.bucket_bits_) * p.sources_;  // even: no padding before the floats
  const uint64_t penalties = uint64_t{p.sources_} * p.lm_vocab_;
  if (size != kHeaderBytes + 2 * table + 4 * penalties || !r.Array(kConventionMaxSources, &p.prior_) ||
      !r.Array(table, &p.table_) || !r.Array(penalties, &p.penalties_))
    return Bad("wrong size");
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
