// Tests for the Kneser–Ney n-gram LM: estimator (BuildKnlm) and runtime view
// (KnlmView). The corpus is synthetic: a second-order Markov source with
// strong regularities, so higher orders must measurably help.
#include "core/lm/knlm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "tools/builder/lm/knlm_builder.h"

namespace kma {
namespace {

constexpr uint32_t kVocab = 60;
constexpr uint32_t kBos = 0;
constexpr uint32_t kEos = 1;
// Ids 2..49 occur in the corpus; 50..59 never do.
constexpr uint32_t kFirstWord = 2;
constexpr uint32_t kWords = 48;

// Small portable PRNG (std distributions differ between standard libraries).
struct Rng {
  uint64_t s;
  uint32_t Next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return static_cast<uint32_t>(s >> 11);
  }
  uint32_t Below(uint32_t n) { return Next() % n; }
};

// Sentences of 3..14 tokens; the next token depends on the previous two with
// probability 0.75, otherwise it is uniform over the occurring words.
std::vector<std::vector<uint32_t>> MakeCorpus(size_t count, uint64_t seed) {
  Rng rng{seed};
  std::vector<std::vector<uint32_t>> out;
  for (size_t s = 0; s < count; ++s) {
    const uint32_t len = 3 + rng.Below(12);
    std::vector<uint32_t> sent;
    uint32_t a = 7, b = 11;
    for (uint32_t i = 0; i < len; ++i) {
      uint32_t w;
      if (rng.Below(4) != 0) {
        w = kFirstWord + (a * 5 + b * 3 + rng.Below(2)) % kWords;
      } else {
        w = kFirstWord + rng.Below(kWords);
      }
      sent.push_back(w);
      a = b;
      b = w;
    }
    out.push_back(sent);
  }
  return out;
}

// Keeps a blob 8-byte aligned, as KnlmView::Open requires.
struct AlignedBlob {
  std::vector<uint64_t> words;
  size_t size = 0;
  explicit AlignedBlob(const std::string& bytes)
      : words((bytes.size() + 7) / 8 + 1), size(bytes.size()) {
    std::memcpy(words.data(), bytes.data(), bytes.size());
  }
  unsigned char* data() {
    return reinterpret_cast<unsigned char*>(words.data());
  }
};

std::string Build(const std::vector<std::vector<uint32_t>>& corpus, int order,
                  int quant_bits, std::vector<uint32_t> min_counts = {}) {
  KnlmBuildOptions opt;
  opt.order = order;
  opt.quant_bits = quant_bits;
  opt.min_counts = std::move(min_counts);
  std::string blob;
  Status st = BuildKnlm(corpus, kVocab, kBos, kEos, opt, &blob);
  EXPECT_TRUE(st.ok()) << st.message();
  return blob;
}

double SumProbs(const KnlmView& lm, uint32_t state) {
  double sum = 0;
  uint32_t next;
  for (uint32_t t = 0; t < lm.vocab_size(); ++t) {
    sum += std::exp(static_cast<double>(lm.Score(state, t, &next)));
  }
  return sum;
}

// Every state visited while reading `corpus`, in order (with repeats).
std::vector<uint32_t> VisitedStates(
    const KnlmView& lm, const std::vector<std::vector<uint32_t>>& corpus) {
  std::vector<uint32_t> states;
  for (const auto& s : corpus) {
    uint32_t st = lm.bos_state();
    for (uint32_t t : s) {
      states.push_back(st);
      lm.Score(st, t, &st);
    }
    states.push_back(st);
  }
  return states;
}

// Per-token perplexity (including </s>). If `unigram_only`, every token is
// scored in the root context (the model's own unigram distribution).
double Perplexity(const KnlmView& lm,
                  const std::vector<std::vector<uint32_t>>& corpus,
                  bool unigram_only = false) {
  double log_sum = 0;
  size_t n = 0;
  for (const auto& s : corpus) {
    uint32_t st = lm.bos_state();
    std::vector<uint32_t> toks = s;
    toks.push_back(kEos);
    for (uint32_t t : toks) {
      if (unigram_only) st = 0;
      log_sum += lm.Score(st, t, &st);
      ++n;
    }
  }
  return std::exp(-log_sum / n);
}

// Shared corpora (built once; never destroyed, so no exit-time ordering
// issues).
const std::vector<std::vector<uint32_t>>& Train() {
  static const auto* corpus =
      new std::vector<std::vector<uint32_t>>(MakeCorpus(3000, 12345));
  return *corpus;
}
const std::vector<std::vector<uint32_t>>& Heldout() {
  static const auto* corpus =
      new std::vector<std::vector<uint32_t>>(MakeCorpus(300, 999));
  return *corpus;
}

TEST(Knlm, DistributionsSumToOne) {
  for (int quant : {0, 8}) {
    for (int order : {2, 3, 4}) {
      for (bool prune : {false, true}) {
        std::vector<uint32_t> mc;
        if (prune) mc = {1, 2, 3, 3};
        mc.resize(std::min<size_t>(mc.size(), order));
        AlignedBlob blob(Build(Train(), order, quant, mc));
        auto lm = KnlmView::Open(blob.data(), blob.size);
        ASSERT_TRUE(lm.ok()) << lm.status().message();
        std::vector<uint32_t> states = VisitedStates(*lm, Heldout());
        states.resize(std::min<size_t>(states.size(), 150));
        states.push_back(0);
        const double tol = quant == 0 ? 1e-3 : 0.05;
        for (uint32_t st : states) {
          EXPECT_NEAR(SumProbs(*lm, st), 1.0, tol)
              << "order " << order << " quant " << quant << " prune " << prune
              << " state " << st << " (length " << lm->StateLength(st) << ")";
        }
      }
    }
  }
}

TEST(Knlm, LogProbsIsScoreForEveryToken) {
  for (int quant : {0, 8}) {
    AlignedBlob blob(Build(Train(), 4, quant, {1, 2}));
    auto lm = KnlmView::Open(blob.data(), blob.size);
    ASSERT_TRUE(lm.ok());
    std::vector<uint32_t> states = VisitedStates(*lm, Heldout());
    states.resize(std::min<size_t>(states.size(), 100));
    states.push_back(0);
    states.push_back(0xFFFFFFF0u);  // out of range: the root
    std::vector<float> all(kVocab);
    for (uint32_t st : states) {
      lm->LogProbs(st, all.data());
      uint32_t next;
      for (uint32_t t = 0; t < kVocab; ++t) ASSERT_NEAR(all[t], lm->Score(st, t, &next), 1e-4) << st << " " << t;
    }
  }
}

TEST(Knlm, SeenTrigramBeatsUnseen) {
  AlignedBlob blob(Build(Train(), 3, 0));
  auto lm = KnlmView::Open(blob.data(), blob.size);
  ASSERT_TRUE(lm.ok());
  // The first two tokens of the first training sentence follow <s>; find a
  // word never seen after them in training but frequent elsewhere.
  const auto& s0 = (Train())[0];
  const uint32_t a = s0[0], b = s0[1], c = s0[2];
  std::vector<bool> after_ab(kVocab, false);
  std::vector<int> freq(kVocab, 0);
  for (const auto& s : Train()) {
    for (size_t i = 0; i < s.size(); ++i) {
      ++freq[s[i]];
      if (i >= 2 && s[i - 2] == a && s[i - 1] == b) after_ab[s[i]] = true;
    }
  }
  uint32_t unseen = 0;
  int best = -1;
  for (uint32_t t = kFirstWord; t < kFirstWord + kWords; ++t) {
    if (!after_ab[t] && freq[t] > best) {
      best = freq[t];
      unseen = t;
    }
  }
  ASSERT_GT(best, 0);
  uint32_t st = lm->bos_state(), tmp;
  EXPECT_EQ(lm->StateLength(st), 1);
  lm->Score(st, a, &st);
  lm->Score(st, b, &st);
  EXPECT_EQ(lm->StateLength(st), 2);
  const float seen_lp = lm->Score(st, c, &tmp);
  const float unseen_lp = lm->Score(st, unseen, &tmp);
  EXPECT_GT(seen_lp, unseen_lp + 1.0f);
  // Never-occurring ids get small but real mass.
  const float never = lm->Score(st, 55, &tmp);
  EXPECT_TRUE(std::isfinite(never));
  EXPECT_LT(never, unseen_lp);
}

TEST(Knlm, OrdersTwoToFiveWork) {
  double prev_ppl = 1e30;
  for (int order = 2; order <= 5; ++order) {
    AlignedBlob blob(Build(Train(), order, 0));
    auto lm = KnlmView::Open(blob.data(), blob.size);
    ASSERT_TRUE(lm.ok()) << lm.status().message();
    EXPECT_EQ(lm->order(), order);
    EXPECT_EQ(lm->vocab_size(), kVocab);
    EXPECT_EQ(lm->bos(), kBos);
    EXPECT_EQ(lm->eos(), kEos);
    EXPECT_EQ(lm->ngram_count(1), kVocab);
    for (int n = 2; n <= order; ++n) EXPECT_GT(lm->ngram_count(n), 0u);
    for (uint32_t st : VisitedStates(*lm, Heldout())) {
      ASSERT_LE(lm->StateLength(st), order - 1);
    }
    const double ppl = Perplexity(*lm, Heldout());
    EXPECT_TRUE(std::isfinite(ppl));
    // The source is second order: going 2 -> 3 must help a lot; beyond, KN's
    // continuation counts at order 3 cost a little on such a source, but the
    // model must not get much worse.
    if (order == 3) {
      EXPECT_LT(ppl, prev_ppl * 0.8);
    } else if (order > 3) {
      EXPECT_LT(ppl, prev_ppl * 1.15);
    }
    prev_ppl = std::min(prev_ppl, ppl);
  }
}

TEST(Knlm, Deterministic) {
  for (int quant : {0, 8}) {
    const std::string a = Build(Train(), 4, quant, {1, 1, 2, 2});
    const std::string b = Build(Train(), 4, quant, {1, 1, 2, 2});
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(a, b);
  }
}

TEST(Knlm, PerplexityBeatsUnigram) {
  AlignedBlob blob(Build(Train(), 3, 8));
  auto lm = KnlmView::Open(blob.data(), blob.size);
  ASSERT_TRUE(lm.ok());
  const double uni = Perplexity(*lm, Heldout(), /*unigram_only=*/true);
  const double tri = Perplexity(*lm, Heldout());
  EXPECT_LT(tri, 0.6 * uni) << "trigram " << tri << " unigram " << uni;
}

TEST(Knlm, QuantisedScoresCloseToFloat) {
  AlignedBlob fb(Build(Train(), 4, 0));
  AlignedBlob qb(Build(Train(), 4, 8));
  auto f = KnlmView::Open(fb.data(), fb.size);
  auto q = KnlmView::Open(qb.data(), qb.size);
  ASSERT_TRUE(f.ok() && q.ok());
  EXPECT_EQ(f->quant_bits(), 0);
  EXPECT_EQ(q->quant_bits(), 8);
  EXPECT_LT(qb.size, fb.size);
  std::vector<double> errors;
  for (const auto& s : Heldout()) {
    uint32_t sf = f->bos_state(), sq = q->bos_state();
    for (uint32_t t : s) {
      errors.push_back(std::fabs(f->Score(sf, t, &sf) - q->Score(sq, t, &sq)));
      ASSERT_EQ(sf, sq);  // same trie, same states
    }
  }
  std::sort(errors.begin(), errors.end());
  double mean = 0;
  for (double e : errors) mean += e / errors.size();
  EXPECT_LT(mean, 0.02);
  EXPECT_LT(errors[errors.size() * 99 / 100], 0.15);  // 99th percentile
  EXPECT_LT(errors.back(), 1.0);
  EXPECT_NEAR(Perplexity(*f, Heldout()), Perplexity(*q, Heldout()),
              0.01 * Perplexity(*f, Heldout()));
}

TEST(Knlm, PruningShrinksAndStillScores) {
  AlignedBlob full(Build(Train(), 4, 0));
  AlignedBlob pruned(Build(Train(), 4, 0, {1, 2, 2, 2}));
  auto a = KnlmView::Open(full.data(), full.size);
  auto b = KnlmView::Open(pruned.data(), pruned.size);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_LT(b->node_count(), a->node_count());
  EXPECT_LT(b->ngram_count(4), a->ngram_count(4));
  const double pa = Perplexity(*a, Heldout()), pb = Perplexity(*b, Heldout());
  EXPECT_TRUE(std::isfinite(pb));
  EXPECT_LT(pb, 1.2 * pa);
}

TEST(Knlm, EmptyCorpusIsUniform) {
  std::string blob;
  ASSERT_TRUE(BuildKnlm({}, 10, 0, 1, KnlmBuildOptions(), &blob).ok());
  AlignedBlob ab(blob);
  auto lm = KnlmView::Open(ab.data(), ab.size);
  ASSERT_TRUE(lm.ok()) << lm.status().message();
  uint32_t st;
  EXPECT_NEAR(lm->Score(lm->bos_state(), 5, &st), std::log(0.1), 1e-5);
  EXPECT_EQ(st, 0u);
}

TEST(Knlm, BuildRejectsBadInput) {
  std::string blob;
  KnlmBuildOptions opt;
  opt.order = 7;
  EXPECT_EQ(BuildKnlm({{2, 3}}, 10, 0, 1, opt, &blob).code(),
            StatusCode::kInvalidArgument);
  opt.order = 3;
  opt.quant_bits = 4;
  EXPECT_EQ(BuildKnlm({{2, 3}}, 10, 0, 1, opt, &blob).code(),
            StatusCode::kInvalidArgument);
  opt.quant_bits = 8;
  Status st = BuildKnlm({{2, 3}, {4, 10}}, 10, 0, 1, opt, &blob);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.offset(), 1);  // the sentence holding the bad id
  EXPECT_EQ(BuildKnlm({{2, 0}}, 10, 0, 1, opt, &blob).code(),
            StatusCode::kInvalidArgument);  // <s> inside a sentence
  EXPECT_EQ(BuildKnlm({{2}}, 10, 1, 1, opt, &blob).code(),
            StatusCode::kInvalidArgument);  // bos == eos
  EXPECT_EQ(BuildKnlm({{2}}, 10, 0, 10, opt, &blob).code(),
            StatusCode::kInvalidArgument);  // eos out of vocab
  EXPECT_EQ(BuildKnlm({{2}}, 10, 0, 1, opt, nullptr).code(),
            StatusCode::kInvalidArgument);
}

