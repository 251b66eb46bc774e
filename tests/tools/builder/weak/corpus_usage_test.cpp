// Tests for CorpusUsage (tools/builder/weak/corpus_usage.h).
#include "tools/builder/weak/corpus_usage.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/tools/builder/weak/weak_test_util.h"

namespace kma::weak {
namespace {

using test_util::T;

TEST(CorpusUsage, CountsHowTheCorpusWritesHeadwords) {
  HeadwordConventions conv;
  CorpusUsage usage(conv);
  usage.AddEntry("개종하", T("VV"));
  usage.AddEntry("생각하", T("VV"));
  usage.AddEntry("생각하", T("VV"));  // duplicates are one entry
  usage.AddEntry("사람", T("NNG,NNP"));
  EXPECT_EQ(usage.entry_count(), 3u);
  std::string error;
  ASSERT_TRUE(usage.AddGoldLine("그는 생각했다\t그/NP 는/JX\t생각/NNG 하/XSV 었/EP 다/EF", &error)) << error;
  ASSERT_TRUE(usage.AddGoldLine("생각했다\t생각하/VV 었/EP 다/EF", &error)) << error;
  ASSERT_TRUE(usage.AddGoldLine("사람 생각\t사람/NNG\t생각/NNG", &error)) << error;
  // "생각 하" across two words is not the verb.
  ASSERT_TRUE(usage.AddGoldLine("생각 하다\t생각/NNG\t하/XSV 다/EF", &error)) << error;
  const RuleUsage suffix = usage.Usage(HeadwordClass::kVerb, Rule::kSuffix);
  EXPECT_EQ(suffix.occurrences, 1);
  EXPECT_EQ(suffix.headwords, 1);
  EXPECT_EQ(suffix.applicable, 1);  // 개종하 never occurs
  EXPECT_EQ(suffix.exact_occurrences, 1);
  EXPECT_DOUBLE_EQ(suffix.share(), 0.5);
  EXPECT_EQ(usage.Usage(HeadwordClass::kNoun, Rule::kExact).occurrences, 1);
  EXPECT_DOUBLE_EQ(usage.Usage(HeadwordClass::kNoun, Rule::kExact).share(), 1.0);
}

TEST(CorpusUsage, CountsAnchoredReadingsInLongerMorphemes) {
  HeadwordConventions conv;
  CorpusUsage usage(conv);
  usage.AddEntry("ㄴ", T("EP,EF,EC,ETN,ETM"));
  usage.AddEntry("색", T("NNG,NNP"));
  std::string error;
  ASSERT_TRUE(usage.AddGoldLine("하신다\t하/VV 시/EP ㄴ다/EF", &error)) << error;
  ASSERT_TRUE(usage.AddGoldLine("간 파란색\t가/VV ㄴ/ETM\t파란색/NNG", &error)) << error;
  ASSERT_TRUE(usage.AddGoldLine("색\t색/NNG", &error)) << error;
  ASSERT_TRUE(usage.AddGoldLine("색시\t색시/VV", &error)) << error;  // not a noun
  const RuleUsage in_token = usage.Usage(HeadwordClass::kEnding, Rule::kEndingInToken);
  EXPECT_EQ(in_token.occurrences, 1);
  EXPECT_EQ(in_token.exact_occurrences, 1);
  EXPECT_EQ(in_token.exact_of_seen, 1);
  EXPECT_DOUBLE_EQ(in_token.seen_share(), 0.5);
  EXPECT_EQ(usage.Usage(HeadwordClass::kNoun, Rule::kNounInCompound).occurrences, 1);
}

TEST(CorpusUsage, RejectsMalformedLines) {
  HeadwordConventions conv;
  CorpusUsage usage(conv);
  std::string error;
  EXPECT_FALSE(usage.AddGoldLine("no tab here", &error));
  EXPECT_NE(error.find("TAB"), std::string::npos) << error;
  EXPECT_FALSE(usage.AddGoldLine("a b\t가/NNG\t나", &error));
  EXPECT_NE(error.find("word 2"), std::string::npos) << error;
  EXPECT_FALSE(usage.AddGoldLine("a\t가/QQ", &error));
  EXPECT_FALSE(usage.AddGoldLine("a\t/NNG", &error));
}

}  // namespace
}  // namespace kma::weak
