// Error-compensating rounding of the CoNg embedding rows.
//
// Plain rounding makes every stored value as close as possible to its float
// value, but what the analyzer needs close are the log-probabilities, i.e.
// the dot products of context rows with output rows. Here each row is rounded
// to minimise a weighted error of those dot products instead
// (optimal-brain-quantisation / GPTQ style): for a row x and a positive
// semi-definite matrix H that says which directions the row's dot products
// are sensitive to, the coordinates are rounded one at a time and each
// coordinate's rounding error is pushed onto the coordinates not yet rounded
// so that (x̂ − x)ᵀ H (x̂ − x) stays small.
//
//   output row x:  H = Σ_c (n_c + 1) p(x|c) c cᵀ over the contexts that rank x
//                  among their top tokens, plus a tenth of the same sum over
//                  every context (so rarely predicted tokens are still sane).
//   context row c: the row is first moved to the least-squares fit of its
//                  float logits over its top tokens given the already
//                  quantised output rows (so it also absorbs their errors),
//                  with a ridge towards the float row, then rounded with the
//                  H of that fit.
//
// On the bundled setup this cuts the root-mean-square error of the
// log-probabilities (weighted by the float model's own distribution) by
// about 40% against plain rounding (docs/ACCURACY.md, "Language
// models": int8 against float rows). Every step is per row, so the result
// does not depend on the number of threads.
#ifndef KMA_TOOLS_BUILDER_LM_CONG_ROUNDING_H_
#define KMA_TOOLS_BUILDER_LM_CONG_ROUNDING_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kma::build {

// Rows quantised to int8 with one scale per row: row r stands for
// q[r * dim + k] * scale[r].
struct QuantizedRows {
  std::vector<int8_t> q;
  std::vector<float> scale;
};

// Largest stored magnitude: rows are symmetric, scale = max |x| / kQMax.
inline constexpr int kQMax = 127;

// Plain rounding: every value to its nearest step.
void QuantizeRows(const std::vector<float>& rows, size_t count, int dim, QuantizedRows* out);
// The float values of quantised rows (q * scale).
std::vector<float> Dequantize(const QuantizedRows& rows, size_t count, int dim);

// Rounds target[0..dim) to q[k] * scale with q[k] in [-qmax, qmax],
// minimising (x̂ − x)ᵀ H (x̂ − x) greedily in coordinate order. h is dim×dim,
// row-major, symmetric; it is damped by 1% of its mean diagonal. Falls back
// to plain rounding if H is unusable.
void RoundCompensated(const float* target, const double* h, int dim, float scale, int qmax, int8_t* q);

// The top tokens of every context under the float model, with their
// probabilities: entries [c * k, (c + 1) * k) belong to context c.
struct TopTokens {
  int k = 0;
  std::vector<uint32_t> token;
  std::vector<float> prob;
};

// Number of top tokens kept per context.
inline constexpr int kRoundingTopTokens = 256;

// Writes the k highest of logits[0..n) (k <= n; ties: lower index first),
// best first: tok[j] their indices, prob[j] = exp(logit + log_norm) with
// log_norm the row's -log Z. `order` is scratch space.
void KeepTopTokens(const float* logits, uint32_t n, int k, float log_norm, std::vector<uint32_t>* order,
                   uint32_t* tok, float* prob);

// Output rows (vocab × dim) quantised with per-token compensation; ctx are
// the float context rows and ctx_count[c] how often context c was the
// longest match in training.
void QuantizeOutputRowsCompensated(const std::vector<float>& eout, uint32_t vocab, int dim,
                                   const std::vector<float>& ctx, const std::vector<double>& ctx_count,
                                   const TopTokens& top, int threads, QuantizedRows* out);

// Context rows (count × dim) quantised against the quantised output rows
// eout_q, with the float output rows eout giving the logits to match.
void QuantizeContextRowsCompensated(const std::vector<float>& ctx, uint32_t count, int dim,
                                    const std::vector<float>& eout, const std::vector<float>& eout_q,
                                    const TopTokens& top, int threads, QuantizedRows* out);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_ROUNDING_H_
