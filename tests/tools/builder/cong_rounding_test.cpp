// Tests for the error-compensating rounding of CoNg rows
// (tools/builder/lm/cong_rounding.h): the single-row rounder against plain
// rounding, and the trained model's int8 log-probabilities against its float
// ones with and without compensation.
#include "tools/builder/lm/cong_rounding.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/kernels/cong_kernels.h"
#include "core/lm/cong.h"
#include "tests/support/cong_test_util.h"
#include "tools/builder/lm/cong_trainer.h"

namespace kma {
namespace {

using namespace test;  // NOLINT: the shared toy corpus and its constants

constexpr int kDim = 16;

// A deterministic pseudo-random value in [-1, 1).
float Noise(uint32_t* s) {
  *s = *s * 1664525u + 1013904223u;
  return float(*s >> 8) / float(1u << 23) - 1.0f;
}

double WeightedError(const float* x, const int8_t* q, float scale, const std::vector<double>& h) {
  double e[kDim], total = 0;
  for (int k = 0; k < kDim; ++k) e[k] = double(q[k]) * scale - x[k];
  for (int i = 0; i < kDim; ++i)
    for (int j = 0; j < kDim; ++j) total += e[i] * h[i * kDim + j] * e[j];
  return total;
}

float MaxScale(const float* x, int qmax) {
  float mx = 0;
  for (int k = 0; k < kDim; ++k) mx = std::max(mx, std::fabs(x[k]));
  return mx / float(qmax);
}

TEST(CongRoundingTest, DiagonalWeightIsPlainRounding) {
  // With H diagonal no error is worth spreading: every value is rounded to
  // its nearest step, as the plain quantiser does.
  std::vector<double> h(kDim * kDim, 0.0);
  for (int k = 0; k < kDim; ++k) h[k * kDim + k] = 1.0 + k;
  uint32_t seed = 3;
  for (int r = 0; r < 50; ++r) {
    float x[kDim];
    for (float& v : x) v = Noise(&seed);
    const float scale = MaxScale(x, 127);
    int8_t q[kDim];
    build::RoundCompensated(x, h.data(), kDim, scale, 127, q);
    for (int k = 0; k < kDim; ++k)
      ASSERT_EQ(q[k], std::lround(x[k] / scale)) << "row " << r << " value " << k;
  }
}

TEST(CongRoundingTest, CorrelatedWeightLowersTheWeightedError) {
  // H = Σ a aᵀ over random directions with a shared component: the error
  // along the shared direction costs most, and spreading errors avoids it.
  std::vector<double> h(kDim * kDim, 0.0);
  uint32_t seed = 11;
  for (int n = 0; n < 40; ++n) {
    float a[kDim];
    for (int k = 0; k < kDim; ++k) a[k] = 0.8f + 0.4f * Noise(&seed);
    for (int i = 0; i < kDim; ++i)
      for (int j = 0; j < kDim; ++j) h[i * kDim + j] += double(a[i]) * a[j];
  }
  double plain = 0, compensated = 0;
  for (int r = 0; r < 200; ++r) {
    float x[kDim];
    for (float& v : x) v = Noise(&seed);
    const int qmax = 7;  // coarse steps make the difference large
    const float scale = MaxScale(x, qmax);
    int8_t qp[kDim], qc[kDim];
    for (int k = 0; k < kDim; ++k) qp[k] = static_cast<int8_t>(std::lround(x[k] / scale));
    build::RoundCompensated(x, h.data(), kDim, scale, qmax, qc);
    for (int k = 0; k < kDim; ++k) ASSERT_LE(std::abs(int(qc[k])), qmax);
    plain += WeightedError(x, qp, scale, h);
    compensated += WeightedError(x, qc, scale, h);
  }
  EXPECT_LT(compensated, 0.5 * plain);
}

TEST(CongRoundingTest, BadWeightsFallBackToPlainRounding) {
  float x[kDim];
  uint32_t seed = 5;
  for (float& v : x) v = Noise(&seed);
  const float scale = MaxScale(x, 127);
  int8_t q[kDim];
  // An all-zero or non-finite H cannot weigh anything: plain rounding.
  for (double bad : {0.0, std::nan("")}) {
    std::vector<double> z(kDim * kDim, bad);
    build::RoundCompensated(x, z.data(), kDim, scale, 127, q);
    for (int k = 0; k < kDim; ++k) EXPECT_EQ(q[k], std::lround(x[k] / scale));
  }
}

TEST(CongRoundingTest, TopTokensAreTheKBestByLogitThenIndex) {
  // Random rows, rows with many ties, rows whose best values sit where the
  // sampled threshold cannot see them, and rows where it overshoots.
  const uint32_t n = 5000;
  const int k = 256;
  uint32_t seed = 23;
  for (int kind = 0; kind < 4; ++kind) {
    std::vector<float> lg(n);
    for (uint32_t x = 0; x < n; ++x) {
      const float r = Noise(&seed);
      if (kind == 0) lg[x] = 3 * r;
      if (kind == 1) lg[x] = std::round(4 * r);        // few distinct values
      if (kind == 2) lg[x] = x % 16 == 0 ? r : 5 + r;  // the sample sees only the low ones
      if (kind == 3) lg[x] = x % 16 == 0 ? 5 + r : r;  // the sample sees only the high ones
    }
    std::vector<uint32_t> all(n), order;
    for (uint32_t x = 0; x < n; ++x) all[x] = x;
    std::sort(all.begin(), all.end(),
              [&](uint32_t a, uint32_t b) { return lg[a] > lg[b] || (lg[a] == lg[b] && a < b); });
    std::vector<uint32_t> tok(k);
    std::vector<float> prob(k);
    build::KeepTopTokens(lg.data(), n, k, -1.0f, &order, tok.data(), prob.data());
    for (int j = 0; j < k; ++j) {
      ASSERT_EQ(tok[j], all[j]) << "kind " << kind << " rank " << j;
      EXPECT_NEAR(prob[j] / std::exp(lg[all[j]] - 1.0f), 1.0, 1e-6);
    }
  }
}

// Σ over contexts of the float model's expected squared log-probability error.
double LogProbError(const CongView& q, const CongView& f) {
  double total = 0;
  for (uint32_t c = 0; c < f.context_count(); ++c)
    for (uint32_t t = 0; t < kVocab; ++t) {
      const double d = q.LogProb(Kt(), c, t) - f.LogProb(Kt(), c, t);
      total += std::exp(f.LogProb(Kt(), c, t)) * d * d;
    }
  return total;
}

TEST(CongRoundingTest, TrainedRowsKeepLogProbabilitiesCloser) {
  build::CongTrainOptions o;
  o.dim = 32;
  o.max_context_len = 3;
  o.min_count = 2;
  o.epochs = 40;
  o.threads = 1;
  build::CongTrainResult plain, compensated;
  o.compensated_rounding = false;
  ASSERT_TRUE(build::TrainCong(Corpus(1500, 7), kVocab, kBos, kEos, o, &plain).ok());
  o.compensated_rounding = true;
  ASSERT_TRUE(build::TrainCong(Corpus(1500, 7), kVocab, kBos, kEos, o, &compensated).ok());
  // The float model is the same; only the stored rows differ.
  EXPECT_EQ(plain.fp32_blob, compensated.fp32_blob);
  EXPECT_NE(plain.int8_blob, compensated.int8_blob);
  Aligned fa(plain.fp32_blob), pa(plain.int8_blob), ca(compensated.int8_blob);
  auto f = CongView::Open(fa.data(), fa.size);
  auto p = CongView::Open(pa.data(), pa.size);
  auto c = CongView::Open(ca.data(), ca.size);
  ASSERT_TRUE(f.ok() && p.ok() && c.ok());
  EXPECT_LT(LogProbError(c.value(), f.value()), 0.8 * LogProbError(p.value(), f.value()));
}

}  // namespace
}  // namespace kma
