// NEON kernels for AArch64 (Advanced SIMD is mandatory there). Context bytes
// are flipped back to signed (u8 ^ 0x80 = s8) so both operands are s8 and no
// compensation term is needed; vmull_s8 + vpadalq_s16 accumulate exactly.
// Everything here lives in this ISA's namespace (see epilogue.h).
#define KMA_KERNELS_ISA_TU 1
#include <arm_neon.h>

#include "core/kernels/cong_kernels.h"

namespace kma::kernels::neon {
namespace {

constexpr bool kSignedA = true;

template <int N>
void DotN(const uint8_t* a, const int8_t* const* b, uint32_t dim, int32_t* out) {
  int32x4_t acc[N];
  for (int q = 0; q < N; ++q) acc[q] = vdupq_n_s32(0);
  const uint8x16_t flip = vdupq_n_u8(0x80);
  for (uint32_t k = 0; k < dim; k += 16) {
    const int8x16_t av = vreinterpretq_s8_u8(veorq_u8(vld1q_u8(a + k), flip));
    for (int q = 0; q < N; ++q) {
      const int8x16_t bv = vld1q_s8(b[q] + k);
      acc[q] = vpadalq_s16(acc[q], vmull_s8(vget_low_s8(av), vget_low_s8(bv)));
      acc[q] = vpadalq_s16(acc[q], vmull_high_s8(av, bv));
    }
  }
  for (int q = 0; q < N; ++q) out[q] = vaddvq_s32(acc[q]);
}

#include "core/kernels/neon_match.inc"
#include "core/kernels/score_driver.inc"

}  // namespace

const KernelTable kTable = MakeTable(Isa::kNeon);

}  // namespace kma::kernels::neon