// Fractional sentence weights (Kneser–Ney on expected counts).
std::string BuildWeighted(const std::vector<std::vector<uint32_t>>& corpus, const std::vector<float>& weights,
                          int quant_bits, float min_expected_count = 0) {
  KnlmBuildOptions opt;
  opt.order = 3;
  opt.quant_bits = quant_bits;
  opt.min_expected_count = min_expected_count;
  std::string blob;
  Status st = BuildKnlm(corpus, weights, kVocab, kBos, kEos, opt, &blob);
  EXPECT_TRUE(st.ok()) << st.message();
  return blob;
}

TEST(Knlm, WeightsOfOneAreTheUnweightedModel) {
  for (int quant : {0, 8}) {
    const std::string plain = Build(Train(), 3, quant);
    EXPECT_EQ(BuildWeighted(Train(), std::vector<float>(Train().size(), 1.0f), quant), plain);
    EXPECT_EQ(BuildWeighted(Train(), {}, quant), plain);
  }
}

// The training corpus followed by sentences of another source (the token
// after 2 is always 40), weighted w.
std::vector<std::vector<uint32_t>> WithOtherSource(std::vector<float>* weights, float w) {
  std::vector<std::vector<uint32_t>> corpus = Train();
  weights->assign(corpus.size(), 1.0f);
  for (uint32_t i = 0; i < 200; ++i) {
    corpus.push_back({2, 40, kFirstWord + i % kWords});
    weights->push_back(w);
  }
  return corpus;
}

