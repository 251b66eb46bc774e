// log(e^a + e^b), the sum of two probabilities given as logs, as the search
// and the LM mixtures compute it. log(1 + e^x) comes from a table with linear
// interpolation: the libm call dominated the search profile, and 1e-4 nats of
// error is far below anything the search can resolve. Everything that must
// agree with the search (the gold scorer, prediction) uses this same function.
#ifndef KMA_CORE_BASE_LOG_ADD_H_
#define KMA_CORE_BASE_LOG_ADD_H_

#include <algorithm>
#include <array>

namespace kma {

namespace log_add_internal {
constexpr float kMin = -16.0f;  // below: log(1 + e^x) < 1.2e-7, taken as 0
constexpr int kSize = 2048;
// log(1 + e^x) at x = kMin * (1 - i / kSize); filled before main() runs.
extern const std::array<float, kSize + 1> kSoftplus;
}  // namespace log_add_internal

// log(1 + e^x) for x <= 0.
inline float Softplus(float x) {
  using namespace log_add_internal;
  if (x <= kMin) return 0.0f;
  const float f = (x - kMin) * (kSize / -kMin);
  const int i = static_cast<int>(f);
  if (i >= kSize) return kSoftplus[kSize];
  const float t = f - static_cast<float>(i);
  return kSoftplus[i] + t * (kSoftplus[i + 1] - kSoftplus[i]);
}

inline float LogAdd(float a, float b) {
  const float hi = std::max(a, b), lo = std::min(a, b);
  return hi + Softplus(lo - hi);
}

}  // namespace kma

#endif  // KMA_CORE_BASE_LOG_ADD_H_
