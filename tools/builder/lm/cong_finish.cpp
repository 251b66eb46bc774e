#include "tools/builder/lm/cong_finish.h"

#include <algorithm>
#include <cmath>

#include "tools/builder/lm/packed_rows.h"
#include "tools/builder/lm/train_kernels.h"
#include "tools/builder/lm/train_math.h"

namespace kma::build {
namespace {

using namespace train;

// Rotates both embedding spaces by the same orthogonal matrix (random signs,
// then a normalised Walsh-Hadamard transform): every dot product is
// unchanged, but a row's mass is spread over all coordinates, so an outlier
// no longer sets the int8 step of its whole row. dim must be a power of two.
void Rotate(uint64_t seed, int dim, std::vector<float>* ctx, std::vector<float>* eout) {
  const int D = dim;
  std::vector<float> sign(D);
  uint64_t rs = seed ^ 0x5EED0F0A7A7E5ull;
  for (int k = 0; k < D; ++k) sign[k] = (SplitMix(&rs) & 1) ? -1.0f : 1.0f;
  const float norm = 1.0f / std::sqrt(float(D));
  for (std::vector<float>* rows : {ctx, eout}) {
    for (size_t r = 0; r < rows->size() / D; ++r) {
      float* x = &(*rows)[r * D];
      for (int k = 0; k < D; ++k) x[k] *= sign[k];
      for (int h = 1; h < D; h *= 2)
        for (int i = 0; i < D; i += 2 * h)
          for (int j = i; j < i + h; ++j) {
            const float a = x[j], b = x[j + h];
            x[j] = a + b;
            x[j + h] = a - b;
          }
      for (int k = 0; k < D; ++k) x[k] *= norm;
    }
  }
}

// -log Z of every context row against the output rows; with a content mask,
// also the log content mass; with `top`, the top tokens of every context.
void Normalisers(ThreadPool* pool, int dim, const std::vector<float>& crows, const std::vector<float>& orows,
                 const std::vector<float>& bias, const std::vector<uint8_t>& content, std::vector<float>* z,
                 std::vector<float>* content_mass, TopTokens* top) {
  const TrainKernels& k = ActiveTrainKernels();
  const uint32_t vocab = static_cast<uint32_t>(bias.size());
  const size_t n = crows.size() / dim;
  const bool global = !content.empty();
  z->resize(n);
  if (global) content_mass->resize(n);
  const PackedRows rows(orows.data(), vocab, dim, bias.data());
  std::vector<std::vector<uint32_t>> order(pool->size());
  ForEachLogitRow(pool, rows, crows.data(), n, dim, [&](size_t worker, size_t c, const float* row) {
    const float mx = k.row_max(row, vocab);
    double zs = 0, zv = 0;
    k.exp_sum(row, vocab, mx, global ? content.data() : nullptr, nullptr, &zs, &zv);
    (*z)[c] = -(mx + static_cast<float>(LogD(zs)));
    if (global) (*content_mass)[c] = static_cast<float>(std::min(0.0, LogD(std::max(zv, 1e-30) / zs)));
    if (top != nullptr)
      KeepTopTokens(row, vocab, top->k, (*z)[c], &order[worker], &top->token[c * top->k],
                    &top->prob[c * top->k]);
  });
}

}  // namespace

void FinishCong(const CongTrainOptions& o, const ContextTrie& trie, const CongExamples& ex,
                const std::vector<uint8_t>& content, CongParams* params, ThreadPool* pool,
                CongLocalModel* out) {
  const int D = o.dim;
  const uint32_t N = trie.size(), vocab = params->vocab;
  out->vocab = vocab;
  out->nodes = N;
  out->dim = D;
  out->ctx.resize(size_t{N} * D);
  for (uint32_t c = 0; c < N; ++c) params->Compose(trie, c, &out->ctx[size_t{c} * D]);
  out->eout = std::move(params->eout);
  out->out_bias = std::move(params->bias);
  if (o.rotate && (D & (D - 1)) == 0) Rotate(o.seed, D, &out->ctx, &out->eout);
  // Float pass: Z, the content mass and the top tokens that the
  // compensating rounding weighs.
  TopTokens top;
  if (o.compensated_rounding) {
    top.k = static_cast<int>(std::min<uint32_t>(kRoundingTopTokens, vocab));
    top.token.resize(size_t{N} * top.k);
    top.prob.resize(size_t{N} * top.k);
  }
  Normalisers(pool, D, out->ctx, out->eout, out->out_bias, content, &out->z_f, &out->content_f,
              o.compensated_rounding ? &top : nullptr);
  if (o.compensated_rounding) {
    QuantizeOutputRowsCompensated(out->eout, vocab, D, out->ctx, ex.total, top, o.threads, &out->eout_rows);
    const std::vector<float> eout_deq = Dequantize(out->eout_rows, vocab, D);
    QuantizeContextRowsCompensated(out->ctx, N, D, out->eout, eout_deq, top, o.threads, &out->ctx_rows);
  } else {
    QuantizeRows(out->ctx, N, D, &out->ctx_rows);
    QuantizeRows(out->eout, vocab, D, &out->eout_rows);
  }
  out->ctx_q = Dequantize(out->ctx_rows, N, D);
  out->eout_q = Dequantize(out->eout_rows, vocab, D);
  Normalisers(pool, D, out->ctx_q, out->eout_q, out->out_bias, content, &out->z_q, &out->content_q, nullptr);
}

}  // namespace kma::build
