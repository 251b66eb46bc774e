// Portable trainer kernels: the 8-lane vectors are plain arrays (the compiler
// may still vectorise the lane loops; every lane is the same IEEE operation).
#include <cmath>
#include <cstring>

#include "tools/builder/lm/train_kernels.h"

namespace kma::build::train::scalar {
namespace {

struct F8 {
  float v[8];
};
struct D8 {
  double v[8];
};

template <typename Op>
inline F8 Map(F8 a, F8 b, Op op) {
  F8 r;
  for (int i = 0; i < 8; ++i) r.v[i] = op(a.v[i], b.v[i]);
  return r;
}

inline F8 Load(const float* p) {
  F8 r;
  std::memcpy(r.v, p, sizeof r.v);
  return r;
}
inline void Store(float* p, F8 a) { std::memcpy(p, a.v, sizeof a.v); }
inline F8 Set1(float x) {
  F8 r;
  for (float& e : r.v) e = x;
  return r;
}
inline F8 Add(F8 a, F8 b) {
  return Map(a, b, [](float x, float y) { return x + y; });
}
inline F8 Sub(F8 a, F8 b) {
  return Map(a, b, [](float x, float y) { return x - y; });
}
inline F8 Mul(F8 a, F8 b) {
  return Map(a, b, [](float x, float y) { return x * y; });
}
inline F8 Div(F8 a, F8 b) {
  return Map(a, b, [](float x, float y) { return x / y; });
}
inline F8 Max(F8 a, F8 b) {
  return Map(a, b, [](float x, float y) { return x > y ? x : y; });
}
inline F8 Min(F8 a, F8 b) {
  return Map(a, b, [](float x, float y) { return x < y ? x : y; });
}
inline F8 Sqrt(F8 a) {
  for (float& e : a.v) e = std::sqrt(e);
  return a;
}
inline F8 ZeroWhereLess(F8 v, F8 x, F8 lim) {
  for (int i = 0; i < 8; ++i)
    if (x.v[i] < lim.v[i]) v.v[i] = 0.0f;
  return v;
}
inline F8 Pow2(F8 n) {
  F8 r;
  for (int i = 0; i < 8; ++i) {
    const uint32_t bits = static_cast<uint32_t>(static_cast<int32_t>(n.v[i]) + 127) << 23;
    std::memcpy(&r.v[i], &bits, 4);
  }
  return r;
}
inline F8 MaskOf(const uint8_t* p) {
  F8 r;
  for (int i = 0; i < 8; ++i) r.v[i] = p[i] != 0 ? 1.0f : 0.0f;
  return r;
}
inline float HMax(F8 a) {
  float m = a.v[0];
  for (int i = 1; i < 8; ++i) m = a.v[i] > m ? a.v[i] : m;
  return m;
}
inline D8 DZero() {
  D8 r;
  for (double& e : r.v) e = 0.0;
  return r;
}
inline D8 AddWiden(D8 acc, F8 f) {
  for (int i = 0; i < 8; ++i) acc.v[i] += static_cast<double>(f.v[i]);
  return acc;
}
inline void StoreD(double* p, D8 a) { std::memcpy(p, a.v, sizeof a.v); }
inline D8 LoadD(const double* p) {
  D8 r;
  std::memcpy(r.v, p, sizeof r.v);
  return r;
}
inline D8 Set1D(double x) {
  D8 r;
  for (double& e : r.v) e = x;
  return r;
}
inline D8 AddD(D8 a, D8 b) {
  for (int i = 0; i < 8; ++i) a.v[i] += b.v[i];
  return a;
}
inline D8 MulD(D8 a, D8 b) {
  for (int i = 0; i < 8; ++i) a.v[i] *= b.v[i];
  return a;
}

#include "tools/builder/lm/train_kernels_impl.inc"

}  // namespace

const TrainKernels kTable = MakeTable("scalar");

}  // namespace kma::build::train::scalar
