// Tests of the trainer kernels (tools/builder/lm/train_kernels.h): every
// compiled table against naive loops written from the canonical definitions
// (bit for bit), the exponential against the C library, and every table
// against the portable one on the same inputs.
#include "tools/builder/lm/train_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "tools/builder/lm/packed_rows.h"
#include "tools/builder/lm/train_math.h"

namespace kma::build::train {
namespace {

using kma::kernels::Isa;

// The tables this build has and this CPU runs.
std::vector<const TrainKernels*> Tables() {
  std::vector<const TrainKernels*> out;
  for (Isa isa : {Isa::kScalar, Isa::kAvx2})
    if (const TrainKernels* t = TrainKernelsFor(isa); t != nullptr && kma::kernels::IsaSupported(isa))
      out.push_back(t);
  return out;
}

// Deterministic values in [lo, hi).
std::vector<float> Values(size_t n, uint64_t seed, float lo, float hi) {
  std::vector<float> v(n);
  for (float& x : v) x = lo + (hi - lo) * static_cast<float>((SplitMix(&seed) >> 40) * (1.0 / 16777216.0));
  return v;
}

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

void ExpectSameBits(const std::vector<float>& a, const std::vector<float>& b, const char* what,
                    const char* table) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(Bits(a[i]), Bits(b[i]))
        << what << " differs at " << i << " (" << a[i] << " vs " << b[i] << ") in " << table;
}

TEST(TrainKernels, ExpIsCloseToTheLibraryAndZeroFarBelow) {
  for (const TrainKernels* k : Tables()) {
    std::vector<float> x = Values(10007, 3, -87.0f, 88.0f), y(x.size());
    x.insert(x.end(), {0.0f, -0.0f, 1.0f, -1.0f, -86.9f, 87.9f});
    y.resize(x.size());
    k->exp_row(x.data(), x.size(), y.data());
    for (size_t i = 0; i < x.size(); ++i) {
      const double ref = std::exp(double(x[i]));
      EXPECT_NEAR(y[i] / ref, 1.0, 4e-7) << "x = " << x[i] << " in " << k->name;
    }
    const float below[] = {-87.5f, -100.0f, -1e30f, -std::numeric_limits<float>::infinity()};
    float out[4];
    k->exp_row(below, 4, out);
    for (float o : out) EXPECT_EQ(o, 0.0f) << k->name;
  }
}

TEST(TrainKernels, LogitsAreSequentialDotProductsPlusBias) {
  for (const TrainKernels* k : Tables()) {
    for (int dim : {16, 32, 48}) {
      const size_t rows = 53, m = 7;  // a partial panel, and a partial block of queries
      const std::vector<float> r = Values(rows * dim, 5, -1, 1), q = Values(m * dim, 7, -1, 1),
                               bias = Values(rows, 9, -2, 2);
      const PackedRows packed(r.data(), rows, dim, bias.data());
      std::vector<float> out(m * packed.ld()), got, want;
      packed.Logits(*k, q.data(), m, dim, out.data());
      for (size_t j = 0; j < m; ++j)
        for (size_t x = 0; x < rows; ++x) {
          got.push_back(out[j * packed.ld() + x]);
          want.push_back(Dot(&q[j * dim], &r[x * dim], dim) + bias[x]);
        }
      ExpectSameBits(got, want, "logit", k->name);
    }
  }
}

TEST(TrainKernels, RowSumsUseEightPartialsInOrder) {
  for (const TrainKernels* k : Tables()) {
    for (size_t n : {1, 7, 8, 9, 100, 1003}) {
      const std::vector<float> x = Values(n, 11 + n, -30, 5);
      std::vector<uint8_t> mask(n);
      for (size_t i = 0; i < n; ++i) mask[i] = (i % 3) != 0;
      std::vector<float> e(n);
      for (size_t i = 0; i < n; ++i) e[i] = x[i] - 2.5f;
      k->exp_row(e.data(), n, e.data());
      double p[8] = {}, pm[8] = {};
      for (size_t i = 0; i < n; ++i) p[i % 8] += e[i], pm[i % 8] += mask[i] ? e[i] : 0.0f;
      auto combine = [](const double* s) {
        return ((s[0] + s[4]) + (s[1] + s[5])) + ((s[2] + s[6]) + (s[3] + s[7]));
      };
      double total = 0, masked = 0;
      std::vector<float> stored(n);
      k->exp_sum(x.data(), n, 2.5f, mask.data(), stored.data(), &total, &masked);
      EXPECT_EQ(total, combine(p)) << n << " " << k->name;
      EXPECT_EQ(masked, combine(pm)) << n << " " << k->name;
      ExpectSameBits(stored, e, "stored exponential", k->name);
      k->exp_sum(x.data(), n, 2.5f, nullptr, nullptr, &total, nullptr);  // the unrolled path
      EXPECT_EQ(total, combine(p)) << n << " " << k->name;
      float mx = x[0];
      for (float v : x) mx = std::max(mx, v);
      EXPECT_EQ(k->row_max(x.data(), n), mx);
    }
  }
}

TEST(TrainKernels, ScaledRowMinusTeacherFollowsItsFormula) {
  for (const TrainKernels* k : Tables()) {
    const size_t n = 301;
    const std::vector<float> e = Values(n, 13, 0, 1), t = Values(n, 17, -12, 0);
    for (bool t_log : {true, false}) {
      std::vector<float> got(n), want(n), et(n);
      k->scale_sub(e.data(), n, 0.3f, t.data(), t_log, 0.07f, got.data());
      k->exp_row(t.data(), n, et.data());
      for (size_t i = 0; i < n; ++i) want[i] = 0.3f * e[i] - 0.07f * (t_log ? et[i] : t[i]);
      ExpectSameBits(got, want, "gradient", k->name);
    }
    std::vector<float> got(n), want(n);
    k->scale_sub(e.data(), n, 0.3f, nullptr, false, 0.0f, got.data());
    for (size_t i = 0; i < n; ++i) want[i] = 0.3f * e[i];
    ExpectSameBits(got, want, "gradient without teacher", k->name);
  }
}

TEST(TrainKernels, RowGradientsSumInOrder) {
  for (const TrainKernels* k : Tables()) {
    const int dim = 32;
    const size_t m = 13, rows = 40, x0 = 3, x1 = 37, ldg = 41;
    const std::vector<float> g = Values(m * ldg, 19, -1, 1), v = Values(m * dim, 23, -1, 1),
                             r = Values(rows * dim, 29, -1, 1);
    std::vector<float> d_rows(rows * dim, -9.0f), d_bias(rows, -9.0f), gv(m * dim, -9.0f),
        work(GradRowsWorkFloats(m));
    k->grad_rows(g.data(), ldg, m, v.data(), r.data(), dim, x0, x1, d_rows.data(), d_bias.data(), gv.data(),
                 work.data());
    std::vector<float> got, want;
    for (size_t x = x0; x < x1; ++x) {
      float b = 0.0f;
      for (size_t j = 0; j < m; ++j) b += g[j * ldg + x];
      got.push_back(d_bias[x]);
      want.push_back(b);
      for (int q = 0; q < dim; ++q) {
        float s = 0.0f;
        for (size_t j = 0; j < m; ++j) s += g[j * ldg + x] * v[j * dim + q];
        got.push_back(d_rows[x * dim + q]);
        want.push_back(s);
      }
    }
    for (size_t j = 0; j < m; ++j)
      for (int q = 0; q < dim; ++q) {
        float s = 0.0f;
        for (size_t x = x0; x < x1; ++x) s += g[j * ldg + x] * r[x * dim + q];
        got.push_back(gv[j * dim + q]);
        want.push_back(s);
      }
    ExpectSameBits(got, want, "row gradient", k->name);
    EXPECT_EQ(d_bias[0], -9.0f) << "rows outside [x0, x1) are untouched";
    EXPECT_EQ(d_rows[(x1 + 1) * dim], -9.0f) << "rows outside [x0, x1) are untouched";
    std::vector<float> gv2(m * dim);
    k->grad_rows(g.data(), ldg, m, nullptr, r.data(), dim, x0, x1, nullptr, nullptr, gv2.data(), nullptr);
    ExpectSameBits(gv2, gv, "query gradient alone", k->name);
  }
}

TEST(TrainKernels, AdamStepFollowsItsFormula) {
  for (const TrainKernels* k : Tables()) {
    const size_t n = 37;
    std::vector<float> w = Values(n, 31, -1, 1), m = Values(n, 37, -0.1f, 0.1f), v = Values(n, 41, 0, 0.01f);
    const std::vector<float> g = Values(n, 43, -1, 1);
    std::vector<float> w2 = w, m2 = m, v2 = v;
    k->adam(w.data(), m.data(), v.data(), g.data(), n, 0.01f, 0.9f, 0.999f, 1e-8f);
    for (size_t i = 0; i < n; ++i) {
      m2[i] = 0.9f * m2[i] + (1.0f - 0.9f) * g[i];
      v2[i] = 0.999f * v2[i] + ((1.0f - 0.999f) * g[i]) * g[i];
      w2[i] = w2[i] - (0.01f * m2[i]) / (std::sqrt(v2[i]) + 1e-8f);
    }
    ExpectSameBits(w, w2, "weight", k->name);
    ExpectSameBits(m, m2, "first moment", k->name);
    ExpectSameBits(v, v2, "second moment", k->name);
  }
}

TEST(TrainKernels, OuterProductsAddToTheUpperTriangle) {
  for (const TrainKernels* k : Tables()) {
    for (int dim : {16, 32, 48}) {
      const std::vector<float> x = Values(dim, 47 + dim, -2, 2);
      std::vector<double> h(size_t(dim) * dim), want(h.size());
      for (size_t i = 0; i < h.size(); ++i) h[i] = want[i] = 0.25 * double(i % 7);
      k->add_outer_upper(0.3, x.data(), dim, h.data());
      for (int i = 0; i < dim; ++i)
        for (int j = i; j < dim; ++j) want[size_t(i) * dim + j] += (0.3 * x[i]) * double(x[j]);
      for (size_t i = 0; i < h.size(); ++i)
        ASSERT_EQ(h[i], want[i]) << "entry " << i << " dim " << dim << " " << k->name;
    }
  }
}

TEST(TrainKernels, LogIsAccurate) {
  for (double x : {1e-30, 1e-5, 0.5, 0.7071, 1.0, 1.5, 2.0, 10.0, 12345.678, 1e300}) {
    EXPECT_NEAR(LogD(x), std::log(x), 1e-15 * std::max(1.0, std::fabs(std::log(x)))) << x;
  }
  EXPECT_EQ(LogD(1.0), 0.0);
}

}  // namespace
}  // namespace kma::build::train
