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
#include "tools/builder/lm/packed_rows.h"
#include "tools/builder/lm/train_kernels.h"
#include "tools/builder/lm/train_math.h"
#include "tools/builder/step_clock.h"

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

// The content tokens, each token's index among them (-1 if none), and their
// output rows and biases (the softmax over content tokens).
struct ContentSet {
  std::vector<uint32_t> tokens;
  std::vector<int32_t> index;
  std::vector<float> rows, bias;

  void Init(const std::vector<uint8_t>& valid, const std::vector<float>& eout,
            const std::vector<float>& out_bias, int dim) {
    index.assign(valid.size(), -1);
    for (uint32_t t = 0; t < valid.size(); ++t)
      if (valid[t]) index[t] = static_cast<int32_t>(tokens.size()), tokens.push_back(t);
    SetRows(eout, out_bias, dim);
  }
  void SetRows(const std::vector<float>& eout, const std::vector<float>& out_bias, int dim) {
    rows.resize(tokens.size() * dim);
    bias.resize(tokens.size());
    for (size_t i = 0; i < tokens.size(); ++i) {
      std::copy(&eout[size_t{tokens[i]} * dim], &eout[size_t{tokens[i] + 1} * dim], &rows[i * dim]);
      bias[i] = out_bias[tokens[i]];
    }
  }
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

// Content tokens whose distant rows train together (a multiple of the
// gradient kernel's 6-row blocks).
constexpr size_t kDistBlock = 24;

// (1) Distant rows: per content token h, softmax regression over content
// tokens with the local output rows fixed: `steps` steps of row-wise
// Adagrad with light L2. Rows are independent, so blocks of them train
// together on the pool's threads.
std::vector<float> TrainDistantRows(const CongLocalModel& local, const ContentSet& cs, const WindowPairs& wp,
                                    const CongTrainOptions& o, int steps, ThreadPool* pool) {
  const int D = local.dim;
  const TrainKernels& k = ActiveTrainKernels();
  const PackedRows rows(cs.rows.data(), cs.tokens.size(), D, cs.bias.data());
  std::vector<uint32_t> learners;  // content tokens seen with a window
  for (uint32_t h : cs.tokens)
    if (wp.total[h] > 0) learners.push_back(h);
  const size_t C = cs.tokens.size(), chunks = (C + kGradChunkRows - 1) / kGradChunkRows;
  std::vector<float> dist(size_t{local.vocab} * D, 0.0f);
  struct Scratch {
    std::vector<float> lg, gv_part, g, acc;
  };
  std::vector<Scratch> scratch(pool->size());
  pool->Run((learners.size() + kDistBlock - 1) / kDistBlock, [&](size_t worker, size_t b) {
    Scratch& s = scratch[worker];
    const size_t i0 = b * kDistBlock, m = std::min(kDistBlock, learners.size() - i0);
    s.lg.resize(kDistBlock * rows.ld());
    s.gv_part.resize(chunks * kDistBlock * D);
    s.g.resize(kDistBlock * D);
    s.acc.assign(kDistBlock, 0.0f);
    std::vector<float> q(m * D, 0.0f);
    for (int step = 0; step < steps; ++step) {
      rows.Logits(k, q.data(), m, D, s.lg.data());
      for (size_t j = 0; j < m; ++j) {
        const uint32_t h = learners[i0 + j];
        float* row = &s.lg[j * rows.ld()];
        const float mx = k.row_max(row, C);
        double z = 0;
        k.exp_sum(row, C, mx, nullptr, row, &z, nullptr);
        k.scale_sub(row, C, static_cast<float>(wp.total[h] / z), nullptr, false, 0.0f, row);
        for (uint32_t e = wp.begin[h]; e < wp.begin[h + 1]; ++e) row[cs.index[wp.tok[e]]] -= float(wp.cnt[e]);
      }
      for (size_t c = 0; c < chunks; ++c)
        k.grad_rows(s.lg.data(), rows.ld(), m, nullptr, cs.rows.data(), D, c * kGradChunkRows,
                    std::min(C, (c + 1) * kGradChunkRows), nullptr, nullptr, &s.gv_part[c * m * D], nullptr);
      for (size_t j = 0; j < m; ++j) {
        float* g = &s.g[j * D];
        float* d = &q[j * D];
        std::fill(g, g + D, 0.0f);
        for (size_t c = 0; c < chunks; ++c)
          for (int x = 0; x < D; ++x) g[x] += s.gv_part[(c * m + j) * D + x];
        double norm2 = 0;
        for (int x = 0; x < D; ++x) g[x] += o.residual_l2 * d[x], norm2 += double(g[x]) * g[x];
        s.acc[j] += static_cast<float>(norm2 / D);
        const float rate = o.sparse_learning_rate / (std::sqrt(s.acc[j]) + 1e-6f);
        for (int x = 0; x < D; ++x) d[x] -= rate * g[x];
      }
    }
    for (size_t j = 0; j < m; ++j) std::copy(&q[j * D], &q[(j + 1) * D], &dist[size_t{learners[i0 + j]} * D]);
  });
  return dist;
}

// log-normaliser over content tokens of each distant row: -Zd[h]. With
// `top`, also the top tokens of every distant row's softmax over the content
// tokens, for the compensating rounding (rows of non-content tokens get
// none: probability 0). `rows` are the content tokens' output rows.
std::vector<float> DistBias(const std::vector<float>& dist, const PackedRows& rows, const ContentSet& cs,
                            uint32_t vocab, int dim, ThreadPool* pool, TopTokens* top = nullptr) {
  const TrainKernels& k = ActiveTrainKernels();
  const size_t C = cs.tokens.size();
  std::vector<float> bias(vocab, 0.0f);
  if (top != nullptr) {
    top->k = static_cast<int>(std::min<size_t>(kRoundingTopTokens, C));
    top->token.assign(size_t{vocab} * top->k, 0);
    top->prob.assign(size_t{vocab} * top->k, 0.0f);
  }
  std::vector<float> q(C * dim);
  for (size_t i = 0; i < C; ++i)
    std::copy(&dist[size_t{cs.tokens[i]} * dim], &dist[size_t{cs.tokens[i] + 1} * dim], &q[i * dim]);
  std::vector<std::vector<uint32_t>> order(pool->size());
  ForEachLogitRow(pool, rows, q.data(), C, dim, [&](size_t worker, size_t i, const float* lg) {
    const uint32_t h = cs.tokens[i];
    const float mx = k.row_max(lg, C);
    double z = 0;
    k.exp_sum(lg, C, mx, nullptr, nullptr, &z, nullptr);
    bias[h] = -(mx + static_cast<float>(LogD(z)));
    if (top == nullptr) return;
    uint32_t* tok = &top->token[size_t{h} * top->k];
    KeepTopTokens(lg, static_cast<uint32_t>(C), top->k, bias[h], &order[worker], tok,
                  &top->prob[size_t{h} * top->k]);
    for (int j = 0; j < top->k; ++j) tok[j] = cs.tokens[tok[j]];  // content index -> token
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
  const TrainKernels& kernels = ActiveTrainKernels();
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
      for (int k = 0; k < m; ++k) smax = std::max(smax, gt[k] + a[k]);
      for (int k = 0; k < m; ++k) w[k] = gt[k] - gmax, post[k] = gt[k] + a[k] - smax;
      kernels.exp_row(w, m, w);
      kernels.exp_row(post, m, post);
      double gs = 0, ss = 0;
      for (int k = 0; k < m; ++k) gs += w[k], ss += post[k];
      for (int k = 0; k < m; ++k)
        w[k] = static_cast<float>(w[k] / gs), post[k] = static_cast<float>(post[k] / ss);
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
  return LayOutBlob(h, kMagic, kFormatVersion, sec);
}

}  // namespace

Status TrainCongGlobal(const std::vector<std::vector<uint32_t>>& seqs, const ContextTrie& trie,
                       const CongLocalModel& local, const std::vector<uint8_t>& valid,
                       const CongTrainOptions& o, const CongGlobalSpec& spec, ThreadPool* pool,
                       CongTrainResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  auto log = [&](const std::string& s) {
    if (o.log) o.log(s);
  };
  const uint32_t V = local.vocab;
  const int D = local.dim;
  ContentSet cs;
  cs.Init(valid, local.eout, local.out_bias, D);
  if (cs.tokens.empty())
    return Status(StatusCode::kInvalidArgument, "CoNg-Global needs at least one content token");
  std::vector<Position> positions;
  WindowPairs wp;
  size_t pair_count = 0;
  CollectWindows(seqs, trie, valid, V, &positions, &wp, &pair_count);
  log("cong-global: " + std::to_string(cs.tokens.size()) + " content tokens, " +
      std::to_string(positions.size()) + " positions with a window, " + std::to_string(pair_count) +
      " window pairs");
  StepClock clock;
  const std::vector<float> dist =
      TrainDistantRows(local, cs, wp, o, spec.epochs * spec.distant_steps_per_epoch, pool);
  log("cong-global: distant rows trained (" + clock.Lap() + ")");
  TopTokens dist_top;
  const std::vector<float> dist_bias =
      DistBias(dist, PackedRows(cs.rows.data(), cs.tokens.size(), D, cs.bias.data()), cs, V, D, pool,
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
  cs.SetRows(local.eout_q, local.out_bias, D);
  const std::vector<float> dist_bias_q =
      DistBias(Dequantize(dist_rows, V, D), PackedRows(cs.rows.data(), cs.tokens.size(), D, cs.bias.data()),
               cs, V, D, pool);
  result->global_fp32_blob = WriteGlobalBlob(local, valid, gates, dist, nullptr, dist_bias, local.content_f);
  result->global_int8_blob =
      WriteGlobalBlob(local, valid, gates, dist, &dist_rows, dist_bias_q, local.content_q);
  log("cong-global: trained in " +
      std::to_string(int(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count())) +
      " s; int8 " + std::to_string(result->global_int8_blob.size() / 1024) + " KiB");
  return Status::Ok();
}

}  // namespace kma::build
