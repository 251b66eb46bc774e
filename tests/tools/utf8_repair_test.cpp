// Unit tests of the CLI's repair of ill-formed UTF-8 (`kma analyze
// --on-error replace`): one U+FFFD per maximal ill-formed subpart.
#include "tools/kma/io/utf8_repair.h"

#include <gtest/gtest.h>

#include <string>

namespace kma::cli {
namespace {

const std::string kR = "\xEF\xBF\xBD";  // U+FFFD

std::string Repair(const std::string& in, size_t* replaced = nullptr) {
  std::string out = "stale";  // the output is replaced, not appended to
  const size_t n = ReplaceInvalidUtf8(in, &out);
  if (replaced != nullptr) *replaced = n;
  return out;
}

TEST(ReplaceInvalidUtf8, WellFormedTextIsCopied) {
  for (const std::string& s : std::initializer_list<std::string>{"", "abc", "한국어 형태소", "\xF0\x9F\x98\x80", kR, std::string("a\0b", 3),
                              "\xED\x9F\xBF", "\xF4\x8F\xBF\xBF", "\xC2\x80"}) {
    size_t n = 9;
    EXPECT_EQ(Repair(s, &n), s);
    EXPECT_EQ(n, 0u);
  }
}

// The example of the Unicode Standard, ch. 3 ("U+FFFD Substitution of
// Maximal Subparts"): a truncated 4-byte and 3-byte sequence, a 2-byte lead
// before ASCII, stray continuation bytes.
TEST(ReplaceInvalidUtf8, StandardExample) {
  size_t n = 0;
  EXPECT_EQ(Repair("\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", &n),
            "a" + kR + kR + kR + "b" + kR + "c" + kR + kR + "d");
  EXPECT_EQ(n, 6u);
}

TEST(ReplaceInvalidUtf8, EachBadByteOfAnImpossibleSequenceIsOneReplacement) {
  size_t n = 0;
  // Overlong forms, surrogates and values above U+10FFFF have no
  // well-formed prefix beyond their lead byte.
  EXPECT_EQ(Repair("\xC0\xAF", &n), kR + kR);
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(Repair("\xE0\x80\xAF"), kR + kR + kR);
  EXPECT_EQ(Repair("\xED\xA0\x80"), kR + kR + kR);  // U+D800
  EXPECT_EQ(Repair("\xF4\x90\x80\x80"), kR + kR + kR + kR);  // U+110000
  EXPECT_EQ(Repair("\xF5\xFF\xFE"), kR + kR + kR);
}

TEST(ReplaceInvalidUtf8, TruncatedSequenceIsOneReplacement) {
  size_t n = 0;
  EXPECT_EQ(Repair("\xEA\xB0", &n), kR);  // the first two bytes of 가, at the end
  EXPECT_EQ(n, 1u);
  EXPECT_EQ(Repair("\xF0\x9F\x98x"), kR + "x");
  EXPECT_EQ(Repair("\xEA\xB0\xEA\xB0\x80"), kR + "가");
}

}  // namespace
}  // namespace kma::cli
