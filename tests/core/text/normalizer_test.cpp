#include "core/text/normalizer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/text/hangul.h"
#include "core/text/utf.h"

namespace kma {
namespace {

NormalizedText Norm(std::u32string_view in) {
  NormalizedText out;
  Normalize(in, &out);
  return out;
}

void ExpectValidMap(const NormalizedText& n, size_t input_size) {
  ASSERT_EQ(n.to_input.size(), n.text.size() + 1);
  EXPECT_EQ(n.to_input.back(), input_size);
  for (size_t i = 1; i < n.to_input.size(); ++i) {
    EXPECT_LE(n.to_input[i - 1], n.to_input[i]) << i;
  }
}

TEST(Normalizer, EmptyInput) {
  NormalizedText n;
  n.text = U"stale";
  n.to_input = {1, 2};
  Normalize(U"", &n);
  EXPECT_TRUE(n.text.empty());
  EXPECT_EQ(n.to_input, std::vector<uint32_t>{0});
}

TEST(Normalizer, AsciiUnchanged) {
  const auto n = Norm(U"Hello, world 123!");
  EXPECT_EQ(n.text, U"Hello, world 123!");
  for (size_t i = 0; i < n.text.size(); ++i) EXPECT_EQ(n.to_input[i], i);
  ExpectValidMap(n, 17);
}

TEST(Normalizer, SplitsCodasWithMap) {
  const auto n = Norm(U"간다");
  EXPECT_EQ(n.text, U"가\u11AB다");
  EXPECT_EQ(n.to_input, (std::vector<uint32_t>{0, 0, 1, 2}));
}

TEST(Normalizer, SentenceMap) {
  const auto n = Norm(U"한국 말");
  EXPECT_EQ(n.text, U"하\u11AB구\u11A8 마\u11AF");
  EXPECT_EQ(n.to_input, (std::vector<uint32_t>{0, 0, 1, 1, 2, 3, 3, 4}));
}

TEST(Normalizer, ComposesConjoiningJamo) {
  // ᄒ ᅡ ᆫ ᄀ ᅮ ᆨ (NFD of 한국) -> 한국 -> 하 ᆫ 구 ᆨ
  const std::u32string in = U"\u1112\u1161\u11AB\u1100\u116E\u11A8";
  const auto n = Norm(in);
  EXPECT_EQ(n.text, U"하\u11AB구\u11A8");
  EXPECT_EQ(n.to_input, (std::vector<uint32_t>{0, 0, 3, 3, 6}));
}

TEST(Normalizer, ComposesLvWithTrailingJamo) {
  // Precomposed 가 + conjoining ᆫ is canonically 간.
  const auto n = Norm(U"x\uAC00\u11ABy");
  EXPECT_EQ(n.text, U"x가\u11ABy");
  EXPECT_EQ(n.to_input, (std::vector<uint32_t>{0, 1, 1, 3, 4}));
}

TEST(Normalizer, LvWithoutCodaFromJamo) {
  const auto n = Norm(U"\u1100\u1161다");  // ᄀ ᅡ 다 -> 가다
  EXPECT_EQ(n.text, U"가다");
  EXPECT_EQ(n.to_input, (std::vector<uint32_t>{0, 2, 3}));
}

TEST(Normalizer, LoneJamoStay) {
  // Compatibility jamo are not touched (NFC, not NFKC); a lone leading
  // consonant stays as is.
  const auto n = Norm(U"ㅋㅋ\u1100");
  EXPECT_EQ(n.text, U"ㅋㅋ\u1100");
  ExpectValidMap(n, 3);
}

TEST(Normalizer, ComposesLatinMarks) {
  // e + U+0301 -> é; then "x".
  const auto n = Norm(U"e\u0301x");
  EXPECT_EQ(n.text, U"\u00E9x");
  EXPECT_EQ(n.to_input, (std::vector<uint32_t>{0, 2, 3}));
}

TEST(Normalizer, ReordersMarks) {
  // a + acute (ccc 230) + dot below (ccc 220): canonical order puts the dot
  // below first, a + dot below composes to ạ (U+1EA1) and the acute stays
  // (there is no precomposed ạ with acute).
  const auto n = Norm(U"a\u0301\u0323");
  EXPECT_EQ(n.text, U"\u1EA1\u0301");
  ExpectValidMap(n, 3);
  EXPECT_EQ(n.to_input[0], 0u);
}

TEST(Normalizer, ReorderedMarksKeepTheirInputCovered) {
  // Found by fuzz_analyze: after a control character, four U+0303 (ccc 230)
  // then U+0324 (ccc 220) then U+0303. Canonical ordering moves U+0324 first;
  // it must map to the first mark of the input (1), not to its own index (5),
  // or the four marks before it end up in no token's span.
  const auto n = Norm(U"\u0080\u0303\u0303\u0303\u0303\u0324\u0303");
  EXPECT_EQ(n.text, U"\u0080\u0324\u0303\u0303\u0303\u0303\u0303");
  ExpectValidMap(n, 7);
  EXPECT_EQ(n.to_input, (std::vector<uint32_t>{0, 1, 1, 2, 3, 4, 6, 7}));
}

TEST(Normalizer, SingletonDecompositions) {
  // Angstrom sign -> Å; CJK compatibility ideograph U+F900 -> U+8C48.
  const auto n = Norm(U"\u212B\uF900");
  EXPECT_EQ(n.text, U"\u00C5\u8C48");
  EXPECT_EQ(n.to_input, (std::vector<uint32_t>{0, 1, 2}));
}

TEST(Normalizer, KeepsMisspellingsAndWidth) {
  const auto n = Norm(U"됬어 ＡＢＣ１");
  EXPECT_EQ(hangul::JoinCodas(n.text), U"됬어 ＡＢＣ１");
}

TEST(Normalizer, EmojiSequencesUntouched) {
  const std::u32string in = U"👨\u200D👩\u200D👧 👍🏽 ❤️ 1️⃣";
  const auto n = Norm(in);
  EXPECT_EQ(n.text, in);
  for (size_t i = 0; i < in.size(); ++i) EXPECT_EQ(n.to_input[i], i);
}

TEST(Normalizer, InvalidCodePointsPassThrough) {
  const std::u32string in = {U'a', 0xD800, 0x0301, 0x110000, U'b'};
  const auto n = Norm(in);
  EXPECT_EQ(n.text, in);
  ExpectValidMap(n, in.size());
}

TEST(Normalizer, ManyCombiningMarksStayFast) {
  // An adversarial run of alternating combining classes must not be quadratic.
  std::u32string in = U"a";
  for (int i = 0; i < 100000; ++i) in += (i % 2) ? U'\u0316' : U'\u0301';
  in += U"가";
  const auto n = Norm(in);
  ExpectValidMap(n, in.size());
  EXPECT_EQ(n.text.back(), U'가');
  EXPECT_EQ(n.to_input[n.text.size() - 1], in.size() - 1);
}

TEST(Normalizer, RoundTripsKoreanText) {
  const std::string text = "아버지가 방에 들어가신다. 값없는 닭볶음탕을 먹었습니다!";
  std::u32string cps;
  ASSERT_TRUE(Utf8ToU32(text, &cps));
  const auto n = Norm(cps);
  ExpectValidMap(n, cps.size());
  EXPECT_EQ(hangul::JoinCodas(n.text), cps);
  for (size_t i = 0; i < n.text.size(); ++i) {
    const char32_t orig = cps[n.to_input[i]];
    if (hangul::IsCodaJamo(n.text[i])) {
      EXPECT_EQ(hangul::CodaJamo(hangul::CodaIndex(orig)), n.text[i]);
    } else {
      EXPECT_EQ(hangul::StripCoda(orig), n.text[i]);
    }
  }
}

}  // namespace
}  // namespace kma
