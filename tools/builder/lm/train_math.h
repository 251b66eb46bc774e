// Small numeric helpers shared by the CoNg trainers. Every sum has a fixed
// association and the trainer sources are compiled without FMA contraction,
// so the AVX2 clones compute bit-identical results to the baseline ones and
// model files stay reproducible across machines.
#ifndef KMA_TOOLS_BUILDER_LM_TRAIN_MATH_H_
#define KMA_TOOLS_BUILDER_LM_TRAIN_MATH_H_

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define KMA_TRAIN_HOT __attribute__((target_clones("avx2", "default")))
#else
#define KMA_TRAIN_HOT
#endif

namespace kma::build::train {

// n must be a multiple of 8.
KMA_TRAIN_HOT inline float Dot(const float* a, const float* b, int n) {
  float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int i = 0; i < n; i += 8)
    for (int k = 0; k < 8; ++k) acc[k] += a[i + k] * b[i + k];
  return ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
}

KMA_TRAIN_HOT inline void Axpy(float a, const float* x, float* y, int n) {
  for (int i = 0; i < n; ++i) y[i] += a * x[i];
}

// logits[t] = <v, rows[t]> + bias[t] for t < count.
KMA_TRAIN_HOT inline void Logits(const float* v, const float* rows, const float* bias, int count, int dim,
                                 float* logits) {
  for (int t = 0; t < count; ++t) logits[t] = Dot(v, rows + size_t(t) * dim, dim) + bias[t];
}

inline uint64_t SplitMix(uint64_t* s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Row quantisation is in cong_rounding.h.

// Runs fn(thread_index, begin, end) over [0, n) split into `threads` fixed
// contiguous parts (so results never depend on scheduling).
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
