// Small numeric helpers shared by the CoNg trainers. Dot, Axpy and Logits
// run through a table chosen once per process (train_math.cpp: AVX2 where
// the CPU has it, else baseline); all copies give bit-identical results (see
// train_math_kernels.inc), so model files stay reproducible across machines.
#ifndef KMA_TOOLS_BUILDER_LM_TRAIN_MATH_H_
#define KMA_TOOLS_BUILDER_LM_TRAIN_MATH_H_

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#include "tools/builder/lm/train_kernels.h"

namespace kma::build::train {

// n must be a multiple of 8.
inline float Dot(const float* a, const float* b, int n) { return ActiveTrainKernels().dot(a, b, n); }

inline void Axpy(float a, const float* x, float* y, int n) { ActiveTrainKernels().axpy(a, x, y, n); }

// logits[t] = <v, rows[t]> + bias[t] for t < count.
inline void Logits(const float* v, const float* rows, const float* bias, int count, int dim, float* logits) {
  ActiveTrainKernels().logits(v, rows, bias, count, dim, logits);
}

inline uint64_t SplitMix(uint64_t* s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Row quantisation (int8 and the other storages) is in cong_storage.h.

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
