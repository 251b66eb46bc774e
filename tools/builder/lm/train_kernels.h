// The table of the CoNg trainers' hot loops (see train_math.h). Declarations
// only: the per-ISA TUs include it, and any inline code here would be
// compiled with their target flags.
#ifndef KMA_TOOLS_BUILDER_LM_TRAIN_KERNELS_H_
#define KMA_TOOLS_BUILDER_LM_TRAIN_KERNELS_H_

#include <cstddef>

namespace kma::build::train {

struct TrainKernels {
  float (*dot)(const float* a, const float* b, int n);  // n a multiple of 8
  void (*axpy)(float a, const float* x, float* y, int n);
  // logits[t] = <v, rows[t]> + bias[t] for t < count.
  void (*logits)(const float* v, const float* rows, const float* bias, int count, int dim, float* logits);
};

// The table for this CPU, chosen on first use (train_math.cpp). Thread-safe.
const TrainKernels& ActiveTrainKernels();

#if defined(__x86_64__)
namespace avx2 {
const TrainKernels* Table();  // train_math_avx2.cpp
}  // namespace avx2
#endif

}  // namespace kma::build::train

#endif  // KMA_TOOLS_BUILDER_LM_TRAIN_KERNELS_H_
