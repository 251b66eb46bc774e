// Tests for the standard convention's rewrite rules
// (tools/builder/corpus/standard_convention.h), with kma's own rule file and
// hand-written facts.
#include "tools/builder/corpus/standard_convention.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>

namespace kma::build {
namespace {

// Facts about a handful of words.
class TestFacts : public ConventionFacts {
 public:
  IrregularClass StemClass(std::string_view form, PosTag) const override {
    static const std::map<std::string, IrregularClass, std::less<>> kClasses = {
        {"가깝", IrregularClass::kB}, {"돕", IrregularClass::kB}, {"그렇", IrregularClass::kH},
        {"듣", IrregularClass::kD},   {"짓", IrregularClass::kS}};
    auto it = kClasses.find(form);
    return it == kClasses.end() ? IrregularClass::kNone : it->second;
  }
  bool IsLexicalised(std::string_view form, PosTag tag) const override {
    static const std::set<std::pair<std::string, PosTag>> kListed = {
        {"생겨나", PosTag::kVV}, {"이루어지", PosTag::kVV}, {"도와주", PosTag::kVV},
        {"인정받", PosTag::kVV}, {"재미있", PosTag::kVA}};
    return kListed.count({std::string(form), tag}) > 0;
  }
  bool IsNoun(std::string_view form) const override {
    return form == "주목" || form == "인정" || form == "사랑" || form == "재미" || form == "인기";
  }
  bool InfinitiveOf(std::string_view prefix, CorpusMorph* stem, std::string* ending) const override {
    static const std::map<std::string, std::pair<std::string, std::string>, std::less<>> kInf = {
        {"도와", {"돕", "아"}}, {"만들어", {"만들", "어"}}, {"이루어", {"이루", "어"}}};
    auto it = kInf.find(prefix);
    if (it == kInf.end()) return false;
    *stem = {it->second.first, PosTag::kVV, true};
    *ending = it->second.second;
    return true;
  }
};

// "form/TAG form/TAG ..." with '|' before a morpheme that starts a new word.
CorpusSentence Parse(const std::string& text) {
  CorpusSentence s;
  std::istringstream in(text);
  bool next_initial = true;
  for (std::string m; in >> m;) {
    if (m == "|") {
      next_initial = true;
      continue;
    }
    PosTag tag;
    const size_t slash = m.rfind('/');
    EXPECT_TRUE(ParseTag(m.substr(slash + 1), &tag)) << m;
    s.push_back({m.substr(0, slash), tag, next_initial});
    next_initial = false;
  }
  return s;
}

std::string ShowMapped(const CorpusSentence& s) {
  std::string out;
  for (const CorpusMorph& m : s)
    out += std::string(out.empty() ? "" : (m.word_initial ? " | " : " ")) + m.form + "/" + std::string(TagName(m.tag));
  return out;
}

class StandardConventionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto r = MorphRules::Load(KMA_SOURCE_DIR "/models/morph_rules.txt");
    ASSERT_TRUE(r.ok()) << r.status().message();
    rules_ = std::make_unique<MorphRules>(std::move(r).value());
    convention_ = std::make_unique<StandardConvention>(*rules_, facts_);
  }
  // The mapped sentence; `rule` must have rewritten it `times` times, and no
  // other rule anything.
  std::string Map(const std::string& text, ConventionRule rule, uint64_t times = 1) {
    CorpusSentence s = Parse(text);
    ConventionCounts c;
    convention_->Apply(&s, &c);
    EXPECT_EQ(c[rule], times) << text << " (" << ConventionRuleName(rule) << ")";
    EXPECT_EQ(c.total(), c[rule]) << text;
    // Mapping is idempotent.
    CorpusSentence again = s;
    ConventionCounts c2;
    convention_->Apply(&again, &c2);
    EXPECT_EQ(ShowMapped(again), ShowMapped(s)) << text;
    EXPECT_EQ(c2.total(), 0u) << text;
    return ShowMapped(s);
  }
  std::string Unchanged(const std::string& text) {
    CorpusSentence s = Parse(text);
    ConventionCounts c;
    convention_->Apply(&s, &c);
    EXPECT_EQ(c.total(), 0u) << text;
    return ShowMapped(s);
  }

