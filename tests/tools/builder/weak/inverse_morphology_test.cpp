// Tests for the candidate generators of tools/builder/weak/inverse_morphology.h.
#include "tools/builder/weak/inverse_morphology.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/text/utf.h"

namespace kma::weak {
namespace {

std::u32string U(const std::string& s) {
  std::u32string out;
  EXPECT_TRUE(Utf8ToU32(s, &out)) << s;
  return out;
}

// "stem+ending" strings, for readable comparisons.
std::vector<std::string> Show(const std::vector<StemEnding>& v) {
  std::vector<std::string> out;
  for (const StemEnding& se : v) out.push_back(ToUtf8(se.stem) + "+" + ToUtf8(se.ending));
  return out;
}

bool Contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

TEST(InfinitiveStems, UndoesContractionsAndIrregularStems) {
  const struct {
    const char* infinitive;
    const char* expected;
  } kCases[] = {
      {"몰아", "몰+아"},     {"허물어", "허물+어"}, {"거둬", "거두+어"}, {"들여", "들이+어"},
      {"봐", "보+아"},       {"돼", "되+어"},       {"해", "하+여"},     {"해", "하+아"},
      {"하여", "하+여"},     {"하여", "하+어"},     {"사나워", "사납+어"}, {"도와", "돕+아"},
      {"불러", "부르+어"},   {"말라", "마르+아"},   {"들어", "들+어"},   {"들어", "듣+어"},
      {"나아", "낫+아"},     {"파래", "파랗+아"},   {"그래", "그렇+어"}, {"하얘", "하얗+아"},
      {"써", "쓰+어"},       {"바빠", "바쁘+아"},   {"퍼", "푸+어"},     {"가", "가+아"},
      {"서", "서+어"},       {"내", "내+어"},
  };
  for (const auto& c : kCases) {
    const std::vector<std::string> got = Show(InfinitiveStems(U(c.infinitive)));
    EXPECT_TRUE(Contains(got, c.expected)) << c.infinitive << " should give " << c.expected;
  }
}

TEST(InfinitiveStems, NothingWhereNoInfinitiveCanEnd) {
  EXPECT_TRUE(InfinitiveStems(U"먹").empty());   // a final consonant
  EXPECT_TRUE(InfinitiveStems(U"보").empty());   // ㅗ never ends an infinitive
  EXPECT_TRUE(InfinitiveStems(U"").empty());
  EXPECT_TRUE(InfinitiveStems(U"a").empty());
  EXPECT_TRUE(InfinitiveStems(U"아").empty());   // 아 alone has no stem
}

TEST(NominalizedStems, UndoesNominalization) {
  const struct {
    const char* noun;
    const char* expected;
  } kCases[] = {
      {"보기", "보+기"},     {"느낌", "느끼+ㅁ"},   {"웃음", "웃+음"},         {"웃음", "웃+ㅁ"},
      {"삶", "살+ㅁ"},       {"도움", "돕+ㅁ"},     {"아름다움", "아름답+ㅁ"}, {"걸음", "걷+음"},
      {"움직임", "움직이+ㅁ"}, {"기쁨", "기쁘+ㅁ"},
  };
  for (const auto& c : kCases) {
    const std::vector<std::string> got = Show(NominalizedStems(U(c.noun)));
    EXPECT_TRUE(Contains(got, c.expected)) << c.noun << " should give " << c.expected;
  }
  EXPECT_TRUE(NominalizedStems(U"나무").empty());  // no 기, 음 or final ㅁ
}

TEST(EndingAllomorphs, SpellsEndingsAsTheCorpusDoes) {
  auto show = [](const char32_t* e) {
    std::vector<std::string> out;
    for (const std::u32string& a : EndingAllomorphs(e)) out.push_back(ToUtf8(a));
    return out;
  };
  EXPECT_EQ(show(U"여서"), std::vector<std::string>{"어서"});
  EXPECT_EQ(show(U"였"), std::vector<std::string>{"었"});
  EXPECT_EQ(show(U"으면"), std::vector<std::string>{"면"});
  EXPECT_EQ(show(U"은데"), std::vector<std::string>{"ㄴ데"});
  EXPECT_EQ(show(U"을까"), std::vector<std::string>{"ㄹ까"});
  EXPECT_EQ(show(U"음"), std::vector<std::string>{"ㅁ"});
  EXPECT_EQ(show(U"읍시다"), std::vector<std::string>{"ㅂ시다"});
  EXPECT_TRUE(show(U"다").empty());
  EXPECT_TRUE(show(U"어서").empty());
  EXPECT_TRUE(show(U"으").empty());  // nothing would be left
}

TEST(ContractedSpellings, ContractsOneStemPlusInfinitive) {
  std::vector<std::string> got;
  for (const std::u32string& s : ContractedSpellings(U"거두어들이")) got.push_back(ToUtf8(s));
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got[0], "거두어들이");
  EXPECT_TRUE(Contains(got, "거둬들이"));
  got.clear();
  for (const std::u32string& s : ContractedSpellings(U"하여")) got.push_back(ToUtf8(s));
  EXPECT_TRUE(Contains(got, "해"));
  EXPECT_EQ(ContractedSpellings(U"사람").size(), 1u);
}

}  // namespace
}  // namespace kma::weak
