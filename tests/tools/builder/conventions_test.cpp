// Tests for the builder's training-data conventions
// (tools/builder/corpus/conventions.h), with kma's own rule file.
#include "tools/builder/corpus/conventions.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace kma::build {
namespace {

CorpusSentence Sentence(const std::vector<std::tuple<std::string, PosTag, bool>>& ms) {
  CorpusSentence s;
  for (const auto& [form, tag, initial] : ms) s.push_back({form, tag, initial});
  return s;
}

std::string Show(const CorpusSentence& s) {
  std::string out;
  for (const CorpusMorph& m : s) out += (out.empty() ? "" : " ") + m.form + "/" + std::string(TagName(m.tag));
  return out;
}

class ConventionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto r = MorphRules::Load(KMA_SOURCE_DIR "/models/morph_rules.txt");
    ASSERT_TRUE(r.ok()) << r.status().message();
    rules_ = std::make_unique<MorphRules>(std::move(r).value());
  }
  std::unique_ptr<MorphRules> rules_;
};

TEST_F(ConventionsTest, JoinsSplitMotionCompoundsTheLexiconAttests) {
  std::vector<LexiconEntry> lexicon = {{"들어가", PosTag::kVV, 8227, 4, ""},
                                       {"가져오", PosTag::kVV, 1460, 4, ""},
                                       {"되어가", PosTag::kVV, 13, 2, ""}};  // too few sources
  std::vector<CorpusSentence> corpus = {
      // 들어가신다: joined, the ending stays.
      Sentence({{"들", PosTag::kVV, true}, {"어", PosTag::kEC, false}, {"가", PosTag::kVX, false},
                {"시", PosTag::kEP, false}, {"ㄴ다", PosTag::kEF, false}}),
      // 가져왔다: the rules rebuild 가져 from 가지 + 어.
      Sentence({{"가지", PosTag::kVV, true}, {"어", PosTag::kEC, false}, {"오", PosTag::kVX, false},
                {"았", PosTag::kEP, false}, {"다", PosTag::kEF, false}}),
      // 들어 가다 (two words) and a compound with too few sources: unchanged.
      Sentence({{"들", PosTag::kVV, true}, {"어", PosTag::kEC, false}, {"가", PosTag::kVX, true},
                {"다", PosTag::kEF, false}}),
      Sentence({{"되", PosTag::kVV, true}, {"어", PosTag::kEC, false}, {"가", PosTag::kVX, false},
                {"ㄴ다", PosTag::kEF, false}}),
  };
  JoinMotionCompounds(*rules_, lexicon, &corpus, nullptr);
  EXPECT_EQ(Show(corpus[0]), "들어가/VV 시/EP ㄴ다/EF");
  EXPECT_TRUE(corpus[0][0].word_initial);
  EXPECT_EQ(Show(corpus[1]), "가져오/VV 았/EP 다/EF");
  EXPECT_EQ(Show(corpus[2]), "들/VV 어/EC 가/VX 다/EF");
  EXPECT_EQ(Show(corpus[3]), "되/VV 어/EC 가/VX ㄴ다/EF");
}

TEST_F(ConventionsTest, BenefactiveCompoundsAreSplit) {
  std::vector<LexiconEntry> lexicon = {{"도와주", PosTag::kVV, 100, 4, ""}, {"돕", PosTag::kVV, 100, 4, "ㅂ"}};
  std::vector<CorpusSentence> corpus = {
      Sentence({{"도와주", PosTag::kVV, true}, {"었", PosTag::kEP, false}, {"다", PosTag::kEF, false}}),
      Sentence({{"돕", PosTag::kVV, true}, {"아", PosTag::kEC, false}, {"주", PosTag::kVX, false}}),
  };
  UnifyBenefactive(*rules_, &corpus, &lexicon, nullptr);
  EXPECT_EQ(Show(corpus[0]), "돕/VV 아/EC 주/VX 었/EP 다/EF");
  ASSERT_EQ(lexicon.size(), 1u);  // the compound left the lexicon
  EXPECT_EQ(lexicon[0].form, "돕");
}

}  // namespace
}  // namespace kma::build
