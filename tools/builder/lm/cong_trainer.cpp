#include "tools/builder/lm/cong_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <thread>
#include <unordered_map>

#include "core/lm/cong.h"
#include "tools/builder/lm/cong_rounding.h"
#include "core/lm/knlm.h"
#include "tools/builder/lm/train_math.h"

namespace kma::build {
namespace {

using namespace cong_internal;
using namespace train;

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

float Uniform(uint64_t* s, float lo, float hi) {
  return lo + (hi - lo) * static_cast<float>((SplitMix(s) >> 40) * (1.0 / 16777216.0));
}

// Adam state over a flat parameter array; rows can be updated lazily (only
// the rows a batch touched) with the global step's bias correction.
struct Adam {
  std::vector<float> m, v;
  void Init(size_t n) { m.assign(n, 0.0f), v.assign(n, 0.0f); }
  void Step(float* w, const float* g, size_t begin, size_t n, float lr_t) {
    constexpr float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
    for (size_t i = begin; i < begin + n; ++i) {
      m[i] = b1 * m[i] + (1 - b1) * g[i - begin];
      v[i] = b2 * v[i] + (1 - b2) * g[i - begin] * g[i - begin];
      w[i] -= lr_t * m[i] / (std::sqrt(v[i]) + eps);
    }
  }
};

struct ContextTrie {
  std::vector<uint32_t> key, parent, suffix, child_begin;
  std::vector<uint8_t> depth;
  uint32_t Next(uint32_t state, uint32_t token) const {
    for (;;) {
      auto b = key.begin() + child_begin[state], e = key.begin() + child_begin[state + 1];
      auto it = std::lower_bound(b, e, token);
      if (it != e && *it == token) return static_cast<uint32_t>(it - key.begin());
      if (state == 0) return 0;
      state = suffix[state];
    }
  }
};

std::string GramKey(const uint32_t* t, int n) { return std::string(reinterpret_cast<const char*>(t), n * 4); }

void BuildTrie(const std::vector<std::vector<uint32_t>>& seqs, int max_len, int min_count, ContextTrie* trie) {
  // Count every history suffix of length 1..max_len.
  std::vector<std::unordered_map<std::string, uint32_t>> counts(max_len + 1);
  for (const auto& s : seqs)
    for (size_t i = 1; i < s.size(); ++i)
      for (int k = 1; k <= max_len && size_t(k) <= i; ++k) ++counts[k][GramKey(&s[i - k], k)];
  std::unordered_map<std::string, uint32_t> id_of;
  trie->key = {0};
  trie->parent = {0};
  trie->suffix = {0};
  trie->depth = {0};
  for (int k = 1; k <= max_len; ++k) {
    std::vector<std::vector<uint32_t>> level;
    for (const auto& [g, c] : counts[k]) {
      if (c < static_cast<uint32_t>(min_count)) continue;
      std::vector<uint32_t> t(k);
      std::memcpy(t.data(), g.data(), k * 4);
      level.push_back(std::move(t));
    }
    // Lexicographic order = (parent id, key) order, since parents were
    // numbered in lexicographic order: children of a node stay contiguous.
    std::sort(level.begin(), level.end());
    for (const auto& t : level) {
      uint32_t id = static_cast<uint32_t>(trie->key.size());
      id_of[GramKey(t.data(), k)] = id;
      trie->key.push_back(t[k - 1]);
      trie->depth.push_back(static_cast<uint8_t>(k));
      trie->parent.push_back(k == 1 ? 0 : id_of.at(GramKey(t.data(), k - 1)));
      trie->suffix.push_back(k == 1 ? 0 : id_of.at(GramKey(t.data() + 1, k - 1)));
    }
  }
  size_t n = trie->key.size();
  std::vector<uint32_t> nchild(n, 0);
  for (size_t i = 1; i < n; ++i) ++nchild[trie->parent[i]];
  trie->child_begin.assign(n + 1, 0);
  trie->child_begin[0] = 1;
  for (size_t i = 0; i < n; ++i) trie->child_begin[i + 1] = trie->child_begin[i] + nchild[i];
}

template <typename T>
void Put(std::string* out, const std::vector<T>& v) {
  out->append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

std::string WriteBlob(const ContextTrie& trie, uint32_t vocab, uint32_t dim, int max_len, uint32_t bos, uint32_t eos,
                      const CongStorage* storage, const std::vector<float>& ctx, const std::vector<float>& ctx_bias,
                      const std::vector<float>& out, const std::vector<float>& out_bias, const QuantizedRows* ctx_q,
                      const QuantizedRows* out_q) {
  const bool int8 = storage != nullptr;
  const uint32_t nodes = static_cast<uint32_t>(trie.key.size());
  std::string sec[kNumSections];
  auto put = [](std::string* s, const auto& v) { Put(s, v); };
  put(&sec[kChildBegin], trie.child_begin);
  put(&sec[kKeys], trie.key);
  put(&sec[kSuffix], trie.suffix);
  put(&sec[kDepth], trie.depth);
  put(&sec[kCtxBias], ctx_bias);
  put(&sec[kOutBias], out_bias);
  if (int8 && storage->packed4) {
    // Packed rows; the loader widens them and computes the compensation.
    put(&sec[kCtxRows], ctx_q->stored);
    put(&sec[kCtxScale], ctx_q->scale);
    put(&sec[kOutRows], out_q->stored);
    put(&sec[kOutScale], out_q->scale);
  } else if (int8) {
    const std::vector<int8_t>& cq = ctx_q->q;
    const std::vector<int8_t>& oq = out_q->q;
    std::vector<uint8_t> cu(cq.size());
    for (size_t i = 0; i < cq.size(); ++i) cu[i] = static_cast<uint8_t>(cq[i] + 128);
    std::vector<int32_t> comp(vocab, 0);
    for (uint32_t t = 0; t < vocab; ++t)
      for (uint32_t k = 0; k < dim; ++k) comp[t] += 128 * int32_t{oq[size_t{t} * dim + k]};
    put(&sec[kCtxRows], cu);
    put(&sec[kCtxScale], ctx_q->scale);
    put(&sec[kOutRows], oq);
    put(&sec[kOutScale], out_q->scale);
    put(&sec[kOutComp], comp);
  } else {
    put(&sec[kCtxRows], ctx);
    put(&sec[kOutRows], out);
  }
  CongHeader h{};
  std::memcpy(h.magic, kMagic, 4);
  const bool v2 = int8 && !storage->plain();
  h.version = v2 ? kFormatVersion : kFormatVersionPlain;
  h.vocab_size = vocab;
  h.num_nodes = nodes;
  h.dim = dim;
  h.max_context_len = static_cast<uint32_t>(max_len);
  h.bos = bos;
  h.eos = eos;
  h.quant_bits = int8 ? 8 : 0;
  h.header_size = sizeof(CongHeader) + (v2 ? sizeof(CongStorageHeader) : 0);
  uint64_t off = (h.header_size + 63) / 64 * 64;
  for (int i = 0; i < kNumSections; ++i) {
    h.sections[i].offset = sec[i].empty() ? 0 : off;
    h.sections[i].size = sec[i].size();
    if (!sec[i].empty()) off = (off + sec[i].size() + 63) / 64 * 64;
  }
  h.total_size = off;
  std::string blob(off, '\0');
  std::memcpy(blob.data(), &h, sizeof h);
  if (v2) {
    const CongStorageHeader sh = storage->Header();
    std::memcpy(blob.data() + sizeof h, &sh, sizeof sh);
  }
  for (int i = 0; i < kNumSections; ++i)
    if (!sec[i].empty()) std::memcpy(blob.data() + h.sections[i].offset, sec[i].data(), sec[i].size());
  return blob;
}

}  // namespace

Status TrainCong(const std::vector<std::vector<uint32_t>>& sents, uint32_t vocab, uint32_t bos, uint32_t eos,
                 const CongTrainOptions& o, CongTrainResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  auto log = [&](const std::string& s) {
    if (o.log) o.log(s);
  };
  if (o.dim <= 0 || o.dim % 16 != 0 || o.dim > static_cast<int>(kMaxDim))
    return Status(StatusCode::kInvalidArgument, "CoNg dimension must be a positive multiple of 16, at most 512");
  if (o.max_context_len < 1 || o.max_context_len > static_cast<int>(kMaxContextLen) || o.min_count < 1 ||
      o.epochs < 0 || o.batch_contexts < 1 || o.threads < 1 || !(o.teacher_weight >= 0 && o.teacher_weight <= 1) ||
      !(o.teacher_prior >= 0) || !(o.sparse_learning_rate > 0) || !(o.learning_rate > 0))
    return Status(StatusCode::kInvalidArgument, "bad CoNg training options");
  if (bos >= vocab || eos >= vocab) return Status(StatusCode::kInvalidArgument, "bos/eos outside the vocabulary");
  std::vector<std::vector<uint32_t>> seqs;
  seqs.reserve(sents.size());
  for (const auto& s : sents) {
    std::vector<uint32_t> q;
    q.reserve(s.size() + 2);
    q.push_back(bos);
    for (uint32_t t : s) {
      if (t >= vocab) return Status(StatusCode::kInvalidArgument, "token outside the vocabulary");
      q.push_back(t);
    }
    q.push_back(eos);
    seqs.push_back(std::move(q));
  }
  const int D = o.dim, L = o.max_context_len;
  ContextTrie trie;
  BuildTrie(seqs, L, o.min_count, &trie);
  const uint32_t N = static_cast<uint32_t>(trie.key.size());
  result->contexts = N;

  // Examples aggregated per longest-suffix context.
  std::vector<uint64_t> ex;
  for (const auto& s : seqs) {
    uint32_t state = 0;
    for (size_t i = 0; i + 1 < s.size(); ++i) {
      state = trie.Next(state, s[i]);
      ex.push_back((uint64_t{state} << 32) | s[i + 1]);
    }
  }
  std::sort(ex.begin(), ex.end());
  std::vector<uint32_t> ex_tok, ex_cnt, ex_begin(N + 1, 0);
  std::vector<double> ctx_total(N, 0);
  for (size_t i = 0; i < ex.size();) {
    size_t j = i;
    while (j < ex.size() && ex[j] == ex[i]) ++j;
    uint32_t c = static_cast<uint32_t>(ex[i] >> 32);
    ex_tok.push_back(static_cast<uint32_t>(ex[i]));
    ex_cnt.push_back(static_cast<uint32_t>(j - i));
    ++ex_begin[c + 1];
    ctx_total[c] += double(j - i);
    i = j;
  }
  for (uint32_t c = 0; c < N; ++c) ex_begin[c + 1] += ex_begin[c];
  // n-gram counts of every context (all positions where it is a suffix of
  // the history, not only where it is the longest): the Witten-Bell teacher.
  std::vector<uint32_t> occ_tok, occ_cnt, occ_begin(N + 1, 0);
  std::vector<double> occ_total(N, 0), occ_types(N, 0);
  if (o.teacher_weight > 0) {
    std::vector<uint64_t> occ;
    for (uint64_t e : ex)
      for (uint32_t node = static_cast<uint32_t>(e >> 32);; node = trie.suffix[node]) {
        occ.push_back((uint64_t{node} << 32) | (e & 0xFFFFFFFFu));
        if (node == 0) break;
      }
    std::sort(occ.begin(), occ.end());
    for (size_t i = 0; i < occ.size();) {
      size_t j = i;
      while (j < occ.size() && occ[j] == occ[i]) ++j;
      uint32_t c = static_cast<uint32_t>(occ[i] >> 32);
      occ_tok.push_back(static_cast<uint32_t>(occ[i]));
      occ_cnt.push_back(static_cast<uint32_t>(j - i));
      ++occ_begin[c + 1];
      occ_total[c] += double(j - i);
      occ_types[c] += 1;
      i = j;
    }
    for (uint32_t c = 0; c < N; ++c) occ_begin[c + 1] += occ_begin[c];
  }
  // Dense Witten-Bell distribution of context c into `out` (vocab values):
  // P(t|c) = (n(c,t) + u(c) P(t|suffix(c))) / (n(c) + u(c)), add-one at the root.
  // Kneser-Ney teacher: the state of every context n-gram in the n-gram model.
  std::vector<uint32_t> kn_state;
  if (o.teacher_weight > 0 && o.teacher_lm != nullptr) {
    if (o.teacher_lm->vocab_size() != vocab)
      return Status(StatusCode::kInvalidArgument, "teacher model has a different vocabulary");
    kn_state.resize(N);
    for (uint32_t c = 0; c < N; ++c) {
      uint32_t toks[kMaxContextLen], d = 0;
      for (uint32_t node = c; node != 0; node = trie.parent[node]) toks[d++] = trie.key[node];
      uint32_t st = 0;
      while (d > 0) o.teacher_lm->Score(st, toks[--d], &st);
      kn_state[c] = st;
    }
  }
  auto teacher = [&](uint32_t c, float* out) {
    if (!kn_state.empty()) {
      o.teacher_lm->LogProbs(kn_state[c], out);
      for (uint32_t x = 0; x < vocab; ++x) out[x] = std::exp(out[x]);
      return;
    }
    uint32_t chain[kMaxContextLen + 1];
    int len = 0;
    for (uint32_t node = c;; node = trie.suffix[node]) {
      chain[len++] = node;
      if (node == 0) break;
    }
    for (int i = len - 1; i >= 0; --i) {
      const uint32_t node = chain[i];
      const double u = node == 0 ? double(vocab) : occ_types[node], n = occ_total[node];
      if (n + u <= 0) continue;
      const float keep = static_cast<float>(u / (n + u)), unit = static_cast<float>(1.0 / (n + u));
      if (node == 0) std::fill(out, out + vocab, unit);
      else for (uint32_t x = 0; x < vocab; ++x) out[x] *= keep;
      for (uint32_t e = occ_begin[node]; e < occ_begin[node + 1]; ++e) out[occ_tok[e]] += float(occ_cnt[e]) * unit;
    }
  };
  std::vector<uint32_t> active;
  for (uint32_t c = 0; c < N; ++c)
    if (ctx_total[c] > 0) active.push_back(c);
  log("cong: " + std::to_string(N) + " contexts (" + std::to_string(active.size()) + " used as longest match), " +
      std::to_string(ex.size()) + " training positions, vocabulary " + std::to_string(vocab) + ", dim " +
      std::to_string(D));

  // Parameters.
  uint64_t rng = o.seed;
  std::vector<float> ein(size_t{vocab} * D), eout(size_t{vocab} * D), bias(vocab), cmat(size_t(L) * D * D, 0.0f),
      res(size_t{N} * D, 0.0f);
  for (float& w : ein) w = Uniform(&rng, -0.1f, 0.1f);
  for (float& w : eout) w = Uniform(&rng, -0.1f, 0.1f);
  {
    std::vector<double> uni(vocab, 0.0);
    for (const auto& s : seqs)
      for (size_t i = 1; i < s.size(); ++i) uni[s[i]] += 1;
    double total = double(ex.size());
    for (uint32_t t = 0; t < vocab; ++t) bias[t] = static_cast<float>(std::log((uni[t] + 0.1) / (total + 0.1 * vocab)));
  }
  // Position matrices start as scaled identities: the most recent morpheme
  // counts most.
  for (int k = 0; k < L; ++k)
    for (int i = 0; i < D; ++i) cmat[(size_t(k) * D + i) * D + i] = 1.0f / float(k + 1);
  Adam a_eout, a_bias, a_cmat;
  a_eout.Init(eout.size());
  a_bias.Init(bias.size());
  a_cmat.Init(cmat.size());
  std::vector<float> acc_res(N, 0.0f), acc_ein(vocab, 0.0f);

  // v(c) = r[c] + sum_k C_k e_in[w_k].
  auto compose = [&](uint32_t c, float* v) {
    std::memcpy(v, &res[0], D * sizeof(float));
    for (uint32_t node = c; node != 0; node = trie.suffix[node])
      for (int i = 0; i < D; ++i) v[i] += res[size_t{node} * D + i];
    uint32_t node = c;
    for (int k = 0; k < trie.depth[c]; ++k, node = trie.parent[node]) {
      const float* e = &ein[size_t{trie.key[node]} * D];
      const float* ck = &cmat[size_t(k) * D * D];
      for (int i = 0; i < D; ++i) v[i] += Dot(ck + size_t(i) * D, e, D);
    }
  };

  const int T = o.threads;
  const size_t VD = size_t{vocab} * D;
  std::vector<std::vector<float>> d_out(T, std::vector<float>(VD)), d_bias(T, std::vector<float>(vocab));
  std::vector<std::vector<float>> logits(T, std::vector<float>(vocab)), target(T, std::vector<float>(vocab));
  std::vector<float> dv(size_t(o.batch_contexts) * D), vbuf(size_t(o.batch_contexts) * D);
  std::vector<float> d_ein(VD, 0.0f), d_cmat(cmat.size()), d_res(D);
  std::vector<uint8_t> ein_touched(vocab, 0);
  std::vector<double> loss_t(T);
  long step = 0;
  double last_ppl = 0;
  for (int epoch = 0; epoch < o.epochs; ++epoch) {
    std::vector<uint32_t> order = active;
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[SplitMix(&rng) % i]);
    double epoch_loss = 0, epoch_tokens = 0;
    for (size_t b0 = 0; b0 < order.size(); b0 += o.batch_contexts) {
      const size_t nb = std::min(order.size() - b0, size_t(o.batch_contexts));
      double btok = 0;
      for (size_t j = 0; j < nb; ++j) btok += ctx_total[order[b0 + j]];
      const float inv = static_cast<float>(1.0 / btok);
      for (size_t j = 0; j < nb; ++j) compose(order[b0 + j], &vbuf[j * D]);
      ParallelFor(T, nb, [&](int t, size_t lo, size_t hi) {
        std::fill(d_out[t].begin(), d_out[t].end(), 0.0f);
        std::fill(d_bias[t].begin(), d_bias[t].end(), 0.0f);
        float* lg = logits[t].data();
        double loss = 0;
        for (size_t j = lo; j < hi; ++j) {
          const uint32_t c = order[b0 + j];
          const float* v = &vbuf[j * D];
          float* g_v = &dv[j * D];
          std::fill(g_v, g_v + D, 0.0f);
          Logits(v, eout.data(), bias.data(), vocab, D, lg);
          float mx = *std::max_element(lg, lg + vocab);
          double z = 0;
          for (uint32_t x = 0; x < vocab; ++x) z += std::exp(double(lg[x] - mx));
          const float logz = mx + static_cast<float>(std::log(z));
          const float n = static_cast<float>(ctx_total[c]);
          for (uint32_t e = ex_begin[c]; e < ex_begin[c + 1]; ++e)
            loss -= double(ex_cnt[e]) * (double(lg[ex_tok[e]]) - logz);
          for (uint32_t x = 0; x < vocab; ++x) lg[x] = n * std::exp(lg[x] - logz) * inv;  // now gradient
          // Target: the observed continuations, mixed with the teacher.
          // A context seen often keeps more of its own evidence:
          // w_c = teacher_weight * prior / (n_c + prior) when prior > 0.
          const float w_teach =
              o.teacher_prior > 0 ? o.teacher_weight * o.teacher_prior / (n + o.teacher_prior) : o.teacher_weight;
          const float w_obs = 1.0f - w_teach;
          for (uint32_t e = ex_begin[c]; e < ex_begin[c + 1]; ++e) lg[ex_tok[e]] -= w_obs * float(ex_cnt[e]) * inv;
          if (w_teach > 0) {
            float* tg = target[t].data();
            teacher(c, tg);
            const float w = w_teach * n * inv;
            for (uint32_t x = 0; x < vocab; ++x) lg[x] -= w * tg[x];
          }
          for (uint32_t x = 0; x < vocab; ++x) {
            const float g = lg[x];
            Axpy(g, v, &d_out[t][size_t{x} * D], D);
            d_bias[t][x] += g;
            Axpy(g, &eout[size_t{x} * D], g_v, D);
          }
        }
        loss_t[t] = loss;
      });
      for (int t = 0; t < T; ++t) epoch_loss += loss_t[t];
      epoch_tokens += btok;
      for (int t = 1; t < T; ++t) {
        for (size_t i = 0; i < VD; ++i) d_out[0][i] += d_out[t][i];
        for (uint32_t x = 0; x < vocab; ++x) d_bias[0][x] += d_bias[t][x];
      }
      // Back through the composition, in batch order.
      ++step;
      const float lr_t = o.learning_rate * std::sqrt(1.0f - std::pow(0.999f, float(step))) /
                         (1.0f - std::pow(0.9f, float(step)));
      std::fill(d_cmat.begin(), d_cmat.end(), 0.0f);
      std::vector<uint32_t> touched;
      for (size_t j = 0; j < nb; ++j) {
        const uint32_t c = order[b0 + j];
        const float* g_v = &dv[j * D];
        uint32_t node = c;
        for (int k = 0; k < trie.depth[c]; ++k, node = trie.parent[node]) {
          const uint32_t w = trie.key[node];
          const float* e = &ein[size_t{w} * D];
          float* dck = &d_cmat[size_t(k) * D * D];
          const float* ck = &cmat[size_t(k) * D * D];
          float* de = &d_ein[size_t{w} * D];
          if (!ein_touched[w]) {
            ein_touched[w] = 1;
            touched.push_back(w);
          }
          for (int i = 0; i < D; ++i) {
            Axpy(g_v[i], e, dck + size_t(i) * D, D);
            Axpy(g_v[i], ck + size_t(i) * D, de, D);
          }
        }
        // Sparse rows see one step per epoch: row-wise Adagrad on the summed
        // gradient (what per-token steps would add up to).
        for (uint32_t node = c;; node = trie.suffix[node]) {
          float* r = &res[size_t{node} * D];
          for (int i = 0; i < D; ++i) d_res[i] = g_v[i] * float(btok) + o.residual_l2 * r[i];
          SparseStep(d_res.data(), r, D, o.sparse_learning_rate, o.sparse_clip, &acc_res[node]);
          if (node == 0) break;
        }
      }
      std::sort(touched.begin(), touched.end());
      for (uint32_t w : touched) {
        float* g = &d_ein[size_t{w} * D];
        for (int i = 0; i < D; ++i) g[i] *= float(btok);
        SparseStep(g, &ein[size_t{w} * D], D, o.sparse_learning_rate, o.sparse_clip, &acc_ein[w]);
        std::fill(g, g + D, 0.0f);
        ein_touched[w] = 0;
      }
      a_cmat.Step(cmat.data(), d_cmat.data(), 0, cmat.size(), lr_t);
      a_eout.Step(eout.data(), d_out[0].data(), 0, VD, lr_t);
      a_bias.Step(bias.data(), d_bias[0].data(), 0, vocab, lr_t);
    }
    last_ppl = std::exp(epoch_loss / epoch_tokens);
    log("cong: epoch " + std::to_string(epoch + 1) + "/" + std::to_string(o.epochs) + ", training perplexity " +
        std::to_string(last_ppl));
  }
  result->train_perplexity = last_ppl;

