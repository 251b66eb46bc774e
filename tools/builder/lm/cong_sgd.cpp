#include "tools/builder/lm/cong_sgd.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "tools/builder/lm/packed_rows.h"
#include "tools/builder/lm/train_kernels.h"
#include "tools/builder/lm/train_math.h"
#include "tools/builder/step_clock.h"

namespace kma::build {
namespace {

using namespace train;

float Uniform(uint64_t* s, float lo, float hi) {
  return lo + (hi - lo) * static_cast<float>((SplitMix(s) >> 40) * (1.0 / 16777216.0));
}

// Row-wise Adagrad: w -= lr * g / sqrt(G), G accumulating the mean squared
// gradient of the row. Scale-free, so one step per epoch on a summed gradient
// behaves the same for a context seen twice and one seen 10,000 times, and
// the steps shrink as the row settles. `clip` caps the L2 norm of a step.
void SparseStep(const float* g, float* w, int n, float lr, float clip, float* acc) {
  double norm2 = 0;
  for (int i = 0; i < n; ++i) norm2 += double(g[i]) * g[i];
  *acc += static_cast<float>(norm2 / n);
  float scale = lr / (std::sqrt(*acc) + 1e-6f);
  const double step = scale * std::sqrt(norm2);
  if (step > clip) scale = static_cast<float>(clip / std::sqrt(norm2));
  for (int i = 0; i < n; ++i) w[i] -= scale * g[i];
}

// Adam state over a flat parameter array.
struct Adam {
  std::vector<float> m, v;
  void Init(size_t n) { m.assign(n, 0.0f), v.assign(n, 0.0f); }
};

constexpr float kBeta1 = 0.9f, kBeta2 = 0.999f, kAdamEps = 1e-8f;
// Parameters per work item of the Adam steps and rows per logits item.
constexpr size_t kAdamChunk = 1 << 16, kLogitChunkPanels = 32;

// One training run: optimiser state and scratch of every batch. A batch is
// processed in passes over all its contexts (logits, output gradients, row
// gradients), each pass split into independent items for the pool, so
// nothing depends on which thread runs what.
class CongSgd {
 public:
  CongSgd(const CongTrainOptions& o, const ContextTrie& trie, const CongExamples& ex,
          const CongTeacher* teacher, CongParams* p, ThreadPool* pool);
  // One epoch over the active contexts in a random order; returns the
  // training perplexity.
  double Epoch(uint64_t* rng);

 private:
  void Logits(size_t nb);
  // Turns row j of the logits into d loss / d logits; returns its loss.
  double OutputGradient(size_t worker, uint32_t c, float inv, float* row);
  // d_out_, d_bias_ and dv_ from the output gradients of nb contexts.
  void RowGradients(size_t nb);
  // Back through the composition and the row steps of contexts
  // order[b0, b0 + nb).
  void BackCompose(const std::vector<uint32_t>& order, size_t b0, size_t nb, double btok);
  void DenseSteps(float lr_t);

