// BuildKnlm: counting, modified Kneser–Ney estimation, pruning, quantisation
// and serialisation of the KnlmView blob (layout in core/lm/knlm.h).
//
// Everything is driven by sorted vectors (never hash-map iteration), which
// keeps the output byte-identical across runs and platforms, and makes the
// trie layout fall out directly: sorting the n-grams of one order
// lexicographically groups them by prefix in the same order as the prefixes'
// own level, i.e. the breadth-first layout KnlmView expects.
#include "tools/builder/lm/knlm_builder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "core/lm/knlm.h"
#include "tools/builder/lm/knlm_counts.h"

namespace kma {

namespace {

using knlm_internal::kCodebookSize;
using knlm_internal::kContextFlag;
using knlm_internal::kMaxNodes;
using knlm_internal::kMaxOrder;
using knlm_internal::kMinOrder;
using knlm_internal::KnlmHeader;
using knlm_counts::Count;
using knlm_counts::Discount;
using knlm_counts::Discounts;

// An n-gram of order k uses slots [0, k); the rest stay 0 so that
// lexicographic comparison of whole arrays orders n-grams of one order.
using Gram = std::array<uint32_t, kMaxOrder>;

// Exponent applied to per-bin usage when fitting codebooks (see FitCodebook).
// With 0.5, 8-bit perplexity on the shared corpus is within 0.01% of float.
constexpr double kDensityExponent = 0.5;

// All distinct n-grams of one order, sorted, with their statistics.
struct Level {
  std::vector<Gram> grams;
  std::vector<Count> raw;        // occurrences in the padded corpus
  std::vector<Count> adj;        // KN adjusted count (raw or continuation)
  std::vector<uint32_t> prefix;  // index of grams[i][0..k-1) in level k-1
  std::vector<uint32_t> suffix;  // index of grams[i][1..k) in level k-1
  std::vector<uint8_t> keep;     // survives pruning
  std::vector<uint32_t> node;    // trie node of kept grams
};

Gram SuffixOf(const Gram& g, int k) {
  Gram s{};
  for (int i = 1; i < k; ++i) s[i - 1] = g[i];
  return s;
}

Gram PrefixOf(const Gram& g, int k) {
  Gram p = g;
  p[k - 1] = 0;
  return p;
}

// Index of `g` in the sorted level, or -1.
int64_t Find(const Level& level, const Gram& g) {
  auto it = std::lower_bound(level.grams.begin(), level.grams.end(), g);
  if (it == level.grams.end() || *it != g) return -1;
  return it - level.grams.begin();
}

// Non-uniform 8-bit quantisation: weighted 1-D k-means (Lloyd) on
// (value, usage) pairs, where usage is how often the model reads the value
// (the n-gram's or context's training count). Values are pooled into fine
// bins (1/4096 of the range) and each bin weighs sqrt(its total usage).
// Unweighted k-means spends the centres on the dense middle of the value
// distribution, but the most used values (likely n-grams, confident
// contexts) sit in its sparse tails; the damped usage weight covers both.
std::vector<float> FitCodebook(std::vector<std::pair<float, double>> values) {
  std::vector<float> book(kCodebookSize, 0.0f);
  if (values.empty()) return book;
  std::sort(values.begin(), values.end());
  const double lo = values.front().first, hi = values.back().first;
  const double width = (hi - lo) / 4096;
  std::vector<double> val, weight;
  for (size_t i = 0; i < values.size();) {
    size_t j = i;
    double sum = 0, usage = 0;
    while (j < values.size() && values[j].first - values[i].first <= width) {
      sum += values[j].first * values[j].second;
      usage += values[j].second;
      ++j;
    }
    val.push_back(usage > 0 ? sum / usage : values[i].first);
    weight.push_back(std::pow(usage, kDensityExponent));
    i = j;
  }
  const size_t u = val.size();
  if (u <= static_cast<size_t>(kCodebookSize)) {
    // Few distinct levels: keep exact values where possible.
    std::vector<float> uniq;
    for (const auto& v : values) uniq.push_back(v.first);
    uniq.erase(std::unique(uniq.begin(), uniq.end()), uniq.end());
    if (uniq.size() <= static_cast<size_t>(kCodebookSize)) {
      for (int i = 0; i < kCodebookSize; ++i) {
        book[i] = uniq[std::min<size_t>(i, uniq.size() - 1)];
      }
      return book;
    }
    for (int i = 0; i < kCodebookSize; ++i) {
      book[i] = static_cast<float>(val[std::min<size_t>(i, u - 1)]);
    }
    return book;
  }
  std::vector<double> cum(u);
  double total = 0;
  for (size_t t = 0; t < u; ++t) cum[t] = (total += weight[t]);
  // Distinct, increasing initial centres at the weighted quantiles.
  std::vector<double> c(kCodebookSize);
  size_t j = 0;
  int64_t prev = -1;
  for (int i = 0; i < kCodebookSize; ++i) {
    const double target = (i + 0.5) * total / kCodebookSize;
    while (j < u && cum[j] < target) ++j;
    int64_t idx = std::max<int64_t>(static_cast<int64_t>(j), prev + 1);
    idx = std::min<int64_t>(idx, static_cast<int64_t>(u) - (kCodebookSize - i));
    c[i] = val[idx];
    prev = idx;
  }
  std::vector<double> sum(kCodebookSize), cnt(kCodebookSize);
  for (int iter = 0; iter < 50; ++iter) {
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(cnt.begin(), cnt.end(), 0.0);
    int k = 0;
    for (size_t t = 0; t < u; ++t) {
      while (k + 1 < kCodebookSize && val[t] > 0.5 * (c[k] + c[k + 1])) ++k;
      sum[k] += val[t] * weight[t];
      cnt[k] += weight[t];
    }
    bool changed = false;
    for (int i = 0; i < kCodebookSize; ++i) {
      if (cnt[i] == 0) continue;
      const double m = sum[i] / cnt[i];
      if (m != c[i]) changed = true;
      c[i] = m;
    }
    if (!changed) break;
  }
  for (int i = 0; i < kCodebookSize; ++i) book[i] = static_cast<float>(c[i]);
  std::sort(book.begin(), book.end());
  return book;
}

uint8_t Encode(const std::vector<float>& book, float x) {
  // Nearest centre; book is sorted.
  auto it = std::lower_bound(book.begin(), book.end(), x);
  if (it == book.end()) return static_cast<uint8_t>(kCodebookSize - 1);
  if (it == book.begin()) return 0;
  const size_t hi = it - book.begin();
  return static_cast<uint8_t>((x - book[hi - 1] <= book[hi] - x) ? hi - 1 : hi);
}

Status CheckInputs(const std::vector<std::vector<uint32_t>>& sentences, const std::vector<float>& weights,
                   uint32_t vocab_size, uint32_t bos, uint32_t eos,
                   const KnlmBuildOptions& options, std::string* out) {
  auto bad = [](const std::string& m, int64_t offset = -1) {
    return Status(StatusCode::kInvalidArgument, "BuildKnlm: " + m, offset);
  };
  if (out == nullptr) return bad("out is null");
  if (options.order < kMinOrder || options.order > kMaxOrder) {
    return bad("order must be in 2..6, got " + std::to_string(options.order));
  }
  if (options.quant_bits != 0 && options.quant_bits != 8) {
    return bad("quant_bits must be 0 or 8");
  }
  if (options.min_counts.size() > static_cast<size_t>(options.order)) {
    return bad("min_counts has more entries than order");
  }
  if (!(options.min_expected_count >= 0 && options.min_expected_count <= 1e6)) {
    return bad("min_expected_count must be in 0..1e6");
  }
  if (vocab_size == 0 || vocab_size >= kMaxNodes - 1) {
    return bad("vocab_size out of range");
  }
  if (bos >= vocab_size || eos >= vocab_size || bos == eos) {
    return bad("bos and eos must be distinct ids below vocab_size");
  }
  if (!weights.empty() && weights.size() != sentences.size()) {
    return bad("weights must be empty or one per sentence");
  }
  for (size_t s = 0; s < weights.size(); ++s) {
    if (!(weights[s] > 0 && weights[s] <= 1)) {
      return bad("sentence " + std::to_string(s) + ": weight must be in (0, 1]", static_cast<int64_t>(s));
    }
  }
  for (size_t s = 0; s < sentences.size(); ++s) {
    for (size_t i = 0; i < sentences[s].size(); ++i) {
      const uint32_t t = sentences[s][i];
      if (t >= vocab_size || t == bos || t == eos) {
        return bad("sentence " + std::to_string(s) + " token " +
                       std::to_string(i) + ": id " + std::to_string(t) +
                       (t >= vocab_size ? " >= vocab_size" : " is bos/eos"),
                   static_cast<int64_t>(s));
      }
    }
  }
  return Status::Ok();
}

// Fills levels[1..order]: distinct n-grams, raw counts and prefix/suffix
// indices. Each sentence is padded as <s> w1 .. wm </s>; n-grams ending at
// <s> are not events (<s> is never predicted). Sentence s counts with
// weight weights[s] (all 1 when empty).
Status CountNgrams(const std::vector<std::vector<uint32_t>>& sentences, const std::vector<float>& weights,
                   uint32_t vocab_size, uint32_t bos, uint32_t eos, int order,
                   std::vector<Level>* levels) {
  auto weight = [&](size_t s) { return weights.empty() ? 1.0 : static_cast<double>(weights[s]); };
  Level& uni = (*levels)[1];
  uni.grams.resize(vocab_size);
  uni.raw.assign(vocab_size, Count());
  for (uint32_t t = 0; t < vocab_size; ++t) uni.grams[t] = Gram{t};
  std::vector<uint32_t> padded;
  struct Occurrence {
    Gram g;
    float w;
    bool operator<(const Occurrence& o) const { return g != o.g ? g < o.g : w < o.w; }
  };
  for (int k = 2; k <= order; ++k) {
    std::vector<Occurrence> occ;
    for (size_t s = 0; s < sentences.size(); ++s) {
      padded.assign(1, bos);
      padded.insert(padded.end(), sentences[s].begin(), sentences[s].end());
      padded.push_back(eos);
      const float w = weights.empty() ? 1.0f : weights[s];
      for (size_t j = static_cast<size_t>(k - 1); j < padded.size(); ++j) {
        Gram g{};
        for (int i = 0; i < k; ++i) g[i] = padded[j + 1 - k + i];
        occ.push_back({g, w});
      }
    }
    std::sort(occ.begin(), occ.end());
    Level& lv = (*levels)[k];
    for (size_t i = 0; i < occ.size();) {
      Count c;
      size_t j = i;
      for (; j < occ.size() && occ[j].g == occ[i].g; ++j) c.Add(occ[j].w);
      lv.grams.push_back(occ[i].g);
      lv.raw.push_back(c);
      i = j;
    }
  }
  for (size_t s = 0; s < sentences.size(); ++s) {
    for (uint32_t t : sentences[s]) uni.raw[t].Add(weight(s));
    uni.raw[eos].Add(weight(s));
  }
  for (int k = 2; k <= order; ++k) {
    Level& lv = (*levels)[k];
    const Level& lower = (*levels)[k - 1];
    lv.prefix.resize(lv.grams.size());
    lv.suffix.resize(lv.grams.size());
    for (size_t i = 0; i < lv.grams.size(); ++i) {
      // Both always exist: a counted k-gram's prefix and suffix were counted
      // too (or are unigrams, which are dense).
      const int64_t p = Find(lower, PrefixOf(lv.grams[i], k));
      const int64_t q = Find(lower, SuffixOf(lv.grams[i], k));
      if (p < 0 || q < 0) {
        return Status(StatusCode::kInternal, "BuildKnlm: n-gram not closed");
      }
      lv.prefix[i] = static_cast<uint32_t>(p);
      lv.suffix[i] = static_cast<uint32_t>(q);
    }
  }
  return Status::Ok();
}

// Adjusted counts: raw at the top order and for n-grams starting with <s>;
// otherwise the number of distinct left neighbours.
void AdjustCounts(uint32_t bos, int order, std::vector<Level>* levels) {
  (*levels)[order].adj = (*levels)[order].raw;
  for (int k = order - 1; k >= 1; --k) {
    Level& lv = (*levels)[k];
    const Level& upper = (*levels)[k + 1];
    // A left extension counts once if it occurred at all.
    std::vector<Count> cont(lv.grams.size());
    for (size_t u = 0; u < upper.suffix.size(); ++u) cont[upper.suffix[u]].Add(1 - upper.raw[u].p[0]);
    lv.adj.resize(lv.grams.size());
    for (size_t i = 0; i < lv.grams.size(); ++i) {
      const bool starts_with_bos = lv.grams[i][0] == bos;
      lv.adj[i] = starts_with_bos ? lv.raw[i] : cont[i];
    }
  }
}

void Prune(const std::vector<uint32_t>& min_counts, double min_expected, int order,
           std::vector<Level>* levels) {
  // Sums of float weights (5 x 0.2f) land a hair off the integer they mean.
  const double expected_floor = min_expected - 1e-6;
  (*levels)[1].keep.assign((*levels)[1].grams.size(), 1);
  for (int k = 2; k <= order; ++k) {
    uint32_t min_count = 1;
    if (!min_counts.empty()) {
      min_count = min_counts[std::min<size_t>(k - 1, min_counts.size() - 1)];
    }
    Level& lv = (*levels)[k];
    const Level& lower = (*levels)[k - 1];
    lv.keep.resize(lv.grams.size());
    for (size_t i = 0; i < lv.grams.size(); ++i) {
      lv.keep[i] = (min_count <= 1 || lv.raw[i].mean >= min_count) && lv.raw[i].mean >= expected_floor &&
                   lower.keep[lv.prefix[i]] && lower.keep[lv.suffix[i]];
    }
  }
}

void AppendSection(const void* src, size_t bytes,
                   knlm_internal::SectionRef* ref, std::string* blob) {
  const size_t offset = blob->size();
  ref->offset = offset;
  ref->size = bytes;
  blob->resize(offset + ((bytes + 7) / 8) * 8, '\0');
  if (bytes > 0) std::memcpy(&(*blob)[offset], src, bytes);
}

// The trie over the kept n-grams, its estimates and how often each value is
// read (training counts; weights for quantisation).
struct KnTrie {
  uint64_t level_begin[kMaxOrder + 2] = {};
  uint64_t num_nodes = 0, num_inner = 0;
  std::vector<uint32_t> child_count, child_begin, links, keys;
  std::vector<double> prob, log_backoff, prob_usage, backoff_usage;  // linear probabilities, log backoffs