  // Materialise every context row and its exact log-normaliser, for the
  // float rows and for the int8 rows the analyzer will actually use.
  std::vector<float> ctx(size_t{N} * D);
  for (uint32_t c = 0; c < N; ++c) compose(c, &ctx[size_t{c} * D]);
  if (o.rotate && (D & (D - 1)) == 0) {
    // Rotate both embedding spaces by the same orthogonal matrix (random
    // signs, then a normalised Walsh-Hadamard transform): every dot product
    // is unchanged, but a row's mass is spread over all coordinates, so an
    // outlier no longer sets the int8 step of its whole row.
    std::vector<float> sign(D);
    uint64_t rs = o.seed ^ 0x5EED0F0A7A7E5ull;
    for (int k = 0; k < D; ++k) sign[k] = (SplitMix(&rs) & 1) ? -1.0f : 1.0f;
    auto rotate = [&](std::vector<float>* rows, size_t count) {
      const float norm = 1.0f / std::sqrt(float(D));
      for (size_t r = 0; r < count; ++r) {
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
    };
    rotate(&ctx, N);
    rotate(&eout, vocab);
  }
  const bool global = !o.global_valid.empty();
  if (global && o.global_valid.size() != vocab)
    return Status(StatusCode::kInvalidArgument, "CoNg-Global content mask has the wrong size");
  // Float pass: Z and, for CoNg-Global, vts (log of the local mass of
  // content tokens) of every context, and the top tokens that the
  // compensating rounding weighs.
  const bool compensate = o.compensated_rounding && !o.storage.packed4;
  TopTokens top;
  if (compensate) {
    top.k = static_cast<int>(std::min<uint32_t>(kRoundingTopTokens, vocab));
    top.token.resize(size_t{N} * top.k);
    top.prob.resize(size_t{N} * top.k);
  }
  std::vector<float> zf(N), zq(N), vts_f(global ? N : 0), vts_q(global ? N : 0);
  auto normalisers = [&](const std::vector<float>& crows, const std::vector<float>& orows, std::vector<float>* z,
                         std::vector<float>* vts, bool keep_top) {
    ParallelFor(T, N, [&](int t, size_t lo, size_t hi) {
      float* lg = logits[t].data();
      std::vector<uint32_t> order;
      for (size_t c = lo; c < hi; ++c) {
        Logits(&crows[c * D], orows.data(), bias.data(), vocab, D, lg);
        float mx = *std::max_element(lg, lg + vocab);
        double zs = 0, zv = 0;
        for (uint32_t x = 0; x < vocab; ++x) {
          double e = std::exp(double(lg[x] - mx));
          zs += e;
          if (global && o.global_valid[x]) zv += e;
        }
        (*z)[c] = -(mx + static_cast<float>(std::log(zs)));
        if (global) (*vts)[c] = static_cast<float>(std::min(0.0, std::log(std::max(zv, 1e-30) / zs)));
        if (keep_top)
          KeepTopTokens(lg, vocab, top.k, (*z)[c], &order, &top.token[c * top.k], &top.prob[c * top.k]);
      }
    });
  };
  normalisers(ctx, eout, &zf, &vts_f, compensate);
  // The rows as stored, and the values they stand for.
  QuantizedRows ctx_rows, eout_rows;
  if (compensate) {
    QuantizeOutputRowsCompensated(o.storage, eout, vocab, D, ctx, ctx_total, top, T, &eout_rows);
    const std::vector<float> eout_deq = Dequantize(eout_rows, vocab, D);
    QuantizeContextRowsCompensated(o.storage, ctx, N, D, eout, eout_deq, top, T, &ctx_rows);
    top = TopTokens();
  } else {
    QuantizeRowsAs(o.storage, ctx, N, D, &ctx_rows);
    QuantizeRowsAs(o.storage, eout, vocab, D, &eout_rows);
  }
  const std::vector<float> ctx_q = Dequantize(ctx_rows, N, D), eout_q = Dequantize(eout_rows, vocab, D);
  normalisers(ctx_q, eout_q, &zq, &vts_q, false);
  if (global) {
    CongLocalParams lp{vocab, N, static_cast<uint32_t>(D), &ctx, &zf, &eout, &bias, &ctx_q, &zq, &eout_q, &vts_f, &vts_q,
                       [&trie](uint32_t s, uint32_t t) { return trie.Next(s, t); }};
    KMA_RETURN_IF_ERROR(TrainCongGlobal(seqs, lp, o, result));
  }
  result->fp32_blob = WriteBlob(trie, vocab, D, L, bos, eos, nullptr, ctx, zf, eout, bias, nullptr, nullptr);
  result->int8_blob = WriteBlob(trie, vocab, D, L, bos, eos, &o.storage, ctx, zq, eout, bias, &ctx_rows, &eout_rows);
  result->train_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  log("cong: trained in " + std::to_string(int(result->train_seconds)) + " s; " + o.storage.Name() + " " +
      std::to_string(result->int8_blob.size() / 1024) + " KiB, fp32 " + std::to_string(result->fp32_blob.size() / 1024) +
      " KiB");
  return Status::Ok();
}

}  // namespace kma::build
