// Tests for the homograph set (tools/builder/weak/homograph_set.h), the
// word-start index under it (word_starts.h) and homograph agreement
// (homograph_agreement.h), on tests/data/homographs: a tiny examples file
// and lexicon, with the project's rule file.
#include "tools/builder/weak/homograph_set.h"

#include <gtest/gtest.h>

#include <deque>
#include <fstream>
#include <string>
#include <vector>

#include "core/text/hangul.h"
#include "core/text/utf.h"
#include "tools/builder/weak/homograph_agreement.h"
#include "tools/builder/weak/held_out.h"
#include "tests/tools/builder/weak/weak_test_util.h"

namespace kma::weak {
namespace {

using test_util::T;

const char kDir[] = KMA_TEST_DATA_DIR "/homographs";
const char kRules[] = KMA_SOURCE_DIR "/models/morph_rules.txt";

std::u32string N(const char* utf8) {
  std::u32string s;
  EXPECT_TRUE(Utf8ToU32(utf8, &s)) << utf8;
  return hangul::SplitCodas(s, true);
}

class HomographSetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ifstream in(std::string(kDir) + "/examples.tsv");
    ASSERT_TRUE(in) << kDir;
    std::string line, error;
    while (std::getline(in, line)) {
      if (IsDictExampleComment(line)) continue;
      lines_.push_back(line);
      DictExample ex;
      ASSERT_TRUE(ParseDictExample(lines_.back(), &ex, &error)) << error;
      examples_.push_back(ex);
    }
    const Status st = LoadHomographSet(examples_, std::string(kDir) + "/lexicon", kRules, &set_);
    ASSERT_TRUE(st.ok()) << st.message();
  }

  const DictExample& Example(const std::string& text) {
    for (const DictExample& ex : examples_)
      if (ex.text == text) return ex;
    ADD_FAILURE() << "no example " << text;
    return examples_[0];
  }
  // The names of the example's rivals, comma-separated ("" if none).
  std::string Rivals(const std::string& text) {
    HomographSet::Match m;
    if (!set_->Find(Example(text), &m)) return "";
    std::string out;
    for (uint32_t r : m.rivals) out += (out.empty() ? "" : ",") + set_->entry(r).name;
    return out;
  }

  std::deque<std::string> lines_;
  std::vector<DictExample> examples_;
  std::unique_ptr<HomographSet> set_;
};

TEST_F(HomographSetTest, IrregularStemSpelledLikeAnotherStem) {
  EXPECT_EQ(Rivals("4km를 걸었다."), "걸 VV");  // 걷 + 었 and 걸 + 었
  EXPECT_EQ(Rivals("옷을 벽에 걸었다."), "걷 VV");
  EXPECT_EQ(Rivals("길을 걷다."), "") << "걸 cannot spell 걷다";
  EXPECT_EQ(Rivals("벽에 걸다."), "") << "걷 cannot spell 걸다";
}

TEST_F(HomographSetTest, SameStringOtherPartOfSpeech) {
  EXPECT_EQ(Rivals("커튼을 달다."), "달 VA") << "달 NNG + 다/JX is not followed";
  EXPECT_EQ(Rivals("사탕이 달다."), "달 VV");
  EXPECT_EQ(Rivals("달이 밝다."), "") << "no stem spells 달이";
}

TEST_F(HomographSetTest, LexiconStemsAreRivalsWhenWellAttested) {
  EXPECT_EQ(Rivals("고기를 굽다."), "굽 VA");
  EXPECT_EQ(Rivals("고기를 구워 먹다."), "") << "the regular adjective spells 굽어, not 구워";
  EXPECT_EQ(Rivals("병이 나았다."), "낫 VA");
  for (size_t i = 0; i < set_->entry_count(); ++i)
    EXPECT_NE(set_->entry(i).form, "돌아") << "a lexicon stem with a count of 1 is no rival";
}

TEST_F(HomographSetTest, WordsWithAReadingInCommonAreNoPair) {
  EXPECT_EQ(Rivals("통계적 방법."), "") << "both entries read 통계/NNG 적/XSN";
  EXPECT_EQ(Rivals("통계적으로 보다."), "");
  EXPECT_EQ(Rivals("종이 한 장."), "") << "a noun against another noun plus a particle is left out";
}