  bool HasChildren(uint32_t node) const { return node < num_inner && child_count[node] > 0; }
};

// Node numbering: root 0, unigram t -> t + 1, then kept n-grams level by
// level in sorted order.
Status NumberNodes(int order, std::vector<Level>* levels, KnTrie* trie) {
  trie->level_begin[1] = 1;
  for (int k = 1; k <= order; ++k) {
    Level& lv = (*levels)[k];
    lv.node.assign(lv.grams.size(), 0);
    uint64_t next = trie->level_begin[k];
    for (size_t i = 0; i < lv.grams.size(); ++i) {
      if (lv.keep[i]) lv.node[i] = static_cast<uint32_t>(next++);
      if (next > kMaxNodes) {
        return Status(StatusCode::kInvalidArgument,
                      "BuildKnlm: model exceeds 2^31 nodes; raise min_counts");
      }
    }
    trie->level_begin[k + 1] = next;
  }
  trie->num_nodes = trie->level_begin[order + 1];
  trie->num_inner = trie->level_begin[order];
  return Status::Ok();
}

// Children: kept n-grams of level k+1 are grouped by prefix in node order.
void IndexChildren(const std::vector<Level>& levels, int order, uint32_t vocab_size, KnTrie* trie) {
  trie->child_count.assign(trie->num_inner, 0);
  trie->child_count[0] = vocab_size;
  for (int k = 2; k <= order; ++k) {
    const Level& lv = levels[k];
    for (size_t i = 0; i < lv.grams.size(); ++i) {
      if (lv.keep[i]) ++trie->child_count[levels[k - 1].node[lv.prefix[i]]];
    }
  }
  trie->child_begin.resize(trie->num_inner + 1);
  trie->child_begin[0] = 1;
  for (uint64_t i = 0; i < trie->num_inner; ++i) {
    trie->child_begin[i + 1] = trie->child_begin[i] + trie->child_count[i];
  }
}

// Interpolated unigram probabilities: discounted mass spread uniformly.
void EstimateUnigrams(const Level& uni, uint32_t vocab_size, KnTrie* trie) {
  const auto d = Discounts(uni.adj);
  double total = 0, discounted = 0;
  for (const Count& a : uni.adj) {
    total += a.mean;
    discounted += Discount(d, a);
  }
  const double gamma = total > 0 ? discounted / total : 1.0;
  for (uint32_t t = 0; t < vocab_size; ++t) {
    const double a = uni.adj[t].mean;
    const double seen = total > 0 ? (a - Discount(d, uni.adj[t])) / total : 0;
    trie->prob[1 + t] = seen + gamma / vocab_size;
  }
}

// Probabilities (linear, double) and log backoffs of the higher orders.
void EstimateHigherOrders(const std::vector<Level>& levels, int order, KnTrie* trie) {
  for (int k = 2; k <= order; ++k) {
    const Level& lv = levels[k];
    const Level& lower = levels[k - 1];
    const auto d = Discounts(lv.adj);
    for (size_t i = 0; i < lv.grams.size();) {
      // One context: all extensions (kept or pruned) of prefix p.
      const uint32_t p = lv.prefix[i];
      size_t end = i;
      double total = 0, to_lower = 0, usage = 0;
      while (end < lv.grams.size() && lv.prefix[end] == p) {
        total += lv.adj[end].mean;
        usage += lv.raw[end].mean;
        to_lower += lv.keep[end] ? Discount(d, lv.adj[end]) : lv.adj[end].mean;
        ++end;
      }
      if (lower.keep[p] && total > 0) {
        const double gamma = std::max(to_lower / total, 1e-30);
        trie->log_backoff[lower.node[p]] = std::log(gamma);
        trie->backoff_usage[lower.node[p]] = usage;
        for (size_t j = i; j < end; ++j) {
          if (!lv.keep[j]) continue;
          trie->prob_usage[lv.node[j]] = lv.raw[j].mean;
          const double own = (lv.adj[j].mean - Discount(d, lv.adj[j])) / total;
          trie->prob[lv.node[j]] = own + gamma * trie->prob[lower.node[lv.suffix[j]]];
        }
      }
      i = end;
    }
  }
}

// Links (suffix link for contexts, next-state link for the rest) and keys.
void LinkNodes(const std::vector<Level>& levels, int order, KnTrie* trie) {
  trie->links.assign(trie->num_nodes, 0);
  trie->keys.assign(trie->num_nodes, 0);
  trie->links[0] = kContextFlag;
  for (int k = 1; k <= order; ++k) {
    const Level& lv = levels[k];
    for (size_t i = 0; i < lv.grams.size(); ++i) {
      if (!lv.keep[i]) continue;
      const uint32_t node = lv.node[i];
      const uint32_t suffix = k == 1 ? 0 : levels[k - 1].node[lv.suffix[i]];
      if (trie->HasChildren(node)) {
        trie->links[node] = kContextFlag | suffix;
      } else {
        trie->links[node] = (trie->links[suffix] & kContextFlag) ? suffix : trie->links[suffix];
      }
      trie->keys[node] = lv.grams[i][k - 1];
    }
  }
}

// The probability and backoff sections: 8-bit codes with their codebooks,
// or float32 values.
void AppendValueSections(const KnTrie& trie, const std::vector<float>& log_prob, const std::vector<float>& backoff,
                         int quant_bits, KnlmHeader* h, std::string* blob) {
  namespace ki = knlm_internal;
  if (quant_bits != 8) {
    AppendSection(log_prob.data(), 4 * log_prob.size(), &h->sections[ki::kProbs], blob);
    AppendSection(backoff.data(), 4 * backoff.size(), &h->sections[ki::kBackoffs], blob);
    // Absent codebooks: empty sections at the end of the blob.
    h->sections[ki::kProbTable] = {blob->size(), 0};
    h->sections[ki::kBackoffTable] = {blob->size(), 0};
    return;
  }
  // Codebooks are fitted only on values Score can actually read: n-grams of
  // order >= 2 and backoffs of real contexts (the root's is never used).
  const uint64_t first = trie.level_begin[2];
  std::vector<std::pair<float, double>> train;
  for (uint64_t i = first; i < trie.num_nodes; ++i) train.emplace_back(log_prob[i], trie.prob_usage[i]);
  const std::vector<float> prob_book = FitCodebook(std::move(train));
  train.clear();
  for (uint64_t i = 1; i < trie.num_inner; ++i) {
    if (trie.HasChildren(static_cast<uint32_t>(i))) train.emplace_back(backoff[i], trie.backoff_usage[i]);
  }
  const std::vector<float> backoff_book = FitCodebook(std::move(train));
  std::vector<uint8_t> prob_codes(trie.num_nodes, 0), backoff_codes(trie.num_inner, 0);
  for (uint64_t i = first; i < trie.num_nodes; ++i) prob_codes[i] = Encode(prob_book, log_prob[i]);
  for (uint64_t i = 0; i < trie.num_inner; ++i) backoff_codes[i] = Encode(backoff_book, backoff[i]);
  AppendSection(prob_codes.data(), prob_codes.size(), &h->sections[ki::kProbs], blob);
  AppendSection(backoff_codes.data(), backoff_codes.size(), &h->sections[ki::kBackoffs], blob);
  AppendSection(prob_book.data(), 4 * prob_book.size(), &h->sections[ki::kProbTable], blob);
  AppendSection(backoff_book.data(), 4 * backoff_book.size(), &h->sections[ki::kBackoffTable], blob);
}

std::string Serialize(const KnTrie& trie, int order, uint32_t vocab_size, uint32_t bos, uint32_t eos,
                      int quant_bits) {
  std::vector<float> unigram(vocab_size);
  for (uint32_t t = 0; t < vocab_size; ++t) unigram[t] = static_cast<float>(std::log(trie.prob[1 + t]));
  std::vector<float> log_prob(trie.num_nodes, 0.0f);
  for (uint64_t i = trie.level_begin[2]; i < trie.num_nodes; ++i) {
    log_prob[i] = static_cast<float>(std::log(trie.prob[i]));
  }
  std::vector<float> backoff(trie.log_backoff.begin(), trie.log_backoff.end());

  KnlmHeader h;
  std::memset(&h, 0, sizeof(h));
  std::memcpy(h.magic, knlm_internal::kMagic, 4);
  h.version = knlm_internal::kFormatVersion;
  h.order = static_cast<uint32_t>(order);
  h.vocab_size = vocab_size;
  h.bos = bos;
  h.eos = eos;
  h.quant_bits = static_cast<uint32_t>(quant_bits);
  h.header_size = sizeof(KnlmHeader);
  h.num_nodes = trie.num_nodes;
  h.num_inner = trie.num_inner;
  std::copy(trie.level_begin, trie.level_begin + kMaxOrder + 2, h.level_begin);

  std::string blob(sizeof(KnlmHeader), '\0');
  namespace ki = knlm_internal;
  AppendSection(unigram.data(), 4 * unigram.size(), &h.sections[ki::kUnigram], &blob);
  AppendSection(trie.keys.data(), 4 * trie.keys.size(), &h.sections[ki::kKeys], &blob);
  AppendSection(trie.links.data(), 4 * trie.links.size(), &h.sections[ki::kLinks], &blob);
  AppendSection(trie.child_begin.data(), 4 * trie.child_begin.size(), &h.sections[ki::kChildBegin], &blob);
  AppendValueSections(trie, log_prob, backoff, quant_bits, &h, &blob);
  h.total_size = blob.size();
  std::memcpy(&blob[0], &h, sizeof(h));
  return blob;
}

Status Build(const std::vector<std::vector<uint32_t>>& sentences, const std::vector<float>& weights,
             uint32_t vocab_size, uint32_t bos, uint32_t eos,
             const KnlmBuildOptions& options, std::string* out) {
  const int order = options.order;
  std::vector<Level> levels(order + 1);
  KMA_RETURN_IF_ERROR(
      CountNgrams(sentences, weights, vocab_size, bos, eos, order, &levels));
  AdjustCounts(bos, order, &levels);
  Prune(options.min_counts, options.min_expected_count, order, &levels);
  KnTrie trie;
  KMA_RETURN_IF_ERROR(NumberNodes(order, &levels, &trie));
  IndexChildren(levels, order, vocab_size, &trie);
  trie.prob.assign(trie.num_nodes, 0.0);
  trie.prob_usage.assign(trie.num_nodes, 0.0);
  trie.log_backoff.assign(trie.num_inner, 0.0);
  trie.backoff_usage.assign(trie.num_inner, 0.0);
  EstimateUnigrams(levels[1], vocab_size, &trie);
  EstimateHigherOrders(levels, order, &trie);
  LinkNodes(levels, order, &trie);
  *out = Serialize(trie, order, vocab_size, bos, eos, options.quant_bits);
  return Status::Ok();
}

}  // namespace

Status BuildKnlm(const std::vector<std::vector<uint32_t>>& sentences,
                 uint32_t vocab_size, uint32_t bos, uint32_t eos,
                 const KnlmBuildOptions& options, std::string* out) {
  return BuildKnlm(sentences, {}, vocab_size, bos, eos, options, out);
}

Status BuildKnlm(const std::vector<std::vector<uint32_t>>& sentences, const std::vector<float>& weights,
                 uint32_t vocab_size, uint32_t bos, uint32_t eos,
                 const KnlmBuildOptions& options, std::string* out) {
  KMA_RETURN_IF_ERROR(
      CheckInputs(sentences, weights, vocab_size, bos, eos, options, out));
  try {
    return Build(sentences, weights, vocab_size, bos, eos, options, out);
  } catch (const std::bad_alloc&) {
    return Status(StatusCode::kOutOfMemory, "BuildKnlm: out of memory");
  } catch (...) {
    return Status(StatusCode::kInternal, "BuildKnlm: unexpected exception");
  }
}

}  // namespace kma
