#include "tools/builder/lm/cong_sgd.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "tools/builder/lm/train_math.h"

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
  void Step(float* w, const float* g, size_t n, float lr_t) {
    constexpr float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
    for (size_t i = 0; i < n; ++i) {
      m[i] = b1 * m[i] + (1 - b1) * g[i];
      v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
      w[i] -= lr_t * m[i] / (std::sqrt(v[i]) + eps);
    }
  }
};

// One training run: optimiser state and scratch of every batch.
class CongSgd {
 public:
  CongSgd(const CongTrainOptions& o, const ContextTrie& trie, const CongExamples& ex,
          const CongTeacher* teacher, CongParams* p);
  // One epoch over the active contexts in a random order; returns the
  // training perplexity.
  double Epoch(uint64_t* rng);

 private:
  // Output-layer gradients of contexts order[b0, b0 + nb): into d_out_[0],
  // d_bias_[0] and dv_; the batch's loss is added to *loss.
  void OutputLayer(const std::vector<uint32_t>& order, size_t b0, size_t nb, float inv, double* loss);
  // The output gradient of one context (thread t), its v in `v`, d loss / d v
  // into g_v; its loss is added to *loss.
  void ContextGradient(int t, uint32_t c, const float* v, float inv, float* g_v, double* loss);
  // Back through the composition and the row steps of contexts
  // order[b0, b0 + nb).
  void BackCompose(const std::vector<uint32_t>& order, size_t b0, size_t nb, double btok);

  const CongTrainOptions& o_;
  const ContextTrie& trie_;
  const CongExamples& ex_;
  const CongTeacher* teacher_;
  CongParams& p_;
  const int D_, T_;
  const uint32_t vocab_;
  Adam a_eout_, a_bias_, a_cmat_;
  std::vector<float> acc_res_, acc_ein_;
  std::vector<std::vector<float>> d_out_, d_bias_, logits_, target_;
  std::vector<float> dv_, vbuf_, d_ein_, d_cmat_, d_res_;
  std::vector<uint8_t> ein_touched_;
  std::vector<double> loss_t_;
  long step_ = 0;
};

CongSgd::CongSgd(const CongTrainOptions& o, const ContextTrie& trie, const CongExamples& ex,
                 const CongTeacher* teacher, CongParams* p)
    : o_(o), trie_(trie), ex_(ex), teacher_(teacher), p_(*p), D_(o.dim), T_(o.threads), vocab_(p->vocab) {
  const size_t vd = size_t{vocab_} * D_;
  a_eout_.Init(p_.eout.size());
  a_bias_.Init(p_.bias.size());
  a_cmat_.Init(p_.cmat.size());
  acc_res_.assign(trie.size(), 0.0f);
  acc_ein_.assign(vocab_, 0.0f);
  d_out_.assign(T_, std::vector<float>(vd));
  d_bias_.assign(T_, std::vector<float>(vocab_));
  logits_.assign(T_, std::vector<float>(vocab_));
  target_.assign(T_, std::vector<float>(vocab_));
  dv_.resize(size_t(o.batch_contexts) * D_);
  vbuf_.resize(size_t(o.batch_contexts) * D_);
  d_ein_.assign(vd, 0.0f);
  d_cmat_.resize(p_.cmat.size());
  d_res_.resize(D_);
  ein_touched_.assign(vocab_, 0);
  loss_t_.resize(T_);
}

void CongSgd::ContextGradient(int t, uint32_t c, const float* v, float inv, float* g_v, double* loss) {
  const int D = D_;
  const uint32_t vocab = vocab_;
  float* lg = logits_[t].data();
  std::fill(g_v, g_v + D, 0.0f);
  Logits(v, p_.eout.data(), p_.bias.data(), vocab, D, lg);
  float mx = *std::max_element(lg, lg + vocab);
  double z = 0;
  for (uint32_t x = 0; x < vocab; ++x) z += std::exp(double(lg[x] - mx));
  const float logz = mx + static_cast<float>(std::log(z));
  const float n = static_cast<float>(ex_.total[c]);
  for (uint32_t e = ex_.begin[c]; e < ex_.begin[c + 1]; ++e)
    *loss -= double(ex_.cnt[e]) * (double(lg[ex_.tok[e]]) - logz);
  for (uint32_t x = 0; x < vocab; ++x) lg[x] = n * std::exp(lg[x] - logz) * inv;  // now gradient
  // Target: the observed continuations, mixed with the teacher. A context
  // seen often keeps more of its own evidence: w_c = teacher_weight * prior
  // / (n_c + prior) when prior > 0.
  const float w_teach = o_.teacher_prior > 0 ? o_.teacher_weight * o_.teacher_prior / (n + o_.teacher_prior)
                                             : o_.teacher_weight;
  const float w_obs = 1.0f - w_teach;
  for (uint32_t e = ex_.begin[c]; e < ex_.begin[c + 1]; ++e)
    lg[ex_.tok[e]] -= w_obs * float(ex_.cnt[e]) * inv;
  if (w_teach > 0) {
    float* tg = target_[t].data();
    teacher_->Distribution(c, tg);
    if (teacher_->log_domain())
      for (uint32_t x = 0; x < vocab; ++x) tg[x] = std::exp(tg[x]);
    const float w = w_teach * n * inv;
    for (uint32_t x = 0; x < vocab; ++x) lg[x] -= w * tg[x];
  }
  for (uint32_t x = 0; x < vocab; ++x) {
    const float g = lg[x];
    Axpy(g, v, &d_out_[t][size_t{x} * D], D);
    d_bias_[t][x] += g;
    Axpy(g, &p_.eout[size_t{x} * D], g_v, D);
  }
}

