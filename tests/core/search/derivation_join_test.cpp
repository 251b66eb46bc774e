// Tests for derivational joining (core/search/derivation_join.h) on token
// lists built by hand: every rule, chains, what is left alone (other words,
// tags that do not join), and the joined span, score and flags.
#include "core/search/derivation_join.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kma {
namespace {

// A token of `form`/`tag` over bytes [begin, begin + length) of word `word`
// (code points: a third of the bytes, as for Hangul).
Token Tok(const std::string& form, PosTag tag, uint32_t begin, uint32_t length, uint32_t word = 0) {
  Token t;
  t.form = form;
  t.tag = tag;
  t.morph_id = 7;
  t.begin = begin;
  t.length = length;
  t.cp_begin = begin / 3;
  t.cp_length = length / 3;
  t.word = word;
  t.score = -1.0f;
  return t;
}

std::string Show(const std::vector<Token>& tokens) {
  std::string s;
  for (const Token& t : tokens) {
    if (!s.empty()) s += ' ';
    s += t.form + "/" + std::string(TagName(t.tag)) + "@" + std::to_string(t.begin) + "+" +
         std::to_string(t.length);
  }
  return s;
}

TEST(DerivationJoin, VerbAndAdjectiveSuffixes) {
  // 공부했다: 공부/NNG 하/XSV 었/EP 다/EF, 하 and 었 sharing 했.
  std::vector<Token> t = {Tok("공부", PosTag::kNNG, 0, 6), Tok("하", PosTag::kXSV, 6, 3),
                          Tok("었", PosTag::kEP, 6, 3), Tok("다", PosTag::kEF, 9, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "공부하/VV@0+9 었/EP@6+3 다/EF@9+3");
  EXPECT_EQ(t[0].cp_begin, 0u);
  EXPECT_EQ(t[0].cp_length, 3u);
  EXPECT_EQ(t[0].morph_id, 0u);
  EXPECT_FLOAT_EQ(t[0].score, -2.0f);
  // 사랑스러운: 사랑/NNG 스럽/XSA ㄴ/ETM (스러운 holds 스럽 and ㄴ).
  t = {Tok("사랑", PosTag::kNNG, 0, 6), Tok("스럽", PosTag::kXSA, 6, 9), Tok("ㄴ", PosTag::kETM, 12, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "사랑스럽/VA@0+15 ㄴ/ETM@12+3");
  // A root: 조용/XR 하/XSA -> 조용하/VA.
  t = {Tok("조용", PosTag::kXR, 0, 6), Tok("하", PosTag::kXSA, 6, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "조용하/VA@0+9");
}

TEST(DerivationJoin, NounAffixesAndChains) {
  // 비정상적: 비/XPN 정상/NNG 적/XSN -> one NNG.
  std::vector<Token> t = {Tok("비", PosTag::kXPN, 0, 3), Tok("정상", PosTag::kNNG, 3, 6),
                          Tok("적", PosTag::kXSN, 9, 3), Tok("이", PosTag::kVCP, 12, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "비정상적/NNG@0+12 이/VCP@12+3");
  // The noun's tag is kept; after a root XSN gives NNG.
  t = {Tok("서울", PosTag::kNNP, 0, 6), Tok("시", PosTag::kXSN, 6, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "서울시/NNP@0+9");
  t = {Tok("깨끗", PosTag::kXR, 0, 6), Tok("함", PosTag::kXSN, 6, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "깨끗함/NNG@0+9");
  // A prefix, a noun, a noun suffix and a verb suffix: one verb.
  t = {Tok("재", PosTag::kXPN, 0, 3), Tok("검토", PosTag::kNNG, 3, 6), Tok("하", PosTag::kXSV, 9, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "재검토하/VV@0+12");
}

TEST(DerivationJoin, LeavesTheRestAlone) {
  // Another word, tags that do not join, a prefix before a verb, a gap.
  std::vector<Token> t = {Tok("공부", PosTag::kNNG, 0, 6, 0), Tok("하", PosTag::kXSV, 7, 3, 1)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "공부/NNG@0+6 하/XSV@7+3");
  t = {Tok("먹", PosTag::kVV, 0, 3), Tok("었", PosTag::kEP, 3, 3), Tok("하", PosTag::kXSV, 6, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "먹/VV@0+3 었/EP@3+3 하/XSV@6+3");
  t = {Tok("맨", PosTag::kXPN, 0, 3), Tok("먹", PosTag::kVV, 3, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "맨/XPN@0+3 먹/VV@3+3");
  t = {Tok("학생", PosTag::kNNG, 0, 6), Tok("들", PosTag::kXSN, 9, 3)};  // not touching
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "학생/NNG@0+6 들/XSN@9+3");
  t = {Tok("들", PosTag::kXSN, 0, 3)};
  JoinDerivations(&t);
  EXPECT_EQ(Show(t), "들/XSN@0+3");
  t.clear();
  JoinDerivations(&t);
  EXPECT_TRUE(t.empty());
}

TEST(DerivationJoin, FlagsAreTheUnion) {
  std::vector<Token> t = {Tok("뉴진스", PosTag::kNNP, 0, 9), Tok("하", PosTag::kXSV, 9, 3)};
  t[0].flags = kTokenUnknown;
  t[1].flags = kTokenCorrected;
  JoinDerivations(&t);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].flags, kTokenUnknown | kTokenCorrected);
}

}  // namespace
}  // namespace kma
