// Tests for the convention mapping (tools/builder/weak/headword_convention.h).
#include "tools/builder/weak/headword_convention.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/tools/builder/weak/weak_test_util.h"

namespace kma::weak {
namespace {

using test_util::T;

// "form/TAG,TAG form/TAG" per reading (with "@start"/"@end" for anchored
// ones), prefixed by the rule name.
std::vector<std::string> Show(const std::vector<Reading>& readings) {
  std::vector<std::string> out;
  for (const Reading& r : readings) {
    std::string s(RuleName(r.rule));
    s += ':';
    for (const MorphPattern& m : r.morphs) s += " " + m.form + "/" + TagListName(m.tags);
    if (r.anchor == Anchor::kTokenStart) s += " @start";
    if (r.anchor == Anchor::kTokenEnd) s += " @end";
    out.push_back(s);
  }
  return out;
}

bool Has(const std::vector<std::string>& v, const std::string& x) {
  for (const std::string& s : v)
    if (s == x) return true;
  return false;
}

TEST(TagList, ParsesAndNames) {
  TagMask m = 0;
  std::string bad;
  ASSERT_TRUE(ParseTagList("NNG,NNP", &m, &bad));
  EXPECT_EQ(m, TagBit(PosTag::kNNG) | TagBit(PosTag::kNNP));
  EXPECT_EQ(TagListName(m), "NNG,NNP");
  EXPECT_FALSE(ParseTagList("NNG,XYZ", &m, &bad));
  EXPECT_EQ(bad, "XYZ");
  EXPECT_FALSE(ParseTagList("", &m, &bad));
  EXPECT_FALSE(ParseTagList("NNG,", &m, &bad));
}

TEST(ClassOf, FollowsTheDictionaryLabels) {
  EXPECT_EQ(ClassOf(T("NNG,NNP")), HeadwordClass::kNoun);
  EXPECT_EQ(ClassOf(T("VV")), HeadwordClass::kVerb);
  EXPECT_EQ(ClassOf(T("VA")), HeadwordClass::kAdjective);
  EXPECT_EQ(ClassOf(T("MAG,MAJ")), HeadwordClass::kAdverb);
  EXPECT_EQ(ClassOf(T("MM")), HeadwordClass::kDeterminer);
  EXPECT_EQ(ClassOf(T("NR,MM")), HeadwordClass::kNumeral);
  EXPECT_EQ(ClassOf(T("EP,EF,EC,ETN,ETM")), HeadwordClass::kEnding);
  EXPECT_EQ(ClassOf(T("JKS,JKC,JKG,JKO,JKB,JKV,JKQ,JX,JC")), HeadwordClass::kParticle);
  EXPECT_EQ(ClassOf(T("XPN,XSN,XSV,XSA")), HeadwordClass::kAffix);
  EXPECT_EQ(ClassOf(T("VV,VA")), HeadwordClass::kOther);
  EXPECT_EQ(ClassName(HeadwordClass::kAdverb), "MAG");
}

TEST(Readings, ExactReadingComesFirst) {
  HeadwordConventions conv;
  const std::vector<std::string> r = Show(conv.Readings("걷", T("VV")));
  ASSERT_FALSE(r.empty());
  EXPECT_EQ(r[0], "exact: 걷/VV");
  EXPECT_TRUE(conv.Readings("", T("VV")).empty());
  EXPECT_TRUE(conv.Readings("\xff", T("VV")).empty());
}

TEST(Readings, DerivedVerbsAndAdjectives) {
  HeadwordConventions conv;
  const std::vector<std::string> v = Show(conv.Readings("개종하", T("VV")));
  EXPECT_TRUE(Has(v, "suffix: 개종/NNG,NNP,NNB,MAG,XR 하/XSV")) << ::testing::PrintToString(v);
  EXPECT_FALSE(Has(v, "suffix-cross: 개종/NNG,NNP,NNB,MAG,XR 하/XSA"));  // diagnostics off
  EXPECT_TRUE(Has(Show(conv.Readings("극대화되", T("VV"))), "suffix: 극대/NNG,NNP,NNB,NR,NP,XR 화/XSN 되/XSV"));
  EXPECT_TRUE(Has(Show(conv.Readings("깨끗하", T("VA"))), "suffix: 깨끗/NNG,NNP,NNB,MAG,XR 하/XSA"));
  EXPECT_TRUE(Has(Show(conv.Readings("불성실하", T("VA"))), "prefix: 불/XPN 성실/NNG,NNP,NNB,MAG,XR 하/XSA"));
  EXPECT_TRUE(Has(Show(conv.Readings("재미있", T("VA"))), "noun-predicate: 재미/NNG,NNP 있/VV,VA"));
}

TEST(Readings, CompoundVerbs) {
  HeadwordConventions conv;
  const std::vector<std::string> v = Show(conv.Readings("거둬들이", T("VV")));
  EXPECT_TRUE(Has(v, "aux-compound: 거두/VV,VA 어/EC 들이/VV,VA,VX")) << ::testing::PrintToString(v);
  EXPECT_TRUE(Has(Show(conv.Readings("사나워지", T("VV"))), "aux-compound: 사납/VV,VA 어/EC 지/VV,VA,VX"));
  EXPECT_TRUE(Has(Show(conv.Readings("좋아지", T("VV"))), "aux-compound: 좋/VV,VA 아지/XSV"));
  EXPECT_TRUE(Has(Show(conv.Readings("깨끗해지", T("VV"))),
                  "aux-compound: 깨끗/NNG,NNP,NNB,MAG,XR 하/XSV,XSA 어/EC 지/VV,VA,VX"));
}

TEST(Readings, NounsDeterminersAndNumerals) {
  HeadwordConventions conv;
  const std::vector<std::string> n = Show(conv.Readings("앞머리", T("NNG,NNP")));
  EXPECT_TRUE(Has(n, "compound-noun: 앞/NNG,NNP 머리/NNG,NNP,NNB"));
  EXPECT_TRUE(Has(n, "noun-in-compound: 앞머리/NNG,NNP @end"));
  EXPECT_TRUE(Has(Show(conv.Readings("중요", T("NNG,NNP"))), "noun-as-root: 중요/XR"));
  EXPECT_TRUE(Has(Show(conv.Readings("통계적", T("MM"))), "suffix: 통계/NNG,NNP,NNB,NR,NP,XR 적/XSN"));
  EXPECT_TRUE(Has(Show(conv.Readings("수백", T("MM"))), "numeral-as-nr: 수백/NR"));
  EXPECT_TRUE(Has(Show(conv.Readings("느낌", T("NNG,NNP"))), "nominalization: 느끼/VV,VA ㅁ/ETN"));
  // One-syllable nouns and nouns in 기 are never read as stem + ending.
  for (const std::string& r : Show(conv.Readings("잠", T("NNG,NNP")))) EXPECT_NE(r.rfind("nominalization", 0), 0u) << r;
  for (const std::string& r : Show(conv.Readings("갈기", T("NNG,NNP")))) EXPECT_NE(r.rfind("nominalization", 0), 0u) << r;
}

TEST(Readings, EndingsAndParticles) {
  HeadwordConventions conv;
  EXPECT_TRUE(Has(Show(conv.Readings("여서", T("EP,EF,EC,ETN,ETM"))), "ending-allomorph: 어서/EP,EF,EC,ETN,ETM"));
  EXPECT_TRUE(Has(Show(conv.Readings("더라도", T("EP,EF,EC,ETN,ETM"))),
                  "functional-split: 더라/JKS,JKC,JKG,JKO,JKB,JKV,JKQ,JX,JC,EF,EC,ETN 도/JKS,JKC,JKG,JKO,JKB,JKV,JKQ,JX,JC"));
  EXPECT_TRUE(Has(Show(conv.Readings("ㄴ", T("EP,EF,EC,ETN,ETM"))), "ending-in-token: ㄴ/EP,EF,EC,ETN,ETM @start"));
  EXPECT_TRUE(Has(Show(conv.Readings("이면", T("JKS,JKC,JKG,JKO,JKB,JKV,JKQ,JX,JC"))),
                  "functional-split: 이/VCP,EP 면/EP,EF,EC,ETN,ETM"));
}

TEST(Readings, AffixesWithTheirDa) {
  HeadwordConventions conv;
  const std::vector<std::string> v = Show(conv.Readings("스럽다", T("XPN,XSN,XSV,XSA")));
  EXPECT_TRUE(Has(v, "exact: 스럽/XPN,XSN,XSV,XSA")) << ::testing::PrintToString(v);
  EXPECT_TRUE(Has(v, "affix-in-word: 스럽/NNG,NNP,NNB,NR,NP,VV,VA,VX,MM,MAG,MAJ,IC,XR @end"));
}

TEST(Readings, TagVariantsSkipHomographs) {
  HeadwordConventions conv({false, true});
  conv.AddEntry("처음", T("NNG,NNP"));
  conv.AddEntry("가장", T("NNG,NNP"));
  conv.AddEntry("가장", T("MAG,MAJ"));
  EXPECT_TRUE(Has(Show(conv.Readings("처음", T("NNG,NNP"))), "noun-as-other: 처음/NNB,NP,MAG"));
  // The adverb 가장 is another word: the noun 가장 is never read as MAG.
  EXPECT_TRUE(Has(Show(conv.Readings("가장", T("NNG,NNP"))), "noun-as-other: 가장/NNB,NP"));
  EXPECT_TRUE(Has(Show(conv.Readings("개종하", T("VV"))), "suffix-cross: 개종/NNG,NNP,NNB,MAG,XR 하/XSA"));
}

TEST(Readings, PlainMatchOfTheIssue) {
  HeadwordConventions conv({true, false});
  const std::vector<std::string> v = Show(conv.Readings("개종하", T("VV")));
  ASSERT_EQ(v.size(), 2u) << ::testing::PrintToString(v);
  EXPECT_EQ(v[0], "exact: 개종하/VV");
  EXPECT_EQ(v[1].rfind("plain-ha-doe: 개종/NNG,NNP,", 0), 0u) << v[1];
  EXPECT_NE(v[1].find(" 하/XSV,XSA"), std::string::npos) << v[1];
  EXPECT_EQ(Show(conv.Readings("통계적", T("MM"))).size(), 1u);
}

TEST(RuleAccepted, MeasuredAndPlainConventions) {
  EXPECT_TRUE(RuleAccepted(Rule::kSuffix, false));
  EXPECT_TRUE(RuleAccepted(Rule::kAffixInWord, false));
  EXPECT_FALSE(RuleAccepted(Rule::kSuffixCross, false));
  EXPECT_FALSE(RuleAccepted(Rule::kPlainHaDoe, false));
  EXPECT_TRUE(RuleAccepted(Rule::kPlainHaDoe, true));
  EXPECT_FALSE(RuleAccepted(Rule::kSuffix, true));
  for (int r = 0; r < kNumRules; ++r) EXPECT_NE(RuleName(static_cast<Rule>(r)), "?");
}

}  // namespace
}  // namespace kma::weak
