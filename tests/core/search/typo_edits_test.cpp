// Tests for the typo edit format (core/search/typo_edits.h): the built-in
// set parses, every edit kind and context is read as documented, malformed
// lines are rejected with their line and byte offset, and arbitrary bytes
// never crash the parser.
#include "core/search/typo_edits.h"

#include <gtest/gtest.h>

#include <string>

#include "core/text/hangul.h"

namespace kma::search {
namespace {

TEST(TypoEdits, DefaultSetParses) {
  TypoEditSet set;
  const Status s = ParseTypoEdits(DefaultTypoEditsText(), &set);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_GT(set.edits.size(), 50u);
  EXPECT_EQ(DefaultTypoEdits().edits.size(), set.edits.size());
  bool kinds[6] = {};
  for (const TypoEdit& e : set.edits) {
    kinds[static_cast<int>(e.kind)] = true;
    EXPECT_GT(e.cost, 0.0f);
  }
  for (bool k : kinds) EXPECT_TRUE(k) << "every kind of edit is used";
}

TEST(TypoEdits, ReadsEveryKind) {
  TypoEditSet set;
  const std::string text =
      "# comment line\n"
      "vowel ㅐ ㅔ 3\n"
      "onset ㄲ ㄱ 1.5 after=ㄹ   # trailing comment\n"
      "coda - ㅆ 4\n"
      "coda ㅁ - 1 after=요\n"
      "\n"
      "text 몇일 며칠 0.5 initial\n"
      "text 여 요 2 final before=ㅋ\n"
      "link ㅄ ㅂ ㅆ 2.5\n"
      "stretch 2\r\n";
  const Status s = ParseTypoEdits(text, &set);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_EQ(set.edits.size(), 8u);
  EXPECT_EQ(set.edits[0].kind, TypoEditKind::kVowel);
  EXPECT_EQ(set.edits[0].written, U'ㅐ');
  EXPECT_EQ(set.edits[0].read, U'ㅔ');
  EXPECT_FLOAT_EQ(set.edits[0].cost, 3.0f);
  EXPECT_EQ(set.edits[0].line, 2);
  EXPECT_EQ(set.edits[1].after, hangul::CompatToCoda(U'ㄹ'));
  EXPECT_EQ(set.edits[2].written, 0u);
  EXPECT_EQ(set.edits[2].read, U'ㅆ');
  EXPECT_EQ(set.edits[3].read, 0u);
  EXPECT_EQ(set.edits[3].after, U'요');
  EXPECT_EQ(set.edits[4].written_text, hangul::SplitCodas(U"몇일", true));
  EXPECT_EQ(set.edits[4].read_text, hangul::SplitCodas(U"며칠", true));
  EXPECT_EQ(set.edits[4].context, kTypoInitial);
  EXPECT_EQ(set.edits[5].context, kTypoFinal);
  EXPECT_EQ(set.edits[5].before, hangul::CompatToCoda(U'ㅋ'));
  EXPECT_EQ(set.edits[6].kind, TypoEditKind::kLink);
  EXPECT_EQ(set.edits[6].read, U'ㅄ');
  EXPECT_EQ(set.edits[6].written, U'ㅂ');
  EXPECT_EQ(set.edits[6].onset, U'ㅆ');
  EXPECT_EQ(set.edits[7].kind, TypoEditKind::kStretch);
  EXPECT_EQ(set.edits[7].line, 10);
}

// Each malformed line fails with its 1-based line number in the message and
// the byte offset of the line.
TEST(TypoEdits, RejectsMalformedLinesWithTheirPosition) {
  const std::string good = "vowel ㅐ ㅔ 3\n";
  const char* bad[] = {
      "vowel ㅐ ㅔ",            // no cost
      "vowel ㅐ ㅔ 0",          // cost must be positive
      "vowel ㅐ ㅔ 101",        // at most 100
      "vowel ㅐ ㅔ nan",
      "vowel ㅐ ㅔ 3x",
      "vowel ㄱ ㅔ 3",          // a consonant is no vowel
      "vowel ㅐ ㅐ 3",          // no change
      "onset ㄳ ㄱ 3",          // ㄳ never begins a syllable
      "coda ㄸ ㄷ 3",           // ㄸ is never final
      "coda - - 3",
      "text 가 가 1",
      "text abc 가 1",
      "text 가나다라마바사아자 가 1",  // longer than 8 letters
      "text 가 나 1 sometimes", // unknown context
      "text 가 나 1 after=ㅏ",   // a vowel is no context letter
      "text 가 나 1 before=간",  // nor a syllable with a final
      "link ㅆ - 3",            // missing field
      "link ㅏ - ㅆ 3",
      "link ㅆ ㄸ ㅆ 3",
      "link ㅆ - ㄳ 3",
      "stretch",
      "stretch 1 2",
      "swap ㅐ ㅔ 3",           // unknown kind
      "vowel \xff ㅔ 3",        // not UTF-8
  };
  for (const char* line : bad) {
    TypoEditSet set;
    set.edits.resize(3);
    const Status s = ParseTypoEdits(good + line + "\n", &set);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << line;
    EXPECT_NE(s.message().find("line 2"), std::string::npos) << s.message();
    EXPECT_EQ(s.offset(), static_cast<int64_t>(good.size())) << line;
    EXPECT_TRUE(set.edits.empty()) << "a failed parse leaves no edits";
  }
}

// Fuzz-style robustness: mutated and random inputs parse or fail cleanly.
TEST(TypoEdits, ArbitraryBytesNeverCrash) {
  std::string base(DefaultTypoEditsText());
  uint64_t x = 88172645463325252ull;
  auto next = [&x] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  for (int round = 0; round < 300; ++round) {
    std::string s = base.substr(0, next() % base.size());
    for (int k = 0; k < 8 && !s.empty(); ++k) s[next() % s.size()] ^= static_cast<char>(next());
    TypoEditSet set;
    const Status st = ParseTypoEdits(s, &set);
    if (!st.ok()) {
      EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
      EXPECT_GE(st.offset(), 0);
      EXPECT_LE(st.offset(), static_cast<int64_t>(s.size()));
    }
  }
  TypoEditSet set;
  EXPECT_TRUE(ParseTypoEdits("", &set).ok());
  EXPECT_TRUE(set.edits.empty());
  EXPECT_TRUE(ParseTypoEdits(std::string("\0\0", 2), &set).code() == StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace kma::search
