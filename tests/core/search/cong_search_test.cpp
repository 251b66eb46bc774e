// The analyzer with CoNg language models: selection by name, CoNg-Global's
// mixture, the tag-class weight, on the mini model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "core/dict/dictionary.h"
#include "core/lm/factory.h"
#include "core/model/lm_vocabulary.h"
#include "core/model/model_parts.h"
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
  // Float rows (built for experiments) are no runtime format: not listed.
  EXPECT_EQ(names, (std::vector<std::string>{"knlm", "cong", "cong-global", "cong+knlm", "cong-global+knlm"}));
  EXPECT_EQ((*model_)->default_lm(), "cong");  // the last one asked for
  AnalyzeOptions opt;
  for (const char* bad : {"cong-global-xl", "cong-fp32"}) {
    opt.lm = bad;
    EXPECT_EQ(Morphs("나는 밥을 먹었다.", opt), "error: unknown language model '" + std::string(bad) +
                                                    "' (this model has: knlm, cong, cong-global, cong+knlm, "
                                                    "cong-global+knlm)");
  }
}

TEST_F(CongSearchTest, GlobalMixtureIsNormalisedAndUsesItsWindow) {
  // Through the LM seam: after content morphemes CoNg-Global's distribution
  // still sums to 1 and differs from CoNg's (its distant window counts);
  // right after the start (an empty window) the two agree.
  const lm::LmRegistry& lms = LanguageModels(**model_);
  auto global = lms.Find("cong-global")->NewScorer();
  auto local = lms.Find("cong")->NewScorer();
  const uint32_t v = lms.Find("cong")->vocab_size();
  std::vector<float> pg(v), pl(v);
  lm::LmState g = global->Start(), l = local->Start();
  global->Predict(g, pg.data());
  local->Predict(l, pl.data());
  for (uint32_t t = 0; t < v; ++t) ASSERT_FLOAT_EQ(pg[t], pl[t]) << t;
  double max_diff = 0;
  const LmVocabulary vocab(**model_);
  for (const char* m : {"학교/NNG", "에/JKB", "가/VV", "밥/NNG", "을/JKO", "먹/VV"}) {
    std::vector<uint32_t> toks;
    ASSERT_TRUE(vocab.Parse(m, &toks).ok());
    const uint32_t tok = toks.at(0);
    global->Step(&g, tok);
    local->Step(&l, tok);
    global->Predict(g, pg.data());
    local->Predict(l, pl.data());
    double sum = 0;
    for (uint32_t t = 0; t < v; ++t) {
      sum += std::exp(double(pg[t]));
      max_diff = std::max(max_diff, std::fabs(double(pg[t]) - pl[t]));
    }
    EXPECT_NEAR(sum, 1.0, 0.02) << "after token " << tok;
  }
  EXPECT_GT(max_diff, 1e-3);
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

TEST_F(CongSearchTest, CongReproducesItsTrainingSentences) {
  // As for the n-gram model: trained on these sentences, the CoNg analyzer
  // must give nearly all of them back.
  std::ifstream in(KMA_TEST_DATA_DIR "/mini/train.tsv", std::ios::binary);
  std::string line;
  int total = 0, same = 0;
  AnalyzeOptions q;
  q.lm = "cong";
  while (std::getline(in, line)) {
    size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    std::string raw = line.substr(0, tab), gold = line.substr(tab + 1);
    std::replace(gold.begin(), gold.end(), '\t', ' ');
    std::string got = Morphs(raw, q);
    ++total;
    same += got == gold;
  }
  EXPECT_GE(total, 40);
  EXPECT_GE(same * 10, total * 8) << same << "/" << total;
}

}  // namespace
}  // namespace kma
