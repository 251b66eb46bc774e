#include "tools/builder/lm/cong_global_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/lm/cong_global.h"
#include "tools/builder/lm/cong_blob.h"
#include "tools/builder/lm/cong_rounding.h"
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

// What the distant rows learn from: (distant token h, next token) counts,
// h_tok[e] seen h_cnt[e] times after h for e in [h_begin[h], h_begin[h + 1]).
struct WindowPairs {
  std::vector<uint32_t> tok, cnt, begin;
  std::vector<double> total;  // per distant token
};

// The content tokens, and each token's index among them (-1 if none).
struct ContentSet {
  std::vector<uint32_t> tokens;
  std::vector<int32_t> index;
};

// Positions and window pairs. The window holds the content tokens before
// the immediately preceding morpheme.
void CollectWindows(const std::vector<std::vector<uint32_t>>& seqs, const ContextTrie& trie,
                    const std::vector<uint8_t>& valid, uint32_t vocab, std::vector<Position>* positions,
                    WindowPairs* wp, size_t* pair_count) {
  std::vector<uint64_t> pairs;
  for (const auto& s : seqs) {
    uint32_t state = 0;
    std::vector<uint32_t> win;  // content tokens of s[1 .. i-1], oldest first
    for (size_t i = 0; i + 1 < s.size(); ++i) {
      if (i >= 2 && valid[s[i - 1]]) win.push_back(s[i - 1]);
      state = trie.Next(state, s[i]);
      const uint32_t x = s[i + 1];
      if (!valid[x] || win.empty()) continue;
      Position p{state, x, {}, 0};
      for (size_t k = 0; k < win.size() && k < kWindow; ++k) p.window[p.count++] = win[win.size() - 1 - k];
      for (int k = 0; k < p.count; ++k) pairs.push_back((uint64_t{p.window[k]} << 32) | x);
      positions->push_back(p);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  *pair_count = pairs.size();
  wp->begin.assign(vocab + 1, 0);
  GroupPairs(pairs, &wp->tok, &wp->cnt, &wp->begin);
  wp->total.assign(vocab, 0.0);
  for (uint32_t h = 0; h < vocab; ++h)
    for (uint32_t e = wp->begin[h]; e < wp->begin[h + 1]; ++e) wp->total[h] += double(wp->cnt[e]);
}

// (1) Distant rows: per content token h, softmax regression over content
// tokens with the local output rows fixed; rows are independent, so the
// threads split them. Row-wise Adagrad, light L2.
std::vector<float> TrainDistantRows(const CongLocalModel& local, const ContentSet& cs, const WindowPairs& wp,
                                    const CongTrainOptions& o, int steps) {
  const int D = local.dim;
  const size_t C = cs.tokens.size();
  const std::vector<float>& eout = local.eout;
  const std::vector<float>& obias = local.out_bias;
  std::vector<float> dist(size_t{local.vocab} * D, 0.0f);
  ParallelFor(o.threads, C, [&](int, size_t lo, size_t hi) {
    std::vector<float> lg(C), g(D);
    for (size_t i = lo; i < hi; ++i) {
      const uint32_t h = cs.tokens[i];
      if (wp.total[h] <= 0) continue;
      float* d = &dist[size_t{h} * D];
      float acc = 0;
      for (int step = 0; step < steps; ++step) {
        float mx = -1e30f;
        for (size_t j = 0; j < C; ++j) {
          lg[j] = Dot(d, &eout[size_t{cs.tokens[j]} * D], D) + obias[cs.tokens[j]];
          mx = std::max(mx, lg[j]);
        }
        double z = 0;
        for (size_t j = 0; j < C; ++j) z += std::exp(double(lg[j] - mx));
        const float logz = mx + static_cast<float>(std::log(z));
        const float n = static_cast<float>(wp.total[h]);
        for (size_t j = 0; j < C; ++j) lg[j] = n * std::exp(lg[j] - logz);
        for (uint32_t e = wp.begin[h]; e < wp.begin[h + 1]; ++e) lg[cs.index[wp.tok[e]]] -= float(wp.cnt[e]);
        std::fill(g.begin(), g.end(), 0.0f);
        for (size_t j = 0; j < C; ++j) Axpy(lg[j], &eout[size_t{cs.tokens[j]} * D], g.data(), D);
        double norm2 = 0;
        for (int k = 0; k < D; ++k) g[k] += o.residual_l2 * d[k], norm2 += double(g[k]) * g[k];
        acc += static_cast<float>(norm2 / D);
        const float rate = o.sparse_learning_rate / (std::sqrt(acc) + 1e-6f);
        for (int k = 0; k < D; ++k) d[k] -= rate * g[k];
      }
    }
  });
  return dist;
}

// log-normaliser over content tokens of each distant row: -Zd[h]. With
// `top`, also the top tokens of every distant row's softmax over the content
// tokens, for the compensating rounding (rows of non-content tokens get
// none: probability 0).
std::vector<float> DistBias(const std::vector<float>& dist, const std::vector<float>& eout,
                            const std::vector<float>& out_bias, const std::vector<uint32_t>& content,
                            uint32_t vocab, int dim, int threads, TopTokens* top = nullptr) {
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

struct Gates {
  std::vector<float> conf, dconf, pc;  // per context, per distant token, per window position
};

// (2) Gates, fitted by Adagrad on the mixture log-likelihood of every
// position; the components (local and distant log-probabilities of the next
// token, comp) are fixed numbers by now.
Gates FitGates(const std::vector<Position>& positions, const std::vector<float>& comp, uint32_t nodes,
               uint32_t vocab, const CongGlobalSpec& spec,
               const std::function<void(const std::string&)>& log) {
  Gates g{std::vector<float>(nodes, spec.context_gate_start), std::vector<float>(vocab, 0.0f),
          std::vector<float>(kW + 1, 0.0f)};
  std::vector<float> g_conf(nodes, 0), g_dconf(vocab, 0), g_pc(kW + 1, 0);
  const float lr = spec.gate_learning_rate, l2 = spec.gate_l2;
  auto step = [lr](float* param, float* acc, float grad) {
    *acc += grad * grad;
    *param -= lr * grad / (std::sqrt(*acc) + 1e-6f);
  };
  for (int epoch = 0; epoch < spec.epochs; ++epoch) {
    double ll_local = 0, ll_mix = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      const float* a = &comp[i * (kW + 1)];
      float gt[kW + 1], w[kW + 1], post[kW + 1];
      gt[0] = g.conf[p.ctx] + g.pc[0];
      for (int k = 0; k < p.count; ++k) gt[k + 1] = g.dconf[p.window[k]] + g.pc[k + 1];
      const int m = p.count + 1;
      float gmax = *std::max_element(gt, gt + m), smax = -1e30f;
      double gs = 0, ss = 0;
      for (int k = 0; k < m; ++k) gs += std::exp(double(gt[k] - gmax)), smax = std::max(smax, gt[k] + a[k]);
      for (int k = 0; k < m; ++k) post[k] = std::exp(gt[k] + a[k] - smax), ss += post[k];
      for (int k = 0; k < m; ++k)
        w[k] = static_cast<float>(std::exp(double(gt[k] - gmax)) / gs), post[k] /= ss;
      ll_local += a[0];
      ll_mix += (smax + std::log(ss)) - (gmax + std::log(gs));
      // d(-log P)/d g_k = w_k - post_k.
      step(&g.conf[p.ctx], &g_conf[p.ctx], w[0] - post[0] + l2 * (g.conf[p.ctx] - spec.context_gate_start));
      step(&g.pc[0], &g_pc[0], w[0] - post[0]);
      for (int k = 0; k < p.count; ++k) {
        step(&g.dconf[p.window[k]], &g_dconf[p.window[k]],
             w[k + 1] - post[k + 1] + l2 * g.dconf[p.window[k]]);
        step(&g.pc[k + 1], &g_pc[k + 1], w[k + 1] - post[k + 1]);
      }
    }
    if (log)
      log("cong-global: gate epoch " + std::to_string(epoch + 1) +
          ", content-token log-likelihood per position: local " +
          std::to_string(ll_local / double(positions.size())) + ", mixture " +
          std::to_string(ll_mix / double(positions.size())));
  }
  return g;
}

// Local and distant log-probabilities of every position's next token.
std::vector<float> PositionScores(const std::vector<Position>& positions, const CongLocalModel& local,
                                  const std::vector<float>& dist, const std::vector<float>& dist_bias,
                                  int threads) {
  const int D = local.dim;
  const std::vector<float>& eout = local.eout;
  const std::vector<float>& obias = local.out_bias;
  std::vector<float> comp(positions.size() * (kW + 1));
  ParallelFor(threads, positions.size(), [&](int, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) {
      const Position& p = positions[i];
      float* a = &comp[i * (kW + 1)];
      a[0] = Dot(&local.ctx[size_t{p.ctx} * D], &eout[size_t{p.x} * D], D) + obias[p.x] + local.z_f[p.ctx];
      for (int k = 0; k < p.count; ++k)
        a[k + 1] = local.content_f[p.ctx] + Dot(&dist[size_t{p.window[k]} * D], &eout[size_t{p.x} * D], D) +
                   obias[p.x] + dist_bias[p.window[k]];
    }
  });
  return comp;
}

// The CoNg-Global blob (core/lm/cong_global.h): int8 distant rows when
// `rows` is given, else float ones.
std::string WriteGlobalBlob(const CongLocalModel& local, const std::vector<uint8_t>& valid, const Gates& g,
                            const std::vector<float>& dist, const QuantizedRows* rows,
                            const std::vector<float>& dist_bias, const std::vector<float>& content_mass) {
  std::string sec[kNumSections];
  AppendPod(&sec[kValid], valid);
  if (rows != nullptr) {
    AppendPod(&sec[kDistRows], ShiftedRows(rows->q));
    AppendPod(&sec[kDistScale], rows->scale);
  } else {
    AppendPod(&sec[kDistRows], dist);
  }
  AppendPod(&sec[kDistBias], dist_bias);
  AppendPod(&sec[kDistConf], g.dconf);
  AppendPod(&sec[kCtxConf], g.conf);
  AppendPod(&sec[kCtxVts], content_mass);
  AppendPod(&sec[kPosConf], g.pc);
  CongGlobalHeader h{};
  h.vocab_size = local.vocab;
  h.num_nodes = local.nodes;
  h.dim = static_cast<uint32_t>(local.dim);
  h.window = kWindow;
  h.quant_bits = rows != nullptr ? 8 : 0;
  return LayOutBlob(h, kMagic, kFormatVersionPlain, sec);
}

}  // namespace

