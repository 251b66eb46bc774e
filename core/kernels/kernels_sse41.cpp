// SSE4.1 kernels (compiled with -msse4.1): bytes widened to 16 bits
// (pmovzxbw / pmovsxbw) and multiplied pairwise into 32-bit sums (pmaddwd),
// which is exact; pmaddubsw would be faster but saturates at 8 bits.
// Everything here lives in this ISA's namespace (see epilogue.h).
#define KMA_KERNELS_ISA_TU 1
#include <immintrin.h>

#include "core/kernels/cong_kernels.h"

namespace kma::kernels::sse41 {
namespace {

constexpr bool kSignedA = false;

inline int32_t HSum(__m128i v) {
  v = _mm_add_epi32(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)));
  v = _mm_add_epi32(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_cvtsi128_si32(v);
}

template <int N>
void DotN(const uint8_t* a, const int8_t* const* b, uint32_t dim, int32_t* out) {
  __m128i acc[N];
  for (int q = 0; q < N; ++q) acc[q] = _mm_setzero_si128();
  for (uint32_t k = 0; k < dim; k += 16) {
    const __m128i av = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + k));
    const __m128i a0 = _mm_cvtepu8_epi16(av), a1 = _mm_cvtepu8_epi16(_mm_srli_si128(av, 8));
    for (int q = 0; q < N; ++q) {
      const __m128i bv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b[q] + k));
      const __m128i b0 = _mm_cvtepi8_epi16(bv), b1 = _mm_cvtepi8_epi16(_mm_srli_si128(bv, 8));
      acc[q] = _mm_add_epi32(acc[q], _mm_add_epi32(_mm_madd_epi16(a0, b0), _mm_madd_epi16(a1, b1)));
    }
  }
  for (int q = 0; q < N; ++q) out[q] = HSum(acc[q]);
}

uint64_t MatchBytes64(const uint8_t* p, uint8_t tag) {
  const __m128i t = _mm_set1_epi8(static_cast<char>(tag));
  uint64_t m = 0;
  for (int i = 0; i < 4; ++i) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    m |= uint64_t{static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, t)))} << (16 * i);
  }
  return m;
}

#include "core/kernels/score_driver.inc"

}  // namespace

const KernelTable kTable = MakeTable(Isa::kSse41);

}  // namespace kma::kernels::sse41
