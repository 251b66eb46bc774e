// CoNg-Global training (see core/lm/cong_global.h for the model): with the local
// model fixed, (1) each content token h gets a distant embedding trained to
// predict the content tokens that follow within a window after it, a
// softmax over content tokens on the local output embeddings; (2) the gates
// (per context, per distant token, per window position) are fitted to the
// likelihood of the mixture at every training position.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/lm/cong_global.h"
#include "tools/builder/lm/cong_rounding.h"
#include "tools/builder/lm/cong_trainer.h"
#include "tools/builder/lm/train_math.h"

namespace kma::build {
namespace {

using namespace train;
using namespace cong_global_internal;
constexpr int kW = static_cast<int>(kWindow);

// One training position with a content next token and a non-empty window.
struct Position {
  uint32_t ctx, x;
  uint32_t window[kWindow];  // most recent first
  int count;
};

template <typename T>
void Put(std::string* out, const std::vector<T>& v) {
  out->append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

std::string WriteGlobalBlob(uint32_t vocab, uint32_t nodes, uint32_t dim, const CongStorage* storage,
                            const QuantizedRows* dist_rows, const std::vector<uint8_t>& valid,
                            const std::vector<float>& dist, const std::vector<float>& dist_bias,
                            const std::vector<float>& dconf, const std::vector<float>& conf,
                            const std::vector<float>& vts, const std::vector<float>& pc) {
  const bool int8 = storage != nullptr;
  std::string sec[kNumSections];
  Put(&sec[kValid], valid);
  if (int8 && storage->packed4) {
    Put(&sec[kDistRows], dist_rows->stored);
    Put(&sec[kDistScale], dist_rows->scale);
  } else if (int8) {
    const std::vector<int8_t>& q = dist_rows->q;
    std::vector<uint8_t> u(q.size());
    for (size_t i = 0; i < q.size(); ++i) u[i] = static_cast<uint8_t>(q[i] + 128);
    Put(&sec[kDistRows], u);
    Put(&sec[kDistScale], dist_rows->scale);
  } else {
    Put(&sec[kDistRows], dist);
  }
  Put(&sec[kDistBias], dist_bias);
  Put(&sec[kDistConf], dconf);
  Put(&sec[kCtxConf], conf);
  Put(&sec[kCtxVts], vts);
  Put(&sec[kPosConf], pc);
  CongGlobalHeader h{};
  std::memcpy(h.magic, kMagic, 4);
  const bool v2 = int8 && !storage->plain();
  h.version = v2 ? kFormatVersion : kFormatVersionPlain;
  h.vocab_size = vocab;
  h.num_nodes = nodes;
  h.dim = dim;
  h.window = kWindow;
  h.quant_bits = int8 ? 8 : 0;
  h.header_size = sizeof(CongGlobalHeader) + (v2 ? sizeof(cong_internal::CongStorageHeader) : 0);
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
    const cong_internal::CongStorageHeader sh = storage->Header();
    std::memcpy(blob.data() + sizeof h, &sh, sizeof sh);
  }
  for (int i = 0; i < kNumSections; ++i)
    if (!sec[i].empty()) std::memcpy(blob.data() + h.sections[i].offset, sec[i].data(), sec[i].size());
  return blob;
}

// log-normaliser over content tokens of each distant row: -Zd[h]. With
// `top`, also the top tokens of every distant row's softmax over the content
// tokens, for the compensating rounding (rows of non-content tokens get
// none: probability 0).
std::vector<float> DistBias(const std::vector<float>& dist, const std::vector<float>& eout,
                            const std::vector<float>& out_bias, const std::vector<uint32_t>& content, uint32_t vocab,
                            int dim, int threads, TopTokens* top = nullptr) {
  std::vector<float> bias(vocab, 0.0f);
  if (top != nullptr) {
    top->k = static_cast<int>(std::min<size_t>(kRoundingTopTokens, content.size()));
    top->token.assign(size_t{vocab} * top->k, 0);
    top->prob.assign(size_t{vocab} * top->k, 0.0f);
  }
  ParallelFor(threads, content.size(), [&](int, size_t lo, size_t hi) {
    std::vector<float> lg(content.size());
    std::vector<uint32_t> order;
    for (size_t i = lo; i < hi; ++i) {
      const float* d = &dist[size_t{content[i]} * dim];
      double z = 0;
      float mx = -1e30f;
      for (size_t j = 0; j < content.size(); ++j) {
        lg[j] = Dot(d, &eout[size_t{content[j]} * dim], dim) + out_bias[content[j]];
        mx = std::max(mx, lg[j]);
      }
      for (float v : lg) z += std::exp(double(v - mx));
      bias[content[i]] = -(mx + static_cast<float>(std::log(z)));
      if (top == nullptr) continue;
      uint32_t* tok = &top->token[size_t{content[i]} * top->k];
      KeepTopTokens(lg.data(), static_cast<uint32_t>(lg.size()), top->k, bias[content[i]], &order, tok,
                    &top->prob[size_t{content[i]} * top->k]);
      for (int j = 0; j < top->k; ++j) tok[j] = content[tok[j]];  // content index -> token
    }
  });
  return bias;
}

}  // namespace

Status TrainCongGlobal(const std::vector<std::vector<uint32_t>>& seqs, const CongLocalParams& lp,
                       const CongTrainOptions& o, CongTrainResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  auto log = [&](const std::string& s) {
    if (o.log) o.log(s);
  };
  const uint32_t V = lp.vocab, N = lp.nodes;
  const int D = static_cast<int>(lp.dim);
  const std::vector<uint8_t>& valid = o.global_valid;
  std::vector<uint32_t> content;
  std::vector<int32_t> content_index(V, -1);
  for (uint32_t t = 0; t < V; ++t)
    if (valid[t]) content_index[t] = static_cast<int32_t>(content.size()), content.push_back(t);
  if (content.empty()) return Status(StatusCode::kInvalidArgument, "CoNg-Global needs at least one content token");
  const size_t C = content.size();

  // Positions and (distant token, next token) counts. The window holds the
  // content tokens before the immediately preceding morpheme.
  std::vector<Position> positions;
  std::vector<uint64_t> pairs;
  for (const auto& s : seqs) {
    uint32_t state = 0;
    std::vector<uint32_t> win;  // content tokens of s[1 .. i-1], oldest first
    for (size_t i = 0; i + 1 < s.size(); ++i) {
      if (i >= 2 && valid[s[i - 1]]) win.push_back(s[i - 1]);
      state = lp.next(state, s[i]);
      const uint32_t x = s[i + 1];
      if (!valid[x] || win.empty()) continue;
      Position p{state, x, {}, 0};
      for (size_t k = 0; k < win.size() && k < kWindow; ++k) p.window[p.count++] = win[win.size() - 1 - k];
      for (int k = 0; k < p.count; ++k) pairs.push_back((uint64_t{p.window[k]} << 32) | x);
      positions.push_back(p);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  std::vector<uint32_t> pr_begin(V + 1, 0), pr_tok, pr_cnt;
  std::vector<double> h_total(V, 0);
  for (size_t i = 0; i < pairs.size();) {
    size_t j = i;
    while (j < pairs.size() && pairs[j] == pairs[i]) ++j;
    const uint32_t h = static_cast<uint32_t>(pairs[i] >> 32);
    pr_tok.push_back(static_cast<uint32_t>(pairs[i]));
    pr_cnt.push_back(static_cast<uint32_t>(j - i));
    ++pr_begin[h + 1];
    h_total[h] += double(j - i);
    i = j;
  }
  for (uint32_t h = 0; h < V; ++h) pr_begin[h + 1] += pr_begin[h];
  log("cong-global: " + std::to_string(C) + " content tokens, " + std::to_string(positions.size()) +
      " positions with a window, " + std::to_string(pairs.size()) + " window pairs");

  // (1) Distant rows: per content token h, softmax regression over content
  // tokens with the local output rows fixed; rows are independent, so the
  // threads split them. Row-wise Adagrad, light L2.
  const std::vector<float>& eout = *lp.eout;
  const std::vector<float>& obias = *lp.out_bias;
  std::vector<float> dist(size_t{V} * D, 0.0f);
  ParallelFor(o.threads, C, [&](int, size_t lo, size_t hi) {
    std::vector<float> lg(C), g(D);
    for (size_t i = lo; i < hi; ++i) {
      const uint32_t h = content[i];
      if (h_total[h] <= 0) continue;
      float* d = &dist[size_t{h} * D];
      float acc = 0;
      for (int epoch = 0; epoch < o.global_epochs * 4; ++epoch) {
        float mx = -1e30f;
        for (size_t j = 0; j < C; ++j) {
          lg[j] = Dot(d, &eout[size_t{content[j]} * D], D) + obias[content[j]];
          mx = std::max(mx, lg[j]);
        }
        double z = 0;
        for (size_t j = 0; j < C; ++j) z += std::exp(double(lg[j] - mx));
        const float logz = mx + static_cast<float>(std::log(z));
        const float n = static_cast<float>(h_total[h]);
        for (size_t j = 0; j < C; ++j) lg[j] = n * std::exp(lg[j] - logz);
        for (uint32_t e = pr_begin[h]; e < pr_begin[h + 1]; ++e) lg[content_index[pr_tok[e]]] -= float(pr_cnt[e]);
        std::fill(g.begin(), g.end(), 0.0f);
        for (size_t j = 0; j < C; ++j) Axpy(lg[j], &eout[size_t{content[j]} * D], g.data(), D);
        double norm2 = 0;
        for (int k = 0; k < D; ++k) g[k] += o.residual_l2 * d[k], norm2 += double(g[k]) * g[k];
        acc += static_cast<float>(norm2 / D);
        const float step = o.sparse_learning_rate / (std::sqrt(acc) + 1e-6f);
        for (int k = 0; k < D; ++k) d[k] -= step * g[k];
      }
    }
  });
  const bool compensate = o.compensated_rounding && !o.storage.packed4;
  TopTokens dist_top;
  const std::vector<float> dist_bias =
      DistBias(dist, eout, obias, content, V, D, o.threads, compensate ? &dist_top : nullptr);

  // (2) Gates, fitted by Adagrad on the mixture log-likelihood of every
  // position; the components are fixed numbers by now.
  const std::vector<float>& ctx = *lp.ctx;
  const std::vector<float>& cbias = *lp.ctx_bias;
  const std::vector<float>& vts = *lp.vts;
  std::vector<float> conf(N, 2.0f), dconf(V, 0.0f), pc(kW + 1, 0.0f);
  std::vector<float> g_conf(N, 0), g_dconf(V, 0), g_pc(kW + 1, 0);
  std::vector<float> comp(positions.size() * (kW + 1));
  ParallelFor(o.threads, positions.size(), [&](int, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) {
      const Position& p = positions[i];
      float* a = &comp[i * (kW + 1)];
      a[0] = Dot(&ctx[size_t{p.ctx} * D], &eout[size_t{p.x} * D], D) + obias[p.x] + cbias[p.ctx];
      for (int k = 0; k < p.count; ++k)
        a[k + 1] = vts[p.ctx] + Dot(&dist[size_t{p.window[k]} * D], &eout[size_t{p.x} * D], D) + obias[p.x] +
                   dist_bias[p.window[k]];
    }
  });
  const float lr = 0.1f, l2 = 1e-3f;
  double ll_local = 0, ll_mix = 0;
  for (int epoch = 0; epoch < o.global_epochs; ++epoch) {
    ll_local = ll_mix = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      const float* a = &comp[i * (kW + 1)];
      float gt[kW + 1], w[kW + 1], post[kW + 1];
      gt[0] = conf[p.ctx] + pc[0];
      for (int k = 0; k < p.count; ++k) gt[k + 1] = dconf[p.window[k]] + pc[k + 1];
      const int m = p.count + 1;
      float gmax = *std::max_element(gt, gt + m), smax = -1e30f;
      double gs = 0, ss = 0;
      for (int k = 0; k < m; ++k) gs += std::exp(double(gt[k] - gmax)), smax = std::max(smax, gt[k] + a[k]);
      for (int k = 0; k < m; ++k) post[k] = std::exp(gt[k] + a[k] - smax), ss += post[k];
      for (int k = 0; k < m; ++k) w[k] = static_cast<float>(std::exp(double(gt[k] - gmax)) / gs), post[k] /= ss;
      ll_local += a[0];
      ll_mix += (smax + std::log(ss)) - (gmax + std::log(gs));
      // d(-log P)/d g_k = w_k - post_k.
      auto step = [&](float* param, float* acc, float grad) {
        *acc += grad * grad;
        *param -= lr * grad / (std::sqrt(*acc) + 1e-6f);
      };
      step(&conf[p.ctx], &g_conf[p.ctx], w[0] - post[0] + l2 * (conf[p.ctx] - 2.0f));
      step(&pc[0], &g_pc[0], w[0] - post[0]);
      for (int k = 0; k < p.count; ++k) {
        step(&dconf[p.window[k]], &g_dconf[p.window[k]], w[k + 1] - post[k + 1] + l2 * dconf[p.window[k]]);
        step(&pc[k + 1], &g_pc[k + 1], w[k + 1] - post[k + 1]);
      }
    }
    log("cong-global: gate epoch " + std::to_string(epoch + 1) + ", content-token log-likelihood per position: local " +
        std::to_string(ll_local / double(positions.size())) + ", mixture " +
        std::to_string(ll_mix / double(positions.size())));
  }

  // The int8 variant normalises its dequantised distant rows over the
  // dequantised output rows the analyzer will use.
  QuantizedRows dist_rows;
  if (compensate) {
    // Distant rows are rounded like context rows: to keep their content-token
    // log-probabilities over the quantised output rows close to the float ones.
    QuantizeContextRowsCompensated(o.storage, dist, V, D, eout, *lp.eout_q, dist_top, o.threads, &dist_rows);
  } else {
    QuantizeRowsAs(o.storage, dist, V, D, &dist_rows);
  }
  const std::vector<float> dist_q = Dequantize(dist_rows, V, D);
  const std::vector<float> dist_bias_q = DistBias(dist_q, *lp.eout_q, obias, content, V, D, o.threads);
  result->global_fp32_blob = WriteGlobalBlob(V, N, lp.dim, nullptr, nullptr, valid, dist, dist_bias, dconf, conf, vts, pc);
  result->global_int8_blob =
      WriteGlobalBlob(V, N, lp.dim, &o.storage, &dist_rows, valid, dist, dist_bias_q, dconf, conf, *lp.vts_q, pc);
  log("cong-global: trained in " +
      std::to_string(int(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count())) + " s; " +
      o.storage.Name() + " " +
      std::to_string(result->global_int8_blob.size() / 1024) + " KiB");
  return Status::Ok();
}

}  // namespace kma::build