Status TrainCongGlobal(const std::vector<std::vector<uint32_t>>& seqs, const ContextTrie& trie,
                       const CongLocalModel& local, const std::vector<uint8_t>& valid,
                       const CongTrainOptions& o, const CongGlobalSpec& spec, CongTrainResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  auto log = [&](const std::string& s) {
    if (o.log) o.log(s);
  };
  const uint32_t V = local.vocab;
  const int D = local.dim;
  ContentSet cs{{}, std::vector<int32_t>(V, -1)};
  for (uint32_t t = 0; t < V; ++t)
    if (valid[t]) cs.index[t] = static_cast<int32_t>(cs.tokens.size()), cs.tokens.push_back(t);
  if (cs.tokens.empty())
    return Status(StatusCode::kInvalidArgument, "CoNg-Global needs at least one content token");
  std::vector<Position> positions;
  WindowPairs wp;
  size_t pair_count = 0;
  CollectWindows(seqs, trie, valid, V, &positions, &wp, &pair_count);
  log("cong-global: " + std::to_string(cs.tokens.size()) + " content tokens, " +
      std::to_string(positions.size()) + " positions with a window, " + std::to_string(pair_count) +
      " window pairs");
  const std::vector<float> dist =
      TrainDistantRows(local, cs, wp, o, spec.epochs * spec.distant_steps_per_epoch);
  TopTokens dist_top;
  const std::vector<float> dist_bias = DistBias(dist, local.eout, local.out_bias, cs.tokens, V, D, o.threads,
                                                o.compensated_rounding ? &dist_top : nullptr);
  const Gates gates = FitGates(positions, PositionScores(positions, local, dist, dist_bias, o.threads),
                               local.nodes, V, spec, o.log);
  // The int8 variant normalises its dequantised distant rows over the
  // dequantised output rows the analyzer will use. Distant rows are rounded
  // like context rows: to keep their content-token log-probabilities over
  // the quantised output rows close to the float ones.
  QuantizedRows dist_rows;
  if (o.compensated_rounding) {
    QuantizeContextRowsCompensated(dist, V, D, local.eout, local.eout_q, dist_top, o.threads, &dist_rows);
  } else {
    QuantizeRows(dist, V, D, &dist_rows);
  }
  const std::vector<float> dist_bias_q =
      DistBias(Dequantize(dist_rows, V, D), local.eout_q, local.out_bias, cs.tokens, V, D, o.threads);
  result->global_fp32_blob = WriteGlobalBlob(local, valid, gates, dist, nullptr, dist_bias, local.content_f);
  result->global_int8_blob =
      WriteGlobalBlob(local, valid, gates, dist, &dist_rows, dist_bias_q, local.content_q);
  log("cong-global: trained in " +
      std::to_string(int(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count())) +
      " s; int8 " + std::to_string(result->global_int8_blob.size() / 1024) + " KiB");
  return Status::Ok();
}

}  // namespace kma::build
