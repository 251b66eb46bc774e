#include "tools/builder/weak/held_out.h"

namespace kma::weak {

uint64_t HeadwordHash(std::string_view s) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a offset basis
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;  // FNV prime
  }
  // fmix64: every input bit reaches every output bit, low bits included.
  return Fmix64(h);
}

uint64_t Fmix64(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

bool IsHeldOutHeadword(std::string_view headword) { return HeadwordHash(headword) % 10 == 0; }

}  // namespace kma::weak
