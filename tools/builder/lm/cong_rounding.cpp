#include "tools/builder/lm/cong_rounding.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "tools/builder/lm/train_kernels.h"
#include "tools/builder/lm/train_math.h"

namespace kma::build {
namespace {

using train::ParallelFor;

// Lower Cholesky factor of a (dim×dim, in place). False if a is not
// positive definite.
bool CholeskyLower(std::vector<double>* a, int dim) {
  std::vector<double>& m = *a;
  for (int j = 0; j < dim; ++j) {
    double s = m[size_t(j) * dim + j];
    for (int k = 0; k < j; ++k) s -= m[size_t(j) * dim + k] * m[size_t(j) * dim + k];
    if (!(s > 0)) return false;
    const double d = std::sqrt(s);
    m[size_t(j) * dim + j] = d;
    for (int i = j + 1; i < dim; ++i) {
      double t = m[size_t(i) * dim + j];
      for (int k = 0; k < j; ++k) t -= m[size_t(i) * dim + k] * m[size_t(j) * dim + k];
      m[size_t(i) * dim + j] = t / d;
    }
    for (int i = 0; i < j; ++i) m[size_t(i) * dim + j] = 0;
  }
  return true;
}

// Solves (L Lᵀ) x = b in place, L from CholeskyLower.
void CholeskySolve(const std::vector<double>& l, int dim, double* b) {
  for (int i = 0; i < dim; ++i) {
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= l[size_t(i) * dim + k] * b[k];
    b[i] = s / l[size_t(i) * dim + i];
  }
  for (int i = dim - 1; i >= 0; --i) {
    double s = b[i];
    for (int k = i + 1; k < dim; ++k) s -= l[size_t(k) * dim + i] * b[k];
    b[i] = s / l[size_t(i) * dim + i];
  }
}

void RoundPlain(const float* x, int dim, float scale, int qmax, int8_t* q) {
  const float lim = float(qmax);
  for (int k = 0; k < dim; ++k) q[k] = static_cast<int8_t>(std::lround(std::clamp(x[k] / scale, -lim, lim)));
}

// Scale of a row as the plain quantiser picks it: the largest magnitude maps
// to qmax.
float RowScale(const float* x, int dim, int qmax) {
  float mx = 0;
  for (int k = 0; k < dim; ++k) mx = std::max(mx, std::fabs(x[k]));
  return mx > 0 ? mx / float(qmax) : 1.0f;
}

void MirrorUpper(int dim, double* h) {
  for (int i = 0; i < dim; ++i)
    for (int j = 0; j < i; ++j) h[size_t(i) * dim + j] = h[size_t(j) * dim + i];
}

double Trace(const double* h, int dim) {
  double t = 0;
  for (int i = 0; i < dim; ++i) t += h[size_t(i) * dim + i];
  return t;
}

}  // namespace

void QuantizeRows(const std::vector<float>& rows, size_t count, int dim, QuantizedRows* out) {
  out->q.resize(count * dim);
  out->scale.resize(count);
  for (size_t r = 0; r < count; ++r) {
    const float* x = &rows[r * dim];
    out->scale[r] = RowScale(x, dim, kQMax);
    RoundPlain(x, dim, out->scale[r], kQMax, &out->q[r * dim]);
  }
}

std::vector<float> Dequantize(const QuantizedRows& rows, size_t count, int dim) {
  std::vector<float> out(count * dim);
  for (size_t r = 0; r < count; ++r)
    for (int k = 0; k < dim; ++k) out[r * dim + k] = float(rows.q[r * dim + k]) * rows.scale[r];
  return out;
}

void RoundCompensated(const float* target, const double* h, int dim, float scale, int qmax, int8_t* q) {
  const double mean_diag = Trace(h, dim) / dim;
  if (!(mean_diag > 0) || !std::isfinite(mean_diag)) return RoundPlain(target, dim, scale, qmax, q);
  // U, the upper Cholesky factor of H⁻¹ (H⁻¹ = Uᵀ U): row i says how an error
  // on coordinate i is best spread over the later coordinates. With P the
  // order reversal and P H P = L Lᵀ, H⁻¹ = (P L⁻ᵀ P)(P L⁻¹ P), so U = P L⁻¹ P:
  // one factorisation and one triangular inverse.
  const size_t n = size_t(dim);
  std::vector<double> a(n * n), inv(n * n, 0.0);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) a[i * n + j] = h[(n - 1 - i) * n + (n - 1 - j)];
  for (size_t i = 0; i < n; ++i) a[i * n + i] += 0.01 * mean_diag;
  if (!CholeskyLower(&a, dim)) return RoundPlain(target, dim, scale, qmax, q);
  for (size_t c = 0; c < n; ++c) {  // column c of L⁻¹, by forward substitution
    inv[c * n + c] = 1.0 / a[c * n + c];
    for (size_t r = c + 1; r < n; ++r) {
      double s = 0;
      for (size_t k = c; k < r; ++k) s += a[r * n + k] * inv[k * n + c];
      inv[r * n + c] = -s / a[r * n + r];
    }
  }
  auto u = [&inv, n](size_t i, size_t j) { return inv[(n - 1 - i) * n + (n - 1 - j)]; };
  std::vector<double> w(target, target + dim);
  const double lim = qmax;
  for (size_t i = 0; i < n; ++i) {
    const double v = double(std::lround(std::clamp(w[i] / scale, -lim, lim)));
    q[i] = static_cast<int8_t>(v);
    const double err = (w[i] - v * scale) / u(i, i);
    for (size_t j = i + 1; j < n; ++j) w[j] -= err * u(i, j);
  }
}

