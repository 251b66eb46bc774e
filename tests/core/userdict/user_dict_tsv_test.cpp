// Tests for the user dictionary file parser (core/userdict/user_dict_tsv.h) and
// the pattern rules (core/userdict/user_pattern.h): every line kind, every
// error with its line, column and offset, and linear-time matching.
#include "core/userdict/user_dict_tsv.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/userdict/user_pattern.h"
#include "core/text/utf.h"

namespace kma {
namespace {

TEST(UserDictTsv, ParsesEveryLineKind) {
  const std::string text =
      "\xEF\xBB\xBF# comment\n"
      "뉴진스\tNNP\n"
      "힙하\tVA\t1.5\r\n"
      "줍\tVV\t\tㅂ\n"
      "\n"
      "사겼다\t사귀/VV 었/EP 다/EF\t-2\n"
      "!pattern\t[A-Z]{2}-\\d+\tSL\t3\n"
      "!block\t하/XSV\n"
      "!block\tSH\n";
  std::vector<UserDictLine> lines;
  ASSERT_TRUE(ParseUserDictTsv(text, "d.tsv", &lines).ok());
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0].kind, UserDictLine::Kind::kWord);
  EXPECT_EQ(lines[0].text, "뉴진스");
  EXPECT_EQ(lines[0].tag, PosTag::kNNP);
  EXPECT_EQ(lines[0].line, 2u);
  EXPECT_FLOAT_EQ(lines[1].score, 1.5f);
  EXPECT_EQ(lines[1].tag, PosTag::kVA);
  EXPECT_TRUE(lines[2].has_irregular);
  EXPECT_EQ(lines[2].irregular, IrregularClass::kB);
  EXPECT_EQ(lines[3].kind, UserDictLine::Kind::kAnalysis);
  EXPECT_EQ(lines[3].morphs, "사귀/VV 었/EP 다/EF");
  EXPECT_FLOAT_EQ(lines[3].score, -2.0f);
  EXPECT_EQ(lines[4].kind, UserDictLine::Kind::kPattern);
  EXPECT_EQ(lines[4].text, "[A-Z]{2}-\\d+");
  EXPECT_EQ(lines[4].tag, PosTag::kSL);
  EXPECT_EQ(lines[5].kind, UserDictLine::Kind::kBlock);
  EXPECT_EQ(lines[5].text, "하");
  EXPECT_EQ(lines[5].tag, PosTag::kXSV);
  EXPECT_TRUE(lines[6].text.empty());
  EXPECT_EQ(lines[6].tag, PosTag::kSH);
}

struct BadLine {
  const char* text;
  const char* message;  // expected message, "d.tsv:LINE:COLUMN: ..." prefix included
  int64_t offset;
};

TEST(UserDictTsv, RejectsBadLinesWithLineAndColumn) {
  const BadLine cases[] = {
      {"뉴진스\tXYZ\n", "d.tsv:1:11: unknown tag 'XYZ'", 10},
      {"# c\n뉴진스\tNNP\tabc\n", "d.tsv:2:15: bad score 'abc'", 18},
      {"뉴진스\tNNP\t1e9\n", "d.tsv:1:15: bad score '1e9'", 14},
      {"뉴진스\tNNP\tnan\n", "d.tsv:1:15: bad score 'nan'", 14},
      {"뉴진스\n", "d.tsv:1:10: expected FORM<TAB>TAG or SURFACE<TAB>FORM/TAG ...", 9},
      {"\tNNP\n", "d.tsv:1:1: empty first field", 0},
      {"!foo\tx\n", "d.tsv:1:1: unknown directive '!foo' (known: !pattern, !block)", 0},
      {"!pattern\tabc\n", "d.tsv:1:1: expected !pattern<TAB>REGEX<TAB>TAG[<TAB>SCORE]", 0},
      {"!block\t/NNG\n", "d.tsv:1:8: empty form in '/NNG'", 7},
      {"줍\tVV\t\tㅋ\n", "d.tsv:1:9: unknown irregular class 'ㅋ' (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으 or -)", 8},
      {"ab\xFF\tNNP\n", "d.tsv:1:3: invalid UTF-8", 2},
      {"a\tNNP\t1\tㅂ\tx\n", "d.tsv:1:13: too many fields (FORM, TAG, score, irregular class)", 12},
  };
  for (const BadLine& c : cases) {
    std::vector<UserDictLine> lines;
    const Status st = ParseUserDictTsv(c.text, "d.tsv", &lines);
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << c.text;
    EXPECT_EQ(st.message(), c.message) << c.text;
    EXPECT_EQ(st.offset(), c.offset) << c.text;
  }
}