  TestFacts facts_;
  std::unique_ptr<MorphRules> rules_;
  std::unique_ptr<StandardConvention> convention_;
};

TEST_F(StandardConventionTest, ContractedPastIsWrittenByVowelHarmony) {
  const auto r = ConventionRule::kContractedPast;
  EXPECT_EQ(Map("가/VX ㅆ/EP 다/EF", r), "가/VX 았/EP 다/EF");
  EXPECT_EQ(Map("나서/VV ㅆ/EP 다/EF", r), "나서/VV 었/EP 다/EF");
  EXPECT_EQ(Map("하/VV ㅆ/EP 다/EF", r), "하/VV 었/EP 다/EF");
  // The honorific past: 시 and 었, as the Sejong corpora write it.
  EXPECT_EQ(Map("주/VX 셨/EP 습니다/EF", r), "주/VX 시/EP 었/EP 습니다/EF");
  EXPECT_EQ(Map("읽/VV 으셨/EP 다/EF", r), "읽/VV 으시/EP 었/EP 다/EF");
  EXPECT_FALSE(convention_->Writes("셨", PosTag::kEP));
  EXPECT_TRUE(convention_->Writes("시", PosTag::kEP));
  // Two letters for one syllable: composed, then written as after any stem.
  CorpusSentence s = Parse("그렇/VA 여ㅆ었/EP 을/ETM");
  ConventionCounts c;
  convention_->Apply(&s, &c);
  EXPECT_EQ(ShowMapped(s), "그렇/VA 었었/EP 을/ETM");
  EXPECT_EQ(c[r], 1u);
  EXPECT_EQ(c[ConventionRule::kHarmony], 1u);
}

TEST_F(StandardConventionTest, InfinitiveSuffixIsAnEndingAndAnAuxiliary) {
  EXPECT_EQ(Map("좋/VA 아지/XSV 었/EP 다/EF", ConventionRule::kInfinitiveSuffix), "좋/VA 아/EC 지/VX 었/EP 다/EF");
}

TEST_F(StandardConventionTest, ExistenceIsAVerb) {
  EXPECT_EQ(Map("책/NNG 이/JKS | 있/VA 다/EF", ConventionRule::kExistence), "책/NNG 이/JKS | 있/VV 다/EF");
  EXPECT_EQ(Unchanged("먹/VV 고/EC | 있/VX 다/EF"), "먹/VV 고/EC | 있/VX 다/EF");
}

TEST_F(StandardConventionTest, AdverbialGeIsAnAdjectiveWithItsEnding) {
  EXPECT_EQ(Map("이렇게/MAG | 하/VV 다/EF", ConventionRule::kAdverbialGe), "이렇/VA 게/EC | 하/VV 다/EF");
  EXPECT_EQ(Map("어떻게/MAG", ConventionRule::kAdverbialGe), "어떻/VA 게/EC");
}

TEST_F(StandardConventionTest, HaTakesEo) {
  const auto r = ConventionRule::kHaEo;
  EXPECT_EQ(Map("공부/NNG 하/XSV 아서/EC", r), "공부/NNG 하/XSV 어서/EC");
  EXPECT_EQ(Map("위하/VV 아/EC", r), "위하/VV 어/EC");
  EXPECT_EQ(Map("하/VV 였/EP 다/EF", r), "하/VV 었/EP 다/EF");
  EXPECT_EQ(Map("하/XSV 여/EC", r), "하/XSV 어/EC");
  EXPECT_EQ(Map("하/XSV 았었/EP 다/EF", r), "하/XSV 었었/EP 다/EF");
  EXPECT_EQ(Map("학생/NNG 이/VCP 였/EP 다/EF", r), "학생/NNG 이/VCP 었/EP 다/EF");
  EXPECT_EQ(Unchanged("하/XSV 어서/EC"), "하/XSV 어서/EC");
}