void KeepTopTokens(const float* logits, uint32_t n, int k, float log_norm, std::vector<uint32_t>* order,
                   uint32_t* tok, float* prob) {
  // A strict total order, so the selection is the same whatever the method.
  auto higher = [logits](uint32_t a, uint32_t b) {
    return logits[a] > logits[b] || (logits[a] == logits[b] && a < b);
  };
  // Candidates: the logits at or above a threshold taken from every 16th
  // one (its 2k/16-th best, so about 2k logits pass). If at least k pass,
  // they hold the k best exactly; if not (the sample misled), all are taken.
  constexpr uint32_t kStride = 16;
  const uint32_t rank = 2 * static_cast<uint32_t>(k) / kStride, samples = n / kStride;
  std::vector<uint32_t>& cand = *order;
  cand.resize(n);
  uint32_t count = 0;
  if (rank >= 1 && samples >= 4 * rank) {
    thread_local std::vector<float> sample;
    sample.resize(samples);
    for (uint32_t i = 0; i < samples; ++i) sample[i] = logits[i * kStride];
    std::nth_element(sample.begin(), sample.begin() + (rank - 1), sample.end(), std::greater<float>());
    const float threshold = sample[rank - 1];
    for (uint32_t x = 0; x < n; ++x) {
      cand[count] = x;
      count += logits[x] >= threshold ? 1 : 0;
    }
  }
  if (count < static_cast<uint32_t>(k)) {
    for (uint32_t x = 0; x < n; ++x) cand[x] = x;
    count = n;
  }
  std::nth_element(cand.begin(), cand.begin() + k, cand.begin() + count, higher);
  std::sort(cand.begin(), cand.begin() + k, higher);
  for (int j = 0; j < k; ++j) {
    tok[j] = cand[j];
    prob[j] = logits[cand[j]] + log_norm;
  }
  train::ActiveTrainKernels().exp_row(prob, k, prob);
}

