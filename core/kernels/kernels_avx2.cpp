// AVX2 kernels (compiled with -mavx2): 16 bytes at a time widened to 16-bit
// lanes (vpmovzxbw / vpmovsxbw) and multiplied into exact 32-bit pair sums
// (vpmaddwd); two independent accumulators per output row hide latency.
// Everything here lives in this ISA's namespace (see epilogue.h).
#define KMA_KERNELS_ISA_TU 1
#include <immintrin.h>

#include "core/kernels/cong_kernels.h"

namespace kma::kernels::avx2 {
namespace {

constexpr bool kSignedA = false;

inline int32_t HSum(__m256i v) {
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_cvtsi128_si32(s);
}

template <int N>
void DotN(const uint8_t* a, const int8_t* const* b, uint32_t dim, int32_t* out) {
  __m256i acc0[N], acc1[N];
  for (int q = 0; q < N; ++q) acc0[q] = acc1[q] = _mm256_setzero_si256();
  uint32_t k = 0;
  for (; k + 32 <= dim; k += 32) {
    const __m256i a0 = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + k)));
    const __m256i a1 = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + k + 16)));
    for (int q = 0; q < N; ++q) {
      const __m256i b0 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b[q] + k)));
      const __m256i b1 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b[q] + k + 16)));
      acc0[q] = _mm256_add_epi32(acc0[q], _mm256_madd_epi16(a0, b0));
      acc1[q] = _mm256_add_epi32(acc1[q], _mm256_madd_epi16(a1, b1));
    }
  }
  if (k < dim) {  // dim is a multiple of 16: at most one half step
    const __m256i a0 = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + k)));
    for (int q = 0; q < N; ++q) {
      const __m256i b0 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b[q] + k)));
      acc0[q] = _mm256_add_epi32(acc0[q], _mm256_madd_epi16(a0, b0));
    }
  }
  for (int q = 0; q < N; ++q) out[q] = HSum(_mm256_add_epi32(acc0[q], acc1[q]));
}

uint64_t MatchBytes64(const uint8_t* p, uint8_t tag) {
  const __m256i t = _mm256_set1_epi8(static_cast<char>(tag));
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
  const uint32_t ml = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, t)));
  const uint32_t mh = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, t)));
  return uint64_t{ml} | (uint64_t{mh} << 32);
}

#include "core/kernels/score_driver.inc"

}  // namespace

const KernelTable kTable = MakeTable(Isa::kAvx2);

}  // namespace kma::kernels::avx2
