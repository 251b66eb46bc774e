// AVX2 trainer kernels (compiled with -mavx2, without FMA: the products and
// sums round exactly as the portable kernels' do).
#include <immintrin.h>

#include "tools/builder/lm/train_kernels.h"

namespace kma::build::train::avx2 {
namespace {

using F8 = __m256;
struct D8 {
  __m256d lo, hi;  // lanes 0-3, 4-7
};

inline F8 Load(const float* p) { return _mm256_loadu_ps(p); }
inline void Store(float* p, F8 a) { _mm256_storeu_ps(p, a); }
inline F8 Set1(float x) { return _mm256_set1_ps(x); }
inline F8 Add(F8 a, F8 b) { return _mm256_add_ps(a, b); }
inline F8 Sub(F8 a, F8 b) { return _mm256_sub_ps(a, b); }
inline F8 Mul(F8 a, F8 b) { return _mm256_mul_ps(a, b); }
inline F8 Div(F8 a, F8 b) { return _mm256_div_ps(a, b); }
// vmaxps/vminps return the second operand unless the first compares
// greater (less): a > b ? a : b, as the portable kernels.
inline F8 Max(F8 a, F8 b) { return _mm256_max_ps(a, b); }
inline F8 Min(F8 a, F8 b) { return _mm256_min_ps(a, b); }
inline F8 Sqrt(F8 a) { return _mm256_sqrt_ps(a); }
inline F8 ZeroWhereLess(F8 v, F8 x, F8 lim) { return _mm256_andnot_ps(_mm256_cmp_ps(x, lim, _CMP_LT_OQ), v); }
inline F8 Pow2(F8 n) {
  const __m256i e = _mm256_add_epi32(_mm256_cvttps_epi32(n), _mm256_set1_epi32(127));
  return _mm256_castsi256_ps(_mm256_slli_epi32(e, 23));
}
inline F8 MaskOf(const uint8_t* p) {
  const __m256i b = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
  const __m256i nz =
      _mm256_andnot_si256(_mm256_cmpeq_epi32(b, _mm256_setzero_si256()), _mm256_set1_epi32(-1));
  return _mm256_and_ps(_mm256_castsi256_ps(nz), _mm256_set1_ps(1.0f));
}
inline float HMax(F8 a) {
  __m128 m = _mm_max_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
  m = _mm_max_ps(m, _mm_movehl_ps(m, m));
  m = _mm_max_ss(m, _mm_shuffle_ps(m, m, 1));
  return _mm_cvtss_f32(m);
}
inline D8 DZero() { return D8{_mm256_setzero_pd(), _mm256_setzero_pd()}; }
inline D8 AddWiden(D8 acc, F8 f) {
  return D8{_mm256_add_pd(acc.lo, _mm256_cvtps_pd(_mm256_castps256_ps128(f))),
            _mm256_add_pd(acc.hi, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)))};
}
inline void StoreD(double* p, D8 a) {
  _mm256_storeu_pd(p, a.lo);
  _mm256_storeu_pd(p + 4, a.hi);
}
inline D8 LoadD(const double* p) { return D8{_mm256_loadu_pd(p), _mm256_loadu_pd(p + 4)}; }
inline D8 Set1D(double x) { return D8{_mm256_set1_pd(x), _mm256_set1_pd(x)}; }
inline D8 AddD(D8 a, D8 b) { return D8{_mm256_add_pd(a.lo, b.lo), _mm256_add_pd(a.hi, b.hi)}; }
inline D8 MulD(D8 a, D8 b) { return D8{_mm256_mul_pd(a.lo, b.lo), _mm256_mul_pd(a.hi, b.hi)}; }

#include "tools/builder/lm/train_kernels_impl.inc"

}  // namespace

const TrainKernels kTable = MakeTable("avx2");

}  // namespace kma::build::train::avx2