void QuantizeOutputRowsCompensated(const std::vector<float>& eout, uint32_t vocab, int dim,
                                   const std::vector<float>& ctx, const std::vector<double>& ctx_count,
                                   const TopTokens& top, int threads, QuantizedRows* out) {
  const size_t n_ctx = ctx_count.size();
  const size_t dd = size_t(dim) * dim;
  // Every context's weight (n_c + 1) in one global matrix, in context order.
  std::vector<double> global(dd, 0.0);
  const train::TrainKernels& k = train::ActiveTrainKernels();
  for (size_t c = 0; c < n_ctx; ++c) k.add_outer_upper(ctx_count[c] + 1, &ctx[c * dim], dim, global.data());
  MirrorUpper(dim, global.data());
  const double global_trace = Trace(global.data(), dim);
  // The contexts that rank each token among their top ones, in context order.
  std::vector<uint32_t> begin(vocab + 1, 0);
  for (uint32_t t : top.token) ++begin[t + 1];
  for (uint32_t t = 0; t < vocab; ++t) begin[t + 1] += begin[t];
  std::vector<uint32_t> fill(begin.begin(), begin.end() - 1), who(top.token.size());
  std::vector<float> weight(top.token.size());
  for (size_t c = 0; c < n_ctx; ++c)
    for (int j = 0; j < top.k; ++j) {
      const size_t e = c * top.k + j;
      const uint32_t slot = fill[top.token[e]]++;
      who[slot] = static_cast<uint32_t>(c);
      weight[slot] = static_cast<float>((ctx_count[c] + 1) * top.prob[e]);
    }
  out->q.resize(size_t{vocab} * dim);
  out->scale.resize(vocab);
  ParallelFor(threads, vocab, [&](int, size_t lo, size_t hi) {
    std::vector<double> h(dd);
    for (size_t x = lo; x < hi; ++x) {
      std::fill(h.begin(), h.end(), 0.0);
      for (uint32_t e = begin[x]; e < begin[x + 1]; ++e)
        k.add_outer_upper(weight[e], &ctx[size_t{who[e]} * dim], dim, h.data());
      MirrorUpper(dim, h.data());
      const double tr = Trace(h.data(), dim);
      for (size_t i = 0; i < dd; ++i) h[i] = (tr > 0 ? h[i] / tr : 0.0) + 0.1 * global[i] / global_trace;
      const float* row = &eout[x * dim];
      const float scale = RowScale(row, dim, kQMax);
      out->scale[x] = scale;
      RoundCompensated(row, h.data(), dim, scale, kQMax, &out->q[x * dim]);
    }
  });
}

void QuantizeContextRowsCompensated(const std::vector<float>& ctx, uint32_t count, int dim,
                                    const std::vector<float>& eout, const std::vector<float>& eout_q,
                                    const TopTokens& top, int threads, QuantizedRows* out) {
  const size_t dd = size_t(dim) * dim;
  const train::TrainKernels& kernels = train::ActiveTrainKernels();
  out->q.resize(size_t{count} * dim);
  out->scale.resize(count);
  ParallelFor(threads, count, [&](int, size_t lo, size_t hi) {
    std::vector<double> h(dd), l(dd), g(dim), mean(dim), t(top.k);
    std::vector<float> a(dim), y(dim);
    for (size_t c = lo; c < hi; ++c) {
      const float* row = &ctx[c * dim];
      const uint32_t* tok = top.token.data() + c * top.k;
      const float* prob = top.prob.data() + c * top.k;
      // Weighted least squares over the top tokens: the float logits t_j
      // against the quantised output rows, up to a constant (a shift of every
      // logit cancels in the normaliser), hence the centring.
      double mass = 0, mean_t = 0;
      std::fill(mean.begin(), mean.end(), 0.0);
      for (int j = 0; j < top.k; ++j) {
        const float* oq = &eout_q[size_t{tok[j]} * dim];
        t[j] = train::Dot(row, &eout[size_t{tok[j]} * dim], dim);
        mass += prob[j];
        mean_t += prob[j] * t[j];
        for (int k = 0; k < dim; ++k) mean[k] += prob[j] * oq[k];
      }
      if (!(mass > 0)) mass = 1;
      mean_t /= mass;
      for (double& m : mean) m /= mass;
      std::fill(h.begin(), h.end(), 0.0);
      std::fill(g.begin(), g.end(), 0.0);
      for (int j = 0; j < top.k; ++j) {
        const float* oq = &eout_q[size_t{tok[j]} * dim];
        const double p = prob[j] / mass;
        for (int k = 0; k < dim; ++k) a[k] = static_cast<float>(oq[k] - mean[k]);
        kernels.add_outer_upper(p, a.data(), dim, h.data());
        for (int k = 0; k < dim; ++k) g[k] += p * a[k] * (t[j] - mean_t);
      }
      MirrorUpper(dim, h.data());
      // Ridge towards the float row: directions the top tokens do not pin
      // down keep their float values.
      const double ridge = 0.1 * Trace(h.data(), dim) / dim;
      for (int k = 0; k < dim; ++k) {
        h[size_t(k) * dim + k] += ridge;
        g[k] += ridge * row[k];
      }
      l = h;
      const float* target = row;
      if (ridge > 0 && CholeskyLower(&l, dim)) {
        CholeskySolve(l, dim, g.data());
        for (int k = 0; k < dim; ++k) y[k] = static_cast<float>(g[k]);
        target = y.data();
      }
      const float scale = RowScale(target, dim, kQMax);
      out->scale[c] = scale;
      RoundCompensated(target, h.data(), dim, scale, kQMax, &out->q[c * dim]);
    }
  });
}

}  // namespace kma::build
