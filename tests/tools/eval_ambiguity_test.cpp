// Unit tests of the ambiguity index behind `kma eval --train`: which words
// count as ambiguous, and where a wrong reading stands in the training file.
#include "tools/kma/eval/eval_ambiguity.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace kma::cli {
namespace {

// A training file (and optionally its .sources sibling) in a fresh folder.
class AmbiguityIndexTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/kma_ambiguity_XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::remove((dir_ + "/train.tsv").c_str());
    std::remove((dir_ + "/train.sources").c_str());
    ::rmdir(dir_.c_str());
  }
  std::string Write(const std::string& train, const char* sources) {
    std::ofstream(dir_ + "/train.tsv") << train;
    if (sources != nullptr) std::ofstream(dir_ + "/train.sources") << sources;
    return dir_ + "/train.tsv";
  }
  std::string dir_;
};

// 나는: 나/NP 는/JX in source a (twice), 날/VV 는/ETM in b; 간다 has one reading.
constexpr char kTrain[] =
    "나는 간다\t나/NP 는/JX\t가/VV ㄴ다/EF\n"
    "나는 간다\t날/VV 는/ETM\t가/VV ㄴ다/EF\n"
    "나는\t나/NP 는/JX\n";

TEST_F(AmbiguityIndexTest, AWordIsAmbiguousWithTwoDistinctReadings) {
  AmbiguityIndex index;
  std::string error;
  ASSERT_TRUE(index.Load(Write(kTrain, nullptr), &error)) << error;
  EXPECT_TRUE(index.IsAmbiguous("나는"));
  EXPECT_FALSE(index.IsAmbiguous("간다"));
  EXPECT_FALSE(index.IsAmbiguous("없는"));
  EXPECT_FALSE(index.has_sources());
}

TEST_F(AmbiguityIndexTest, ReadingsAreComparedAfterNormalisation) {
  AmbiguityIndex index;
  std::string error;
  // 하여/EC and 어/EC normalise alike (NormalizeForm): one reading, not two.
  ASSERT_TRUE(index.Load(Write("해\t하/VV 여/EC\n해\t하/VV 어/EC\n", nullptr), &error)) << error;
  EXPECT_FALSE(index.IsAmbiguous("해"));
}

TEST_F(AmbiguityIndexTest, CausesTellOtherSourcesFromTheOwnAndTheUnseen) {
  AmbiguityIndex index;
  std::string error;
  ASSERT_TRUE(index.Load(Write(kTrain, "a\nb\na\n"), &error)) << error;
  ASSERT_TRUE(index.has_sources());
  const std::string np = AnalysisKey({{"나", "NP"}, {"는", "JX"}});
  const std::string vv = AnalysisKey({{"날", "VV"}, {"는", "ETM"}});
  const std::string unseen = AnalysisKey({{"나", "VV"}, {"는", "ETM"}});
  EXPECT_EQ(index.Cause("나는", np, "a"), AmbiguityCause::kSameSource);
  EXPECT_EQ(index.Cause("나는", np, "b"), AmbiguityCause::kOtherSource);
  EXPECT_EQ(index.Cause("나는", vv, "b"), AmbiguityCause::kSameSource);
  EXPECT_EQ(index.Cause("나는", vv, "a"), AmbiguityCause::kOtherSource);
  // A source the training file does not name has none of its readings.
  EXPECT_EQ(index.Cause("나는", vv, "c"), AmbiguityCause::kOtherSource);
  EXPECT_EQ(index.Cause("나는", unseen, "a"), AmbiguityCause::kUnattested);
  EXPECT_EQ(index.Cause("없는", np, "a"), AmbiguityCause::kUnattested);
}

TEST_F(AmbiguityIndexTest, ShortSourcesFileIsAnError) {
  AmbiguityIndex index;
  std::string error;
  EXPECT_FALSE(index.Load(Write(kTrain, "a\nb\n"), &error));
  EXPECT_NE(error.find("fewer lines"), std::string::npos) << error;
}

TEST_F(AmbiguityIndexTest, MoreThan64SourcesDropTheCausesNotTheIndex) {
  std::string train, sources;
  for (int i = 0; i < 70; ++i) {
    train += "나는\t" + std::string(i % 2 ? "나/NP 는/JX" : "날/VV 는/ETM") + "\n";
    sources += "s" + std::to_string(i) + "\n";
  }
  AmbiguityIndex index;
  std::string error;
  ASSERT_TRUE(index.Load(Write(train, sources.c_str()), &error)) << error;
  EXPECT_TRUE(index.IsAmbiguous("나는"));
  EXPECT_FALSE(index.has_sources());
}

}  // namespace
}  // namespace kma::cli
