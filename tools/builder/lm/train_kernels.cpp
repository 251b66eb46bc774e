#include "tools/builder/lm/train_kernels.h"

#include <algorithm>

#include "core/kernels/cong_kernels.h"

namespace kma::build::train {

size_t PanelFloats(size_t count, int dim) { return (count + kPanelRows - 1) / kPanelRows * kPanelRows * dim; }

void PackPanels(const float* rows, size_t count, int dim, float* panels) {
  const size_t n = (count + kPanelRows - 1) / kPanelRows;
  for (size_t p = 0; p < n; ++p) {
    float* out = panels + p * kPanelRows * dim;
    for (int k = 0; k < dim; ++k)
      for (size_t r = 0; r < kPanelRows; ++r) {
        const size_t x = p * kPanelRows + r;
        out[k * kPanelRows + r] = x < count ? rows[x * dim + k] : 0.0f;
      }
  }
}

const TrainKernels* TrainKernelsFor(kernels::Isa isa) {
  switch (isa) {
    case kernels::Isa::kScalar:
      return &scalar::kTable;
#if defined(__x86_64__)
    case kernels::Isa::kAvx2:
      return &avx2::kTable;
#endif
    default:
      return nullptr;
  }
}

const TrainKernels& ActiveTrainKernels() {
#if defined(__x86_64__)
  // AVX-512 levels run the AVX2 kernels (the same bits either way).
  const kernels::Isa isa = kernels::ActiveIsa();
  if (isa == kernels::Isa::kAvx2 || isa == kernels::Isa::kAvx512Vnni) return avx2::kTable;
#endif
  return scalar::kTable;
}

}  // namespace kma::build::train
