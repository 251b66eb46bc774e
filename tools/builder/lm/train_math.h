// Small numeric helpers shared by the CoNg trainers, with the canonical
// arithmetic of train_kernels.h (fixed order, no FMA, no C library
// transcendental functions whose last bit may depend on the machine), so
// that model files are the same wherever they are built.
#ifndef KMA_TOOLS_BUILDER_LM_TRAIN_MATH_H_
#define KMA_TOOLS_BUILDER_LM_TRAIN_MATH_H_

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

namespace kma::build::train {

// Products added in index order into one accumulator starting at 0.
inline float Dot(const float* a, const float* b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) acc += a[i] * b[i];
  return acc;
}

// Natural logarithm of a positive finite x from + - * / only: x = m 2^e with
// m in [sqrt(1/2), sqrt(2)), log x = e ln2 + 2 atanh(s), s = (m - 1) / (m +
// 1), |s| < 0.172, by its series to s^21 (relative error below 1e-17).
inline double LogD(double x) {
  int e = 0;
  double m = std::frexp(x, &e);  // exact: m in [0.5, 1)
  if (m < 0.70710678118654752440) m *= 2.0, --e;
  const double s = (m - 1.0) / (m + 1.0), s2 = s * s;
  double p = 1.0 / 21.0;
  for (int k = 19; k >= 1; k -= 2) p = p * s2 + 1.0 / k;
  const double ln2_hi = 0.693147180369123816490, ln2_lo = 1.90821492927058770002e-10;
  return double(e) * ln2_hi + (double(e) * ln2_lo + 2.0 * s * p);
}

inline uint64_t SplitMix(uint64_t* s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Runs fn(thread_index, begin, end) over [0, n) split into `threads` fixed
// contiguous parts. Callers only use it for independent items, so results
// never depend on the split.
template <typename Fn>
void ParallelFor(int threads, size_t n, Fn fn) {
  if (threads <= 1 || n < 2) {
    fn(0, size_t{0}, n);
    return;
  }
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(fn, t, n * t / threads, n * (t + 1) / threads);
  fn(0, size_t{0}, n / threads);
  for (auto& th : pool) th.join();
}

}  // namespace kma::build::train

#endif  // KMA_TOOLS_BUILDER_LM_TRAIN_MATH_H_