TEST_F(StandardConventionTest, VowelHarmony) {
  const auto r = ConventionRule::kHarmony;
  EXPECT_EQ(Map("되/VV 아서/EC", r), "되/VV 어서/EC");
  EXPECT_EQ(Map("보내/VV 았/EP 다/EF", r), "보내/VV 었/EP 다/EF");
  EXPECT_EQ(Map("잡/VV 어/EC", r), "잡/VV 아/EC");
  EXPECT_EQ(Map("가깝/VA 아서/EC", r), "가깝/VA 어서/EC");  // ㅂ-irregular: 가까워
  EXPECT_EQ(Map("돕/VV 어/EC", r), "돕/VV 아/EC");          // but 도와
  EXPECT_EQ(Map("바쁘/VA 어서/EC", r), "바쁘/VA 아서/EC");  // ㅡ follows the syllable before it
  EXPECT_EQ(Map("크/VA 았/EP 다/EF", r), "크/VA 었/EP 다/EF");
  EXPECT_EQ(Unchanged("먹/VV 었/EP 어요/EF"), "먹/VV 었/EP 어요/EF");  // after 었/EP: 어
  EXPECT_EQ(Unchanged("그렇/VA 어서/EC"), "그렇/VA 어서/EC");
}

TEST_F(StandardConventionTest, EndingsAreWrittenAsTheySurface) {
  const auto r = ConventionRule::kEndingAllomorph;
  EXPECT_EQ(Map("같/VA ㄴ/ETM | 사람/NNG", r), "같/VA 은/ETM | 사람/NNG");
  EXPECT_EQ(Map("하/VV 지/EC | 않/VX ㄹ까/EF", r), "하/VV 지/EC | 않/VX 을까/EF");
  EXPECT_EQ(Map("주목/NNG 받/XSV ㄴ/ETM", r), "주목/NNG 받/XSV 은/ETM");
  EXPECT_EQ(Map("있/VV ㅁ/ETN", r), "있/VV 음/ETN");
  EXPECT_EQ(Map("먹/VV 었/EP ㄹ/ETM", r), "먹/VV 었/EP 을/ETM");
  EXPECT_EQ(Map("있/VV ㅂ니다/EF", r), "있/VV 습니다/EF");
  EXPECT_EQ(Map("듣/VV ㄴ/ETM", r), "듣/VV 은/ETM");  // ㄷ- and ㅅ-irregular: 들은, 지은
  EXPECT_EQ(Map("짓/VV ㄴ/ETM", r), "짓/VV 은/ETM");
  // After a vowel, ㄹ, and the coda endings of ㅂ- and ㅎ-irregular stems: without 으.
  EXPECT_EQ(Unchanged("지나/VV ㄴ/ETM"), "지나/VV ㄴ/ETM");
  EXPECT_EQ(Unchanged("만들/VV ㄴ/ETM"), "만들/VV ㄴ/ETM");
  EXPECT_EQ(Unchanged("가깝/VA ㄴ/ETM"), "가깝/VA ㄴ/ETM");
  EXPECT_EQ(Unchanged("그렇/VA ㄴ/ETM"), "그렇/VA ㄴ/ETM");
  EXPECT_EQ(Map("지나/VV 은/ETM", r), "지나/VV ㄴ/ETM");
  EXPECT_EQ(Map("가/VV 으면/EC", r), "가/VV 면/EC");
  EXPECT_EQ(Map("만들/VV 습니다/EF", r), "만들/VV ㅂ니다/EF");
  EXPECT_EQ(Map("가깝/VA 은/ETM", r), "가깝/VA ㄴ/ETM");
  EXPECT_EQ(Unchanged("가깝/VA 으면/EC"), "가깝/VA 으면/EC");  // 가까우면
  EXPECT_EQ(Unchanged("가깝/VA 습니다/EF"), "가깝/VA 습니다/EF");
}

TEST_F(StandardConventionTest, ListedCompoundVerbsAreOneVerb) {
  const auto r = ConventionRule::kCompoundJoin;
  EXPECT_EQ(Map("생기/VV 어/EC 나/VX 았/EP 다/EF", r), "생겨나/VV 았/EP 다/EF");
  EXPECT_EQ(Map("일/NNG 이/JKS | 이루/VV 어/EC 지/VX 다/EF", r), "일/NNG 이/JKS | 이루어지/VV 다/EF");
  EXPECT_EQ(Unchanged("만들/VV 어/EC 지/VX 다/EF"), "만들/VV 어/EC 지/VX 다/EF");  // not listed
  EXPECT_EQ(Unchanged("돕/VV 아/EC 주/VX 다/EF"), "돕/VV 아/EC 주/VX 다/EF");      // benefactive: split
  EXPECT_EQ(Unchanged("생기/VV 어/EC | 나/VX 다/EF"), "생기/VV 어/EC | 나/VX 다/EF");  // two words
}

