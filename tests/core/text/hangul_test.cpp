#include "core/text/hangul.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/text/utf.h"

namespace kma::hangul {
namespace {

TEST(Hangul, SyllableRange) {
  EXPECT_TRUE(IsSyllable(U'가'));
  EXPECT_TRUE(IsSyllable(U'힣'));
  EXPECT_FALSE(IsSyllable(0xABFF));
  EXPECT_FALSE(IsSyllable(0xD7A4));
  EXPECT_FALSE(IsSyllable(U'ㄱ'));
  EXPECT_FALSE(IsSyllable(U'a'));
}

TEST(Hangul, CodaArithmetic) {
  EXPECT_FALSE(HasCoda(U'가'));
  EXPECT_TRUE(HasCoda(U'간'));
  EXPECT_FALSE(HasCoda(U'ㄴ'));
  EXPECT_EQ(StripCoda(U'간'), U'가');
  EXPECT_EQ(StripCoda(U'힣'), U'히');
  EXPECT_EQ(StripCoda(U'a'), U'a');
  EXPECT_EQ(CodaIndex(U'가'), 0);
  EXPECT_EQ(CodaIndex(U'각'), 1);
  EXPECT_EQ(CodaIndex(U'간'), 4);
  EXPECT_EQ(CodaIndex(U'갛'), 27);
  EXPECT_EQ(CodaJamo(4), U'\u11AB');
  EXPECT_EQ(CodaJamo(0), 0u);
  EXPECT_EQ(CodaJamo(28), 0u);
  EXPECT_TRUE(IsCodaJamo(0x11A8));
  EXPECT_TRUE(IsCodaJamo(0x11C2));
  EXPECT_FALSE(IsCodaJamo(0x11A7));
  EXPECT_FALSE(IsCodaJamo(0x11C3));
  EXPECT_EQ(CodaIndexOfJamo(0x11AB), 4);
  EXPECT_EQ(CodaIndexOfJamo(U'ㄴ'), 0);
  EXPECT_EQ(AddCoda(U'가', 4), U'간');
  EXPECT_EQ(AddCoda(U'간', 1), U'간');  // already has a coda
  EXPECT_EQ(AddCoda(U'a', 1), U'a');
  EXPECT_EQ(AddCoda(U'가', 0), U'가');
}

TEST(Hangul, ComposeAndIndices) {
  EXPECT_EQ(OnsetIndex(U'한'), 18);  // ㅎ
  EXPECT_EQ(VowelIndex(U'한'), 0);   // ㅏ
  EXPECT_EQ(CodaIndex(U'한'), 4);    // ㄴ
  EXPECT_EQ(Compose(18, 0, 4), U'한');
  EXPECT_EQ(Compose(0, 0, 0), U'가');
  EXPECT_EQ(Compose(18, 20, 27), U'힣');
  EXPECT_EQ(Compose(19, 0, 0), 0u);
  EXPECT_EQ(Compose(0, -1, 0), 0u);
  for (char32_t c = kSyllableBase; c <= kSyllableLast; ++c) {
    ASSERT_EQ(Compose(OnsetIndex(c), VowelIndex(c), CodaIndex(c)), c);
    ASSERT_EQ(AddCoda(StripCoda(c), CodaIndex(c)), c);
  }
}

TEST(Hangul, CompatibilityJamoMapping) {
  EXPECT_EQ(CompatToCoda(U'ㄱ'), U'\u11A8');
  EXPECT_EQ(CompatToCoda(U'ㄴ'), U'\u11AB');
  EXPECT_EQ(CompatToCoda(U'ㄹ'), U'\u11AF');
  EXPECT_EQ(CompatToCoda(U'ㅁ'), U'\u11B7');
  EXPECT_EQ(CompatToCoda(U'ㅂ'), U'\u11B8');
  EXPECT_EQ(CompatToCoda(U'ㅄ'), U'\u11B9');
  EXPECT_EQ(CompatToCoda(U'ㅎ'), U'\u11C2');
  EXPECT_EQ(CompatToCoda(U'ㄸ'), 0u);
  EXPECT_EQ(CompatToCoda(U'ㅃ'), 0u);
  EXPECT_EQ(CompatToCoda(U'ㅉ'), 0u);
  EXPECT_EQ(CompatToCoda(U'ㅏ'), 0u);  // vowels have no coda form
  EXPECT_EQ(CompatToCoda(U'a'), 0u);
  EXPECT_EQ(CodaToCompat(U'\u11AB'), U'ㄴ');
  EXPECT_EQ(CodaToCompat(U'ㄴ'), 0u);
  // Every coda round-trips, and agrees with the syllable's coda.
  for (int i = 1; i <= 27; ++i) {
    const char32_t jong = CodaJamo(i);
    const char32_t compat = CodaToCompat(jong);
    ASSERT_NE(compat, 0u) << i;
    EXPECT_EQ(CompatToCoda(compat), jong) << i;
  }
}

TEST(Hangul, SplitCodas) {
  EXPECT_EQ(SplitCodas(U"간다", false), U"가\u11AB다");
  EXPECT_EQ(SplitCodas(U"했다", false), U"해\u11BB다");
  EXPECT_EQ(SplitCodas(U"ㅂ니다", false), U"ㅂ니다");
  EXPECT_EQ(SplitCodas(U"ㅂ니다", true), U"\u11B8니다");
  EXPECT_EQ(SplitCodas(U"ㄴ", true), U"\u11AB");
  EXPECT_EQ(SplitCodas(U"ㅏ", true), U"ㅏ");    // vowel stays
  EXPECT_EQ(SplitCodas(U"ㄸ", true), U"ㄸ");    // no coda form
  EXPECT_EQ(SplitCodas(U"abc 1", true), U"abc 1");
  EXPECT_EQ(SplitCodas(U"", true), U"");
}

TEST(Hangul, JoinCodas) {
  EXPECT_EQ(JoinCodas(U"가\u11AB다"), U"간다");
  EXPECT_EQ(JoinCodas(U"\u11B8니다"), U"ㅂ니다");      // nothing before it
  EXPECT_EQ(JoinCodas(U"간\u11AB"), U"간ㄴ");          // previous has a coda
  EXPECT_EQ(JoinCodas(U"a\u11AF"), U"aㄹ");
  EXPECT_EQ(JoinCodas(U"가\u11A8\u11BA"), U"각ㅅ");
  EXPECT_EQ(JoinCodas(U""), U"");
}

TEST(Hangul, JoinedEqualsUtf8AgreesWithJoinCodas) {
  // Every string over a small alphabet of the cases JoinCodas tells apart
  // (syllables with and without coda, coda jamo, other letters, an astral
  // character), against every candidate spelling, including prefixes.
  const char32_t alphabet[] = {U'가', U'간', U'\u11AB', U'\u11A8', U'a', U'\U0001F600'};
  std::vector<std::u32string> all = {U""};
  for (size_t len = 1; len <= 4; ++len) {
    const size_t before = all.size();
    for (size_t i = 0; i < before; ++i) {
      if (all[i].size() != len - 1) continue;
      for (char32_t c : alphabet) all.push_back(all[i] + c);
    }
  }
  std::vector<std::string> spellings;
  for (const auto& s : all) spellings.push_back(ToUtf8(JoinCodas(s)));
  for (size_t i = 0; i < all.size(); i += 7) {
    for (const std::string& utf8 : spellings) {
      ASSERT_EQ(JoinedEqualsUtf8(all[i], utf8), ToUtf8(JoinCodas(all[i])) == utf8) << ToUtf8(all[i]) << " vs " << utf8;
    }
  }
}

TEST(Hangul, SplitJoinRoundTrip) {
  const std::u32string samples[] = {U"한국어 형태소 분석기는 빠르다.", U"값없는 닭볶음탕",
                                    U"ㅋㅋㅋ 웃겨", U"ㅂ니다", U"읽었습니다"};
  for (const auto& s : samples) {
    EXPECT_EQ(JoinCodas(SplitCodas(s, false)), s);
    EXPECT_EQ(JoinCodas(SplitCodas(s, true)), s);
  }
}

}  // namespace
}  // namespace kma::hangul
