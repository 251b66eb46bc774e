// NEON dot-product kernels (compiled with -march=armv8.2-a+dotprod): sdot
// accumulates four s8 x s8 products per 32-bit lane, exactly.
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

// Bit i of the result for byte i: the compare mask narrowed to 4 bits per
// byte (shrn), then one bit kept per nibble.
uint64_t MatchBytes64(const uint8_t* p, uint8_t tag) {
  const uint8x16_t t = vdupq_n_u8(tag);
  uint64_t m = 0;
  for (int i = 0; i < 4; ++i) {
    const uint8x16_t eq = vceqq_u8(vld1q_u8(p + 16 * i), t);
    uint64_t nib = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(eq), 4)), 0);
    nib &= 0x1111111111111111ull;  // one bit per byte, at 4 * index
    uint64_t bits = 0;
    for (int k = 0; k < 16; ++k) bits |= ((nib >> (4 * k)) & 1u) << k;
    m |= bits << (16 * i);
  }
  return m;
}

#include "core/kernels/score_driver.inc"

}  // namespace

const KernelTable kTable = MakeTable(Isa::kNeonDot);

}  // namespace kma::kernels::neondot
