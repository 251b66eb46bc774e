#include "core/text/utf.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kma {
namespace {

Status Decode(std::string_view s, std::u32string* cps = nullptr,
              std::vector<uint32_t>* begins = nullptr) {
  std::u32string local;
  return DecodeUtf8(s, cps != nullptr ? cps : &local, begins);
}

TEST(Utf8, DecodesMixedWidthsWithOffsets) {
  // a (1 byte), é (2), 한 (3), 😀 (4)
  const std::string s = "a\xC3\xA9\xED\x95\x9C\xF0\x9F\x98\x80";
  std::u32string cps;
  std::vector<uint32_t> begins;
  ASSERT_TRUE(DecodeUtf8(s, &cps, &begins).ok());
  EXPECT_EQ(cps, (std::u32string{U'a', 0xE9, 0xD55C, 0x1F600}));
  EXPECT_EQ(begins, (std::vector<uint32_t>{0, 1, 3, 6, 10}));
}

TEST(Utf8, EmptyInput) {
  std::u32string cps = U"junk";
  std::vector<uint32_t> begins{7, 8};
  ASSERT_TRUE(DecodeUtf8("", &cps, &begins).ok());
  EXPECT_TRUE(cps.empty());
  EXPECT_EQ(begins, std::vector<uint32_t>{0});
}

TEST(Utf8, NullOffsetsAllowed) {
  std::u32string cps;
  ASSERT_TRUE(DecodeUtf8("\xEA\xB0\x80", &cps, nullptr).ok());
  EXPECT_EQ(cps, U"\uAC00");
}

TEST(Utf8, BoundaryCodePointsAccepted) {
  std::u32string cps;
  ASSERT_TRUE(Decode("\x7F\xC2\x80\xDF\xBF\xE0\xA0\x80\xED\x9F\xBF\xEE\x80\x80"
                     "\xEF\xBF\xBF\xF0\x90\x80\x80\xF4\x8F\xBF\xBF",
                     &cps)
                  .ok());
  EXPECT_EQ(cps, (std::u32string{0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF,
                                 0x10000, 0x10FFFF}));
}

struct BadUtf8 {
  std::string bytes;
  int64_t offset;
  const char* reason;
};

TEST(Utf8, RejectsIllFormedWithExactOffsets) {
  const std::vector<BadUtf8> cases = {
      {"ab\x80", 2, "unexpected continuation byte"},
      {"\xBF", 0, "unexpected continuation byte"},
      {"x\xC0\x80", 1, "overlong encoding"},           // overlong NUL
      {"xy\xC1\xBF", 2, "overlong encoding"},
      {"\xE0\x80\xAF", 0, "overlong encoding"},         // overlong '/'
      {"\xF0\x80\x80\xAF", 0, "overlong encoding"},
      {"ok\xED\xA0\x80", 2, "surrogate code point"},    // U+D800
      {"\xED\xBF\xBF", 0, "surrogate code point"},      // U+DFFF
      {"\xF4\x90\x80\x80", 0, "code point above U+10FFFF"},
      {"\xF7\xBF\xBF\xBF", 0, "code point above U+10FFFF"},
      {"\xF8\x88\x80\x80\x80", 0, "invalid lead byte"},
      {"a\xFF", 1, "invalid lead byte"},
      {"\xEA\xB0", 0, "truncated sequence"},            // 가 missing its last byte
      {"\xEA\xB0\x80\xEA", 3, "truncated sequence"},
      {"\xEA\xB0" "a", 0, "truncated sequence"},        // continuation replaced by ASCII
      {"\xF0\x9F\x98", 0, "truncated sequence"},
  };
  for (const auto& c : cases) {
    std::u32string cps;
    std::vector<uint32_t> begins;
    const Status st = DecodeUtf8(c.bytes, &cps, &begins);
    EXPECT_EQ(st.code(), StatusCode::kInvalidUtf8) << c.reason;
    EXPECT_EQ(st.offset(), c.offset) << c.reason;
    EXPECT_EQ(st.message(),
              "invalid UTF-8 at byte " + std::to_string(c.offset) + ": " + c.reason);
    std::u32string out;
    EXPECT_FALSE(Utf8ToU32(c.bytes, &out)) << c.reason;
  }
}

TEST(Utf8, EncodeRoundTrip) {
  const std::u32string s = {U'a', 0x7F, 0x80, 0x7FF, 0x800, 0xAC00, 0xFFFF, 0x10000,
                            0x1F600, 0x10FFFF};
  const std::string bytes = ToUtf8(s);
  std::u32string back;
  std::vector<uint32_t> begins;
  ASSERT_TRUE(DecodeUtf8(bytes, &back, &begins).ok());
  EXPECT_EQ(back, s);
  EXPECT_EQ(begins.back(), bytes.size());
  size_t expected = 0;
  for (char32_t c : s) expected += Utf8Length(c);
  EXPECT_EQ(bytes.size(), expected);
}

TEST(Utf8, EncodeKnownBytes) {
  EXPECT_EQ(ToUtf8(U"\uD55C\uAE00"), "\xED\x95\x9C\xEA\xB8\x80");
  std::string out = "x";
  AppendUtf8(0x1F44D, &out);
  EXPECT_EQ(out, "x\xF0\x9F\x91\x8D");
}

TEST(Utf8, EncodeReplacesNonScalarValues) {
  std::string out;
  AppendUtf8(0xD800, &out);
  AppendUtf8(0x110000, &out);
  EXPECT_EQ(out, "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(Utf8, Utf8ToU32) {
  std::u32string out;
  ASSERT_TRUE(Utf8ToU32("ㅂ니다", &out));
  EXPECT_EQ(out, U"ㅂ니다");
  EXPECT_FALSE(Utf8ToU32("\xC3", &out));
  EXPECT_FALSE(Utf8ToU32("a", nullptr));
}

TEST(Utf16, DecodesBmpAndPairsWithOffsets) {
  const std::u16string s = u"a\uD55C\U0001F600b";
  std::u32string cps;
  std::vector<uint32_t> begins;
  ASSERT_TRUE(DecodeUtf16(s.data(), s.size(), &cps, &begins).ok());
  EXPECT_EQ(cps, (std::u32string{U'a', 0xD55C, 0x1F600, U'b'}));
  EXPECT_EQ(begins, (std::vector<uint32_t>{0, 1, 2, 4, 5}));
}

TEST(Utf16, EmptyAndNull) {
  std::u32string cps;
  std::vector<uint32_t> begins;
  ASSERT_TRUE(DecodeUtf16(nullptr, 0, &cps, &begins).ok());
  EXPECT_TRUE(cps.empty());
  EXPECT_EQ(begins, std::vector<uint32_t>{0});
  EXPECT_EQ(DecodeUtf16(nullptr, 3, &cps, &begins).code(), StatusCode::kInvalidArgument);
}

TEST(Utf16, RejectsUnpairedSurrogates) {
  struct Case {
    std::u16string units;
    int64_t offset;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {{u'a', 0xD800}, 1, "unpaired high surrogate"},             // at end
      {{0xD83D, u'x'}, 0, "unpaired high surrogate"},             // followed by BMP
      {{0xD83D, 0xD83D, 0xDE00}, 0, "unpaired high surrogate"},   // high, high
      {{u'a', u'b', 0xDC00}, 2, "unpaired low surrogate"},
      {{0xD83D, 0xDE00, 0xDE00}, 2, "unpaired low surrogate"},    // valid pair then low
  };
  for (const auto& c : cases) {
    std::u32string cps;
    std::vector<uint32_t> begins;
    const Status st = DecodeUtf16(c.units.data(), c.units.size(), &cps, &begins);
    EXPECT_EQ(st.code(), StatusCode::kInvalidUtf16) << c.reason;
    EXPECT_EQ(st.offset(), c.offset) << c.reason;
    EXPECT_EQ(st.message(),
              "invalid UTF-16 at unit " + std::to_string(c.offset) + ": " + c.reason);
  }
}

TEST(Utf16, AgreesWithUtf8OnKoreanText) {
  const std::string u8 = "한국어 형태소 분석기 kma 😀!";
  const std::u16string u16 = u"한국어 형태소 분석기 kma 😀!";
  std::u32string a, b;
  std::vector<uint32_t> ba, bb;
  ASSERT_TRUE(DecodeUtf8(u8, &a, &ba).ok());
  ASSERT_TRUE(DecodeUtf16(u16.data(), u16.size(), &b, &bb).ok());
  EXPECT_EQ(a, b);
  EXPECT_EQ(ba.back(), u8.size());
  EXPECT_EQ(bb.back(), u16.size());
  EXPECT_EQ(ToUtf8(a), u8);
}

}  // namespace
}  // namespace kma