// Pruning by expected count leaves a corpus of whole counts alone and takes
// the weighted n-grams that do not add up to one occurrence: the other
// source's trigrams (2, 40, w), each seen 4 or 5 times at weight 0.15, go;
// its bigram (2, 40), seen 200 times, stays.
TEST(Knlm, MinExpectedCountPrunesOnlyRareWeightedNgrams) {
  EXPECT_EQ(BuildWeighted(Train(), {}, 0, 1.0f), BuildWeighted(Train(), {}, 0));
  std::vector<float> weights;
  const auto corpus = WithOtherSource(&weights, 0.15f);
  AlignedBlob full(BuildWeighted(corpus, weights, 0));
  AlignedBlob pruned(BuildWeighted(corpus, weights, 0, 1.0f));
  auto a = KnlmView::Open(full.data(), full.size);
  auto b = KnlmView::Open(pruned.data(), pruned.size);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_LT(b->node_count(), a->node_count());
  // After <s> 2 40 the pruned model keeps no trigram, yet every state still
  // sums to one and 40 stays the likely token after 2.
  uint32_t s2a, s2b, s40;
  EXPECT_GT(a->Score(a->bos_state(), 2, &s2a), -100.0f);
  EXPECT_GT(b->Score(b->bos_state(), 2, &s2b), -100.0f);
  EXPECT_GT(a->Score(s2a, 40, &s40), std::log(0.1f));
  EXPECT_GT(b->Score(s2b, 40, &s40), std::log(0.1f));
  EXPECT_NEAR(SumProbs(*b, s40), 1.0, 1e-3);
  EXPECT_NEAR(SumProbs(*b, s2b), 1.0, 1e-3);
}

