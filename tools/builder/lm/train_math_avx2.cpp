// The trainers' hot loops compiled for AVX2 (this TU alone gets -mavx2; it
// is chosen at run time by train_math.cpp only on CPUs that run AVX2).
#include "tools/builder/lm/train_kernels.h"

#if defined(__x86_64__)
namespace kma::build::train::avx2 {
namespace {
#include "tools/builder/lm/train_math_kernels.inc"
}  // namespace

const TrainKernels* Table() { return &kTrainKernels; }

}  // namespace kma::build::train::avx2
#endif