TEST(UserDictTsv, ScoresAreBounded) {
  float v = 0;
  EXPECT_TRUE(ParseUserScore("", &v));
  EXPECT_EQ(v, 0.0f);
  EXPECT_TRUE(ParseUserScore("-100", &v));
  EXPECT_EQ(v, -100.0f);
  EXPECT_FALSE(ParseUserScore("100.5", &v));
  EXPECT_FALSE(ParseUserScore("inf", &v));
  EXPECT_FALSE(ParseUserScore("1 ", &v));
  EXPECT_FALSE(ParseUserScore(std::string(40, '1'), &v));
}

TEST(UserDictTsv, ScoresAreParsedStrictly) {
  float v = 7;
  // strtod would read each of these as a number.
  for (const char* bad : {"0x10", " 1", "\t1", "1.5 ", "+-1", "1e", ".", "-", "1,5", "0x1p3", "infinity"}) {
    EXPECT_FALSE(ParseUserScore(bad, &v)) << bad;
    EXPECT_EQ(v, 7.0f) << bad;
  }
  const std::pair<const char*, float> good[] = {{"+2", 2.0f}, {"-1.5", -1.5f}, {"1e1", 10.0f}, {".5", 0.5f},
                                                 {"3.", 3.0f}, {"-0", 0.0f}, {"2.5E-1", 0.25f}};
  for (const auto& [text, want] : good) {
    EXPECT_TRUE(ParseUserScore(text, &v)) << text;
    EXPECT_EQ(v, want) << text;
  }
  std::vector<UserDictLine> lines;
  const Status st = ParseUserDictTsv("밥\tNNG\t0x10\n", "d.tsv", &lines);
  EXPECT_EQ(st.message(), "d.tsv:1:9: bad score '0x10'");
}

TEST(UserDictTsv, LinesOfBlanksAreBlankLines) {
  std::vector<UserDictLine> lines;
  const Status st = ParseUserDictTsv("  \n\t\n \t \r\n밥\tNNG\n\t\t\n", "d.tsv", &lines);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].line, 4u);
  // Text after blanks is a line (whose form the builder refuses).
  EXPECT_FALSE(ParseUserDictTsv("\t밥\tNNG\n", "d.tsv", &lines).ok());
}

size_t Match(const UserPattern& p, const std::string& utf8) {
  std::u32string u;
  EXPECT_TRUE(Utf8ToU32(utf8, &u));
  UserPattern::Scratch s;
  return p.LongestMatch(u.data(), u.size(), &s);
}

TEST(UserPattern, MatchesLongestPrefix) {
  auto p = UserPattern::Compile("[A-Z]{2}-\\d{2,4}");
  ASSERT_TRUE(p.ok()) << p.status().message();
  EXPECT_EQ(Match(p.value(), "AB-12345"), 7u);
  EXPECT_EQ(Match(p.value(), "AB-1"), 0u);
  EXPECT_EQ(Match(p.value(), "ab-12"), 0u);
  auto h = UserPattern::Compile("\\h+(?:뱅크|페이)");
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(Match(h.value(), "토스뱅크에서"), 4u);
  auto alt = UserPattern::Compile("a|ab|abc");
  ASSERT_TRUE(alt.ok());
  EXPECT_EQ(Match(alt.value(), "abcd"), 3u);
  auto neg = UserPattern::Compile("[^0-9 ]+");
  ASSERT_TRUE(neg.ok());
  EXPECT_EQ(Match(neg.value(), "ab c"), 2u);  // whitespace never matches
}

TEST(UserPattern, RejectsBadPatternsWithPosition) {
  const char* bad[] = {"(ab", "ab)", "[a-", "a{3,2}", "a{65}", "^ab", "ab$", "a*?", "\\q", "", "a{0}", "(?=a)", "x{"};
  for (const char* p : bad) {
    auto c = UserPattern::Compile(p);
    EXPECT_FALSE(c.ok()) << p;
    if (!c.ok()) EXPECT_EQ(c.status().code(), StatusCode::kInvalidArgument) << p;
  }
  EXPECT_FALSE(UserPattern::Compile(std::string(2000, 'a')).ok());
  EXPECT_FALSE(UserPattern::Compile(std::string(100, '(') + "a" + std::string(100, ')')).ok());
}

// A pattern that backtracking engines take exponential time on: the Pike VM
// stays linear (the test would time out otherwise).
TEST(UserPattern, NoBacktrackingBlowUp) {
  auto p = UserPattern::Compile("(a|a)*(a|a)*b");
  ASSERT_TRUE(p.ok());
  const std::string text(60, 'a');
  EXPECT_EQ(Match(p.value(), text), 0u);
}

}  // namespace
}  // namespace kma