TEST(Knlm, FractionalWeightsStayNormalised) {
  std::vector<float> weights;
  const auto corpus = WithOtherSource(&weights, 0.3f);
  AlignedBlob blob(BuildWeighted(corpus, weights, 0));
  auto lm = KnlmView::Open(blob.data(), blob.size);
  ASSERT_TRUE(lm.ok()) << lm.status().message();
  std::vector<uint32_t> states = VisitedStates(*lm, Heldout());
  states.resize(std::min<size_t>(states.size(), 150));
  states.push_back(0);
  for (uint32_t st : states) EXPECT_NEAR(SumProbs(*lm, st), 1.0, 1e-3) << "state " << st;
}

TEST(Knlm, LargerWeightTeachesMore) {
  double last = -1e9;
  for (float w : {0.1f, 0.4f, 0.8f, 1.0f}) {
    std::vector<float> weights;
    const auto corpus = WithOtherSource(&weights, w);
    AlignedBlob blob(BuildWeighted(corpus, weights, 0));
    auto lm = KnlmView::Open(blob.data(), blob.size);
    ASSERT_TRUE(lm.ok()) << lm.status().message();
    uint32_t st = lm->bos_state(), next;
    lm->Score(st, 2, &st);
    const double lp = lm->Score(st, 40, &next);
    EXPECT_GT(lp, last) << "weight " << w;
    last = lp;
  }
}

