// The LM seam seen from the search: the gold scorer (core/search/
// gold_scorer.h), which goes through the same interface, gives the search's
// best path exactly the LM score and the total score the search gave it, for
// every LM (so end-of-sentence, windows and mixtures agree everywhere); and
// the cache decorator changes nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/lm/cache.h"
#include "core/lm/cong_model.h"
#include "core/lm/factory.h"
#include "core/lm/knlm_model.h"
#include "core/model/model_parts.h"
#include "core/search/analyzer.h"
#include "core/search/gold_scorer.h"
#include "tests/support/mini_model.h"

namespace kma {
namespace {

class LmSeamTest : public test::MiniModelTest {
 protected:
  static void SetUpTestSuite() { BuildSuiteModel("seam", {"knlm", "cong", "cong-global"}); }

  // Raw texts of the mini training sentences that end in a full stop (no
  // virtual one is added) and hold no other, so they are one chunk.
  static std::vector<std::string> Texts() {
    std::ifstream in(KMA_TEST_DATA_DIR "/mini/train.tsv", std::ios::binary);
    std::vector<std::string> out;
    std::string line;
    while (std::getline(in, line)) {
      const std::string raw = line.substr(0, line.find('\t'));
      if (!raw.empty() && raw.back() == '.' && raw.find('.') == raw.size() - 1) out.push_back(raw);
    }
    return out;
  }
};

TEST_F(LmSeamTest, GoldScorerAgreesWithTheSearchForEveryLm) {
  const std::vector<std::string> texts = Texts();
  ASSERT_GE(texts.size(), 10u);
  for (const std::string& lm : (*model_)->lm_names()) {
    Analyzer a(*model_);
    AnalyzeOptions opt;
    opt.lm = lm;
    GoldScorer gold(*model_, opt);
    std::vector<Analysis> out;
    for (const std::string& text : texts) {
      ASSERT_TRUE(a.AnalyzeUtf8(text, opt, &out).ok());
      std::vector<std::pair<std::string, std::string>> morphs;
      for (const Token& t : out[0].tokens) morphs.emplace_back(t.form, std::string(TagName(t.tag)));
      size_t n = 0;
      EXPECT_NEAR(gold.SentenceLogProb(morphs, &n), out[0].lm_score, 2e-3) << lm << ": " << text;
      EXPECT_LT(out[0].lm_score, 0.0f);
      GoldScore full;
      ASSERT_TRUE(gold.ScoreUtf8(text, nullptr, out[0], &full).ok()) << lm << ": " << text;
      EXPECT_EQ(full.score, out[0].score) << lm << ": " << text;
      EXPECT_EQ(full.lm, out[0].lm_score) << lm << ": " << text;
    }
  }
}

TEST_F(LmSeamTest, CacheChangesNothing) {
  const Model& m = **model_;
  lm::KnlmModel knlm(&KnlmOf(m));
  lm::CongModel cong(LanguageModels(m).CongViewOf("cong"));
  for (const lm::LanguageModel* base : {static_cast<const lm::LanguageModel*>(&knlm),
                                        static_cast<const lm::LanguageModel*>(&cong)}) {
    lm::CachedModel cached(base, 4);  // 16 entries: many collisions and evictions
    auto a = base->NewScorer(), b = cached.NewScorer();
    std::mt19937 rng(7);
    std::uniform_int_distribution<uint32_t> tok(0, base->vocab_size() + 2);  // a few invalid tokens too
    for (int sent = 0; sent < 50; ++sent) {
      lm::LmState sa = a->Start(), sb = b->Start();
      for (int i = 0; i < 30; ++i) {
        const uint32_t t = tok(rng);
        ASSERT_EQ(a->Step(&sa, t), b->Step(&sb, t));
        ASSERT_TRUE(sa.SameKey(sb));
      }
    }
  }
}

}  // namespace
}  // namespace kma