TEST_F(StandardConventionTest, UnlistedAndBenefactiveCompoundsAreSplit) {
  const auto r = ConventionRule::kCompoundSplit;
  EXPECT_EQ(Map("도와주/VV 었/EP 다/EF", r), "돕/VV 아/EC 주/VX 었/EP 다/EF");
  EXPECT_EQ(Map("만들어지/VV 다/EF", r), "만들/VV 어/EC 지/VX 다/EF");
  EXPECT_EQ(Unchanged("이루어지/VV 다/EF"), "이루어지/VV 다/EF");
}

TEST_F(StandardConventionTest, SuffixBat) {
  const auto r = ConventionRule::kSuffixBat;
  EXPECT_EQ(Map("주목받/VV 은/ETM", r), "주목/NNG 받/XSV 은/ETM");
  EXPECT_EQ(Map("사랑/NNG 받/VV 다/EF", r), "사랑/NNG 받/XSV 다/EF");
  EXPECT_EQ(Map("인정/NNG 받/XSV 다/EF", r), "인정받/VV 다/EF");
  EXPECT_EQ(Unchanged("인정받/VV 다/EF"), "인정받/VV 다/EF");
  EXPECT_EQ(Unchanged("사랑/NNG 을/JKO | 받/VV 다/EF"), "사랑/NNG 을/JKO | 받/VV 다/EF");
}

TEST_F(StandardConventionTest, CompoundAdjectives) {
  const auto r = ConventionRule::kCompoundAdjective;
  EXPECT_EQ(Map("재미/NNG 있/VV 다/EF", r), "재미있/VA 다/EF");
  EXPECT_EQ(Map("인기있/VA 다/EF", r), "인기/NNG 있/VV 다/EF");
}

TEST_F(StandardConventionTest, RulesApplyInOrderOnOneSentence) {
  CorpusSentence s = Parse("그/NP 는/JX | 이렇게/MAG | 있/VA ㄹ까/EF ?/SF");
  ConventionCounts c;
  convention_->Apply(&s, &c);
  EXPECT_EQ(ShowMapped(s), "그/NP 는/JX | 이렇/VA 게/EC | 있/VV 을까/EF ?/SF");
  EXPECT_EQ(c.total(), 3u);
}

TEST_F(StandardConventionTest, WritesOnlyConventionMorphemes) {
  EXPECT_FALSE(convention_->Writes("ㅆ", PosTag::kEP));
  EXPECT_FALSE(convention_->Writes("여ㅆ", PosTag::kEP));
  EXPECT_FALSE(convention_->Writes("있", PosTag::kVA));
  EXPECT_FALSE(convention_->Writes("이렇게", PosTag::kMAG));
  EXPECT_FALSE(convention_->Writes("아지", PosTag::kXSV));
  EXPECT_FALSE(convention_->Writes("주목받", PosTag::kVV));
  EXPECT_FALSE(convention_->Writes("도와주", PosTag::kVV));
  EXPECT_FALSE(convention_->Writes("만들어지", PosTag::kVV));
  EXPECT_FALSE(convention_->Writes("인기있", PosTag::kVA));
  EXPECT_TRUE(convention_->Writes("생겨나", PosTag::kVV));
  EXPECT_TRUE(convention_->Writes("인정받", PosTag::kVV));
  EXPECT_TRUE(convention_->Writes("재미있", PosTag::kVA));
  EXPECT_TRUE(convention_->Writes("있", PosTag::kVV));
  EXPECT_TRUE(convention_->Writes("ㄴ", PosTag::kETM));
}

TEST_F(StandardConventionTest, EveryRuleHasAName) {
  std::set<std::string_view> names;
  for (int r = 0; r < kConventionRules; ++r) names.insert(ConventionRuleName(static_cast<ConventionRule>(r)));
  EXPECT_EQ(names.size(), static_cast<size_t>(kConventionRules));
}

}  // namespace
}  // namespace kma::build