  const CongTrainOptions& o_;
  const ContextTrie& trie_;
  const CongExamples& ex_;
  const CongTeacher* teacher_;
  CongParams& p_;
  ThreadPool& pool_;
  const TrainKernels& k_;
  const int D_;
  const uint32_t vocab_;
  const size_t ld_;  // row stride of the logits: the vocabulary rounded up to panels
  Adam a_eout_, a_bias_, a_cmat_;
  float beta1_t_ = 1.0f, beta2_t_ = 1.0f;  // beta^step, for the bias correction
  std::vector<float> acc_res_, acc_ein_;
  PackedRows rows_;  // e_out and b as the logits kernel reads them
  std::vector<float> logits_, d_out_, d_bias_, gv_part_;
  std::vector<std::vector<float>> teacher_rows_, work_;  // per worker
  std::vector<double> loss_;                             // per context of the batch
  std::vector<float> dv_, vbuf_, d_ein_, d_cmat_, d_res_;
  std::vector<uint8_t> ein_touched_;
};

CongSgd::CongSgd(const CongTrainOptions& o, const ContextTrie& trie, const CongExamples& ex,
                 const CongTeacher* teacher, CongParams* p, ThreadPool* pool)
    : o_(o),
      trie_(trie),
      ex_(ex),
      teacher_(teacher),
      p_(*p),
      pool_(*pool),
      k_(ActiveTrainKernels()),
      D_(o.dim),
      vocab_(p->vocab),
      ld_(PanelFloats(p->vocab, 1)) {
  const size_t vd = size_t{vocab_} * D_, nb = size_t(o.batch_contexts);
  a_eout_.Init(p_.eout.size());
  a_bias_.Init(p_.bias.size());
  a_cmat_.Init(p_.cmat.size());
  acc_res_.assign(trie.size(), 0.0f);
  acc_ein_.assign(vocab_, 0.0f);
  logits_.resize(nb * ld_);
  d_out_.resize(vd);
  d_bias_.resize(vocab_);
  gv_part_.resize((vocab_ + kGradChunkRows - 1) / kGradChunkRows * nb * D_);
  teacher_rows_.assign(pool_.size(), std::vector<float>(vocab_));
  work_.assign(pool_.size(), std::vector<float>(GradRowsWorkFloats(nb)));
  loss_.resize(nb);
  dv_.resize(nb * D_);
  vbuf_.resize(nb * D_);
  d_ein_.assign(vd, 0.0f);
  d_cmat_.resize(p_.cmat.size());
  d_res_.resize(D_);
  ein_touched_.assign(vocab_, 0);
}

void CongSgd::Logits(size_t nb) {
  rows_.Pack(p_.eout.data(), vocab_, D_, p_.bias.data());
  const size_t panels = rows_.panels(), items = (panels + kLogitChunkPanels - 1) / kLogitChunkPanels;
  pool_.Run(items, [&](size_t, size_t i) {
    const size_t p0 = i * kLogitChunkPanels;
    rows_.Logits(k_, vbuf_.data(), nb, D_, p0, std::min(panels, p0 + kLogitChunkPanels), logits_.data());
  });
}

double CongSgd::OutputGradient(size_t worker, uint32_t c, float inv, float* row) {
  const float mx = k_.row_max(row, vocab_);
  double loss = 0;
  // The loss needs the observed logits, before the row becomes exp(l - mx).
  for (uint32_t e = ex_.begin[c]; e < ex_.begin[c + 1]; ++e)
    loss -= double(ex_.cnt[e]) * double(row[ex_.tok[e]]);
  double z = 0;
  k_.exp_sum(row, vocab_, mx, nullptr, row, &z, nullptr);
  const double logz = mx + LogD(z);
  loss += ex_.total[c] * logz;
  // Target: the observed continuations, mixed with the teacher. A context
  // seen often keeps more of its own evidence: w_c = teacher_weight * prior
  // / (n_c + prior) when prior > 0. The model's share of the gradient is
  // n/btok * softmax = (n/btok / z) * exp(l - mx).
  const float n = static_cast<float>(ex_.total[c]);
  const float w_teach = o_.teacher_prior > 0 ? o_.teacher_weight * o_.teacher_prior / (n + o_.teacher_prior)
                                             : o_.teacher_weight;
  const float w_obs = 1.0f - w_teach;
  const float scale = static_cast<float>(double(n * inv) / z);
  if (w_teach > 0) {
    float* t = teacher_rows_[worker].data();
    teacher_->Distribution(c, t);
    k_.scale_sub(row, vocab_, scale, t, teacher_->log_domain(), w_teach * n * inv, row);
  } else {
    k_.scale_sub(row, vocab_, scale, nullptr, false, 0.0f, row);
  }
  for (uint32_t e = ex_.begin[c]; e < ex_.begin[c + 1]; ++e)
    row[ex_.tok[e]] -= w_obs * float(ex_.cnt[e]) * inv;
  return loss;
}

void CongSgd::RowGradients(size_t nb) {
  const size_t chunks = (vocab_ + kGradChunkRows - 1) / kGradChunkRows, part = nb * D_;
  pool_.Run(chunks, [&](size_t worker, size_t i) {
    const size_t x0 = i * kGradChunkRows, x1 = std::min<size_t>(vocab_, x0 + kGradChunkRows);
    k_.grad_rows(logits_.data(), ld_, nb, vbuf_.data(), p_.eout.data(), D_, x0, x1, d_out_.data(),
                 d_bias_.data(), &gv_part_[i * part], work_[worker].data());
  });
  // The chunks' sums in chunk order.
  std::fill(dv_.begin(), dv_.begin() + part, 0.0f);
  for (size_t i = 0; i < chunks; ++i)
    for (size_t e = 0; e < part; ++e) dv_[e] += gv_part_[i * part + e];
}

void CongSgd::BackCompose(const std::vector<uint32_t>& order, size_t b0, size_t nb, double btok) {
  const int D = D_;
  std::fill(d_cmat_.begin(), d_cmat_.end(), 0.0f);
  std::vector<uint32_t> touched;
  for (size_t j = 0; j < nb; ++j) {
    const uint32_t c = order[b0 + j];
    const float* g_v = &dv_[j * D];
    uint32_t node = c;
    for (int k = 0; k < trie_.depth[c]; ++k, node = trie_.parent[node]) {
      const uint32_t w = trie_.key[node];
      const float* e = &p_.ein[size_t{w} * D];
      float* dck = &d_cmat_[size_t(k) * D * D];
      const float* ck = &p_.cmat[size_t(k) * D * D];
      float* de = &d_ein_[size_t{w} * D];
      if (!ein_touched_[w]) {
        ein_touched_[w] = 1;
        touched.push_back(w);
      }
      for (int i = 0; i < D; ++i)
        for (int q = 0; q < D; ++q) {
          dck[size_t(i) * D + q] += g_v[i] * e[q];
          de[q] += g_v[i] * ck[size_t(i) * D + q];
        }
    }
    // Sparse rows see one step per epoch: row-wise Adagrad on the summed
    // gradient (what per-token steps would add up to).
    for (uint32_t node = c;; node = trie_.suffix[node]) {
      float* r = &p_.res[size_t{node} * D];
      for (int i = 0; i < D; ++i) d_res_[i] = g_v[i] * float(btok) + o_.residual_l2 * r[i];
      SparseStep(d_res_.data(), r, D, o_.sparse_learning_rate, o_.sparse_clip, &acc_res_[node]);
      if (node == 0) break;
    }
  }
  std::sort(touched.begin(), touched.end());
  for (uint32_t w : touched) {
    float* g = &d_ein_[size_t{w} * D];
    for (int i = 0; i < D; ++i) g[i] *= float(btok);
    SparseStep(g, &p_.ein[size_t{w} * D], D, o_.sparse_learning_rate, o_.sparse_clip, &acc_ein_[w]);
    std::fill(g, g + D, 0.0f);
    ein_touched_[w] = 0;
  }
}

void CongSgd::DenseSteps(float lr_t) {
  k_.adam(p_.cmat.data(), a_cmat_.m.data(), a_cmat_.v.data(), d_cmat_.data(), p_.cmat.size(), lr_t, kBeta1,
          kBeta2, kAdamEps);
  const size_t n = p_.eout.size(), items = (n + kAdamChunk - 1) / kAdamChunk;
  pool_.Run(items + 1, [&](size_t, size_t i) {
    if (i == items) {
      k_.adam(p_.bias.data(), a_bias_.m.data(), a_bias_.v.data(), d_bias_.data(), vocab_, lr_t, kBeta1,
              kBeta2, kAdamEps);
      return;
    }
    const size_t b = i * kAdamChunk, len = std::min(kAdamChunk, n - b);
    k_.adam(&p_.eout[b], &a_eout_.m[b], &a_eout_.v[b], &d_out_[b], len, lr_t, kBeta1, kBeta2, kAdamEps);
  });
}

double CongSgd::Epoch(uint64_t* rng) {
  std::vector<uint32_t> order = ex_.active;
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[SplitMix(rng) % i]);
  double epoch_loss = 0, epoch_tokens = 0;
  for (size_t b0 = 0; b0 < order.size(); b0 += o_.batch_contexts) {
    const size_t nb = std::min(order.size() - b0, size_t(o_.batch_contexts));
    double btok = 0;
    for (size_t j = 0; j < nb; ++j) btok += ex_.total[order[b0 + j]];
    const float inv = static_cast<float>(1.0 / btok);
    for (size_t j = 0; j < nb; ++j) p_.Compose(trie_, order[b0 + j], &vbuf_[j * D_]);
    Logits(nb);
    pool_.Run(nb, [&](size_t worker, size_t j) {
      loss_[j] = OutputGradient(worker, order[b0 + j], inv, &logits_[j * ld_]);
    });
    for (size_t j = 0; j < nb; ++j) epoch_loss += loss_[j];
    epoch_tokens += btok;
    RowGradients(nb);
    BackCompose(order, b0, nb, btok);
    beta1_t_ *= kBeta1;
    beta2_t_ *= kBeta2;
    DenseSteps(o_.learning_rate * std::sqrt(1.0f - beta2_t_) / (1.0f - beta1_t_));
  }
  return std::exp(epoch_loss / epoch_tokens);
}

}  // namespace