TEST_F(HomographSetTest, MatchNamesTheAmbiguousWord) {
  HomographSet::Match m;
  ASSERT_TRUE(set_->Find(Example("4km를 걸었다."), &m));
  EXPECT_EQ(set_->entry(m.entry).name, "걷 VV");
  EXPECT_TRUE(set_->entry(m.entry).dictionary);
  ASSERT_EQ(m.words.size(), 1u);
  const std::string text = "4km를 걸었다.";
  EXPECT_EQ(text.substr(m.words[0].begin, m.words[0].end - m.words[0].begin), "걸었다");
  const std::vector<HomographSet::Match> all = set_->FindAll(examples_, 2);
  ASSERT_EQ(all.size(), examples_.size());
  size_t in_set = 0;
  for (const auto& a : all) in_set += !a.rivals.empty();
  EXPECT_EQ(in_set, 6u);  // 걸었다 twice, 굽다, 달다 twice, 나았다
}

TEST_F(HomographSetTest, TrainingPredicate) {
  // Held out by the hash of the text: residue 4 (of 10) is held, 8 and 9 are not.
  EXPECT_EQ(HeadwordHash("4km를 걸었다.") % 10, 4u);
  EXPECT_EQ(HeadwordHash("옷을 벽에 걸었다.") % 10, 8u);
  EXPECT_FALSE(IsTrainingExample(Example("4km를 걸었다."), *set_)) << "a held-out homograph example";
  EXPECT_TRUE(IsTrainingExample(Example("옷을 벽에 걸었다."), *set_)) << "a homograph example left to train";
  EXPECT_TRUE(IsTrainingExample(Example("커튼을 달다."), *set_));
  EXPECT_TRUE(IsTrainingExample(Example("길을 걷다."), *set_)) << "held-out hash, but not a homograph example";
  EXPECT_FALSE(IsTrainingExample(Example("가공 식품을 먹다."), *set_)) << "a held-out headword";
  const std::vector<bool> trainable = TrainingExamples(examples_, *set_, 2);
  for (size_t i = 0; i < examples_.size(); ++i)
    EXPECT_EQ(trainable[i], IsTrainingExample(examples_[i], *set_)) << examples_[i].text;
}

class WordStartTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto rules = MorphRules::Load(kRules);
    ASSERT_TRUE(rules.ok()) << rules.status().message();
    std::vector<StartWord> words = {
        {N("걷"), PosTag::kVV, IrregularClass::kD, true},   // 0
        {N("걸"), PosTag::kVV, IrregularClass::kNone, true},  // 1
        {N("달"), PosTag::kVV, IrregularClass::kNone, true},  // 2
        {N("달"), PosTag::kNNG, IrregularClass::kNone, false},  // 3
        {N("빨리"), PosTag::kMAG, IrregularClass::kNone, false},  // 4
        {N("한"), PosTag::kMM, IrregularClass::kNone, false},  // 5
    };
    std::vector<Follower> endings, particles;
    for (const char* e : {"었", "어", "다", "고", "ㄴ", "ㄴ다", "기"})
      endings.push_back({N(e), std::string(e) == "었"   ? PosTag::kEP
                                : std::string(e) == "ㄴ" ? PosTag::kETM
                                : std::string(e) == "기" ? PosTag::kETN
                                : std::string(e) == "ㄴ다" || std::string(e) == "다" ? PosTag::kEF
                                                                                      : PosTag::kEC});
    for (const char* p : {"이", "을", "에", "는", "도", "를"})
      particles.push_back({N(p), std::string(p) == "에"                        ? PosTag::kJKB
                                 : std::string(p) == "는" || std::string(p) == "도" ? PosTag::kJX
                                 : std::string(p) == "이"                      ? PosTag::kJKS
                                                                               : PosTag::kJKO});
    index_ = std::make_unique<WordStartIndex>(rules.value(), std::move(words), endings, particles);
  }
  std::unique_ptr<WordStartIndex> index_;
};

