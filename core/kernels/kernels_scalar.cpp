// Portable kernels: the fallback on every CPU and the reference the SIMD
// kernels must match bit for bit.
// Everything here lives in this ISA's namespace (see epilogue.h).
#define KMA_KERNELS_ISA_TU 1
#include "core/kernels/cong_kernels.h"

namespace kma::kernels::scalar {
namespace {

constexpr bool kSignedA = false;

template <int N>
void DotN(const uint8_t* a, const int8_t* const* b, uint32_t dim, int32_t* out) {
  for (int q = 0; q < N; ++q) {
    int32_t acc = 0;
    for (uint32_t k = 0; k < dim; ++k) acc += int32_t{a[k]} * int32_t{b[q][k]};
    out[q] = acc;
  }
}

uint64_t MatchBytes64(const uint8_t* p, uint8_t tag) {
  uint64_t m = 0;
  for (int i = 0; i < 64; ++i) m |= uint64_t{p[i] == tag} << i;
  return m;
}

#include "core/kernels/score_driver.inc"

}  // namespace

const KernelTable kTable = MakeTable(Isa::kScalar);

}  // namespace kma::kernels::scalar