void CongParams::Init(const std::vector<std::vector<uint32_t>>& seqs, const CongExamples& ex,
                      uint32_t vocab_size, uint32_t contexts, int dimension, int context_len, uint64_t* rng) {
  dim = dimension;
  max_len = context_len;
  vocab = vocab_size;
  const int D = dim, L = max_len;
  ein.resize(size_t{vocab} * D);
  eout.resize(size_t{vocab} * D);
  bias.resize(vocab);
  cmat.assign(size_t(L) * D * D, 0.0f);
  res.assign(size_t{contexts} * D, 0.0f);
  for (float& w : ein) w = Uniform(rng, -0.1f, 0.1f);
  for (float& w : eout) w = Uniform(rng, -0.1f, 0.1f);
  std::vector<double> uni(vocab, 0.0);
  for (const auto& s : seqs)
    for (size_t i = 1; i < s.size(); ++i) uni[s[i]] += 1;
  const double total = double(ex.pairs.size());
  for (uint32_t t = 0; t < vocab; ++t)
    bias[t] = static_cast<float>(LogD((uni[t] + 0.1) / (total + 0.1 * vocab)));
  for (int k = 0; k < L; ++k)
    for (int i = 0; i < D; ++i) cmat[(size_t(k) * D + i) * D + i] = 1.0f / float(k + 1);
}

