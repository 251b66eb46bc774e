// Tests for the model builder (tools/builder/model_builder.h) on the tiny
// hand-written corpus in tests/data/mini: it builds, deterministically, into
// a file that Model::OpenFile accepts, and reports missing inputs as kIo.
#include "tools/builder/model_builder.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/kernels/cong_kernels.h"
#include "core/model/format.h"
#include "core/model/model.h"
#include "tests/support/mini_config.h"

namespace kma::build {
namespace {

// A temp path unique to this process: ctest runs test cases of this binary
// as separate processes in parallel.
std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "kma_builder_test_" + std::to_string(::getpid()) + "_" + name;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Removes the files a test created, also when an assertion fails.
class ModelBuilderTest : public ::testing::Test {
 protected:
  std::string Path(const std::string& name) {
    paths_.push_back(TempPath(name));
    return paths_.back();
  }
  void TearDown() override {
    for (const std::string& p : paths_) {
      std::remove(p.c_str());
      std::remove((p + ".tmp").c_str());
    }
  }
  std::vector<std::string> paths_;
};

TEST_F(ModelBuilderTest, BuildsTheMiniModel) {
  const std::string out = Path("a.kmam");
  std::vector<std::string> log;
  BuildConfig c = MiniConfig(out);
  c.log = [&](const std::string& line) { log.push_back(line); };
  Status s = BuildModel(c);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_FALSE(log.empty()) << "progress goes to the log callback";
  const std::string bytes = ReadAll(out);
  ASSERT_GE(bytes.size(), kModelHeaderSize);
  EXPECT_EQ(bytes.compare(0, 8, std::string(kModelMagic, 8)), 0);
  // No temporary file is left behind.
  EXPECT_TRUE(ReadAll(out + ".tmp").empty());

  auto model = Model::OpenFile(out);
  ASSERT_TRUE(model.ok()) << model.status().message();
  const Model& m = *model.value();
  EXPECT_EQ(m.format_version(), static_cast<uint32_t>(kModelFormatVersion));
  EXPECT_EQ(m.file_size(), bytes.size());
  EXPECT_GT(m.morpheme_count(), 50u) << "the mini corpus alone has more than 50 distinct morphemes";
  EXPECT_EQ(m.metadata("license"), "CC-BY-SA-4.0");
  EXPECT_NE(m.metadata("attribution").find("CC BY-SA"), std::string::npos) << m.metadata("attribution");
  EXPECT_EQ(m.metadata("no such key"), "");
  const std::vector<std::string> lms = m.lm_names();
  ASSERT_FALSE(lms.empty());
  EXPECT_NE(std::find(lms.begin(), lms.end(), m.default_lm()), lms.end());
}

TEST_F(ModelBuilderTest, BuildingTwiceGivesIdenticalBytes) {
  const std::string a = Path("a.kmam"), b = Path("b.kmam");
  ASSERT_TRUE(BuildModel(MiniConfig(a)).ok());
  ASSERT_TRUE(BuildModel(MiniConfig(b)).ok());
  const std::string x = ReadAll(a), y = ReadAll(b);
  ASSERT_FALSE(x.empty());
  EXPECT_TRUE(x == y) << "sizes " << x.size() << " and " << y.size();
  // Rebuilding over an existing file replaces it with the same bytes.
  ASSERT_TRUE(BuildModel(MiniConfig(a)).ok());
  EXPECT_TRUE(ReadAll(a) == x);
}

TEST_F(ModelBuilderTest, TheModelDoesNotDependOnThreadsOrInstructionSet) {
  // The trainers' sums have one order whatever the split over threads, and
  // every kernel table computes the same bits (train_kernels.h).
  BuildConfig two = MiniConfig(Path("two.kmam"));
  two.cong.min_count = 1;  // more contexts than threads, several batches
  two.cong.batch_contexts = 16;
  BuildConfig three = two, one = two;
  three.output_path = Path("three.kmam");
  three.cong.threads = 3;
  one.output_path = Path("one_scalar.kmam");
  one.cong.threads = 1;
  ASSERT_TRUE(BuildModel(two).ok());
  ASSERT_TRUE(BuildModel(three).ok());
  kma::kernels::SetMaxIsa(kma::kernels::Isa::kScalar);
  const Status scalar = BuildModel(one);
  kma::kernels::SetMaxIsa(kma::kernels::Isa::kNeonDot);  // no cap again
  ASSERT_TRUE(scalar.ok()) << scalar.message();
  const std::string a = ReadAll(two.output_path);
  ASSERT_FALSE(a.empty());
  EXPECT_TRUE(a == ReadAll(three.output_path)) << "2 vs 3 threads";
  EXPECT_TRUE(a == ReadAll(one.output_path)) << "2 threads vs 1 thread on the portable kernels";
}

TEST_F(ModelBuilderTest, KnlmOrderIsRecordedAndChangesTheModel) {
  const std::string a = Path("o2.kmam"), b = Path("o3.kmam");
  BuildConfig c2 = MiniConfig(a);
  c2.knlm.order = 2;
  ASSERT_TRUE(BuildModel(c2).ok());
  ASSERT_TRUE(BuildModel(MiniConfig(b)).ok());
  auto m2 = Model::OpenFile(a);
  ASSERT_TRUE(m2.ok()) << m2.status().message();
  EXPECT_EQ(m2.value()->metadata("knlm.order"), "2");
  EXPECT_NE(ReadAll(a), ReadAll(b));
}

TEST_F(ModelBuilderTest, DefaultLmMustBeBuiltOrAnEnsembleOfABuiltCongModel) {
  // Checked before any data is read: nothing is written.
  const std::string out = Path("never.kmam");
  for (const char* bad :
       {"cong-global", "cong-global+knlm", "cong-fp32+knlm", "knlm+knlm", "+knlm", "cong+"}) {
    BuildConfig c = MiniConfig(out);
    c.lms = {"knlm", "cong", "cong-fp32"};
    c.default_lm = bad;
    Status s = BuildModel(c);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(s.message().find(std::string("'") + bad + "'"), std::string::npos) << s.message();
    EXPECT_TRUE(ReadAll(out).empty()) << bad;
  }
}

TEST_F(ModelBuilderTest, AnEnsembleCanBeTheDefault) {
  const std::string out = Path("ensemble.kmam");
  BuildConfig c = MiniConfig(out);
  c.lms = {"knlm", "cong"};
  c.default_lm = "cong+knlm";
  Status s = BuildModel(c);
  ASSERT_TRUE(s.ok()) << s.message();
  auto model = Model::OpenFile(out);
  ASSERT_TRUE(model.ok()) << model.status().message();
  EXPECT_EQ(model.value()->default_lm(), "cong+knlm");
  EXPECT_EQ(model.value()->lm_names(), (std::vector<std::string>{"knlm", "cong", "cong+knlm"}));
}

TEST_F(ModelBuilderTest, MissingTrainFileIsAnIoErrorNamingThePath) {
  const std::string out = Path("never.kmam");
  BuildConfig c = MiniConfig(out);
  c.train_path = std::string(kMiniDir) + "/no_such_train.tsv";
  Status s = BuildModel(c);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kIo);
  EXPECT_NE(s.message().find("no_such_train.tsv"), std::string::npos) << s.message();
  // Nothing was written.
  EXPECT_TRUE(ReadAll(out).empty());
}

TEST_F(ModelBuilderTest, MissingLexiconAndRulesAreErrors) {
  BuildConfig c = MiniConfig(Path("never.kmam"));
  c.lexicon_dir = std::string(kMiniDir) + "/no_such_lexicon";
  Status s = BuildModel(c);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kIo);
  EXPECT_NE(s.message().find("no_such_lexicon"), std::string::npos) << s.message();

