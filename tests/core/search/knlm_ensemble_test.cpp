// The "<cong LM>+knlm" ensembles: listed only when their CoNg part exists,
// mixed linearly in probability in the search, the gold-sequence scorer and
// next-morpheme prediction, on the mini model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/lm/factory.h"
#include "core/model/lm_introspection.h"
#include "core/model/model_parts.h"
#include "core/search/analyzer.h"
#include "core/search/gold_scorer.h"
#include "tests/support/mini_model.h"

namespace kma {
namespace {

class KnlmEnsembleTest : public test::MiniModelTest {
 protected:
  static void SetUpTestSuite() { BuildSuiteModel("ensemble", {"knlm", "cong", "cong-global"}); }

  static Status Analyze(const std::string& text, const std::string& lm, std::vector<Analysis>* out) {
    Analyzer a(*model_);
    AnalyzeOptions opt;
    opt.lm = lm;
    opt.top_n = 3;
    return a.AnalyzeUtf8(text, opt, out);
  }
};

TEST_F(KnlmEnsembleTest, ListedForTheInt8CongModelsOnly) {
  const lm::LmRegistry& lms = LanguageModels(**model_);
  EXPECT_EQ((*model_)->lm_names(),
            (std::vector<std::string>{"knlm", "cong", "cong-global", "cong+knlm", "cong-global+knlm"}));
  EXPECT_TRUE(lm::LmRegistry::IsEnsemble("cong+knlm"));
  EXPECT_TRUE(lm::LmRegistry::IsEnsemble("cong-global+knlm"));
  EXPECT_FALSE(lm::LmRegistry::IsEnsemble("cong"));
  EXPECT_FALSE(lm::LmRegistry::IsEnsemble("cong-fp32+knlm"));
  EXPECT_EQ(lms.CongViewOf("cong+knlm"), lms.CongViewOf("cong"));
  EXPECT_EQ(lms.CongViewOf("knlm"), nullptr);
  EXPECT_FALSE(lms.Reweighted("cong", 0.3f).ok());
  EXPECT_FALSE(lms.Reweighted("cong+knlm", 1.0f).ok());
  EXPECT_TRUE(lms.Reweighted("cong+knlm", 0.3f).ok());
  // The ensemble uses the class weight of its CoNg part.
  EXPECT_EQ(ClassLambda(**model_, "cong+knlm"), ClassLambda(**model_, "cong"));

  // Names that are not listed are refused, even when their parts exist.
  std::vector<Analysis> out;
  for (const char* bad : {"cong-fp32+knlm", "knlm+knlm", "+knlm", "cong+knlm+knlm"}) {
    Status st = Analyze("나는 밥을 먹었다.", bad, &out);
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(st.message().find(std::string("'") + bad + "'"), std::string::npos) << st.message();
    EXPECT_FALSE(LmIntrospector::Create(*model_, bad).ok()) << bad;
  }
}

TEST_F(KnlmEnsembleTest, WithoutCongThereIsNoEnsemble) {
  auto m = test::BuildMiniModel("ensemble_knlm_only", {"knlm"});
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(m.value()->lm_names(), std::vector<std::string>{"knlm"});
  Analyzer a(m.value());
  AnalyzeOptions opt;
  opt.lm = "cong+knlm";
  std::vector<Analysis> out;
  EXPECT_EQ(a.AnalyzeUtf8("학교에 간다", opt, &out).code(), StatusCode::kInvalidArgument);
}

TEST_F(KnlmEnsembleTest, GoldScoreIsTheProbabilityMixture) {
  // Per token log((1-w) Pc + w Pk) >= (1-w) log Pc + w log Pk (Jensen), with
  // equality only where both models agree; and each token's mixture is at
  // most log max(Pc, Pk), so the sentence is at most the sum of maxima,
  // which for a one-morpheme sentence is max over the two sentence scores.
  const float w = lm::LmRegistry::kEnsembleWeight;
  for (const char* base : {"cong", "cong-global"}) {
    const std::string ens = std::string(base) + "+knlm";
    auto with_lm = [](const std::string& name) {
      AnalyzeOptions o;
      o.lm = name;
      return o;
    };
    GoldScorer c(*model_, with_lm(base)), k(*model_, with_lm("knlm")), e(*model_, with_lm(ens));
    const std::vector<std::vector<std::pair<std::string, std::string>>> sents = {
        {{"나", "NP"}, {"는", "JX"}, {"밥", "NNG"}, {"을", "JKO"}, {"먹", "VV"}, {"었", "EP"}, {"다", "EF"}, {".", "SF"}},
        {{"학교", "NNG"}, {"에", "JKB"}, {"가", "VV"}, {"ㄴ다", "EF"}},
    };
    for (const auto& s : sents) {
      size_t nc = 0, nk = 0, ne = 0;
      const double lc = c.SentenceLogProb(s, &nc), lk = k.SentenceLogProb(s, &nk), le = e.SentenceLogProb(s, &ne);
      ASSERT_EQ(nc, ne);
      ASSERT_EQ(nk, ne);
      EXPECT_GT(le, (1 - w) * lc + w * lk - 1e-3) << ens;
      EXPECT_NE(le, lc) << ens;
      EXPECT_NE(le, lk) << ens;
    }
    // One token (just </s>): exactly log((1-w) e^lc + w e^lk).
    size_t n = 0;
    const std::vector<std::pair<std::string, std::string>> empty;
    const double lc = c.SentenceLogProb(empty, &n), lk = k.SentenceLogProb(empty, &n);
    const double le = e.SentenceLogProb(empty, &n);
    EXPECT_NEAR(le, std::log((1 - w) * std::exp(lc) + w * std::exp(lk)), 1e-4) << ens;
  }
}

TEST_F(KnlmEnsembleTest, PredictNextMixesTheTwoDistributions) {
  const float w = lm::LmRegistry::kEnsembleWeight;
  auto c = LmIntrospector::Create(*model_, "cong");
  auto k = LmIntrospector::Create(*model_, "knlm");
  auto e = LmIntrospector::Create(*model_, "cong+knlm");
  ASSERT_TRUE(c.ok() && k.ok() && e.ok());
  const size_t all = (*c)->vocabulary().size();
  std::vector<LmItem> pc, pk, pe;
  const std::string history = "나/NP 는/JX 밥/NNG 을/JKO";
  ASSERT_TRUE((*c)->PredictNext(history, all, &pc).ok());
  ASSERT_TRUE((*k)->PredictNext(history, all, &pk).ok());
  ASSERT_TRUE((*e)->PredictNext(history, all, &pe).ok());
  ASSERT_EQ(pe.size(), pc.size());
  std::vector<float> byc(all, -1e30f), byk(all, -1e30f);
  for (const LmItem& i : pc) byc[i.token] = i.score;
  for (const LmItem& i : pk) byk[i.token] = i.score;
  double mass = 0;
  for (const LmItem& i : pe) {
    const double want = std::log((1 - w) * std::exp(double(byc[i.token])) + w * std::exp(double(byk[i.token])));
    ASSERT_NEAR(i.score, want, 1e-4) << i.token;
    mass += std::exp(double(i.score));
  }
  // Both parts are normalised (minus <s>, never predicted), so the mixture is.
  EXPECT_NEAR(mass, 1.0, 0.02);
  // Context ids are the CoNg part's.
  uint32_t id_c, len_c, id_e, len_e;
  ASSERT_TRUE((*c)->ContextId(history, &id_c, &len_c).ok());
  ASSERT_TRUE((*e)->ContextId(history, &id_e, &len_e).ok());
  EXPECT_EQ(id_c, id_e);
  EXPECT_EQ(len_c, len_e);
}

TEST_F(KnlmEnsembleTest, AnalysesWithBothPartsOfTheEnsemble) {
  // The ensemble's path scores differ from both of its parts' (the n-gram
  // state is carried along), and its analyses of the training sentences are
  // as good as theirs on this tiny model.
  for (const char* base : {"cong", "cong-global"}) {
    const std::string ens = std::string(base) + "+knlm";
    std::vector<Analysis> a, b, k;
    ASSERT_TRUE(Analyze("나는 밥을 먹었다.", base, &a).ok());
    ASSERT_TRUE(Analyze("나는 밥을 먹었다.", "knlm", &k).ok());
    Status st = Analyze("나는 밥을 먹었다.", ens, &b);
    ASSERT_TRUE(st.ok()) << st.message();
    ASSERT_FALSE(b.empty());
    EXPECT_NE(a[0].score, b[0].score) << ens;
    EXPECT_NE(k[0].score, b[0].score) << ens;
    std::string morphs;
    for (const Token& t : b[0].tokens) morphs += (morphs.empty() ? "" : " ") + t.form + "/" + std::string(TagName(t.tag));
    EXPECT_EQ(morphs, "나/NP 는/JX 밥/NNG 을/JKO 먹/VV 었/EP 다/EF ./SF") << ens;
    for (size_t i = 1; i < b.size(); ++i) EXPECT_LE(b[i].score, b[i - 1].score);
  }
}

}  // namespace
}  // namespace kma
