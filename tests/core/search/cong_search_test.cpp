// The analyzer with CoNg language models: selection by name, batched versus
// pair-by-pair scoring, int8 versus float rows, on the mini model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "core/lm/cong_global.h"
#include "core/model/model_impl.h"
#include "core/search/analyzer.h"
#include "tests/support/mini_model.h"

namespace kma {
namespace {

class CongSearchTest : public test::MiniModelTest {
 protected:
  static void SetUpTestSuite() { BuildSuiteModel("cong", {"knlm", "cong-fp32", "cong-global", "cong"}); }

  static std::string Morphs(const std::string& text, const AnalyzeOptions& opt) {
    Analyzer a(*model_);
    std::vector<Analysis> out;
    Status st = a.AnalyzeUtf8(text, opt, &out);
    if (!st.ok()) return "error: " + st.message();
    std::string s;
    for (const Token& t : out.at(0).tokens) s += (s.empty() ? "" : " ") + t.form + "/" + std::string(TagName(t.tag));
    return s;
  }
  static std::vector<std::string> TrainingTexts() {
    std::ifstream in(KMA_TEST_DATA_DIR "/mini/train.tsv", std::ios::binary);
    std::vector<std::string> out;
    std::string line;
    while (std::getline(in, line))
      if (line.find('\t') != std::string::npos) out.push_back(line.substr(0, line.find('\t')));
    return out;
  }
};

TEST_F(CongSearchTest, ModelListsItsLanguageModelsAndDefault) {
  std::vector<std::string> names = (*model_)->lm_names();
  EXPECT_EQ(names, (std::vector<std::string>{"knlm", "cong", "cong-fp32", "cong-global", "cong+knlm",
                                             "cong-global+knlm"}));
  EXPECT_EQ((*model_)->default_lm(), "cong");  // the last one asked for
  AnalyzeOptions opt;
  opt.lm = "cong-global-xl";
  EXPECT_EQ(Morphs("나는 밥을 먹었다.", opt),
            "error: unknown language model 'cong-global-xl' (this model has: knlm, cong, cong-fp32, cong-global, "
            "cong+knlm, cong-global+knlm)");
}

TEST_F(CongSearchTest, GlobalMixtureIsNormalised) {
  const ModelImpl& m = (*model_)->impl();
  const CongView* local = m.cong("cong-global");
  const CongGlobalView* global = m.cong_global("cong-global");
  ASSERT_NE(local, nullptr);
  ASSERT_NE(global, nullptr);
  std::vector<uint32_t> content;
  for (uint32_t t = 0; t < local->vocab_size(); ++t)
    if (global->valid(t)) content.push_back(t);
  ASSERT_GE(content.size(), 3u);
  const uint32_t window[3] = {content[0], content[2], content[1]};
  for (uint32_t ctx : {0u, local->bos_state(), local->context_count() - 1}) {
    for (int count : {0, 1, 3}) {
      double sum = 0;
      for (uint32_t x = 0; x < local->vocab_size(); ++x)
        sum += std::exp(global->Score(local->LogProb(ctx, x), ctx, x, window, count));
      EXPECT_NEAR(sum, 1.0, 0.02) << "context " << ctx << " window " << count;
    }
  }
  // Not a content token, or no window: the local score stands.
  EXPECT_EQ(global->Score(-3.5f, 0, 1, window, 3), -3.5f);
  EXPECT_EQ(global->Score(-3.5f, 0, content[0], window, 0), -3.5f);
}

TEST_F(CongSearchTest, GlobalReproducesItsTrainingSentences) {
  AnalyzeOptions g;
  g.lm = "cong-global";
  int total = 0, same = 0;
  std::ifstream in(KMA_TEST_DATA_DIR "/mini/train.tsv", std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    std::string gold = line.substr(tab + 1);
    std::replace(gold.begin(), gold.end(), '\t', ' ');
    ++total;
    same += Morphs(line.substr(0, tab), g) == gold;
  }
  EXPECT_GE(same * 10, total * 8) << same << "/" << total;
}

TEST_F(CongSearchTest, ClassLambdaOneScoresWithTheLmAlone) {
  // Weight 1 switches the tag-class model off: scores change (no mixture),
  // the analyses of the training sentences stay, and weights above 1 or at
  // 0 fall back to the model's stored weight.
  AnalyzeOptions mixed, alone, bad;
  mixed.lm = alone.lm = bad.lm = "cong";
  alone.class_lambda = 1.0f;
  bad.class_lambda = 1.5f;
  Analyzer a(*model_);
  std::vector<Analysis> x, y, z;
  int total = 0, same = 0, differ = 0;
  for (const std::string& text : TrainingTexts()) {
    ASSERT_TRUE(a.AnalyzeUtf8(text, mixed, &x).ok());
    ASSERT_TRUE(a.AnalyzeUtf8(text, alone, &y).ok());
    ASSERT_TRUE(a.AnalyzeUtf8(text, bad, &z).ok());
    ++total;
    same += x[0].tokens.size() == y[0].tokens.size();
    differ += x[0].score != y[0].score;
    EXPECT_EQ(x[0].score, z[0].score) << text;
  }
  EXPECT_GE(same * 10, total * 8) << same << "/" << total;
  EXPECT_EQ(differ, total);
}

TEST_F(CongSearchTest, AblationSwitchesChangeNothing) {
  // The LM cache and the dense root table only save work, and both state
  // maps (index, SIMD tags) find the same states.
  for (const char* lm : {"cong", "cong-global", "knlm", "cong+knlm", "cong-global+knlm"}) {
    AnalyzeOptions base, no_cache, no_root;
    base.lm = no_cache.lm = no_root.lm = lm;
    no_cache.lm_cache = false;
    no_root.cong_root_table = false;
    no_root.simd_state_map = !base.simd_state_map;  // (both switches at once)
    Analyzer a(*model_), b(*model_), c(*model_);  // own scratch each
    std::vector<Analysis> x, y, z;
    for (const std::string& text : TrainingTexts()) {
      ASSERT_TRUE(a.AnalyzeUtf8(text, base, &x).ok());
      ASSERT_TRUE(b.AnalyzeUtf8(text, no_cache, &y).ok());
      ASSERT_TRUE(c.AnalyzeUtf8(text, no_root, &z).ok());
      EXPECT_EQ(x[0].score, y[0].score) << lm << " " << text;
      EXPECT_EQ(x[0].score, z[0].score) << lm << " " << text;
      ASSERT_EQ(x[0].tokens.size(), y[0].tokens.size());
      ASSERT_EQ(x[0].tokens.size(), z[0].tokens.size());
    }
  }
}

TEST_F(CongSearchTest, BatchedScoringChangesNothing) {
  AnalyzeOptions batched, pairwise;
  batched.lm = pairwise.lm = "cong";
  batched.batch_scoring = true;
  pairwise.batch_scoring = false;
  Analyzer a(*model_), b(*model_);
  std::vector<Analysis> x, y;
  for (const std::string& text : TrainingTexts()) {
    ASSERT_TRUE(a.AnalyzeUtf8(text, batched, &x).ok());
    ASSERT_TRUE(b.AnalyzeUtf8(text, pairwise, &y).ok());
    ASSERT_EQ(x[0].tokens.size(), y[0].tokens.size()) << text;
    for (size_t i = 0; i < x[0].tokens.size(); ++i) {
      EXPECT_EQ(x[0].tokens[i].form, y[0].tokens[i].form) << text;
      EXPECT_EQ(x[0].tokens[i].score, y[0].tokens[i].score) << text;  // the same arithmetic
    }
  }
}

TEST_F(CongSearchTest, CongReproducesItsTrainingSentences) {
  // As for the n-gram model: trained on these sentences, the CoNg analyzer
  // must give nearly all of them back; int8 and float rows nearly always agree.
  std::ifstream in(KMA_TEST_DATA_DIR "/mini/train.tsv", std::ios::binary);
  std::string line;
  int total = 0, same = 0, agree = 0;
  AnalyzeOptions q, f;
  q.lm = "cong";
  f.lm = "cong-fp32";
  while (std::getline(in, line)) {
    size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    std::string raw = line.substr(0, tab), gold = line.substr(tab + 1);
    std::replace(gold.begin(), gold.end(), '\t', ' ');
    std::string got = Morphs(raw, q);
    ++total;
    same += got == gold;
    agree += got == Morphs(raw, f);
  }
  EXPECT_GE(total, 40);
  EXPECT_GE(same * 10, total * 8) << same << "/" << total;
  EXPECT_GE(agree * 20, total * 19) << agree << "/" << total;
}

}  // namespace
}  // namespace kma