  BuildConfig r = MiniConfig(Path("never2.kmam"));
  r.rules_path = std::string(kMiniDir) + "/no_such_rules.txt";
  Status rs = BuildModel(r);
  ASSERT_FALSE(rs.ok());
  EXPECT_NE(rs.message().find("no_such_rules.txt"), std::string::npos) << rs.message();
}

TEST_F(ModelBuilderTest, UnwritableOutputIsAnIoError) {
  BuildConfig c = MiniConfig(std::string(kMiniDir) + "/no_such_dir/out.kmam");
  Status s = BuildModel(c);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kIo);
}

TEST_F(ModelBuilderTest, CorpusLinesWithUnknownTagsAreSkippedNotFatal) {
  // A corpus with one bad tag and one malformed line still builds.
  const std::string train = Path("train.tsv");
  {
    std::ofstream f(train, std::ios::binary);
    f << "나는 간다.\t나/NP 는/JX\t가/VV ㄴ다/EF ./SF\n"
      << "나는 간다.\t나/NP 는/BOGUS\t가/VV ㄴ다/EF ./SF\n"
      << "no tabs on this line\n"
      << "\n"
      << "나는 간다.\t나/NP 는/JX\t가/VV ㄴ다/EF ./SF\r\n";
  }
  BuildConfig c = MiniConfig(Path("bad_tags.kmam"));
  c.train_path = train;
  Status s = BuildModel(c);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(Model::OpenFile(c.output_path).ok());
}

}  // namespace
}  // namespace kma::build