TEST_F(WordStartTest, StemsBeginWordsTheRulesSpell) {
  EXPECT_TRUE(index_->Begins(0, N("걸었다")));
  EXPECT_TRUE(index_->Begins(1, N("걸었다")));
  EXPECT_TRUE(index_->Begins(0, N("걷고")));
  EXPECT_FALSE(index_->Begins(1, N("걷고")));
  EXPECT_FALSE(index_->Begins(0, N("걷었다"))) << "a ㄷ-irregular stem before 어 is spelled 걸";
  EXPECT_FALSE(index_->Begins(0, N("걸었"))) << "a pre-final ending needs an ending after it";
  EXPECT_EQ(index_->Beginning(N("걸어")), (std::vector<uint32_t>{0, 1}));
}

TEST_F(WordStartTest, WhatMayFollowAnEnding) {
  EXPECT_TRUE(index_->Begins(2, N("단")));  // 달 + ㄴ/ETM
  EXPECT_TRUE(index_->Begins(2, N("단다")));  // 달 + ㄴ다/EF
  EXPECT_FALSE(index_->Begins(2, N("단추"))) << "a determiner ending ends the word";
  EXPECT_FALSE(index_->Begins(2, N("달고는"))) << "nothing after a connective ending";
  EXPECT_TRUE(index_->Begins(0, N("걷기를"))) << "particles after a nominal ending";
}

TEST_F(WordStartTest, WordsThatDoNotInflect) {
  EXPECT_TRUE(index_->Begins(3, N("달")));
  EXPECT_TRUE(index_->Begins(3, N("달이")));
  EXPECT_TRUE(index_->Begins(3, N("달에는"))) << "an adverbial particle, then an auxiliary one";
  EXPECT_FALSE(index_->Begins(3, N("달이를"))) << "a subject particle takes no other after it";
  EXPECT_FALSE(index_->Begins(3, N("달고")));
  EXPECT_TRUE(index_->Begins(4, N("빨리도")));
  EXPECT_FALSE(index_->Begins(4, N("빨리를"))) << "an adverb takes auxiliary particles only";
  EXPECT_TRUE(index_->Begins(5, N("한")));
  EXPECT_FALSE(index_->Begins(5, N("한을"))) << "a determiner takes none";
  EXPECT_EQ(index_->Beginning(N("달")), (std::vector<uint32_t>{3})) << "달 + ㄹ: no ㄹ ending here";
}

TEST(HomographAgreementTest, RivalOnlyCountsInTheAmbiguousWords) {
  // 걸었다 (bytes 8..17) and another word after it.
  const std::vector<MorphView> morphs = {{"걸", PosTag::kVV, 1, {8, 11}}, {"었", PosTag::kEP, 1, {11, 14}},
                                         {"다", PosTag::kEF, 1, {14, 17}}, {"걸", PosTag::kVV, 2, {18, 21}}};
  const std::vector<Reading> rival = {{Rule::kExact, Anchor::kMorphemes, {{"걸", T("VV")}}}};
  EXPECT_TRUE(RivalFound(morphs, {{8, 17}}, rival, {{8, 11}}));
  EXPECT_FALSE(RivalFound({morphs[3]}, {{8, 17}}, rival, {{8, 11}})) << "outside the ambiguous word";
}

TEST(HomographAgreementTest, TallyPerPair) {
  HomographTally t;
  t.Add({1, ExampleKind::kSentence, true, {{2, false}, {3, true}}});  // agrees with 2, not 3
  t.Add({2, ExampleKind::kPhrase, true, {{1, false}}});
  t.Add({1, ExampleKind::kPhrase, false, {{2, false}}});
  EXPECT_EQ(t.overall().examples, 3);
  EXPECT_EQ(t.overall().headword, 2);
  EXPECT_EQ(t.overall().agreed, 1);  // only the second holds the headword and no rival
  EXPECT_EQ(t.by_kind(ExampleKind::kPhrase).agreed, 1);
  const HomographCount& p12 = t.pairs().at({1, 2});
  EXPECT_EQ(p12.examples, 3);
  EXPECT_EQ(p12.agreed, 2);
  EXPECT_EQ(t.pairs().at({1, 3}).agreed, 0);
}

}  // namespace
}  // namespace kma::weak