TEST(Knlm, BuildRejectsBadWeights) {
  std::string blob;
  KnlmBuildOptions opt;
  const std::vector<std::vector<uint32_t>> corpus = {{2, 3}, {4, 5}};
  EXPECT_EQ(BuildKnlm(corpus, {1.0f}, 10, 0, 1, opt, &blob).code(), StatusCode::kInvalidArgument);
  for (float bad : {0.0f, -0.5f, 1.5f, std::nanf("")}) {
    Status st = BuildKnlm(corpus, {1.0f, bad}, 10, 0, 1, opt, &blob);
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << bad;
    EXPECT_EQ(st.offset(), 1);
  }
}

TEST(Knlm, ScoreToleratesBadArguments) {
  std::string blob;
  ASSERT_TRUE(BuildKnlm(MakeCorpus(50, 3), kVocab, kBos, kEos,
                        KnlmBuildOptions(), &blob)
                  .ok());
  AlignedBlob ab(blob);
  auto lm = KnlmView::Open(ab.data(), ab.size);
  ASSERT_TRUE(lm.ok());
  uint32_t st = 12345;
  EXPECT_EQ(lm->Score(0, kVocab, &st), KnlmView::kInvalidTokenLogProb);
  EXPECT_EQ(st, 0u);
  uint32_t a, b;
  // An out-of-range state is the empty context.
  EXPECT_EQ(lm->Score(0xFFFFFFFFu, 5, &a), lm->Score(0, 5, &b));
  EXPECT_EQ(a, b);
  EXPECT_EQ(lm->StateLength(0xFFFFFFFFu), 0);
  KnlmView empty;
  EXPECT_EQ(empty.Score(0, 0, &a), KnlmView::kInvalidTokenLogProb);
}

