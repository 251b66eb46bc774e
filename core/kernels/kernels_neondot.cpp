// NEON dot-product kernels (compiled with -march=armv8.2-a+dotprod): sdot
// accumulates four s8 x s8 products per 32-bit lane, exactly.
// Everything here lives in this ISA's namespace (see epilogue.h).
#define KMA_KERNELS_ISA_TU 1
#include <arm_neon.h>

#include "core/kernels/cong_kernels.h"

namespace kma::kernels::neondot {
namespace {

constexpr bool kSignedA = true;

template <int N>
void DotN(const uint8_t* a, const int8_t* const* b, uint32_t dim, int32_t* out) {
  int32x4_t acc[N];
  for (int q = 0; q < N; ++q) acc[q] = vdupq_n_s32(0);
  const uint8x16_t flip = vdupq_n_u8(0x80);
  for (uint32_t k = 0; k < dim; k += 16) {
    const int8x16_t av = vreinterpretq_s8_u8(veorq_u8(vld1q_u8(a + k), flip));
    for (int q = 0; q < N; ++q) acc[q] = vdotq_s32(acc[q], av, vld1q_s8(b[q] + k));
  }
  for (int q = 0; q < N; ++q) out[q] = vaddvq_s32(acc[q]);
}

#include "core/kernels/neon_match.inc"
#include "core/kernels/score_driver.inc"

}  // namespace

const KernelTable kTable = MakeTable(Isa::kNeonDot);

}  // namespace kma::kernels::neondot
