// Checks of the floats a model file stores (scores, scales, biases, rows).
// Finite is not enough: two finite 3e38 terms overflow a path's score to
// infinity (fuzz_model_load, finding 19). Every stored value is kept within
// kMaxStoredMagnitude, so sums and the int8 products stay finite; the
// models kma builds stay within about 100.
#ifndef KMA_CORE_BASE_STORED_FLOATS_H_
#define KMA_CORE_BASE_STORED_FLOATS_H_

#include <cstdint>

namespace kma {

inline constexpr float kMaxStoredMagnitude = 1e4f;

// True if every v[i] is in [lo, hi] (false for NaN).
inline bool AllWithin(const float* v, uint64_t n, float lo, float hi) {
  for (uint64_t i = 0; i < n; ++i)
    if (!(v[i] >= lo && v[i] <= hi)) return false;
  return true;
}

// True if every v[i] is in [-kMaxStoredMagnitude, kMaxStoredMagnitude].
inline bool AllStored(const float* v, uint64_t n) {
  return AllWithin(v, n, -kMaxStoredMagnitude, kMaxStoredMagnitude);
}

}  // namespace kma

#endif  // KMA_CORE_BASE_STORED_FLOATS_H_
