// Tests for the builder's silver input (CorpusSpec::silver and gold_weight,
// `kma build-model --silver FILE[:N] --gold-weight N`) on the mini corpus:
// an integer weight counts a file's sentences N times in every stage, a
// fractional one counts them fractionally (n-gram models, vocabulary), new
// lemmas of a silver file enter the vocabulary, and a missing file is an
// error naming it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/model/model.h"
#include "tools/builder/model_builder.h"

namespace kma::build {
namespace {

const char kSilverMiniDir[] = KMA_TEST_DATA_DIR "/mini";

class SilverInputTest : public ::testing::Test {
 protected:
  std::string Path(const std::string& name) {
    paths_.push_back(::testing::TempDir() + "kma_silver_test_" + std::to_string(::getpid()) + "_" + name);
    return paths_.back();
  }
  BuildConfig Config(const std::string& name) {
    BuildConfig c;
    c.train_path = std::string(kSilverMiniDir) + "/train.tsv";
    c.lexicon_dir = std::string(kSilverMiniDir) + "/lexicon";
    c.rules_path = KMA_SOURCE_DIR "/models/morph_rules.txt";
    c.output_path = Path(name);
    return c;
  }
  static std::string ReadAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  void TearDown() override {
    for (const std::string& p : paths_) std::remove(p.c_str());
  }
  std::vector<std::string> paths_;
};

TEST_F(SilverInputTest, TheGoldFileAsSilverEqualsGoldWeightTwo) {
  BuildConfig twice = Config("gold2.kmam");
  twice.corpus.gold_weight = 2;
  BuildConfig as_silver = Config("silver1.kmam");
  as_silver.corpus.silver.push_back({as_silver.train_path, 1});
  BuildConfig once = Config("gold1.kmam");
  for (const BuildConfig* c : {&twice, &as_silver, &once}) {
    const Status s = BuildModel(*c);
    ASSERT_TRUE(s.ok()) << s.message();
  }
  const std::string a = ReadAll(twice.output_path);
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a, ReadAll(as_silver.output_path)) << "a weight is a count, wherever the sentences come from";
  EXPECT_NE(a, ReadAll(once.output_path)) << "the weight changes the counts";
}

TEST_F(SilverInputTest, SilverLemmasEnterTheVocabulary) {
  const std::string silver = Path("silver.tsv");
  {
    std::ofstream f(silver, std::ios::binary);
    f << "꿀꿀돼지를 기르다.\t꿀꿀돼지/NNG 를/JKO\t기르/VV 다/EF ./SF\n";
  }
  BuildConfig plain = Config("plain.kmam");
  BuildConfig with = Config("with.kmam");
  with.corpus.silver.push_back({silver, 3});
  ASSERT_TRUE(BuildModel(plain).ok());
  ASSERT_TRUE(BuildModel(with).ok());
  auto a = Model::OpenFile(plain.output_path);
  auto b = Model::OpenFile(with.output_path);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_GT(b.value()->morpheme_count(), a.value()->morpheme_count()) << "꿀꿀돼지/NNG is new";
}

TEST_F(SilverInputTest, AFractionalWeightIsBetweenNoneAndOne) {
  const std::string silver = Path("frac.tsv");
  {
    std::ofstream f(silver, std::ios::binary);
    for (int i = 0; i < 4; ++i) f << "꿀꿀돼지를 기르다.\t꿀꿀돼지/NNG 를/JKO\t기르/VV 다/EF ./SF\n";
  }
  BuildConfig plain = Config("f0.kmam"), half = Config("f05.kmam"), one = Config("f1.kmam");
  half.corpus.silver.push_back({silver, 0.5});
  one.corpus.silver.push_back({silver, 1});
  for (const BuildConfig* c : {&plain, &half, &one}) {
    const Status s = BuildModel(*c);
    ASSERT_TRUE(s.ok()) << s.message();
  }
  const std::string h = ReadAll(half.output_path);
  EXPECT_NE(h, ReadAll(plain.output_path));
  EXPECT_NE(h, ReadAll(one.output_path)) << "0.5 is not a count of 1";
  auto a = Model::OpenFile(plain.output_path);
  auto b = Model::OpenFile(half.output_path);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_GT(b.value()->morpheme_count(), a.value()->morpheme_count()) << "꿀꿀돼지/NNG is new at any weight";
}

TEST_F(SilverInputTest, AMissingSilverFileIsAnIoErrorNamingIt) {
  BuildConfig c = Config("missing.kmam");
  c.corpus.silver.push_back({"/nonexistent/silver.tsv", 1});
  const Status s = BuildModel(c);
  EXPECT_EQ(s.code(), StatusCode::kIo);
  EXPECT_NE(s.message().find("/nonexistent/silver.tsv"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace kma::build
