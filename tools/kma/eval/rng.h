// The seeded generators of kma's synthetic evaluation sets (split-set,
// typo-set): splitmix64, tiny and identical on every platform and standard
// library, so a set is rebuilt bit for bit from its seed (std::
// distributions are not portable).
#ifndef KMA_TOOLS_KMA_RNG_H_
#define KMA_TOOLS_KMA_RNG_H_

#include <array>
#include <cstddef>
#include <cstdint>

namespace kma::cli {

class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t Next() {
    uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double Uniform() { return static_cast<double>(Next() >> 11) * (1.0 / 9007199254740992.0); }
  bool Chance(double p) { return Uniform() < p; }
  // Uniform in [0, n); n > 0.
  size_t Below(size_t n) { return static_cast<size_t>(Next() % n); }
  template <size_t N>
  const char* Pick(const std::array<const char*, N>& a) { return a[Next() % N]; }

 private:
  uint64_t s_;
};

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_RNG_H_