void CongSgd::OutputLayer(const std::vector<uint32_t>& order, size_t b0, size_t nb, float inv, double* loss) {
  ParallelFor(T_, nb, [&](int t, size_t lo, size_t hi) {
    std::fill(d_out_[t].begin(), d_out_[t].end(), 0.0f);
    std::fill(d_bias_[t].begin(), d_bias_[t].end(), 0.0f);
    double thread_loss = 0;
    for (size_t j = lo; j < hi; ++j)
      ContextGradient(t, order[b0 + j], &vbuf_[j * D_], inv, &dv_[j * D_], &thread_loss);
    loss_t_[t] = thread_loss;
  });
  for (int t = 0; t < T_; ++t) *loss += loss_t_[t];
  for (int t = 1; t < T_; ++t) {
    for (size_t i = 0; i < d_out_[0].size(); ++i) d_out_[0][i] += d_out_[t][i];
    for (uint32_t x = 0; x < vocab_; ++x) d_bias_[0][x] += d_bias_[t][x];
  }
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
      for (int i = 0; i < D; ++i) {
        Axpy(g_v[i], e, dck + size_t(i) * D, D);
        Axpy(g_v[i], ck + size_t(i) * D, de, D);
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

double CongSgd::Epoch(uint64_t* rng) {
  std::vector<uint32_t> order = ex_.active;
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[SplitMix(rng) % i]);
  double epoch_loss = 0, epoch_tokens = 0;
  for (size_t b0 = 0; b0 < order.size(); b0 += o_.batch_contexts) {
    const size_t nb = std::min(order.size() - b0, size_t(o_.batch_contexts));
    double btok = 0;
    for (size_t j = 0; j < nb; ++j) btok += ex_.total[order[b0 + j]];
    for (size_t j = 0; j < nb; ++j) p_.Compose(trie_, order[b0 + j], &vbuf_[j * D_]);
    OutputLayer(order, b0, nb, static_cast<float>(1.0 / btok), &epoch_loss);
    epoch_tokens += btok;
    ++step_;
    const float lr_t = o_.learning_rate * std::sqrt(1.0f - std::pow(0.999f, float(step_))) /
                       (1.0f - std::pow(0.9f, float(step_)));
    BackCompose(order, b0, nb, btok);
    a_cmat_.Step(p_.cmat.data(), d_cmat_.data(), p_.cmat.size(), lr_t);
    a_eout_.Step(p_.eout.data(), d_out_[0].data(), p_.eout.size(), lr_t);
    a_bias_.Step(p_.bias.data(), d_bias_[0].data(), vocab_, lr_t);
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
    bias[t] = static_cast<float>(std::log((uni[t] + 0.1) / (total + 0.1 * vocab)));
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
    for (int i = 0; i < D; ++i) v[i] += train::Dot(ck + size_t(i) * D, e, D);
  }
}

double TrainCongEpochs(const CongTrainOptions& o, const ContextTrie& trie, const CongExamples& ex,
                       const CongTeacher* teacher, CongParams* params, uint64_t* rng) {
  CongSgd sgd(o, trie, ex, teacher, params);
  double ppl = 0;
  for (int epoch = 0; epoch < o.epochs; ++epoch) {
    ppl = sgd.Epoch(rng);
    if (o.log)
      o.log("cong: epoch " + std::to_string(epoch + 1) + "/" + std::to_string(o.epochs) +
            ", training perplexity " + std::to_string(ppl));
  }
  return ppl;
}

}  // namespace kma::build