void CongParams::Compose(const ContextTrie& trie, uint32_t c, float* v) const {
  const int D = dim;
  std::memcpy(v, &res[0], D * sizeof(float));
  for (uint32_t node = c; node != 0; node = trie.suffix[node])
    for (int i = 0; i < D; ++i) v[i] += res[size_t{node} * D + i];
  uint32_t node = c;
  for (int k = 0; k < trie.depth[c]; ++k, node = trie.parent[node]) {
    const float* e = &ein[size_t{trie.key[node]} * D];
    const float* ck = &cmat[size_t(k) * D * D];
    for (int i = 0; i < D; ++i) v[i] += Dot(ck + size_t(i) * D, e, D);
  }
}

double TrainCongEpochs(const CongTrainOptions& o, const ContextTrie& trie, const CongExamples& ex,
                       const CongTeacher* teacher, CongParams* params, ThreadPool* pool, uint64_t* rng) {
  CongSgd sgd(o, trie, ex, teacher, params, pool);
  double ppl = 0;
  StepClock clock;
  for (int epoch = 0; epoch < o.epochs; ++epoch) {
    ppl = sgd.Epoch(rng);
    if (o.log)
      o.log("cong: epoch " + std::to_string(epoch + 1) + "/" + std::to_string(o.epochs) +
            ", training perplexity " + std::to_string(ppl) + " (" + clock.Lap() + ")");
  }
  return ppl;
}

}  // namespace kma::build