// Opening must never crash; if it succeeds, scoring every state must not
// crash either (the sanitizer build catches out-of-bounds reads).
void OpenAndExercise(const unsigned char* data, size_t size) {
  auto lm = KnlmView::Open(data, size);
  if (!lm.ok()) {
    EXPECT_FALSE(lm.status().message().empty());
    return;
  }
  uint32_t next;
  for (uint32_t st = 0; st < lm->node_count(); ++st) {
    for (uint32_t t = 0; t < lm->vocab_size(); t += 7) {
      lm->Score(st, t, &next);
      lm->Score(next, t, &next);
    }
    lm->StateLength(st);
  }
}

TEST(Knlm, OpenRejectsTruncationAndCorruption) {
  for (int quant : {0, 8}) {
    std::string bytes;
    KnlmBuildOptions opt;
    opt.quant_bits = quant;
    ASSERT_TRUE(
        BuildKnlm(MakeCorpus(30, 7), kVocab, kBos, kEos, opt, &bytes).ok());
    AlignedBlob good(bytes);
    ASSERT_TRUE(KnlmView::Open(good.data(), good.size).ok());

    for (size_t len = 0; len < bytes.size(); ++len) {
      AlignedBlob cut(bytes.substr(0, len));
      auto lm = KnlmView::Open(cut.data(), len);
      EXPECT_FALSE(lm.ok()) << "truncated to " << len;
      if (!lm.ok()) {
        EXPECT_EQ(lm.status().code(), StatusCode::kModelFormat);
      }
    }

    Rng rng{42 + static_cast<uint64_t>(quant)};
    const size_t header = sizeof(knlm_internal::KnlmHeader);
    for (int trial = 0; trial < 600; ++trial) {
      AlignedBlob bad(bytes);
      // Mostly header flips, some anywhere in the body.
      const size_t pos = trial % 3 != 0
                             ? rng.Below(header)
                             : rng.Below(static_cast<uint32_t>(bytes.size()));
      bad.data()[pos] ^= static_cast<unsigned char>(1u << rng.Below(8));
      if (trial % 5 == 0) bad.data()[rng.Below(header)] = rng.Below(256);
      OpenAndExercise(bad.data(), bad.size);
    }
  }
}

TEST(Knlm, OpenRejectsBadPointers) {
  EXPECT_EQ(KnlmView::Open(nullptr, 100).status().code(),
            StatusCode::kInvalidArgument);
  std::string bytes;
  ASSERT_TRUE(BuildKnlm({{2, 3}}, 10, 0, 1, KnlmBuildOptions(), &bytes).ok());
  AlignedBlob ab(bytes + "x");
  std::memmove(ab.data() + 1, ab.data(), bytes.size());
  EXPECT_EQ(KnlmView::Open(ab.data() + 1, bytes.size()).status().code(),
            StatusCode::kInvalidArgument);
  // A bumped version is reported as a version problem, not a format one.
  AlignedBlob v(bytes);
  v.data()[4] = 99;
  EXPECT_EQ(KnlmView::Open(v.data(), v.size).status().code(),
            StatusCode::kModelVersion);
}

}  // namespace
}  // namespace kma
