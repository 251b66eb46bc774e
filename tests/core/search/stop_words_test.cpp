// Tests for stop-word lists (core/search/stop_words.h): the built-in list
// parses, entries match by form and tag or by tag alone, comments and blanks
// are skipped, and every malformed line is refused with its line number.
#include "core/search/stop_words.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kma {
namespace {

Token Tok(const std::string& form, PosTag tag) {
  Token t;
  t.form = form;
  t.tag = tag;
  return t;
}

TEST(StopWords, DefaultListParses) {
  StopWords list;
  const Status s = StopWords::Parse(DefaultStopWordsText(), &list);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(StopWords::Default().size(), list.size());
  EXPECT_GT(list.size(), 60u);
  const StopWords& d = StopWords::Default();
  EXPECT_TRUE(d.Matches(Tok("가", PosTag::kJKS)));
  EXPECT_TRUE(d.Matches(Tok("었", PosTag::kEP)));
  EXPECT_TRUE(d.Matches(Tok(".", PosTag::kSF)));
  EXPECT_TRUE(d.Matches(Tok("것", PosTag::kNNB)));
  EXPECT_TRUE(d.Matches(Tok("하", PosTag::kXSV)));
  EXPECT_FALSE(d.Matches(Tok("사과", PosTag::kNNG)));
  EXPECT_FALSE(d.Matches(Tok("먹", PosTag::kVV)));
  EXPECT_FALSE(d.Matches(Tok("3", PosTag::kSN)));
  EXPECT_FALSE(d.Matches(Tok("것", PosTag::kNNG)));
}

TEST(StopWords, FormsTagsCommentsAndBlanks) {
  StopWords list;
  const Status s = StopWords::Parse(
      "# a comment\n"
      "\n"
      "  사과/NNG  \n"
      "*/JKO\t# objects\n"
      "//SP\n"
      "사과/NNG\n"
      "먹/VV-I\r\n"
      "끝/NNG",
      &list);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(list.size(), 5u);  // 사과/NNG twice counts once
  EXPECT_TRUE(list.Matches(Tok("사과", PosTag::kNNG)));
  EXPECT_FALSE(list.Matches(Tok("사과", PosTag::kNNP)));
  EXPECT_TRUE(list.Matches(Tok("를", PosTag::kJKO)));
  EXPECT_TRUE(list.Matches(Tok("/", PosTag::kSP)));
  EXPECT_TRUE(list.Matches(Tok("먹", PosTag::kVV)));
  EXPECT_TRUE(list.Matches(Tok("끝", PosTag::kNNG)));
  EXPECT_FALSE(list.Matches(Tok("가", PosTag::kJKS)));
  StopWords empty;
  ASSERT_TRUE(StopWords::Parse("", &empty).ok());
  EXPECT_TRUE(empty.empty());
}

TEST(StopWords, BadLinesNameTheirNumber) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"사과/NNG\n사과\n", "line 2: '사과' is not form/TAG (or */TAG)"},
      {"사과/NNQ", "line 1: unknown tag 'NNQ' in '사과/NNQ'"},
      {"사과/", "line 1: unknown tag '' in '사과/'"},
      {"사과/UN", "line 1: unknown tag 'UN' in '사과/UN'"},
      {"\n\n/NNG", "line 3: '/NNG' has no form (write */TAG for every form)"},
      {"사과/NNG 배/NNG", "line 1: unexpected '배/NNG' after the entry '사과/NNG' (one form/TAG per line)"},
      {std::string("a\0b/NNG", 7), "line 1: a NUL byte in the entry"},
  };
  for (const auto& [text, message] : cases) {
    StopWords list;
    ASSERT_TRUE(StopWords::Parse("사과/NNG", &list).ok());
    const Status s = StopWords::Parse(text, &list);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << text;
    EXPECT_EQ(s.message(), message) << text;
    EXPECT_EQ(list.size(), 1u) << "a failed parse leaves the list unchanged";
  }
}

TEST(StopWords, DropKeepsTheRest) {
  StopWords user;
  ASSERT_TRUE(StopWords::Parse("밥/NNG", &user).ok());
  std::vector<Token> t = {Tok("밥", PosTag::kNNG), Tok("을", PosTag::kJKO), Tok("먹", PosTag::kVV),
                          Tok("었", PosTag::kEP)};
  std::vector<Token> only_user = t;
  DropStopWords(false, &user, &only_user);
  ASSERT_EQ(only_user.size(), 3u);
  EXPECT_EQ(only_user[0].form, "을");
  std::vector<Token> both = t;
  DropStopWords(true, &user, &both);
  ASSERT_EQ(both.size(), 1u);
  EXPECT_EQ(both[0].form, "먹");
  std::vector<Token> none = t;
  DropStopWords(false, nullptr, &none);
  EXPECT_EQ(none.size(), 4u);
}

}  // namespace
}  // namespace kma
