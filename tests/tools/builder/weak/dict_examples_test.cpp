// Tests for the dictionary example reader and the held-out split
// (tools/builder/weak/dict_examples.h, held_out.h).
#include "tools/builder/weak/dict_examples.h"

#include <gtest/gtest.h>

#include <string>

#include "tools/builder/weak/held_out.h"

namespace kma::weak {
namespace {

TEST(ParseDictExample, ReadsTheFiveFields) {
  DictExample ex;
  std::string error;
  ASSERT_TRUE(ParseDictExample("4km를 걸었다.\t걷\tVV\tsentence\t2\r", &ex, &error)) << error;
  EXPECT_EQ(ex.text, "4km를 걸었다.");
  EXPECT_EQ(ex.headword, "걷");
  EXPECT_EQ(ex.tags, TagBit(PosTag::kVV));
  EXPECT_EQ(ex.kind, ExampleKind::kSentence);
  EXPECT_EQ(ex.sense, 2u);
  ASSERT_TRUE(ParseDictExample("돼지를 기르다.\t돼지\tNNG,NNP\tphrase\t1", &ex, &error)) << error;
  EXPECT_EQ(ex.kind, ExampleKind::kPhrase);
}

TEST(ParseDictExample, RejectsMalformedLinesWithTheField) {
  DictExample ex;
  std::string error;
  EXPECT_FALSE(ParseDictExample("a\tb\tVV\tsentence", &ex, &error));
  EXPECT_NE(error.find("4 tab-separated"), std::string::npos) << error;
  EXPECT_FALSE(ParseDictExample("a\tb\tVV\tsentence\t1\tx", &ex, &error));
  EXPECT_NE(error.find("more than 5"), std::string::npos) << error;
  EXPECT_FALSE(ParseDictExample("\tb\tVV\tsentence\t1", &ex, &error));
  EXPECT_EQ(error, "empty text");
  EXPECT_FALSE(ParseDictExample("a\t\tVV\tsentence\t1", &ex, &error));
  EXPECT_EQ(error, "empty headword");
  EXPECT_FALSE(ParseDictExample("a\tb\tVV,QQ\tsentence\t1", &ex, &error));
  EXPECT_EQ(error, "unknown tag 'QQ'");
  EXPECT_FALSE(ParseDictExample("a\tb\tVV\tpoem\t1", &ex, &error));
  EXPECT_NE(error.find("unknown kind 'poem'"), std::string::npos) << error;
  for (const char* sense : {"0", "-1", "x", "", "99999999999"}) {
    EXPECT_FALSE(ParseDictExample(std::string("a\tb\tVV\tphrase\t") + sense, &ex, &error)) << sense;
    EXPECT_NE(error.find("positive integer"), std::string::npos) << error;
  }
  EXPECT_TRUE(IsDictExampleComment("# text\theadword"));
  EXPECT_TRUE(IsDictExampleComment(""));
  EXPECT_FALSE(IsDictExampleComment("a\tb\tVV\tphrase\t1"));
}

TEST(HeldOut, OneHeadwordInTenByAStableHash) {
  // Reference values (64-bit FNV-1a, then MurmurHash3's fmix64).
  EXPECT_EQ(HeadwordHash(""), 0xefd01f60ba992926ull);
  EXPECT_EQ(HeadwordHash("a"), 0x82a2a958a9bece5bull);
  EXPECT_EQ(HeadwordHash("걷"), 0x8fb19e7846c74d5cull);
  EXPECT_FALSE(IsHeldOutHeadword("걷"));
  EXPECT_FALSE(IsHeldOutHeadword("사람"));
  EXPECT_TRUE(IsHeldOutHeadword("가공"));
  EXPECT_TRUE(IsHeldOutHeadword("가속도"));
  EXPECT_TRUE(IsHeldOutHeadword("ㄴ다"));
  // Over many strings, close to one in ten.
  int held = 0;
  for (int i = 0; i < 20000; ++i) held += IsHeldOutHeadword("w" + std::to_string(i));
  EXPECT_GT(held, 1800);
  EXPECT_LT(held, 2200);
}

}  // namespace
}  // namespace kma::weak
