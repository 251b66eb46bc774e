#include "core/text/pretokenizer.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/text/char_class.h"
#include "core/text/hangul.h"
#include "core/text/normalizer.h"
#include "core/text/utf.h"

namespace kma {
namespace {

// "surface/TAG" for every token of the normalized UTF-8 text; surfaces are
// re-joined so that split codas read naturally.
std::vector<std::string> Tokens(const std::string& utf8, uint32_t plain = 0) {
  std::u32string cps;
  EXPECT_TRUE(Utf8ToU32(utf8, &cps)) << utf8;
  NormalizedText norm;
  Normalize(cps, &norm);
  std::vector<std::string> out;
  uint32_t prev_end = 0;
  for (const PreToken& t : Pretokenize(norm.text, plain)) {
    EXPECT_LT(t.begin, t.end);
    EXPECT_LE(prev_end, t.begin);
    EXPECT_LE(t.end, norm.text.size());
    prev_end = t.end;
    const std::u32string_view s(norm.text.data() + t.begin, t.end - t.begin);
    out.push_back(ToUtf8(hangul::JoinCodas(s)) + "/" + std::string(TagName(t.tag)));
  }
  return out;
}

using V = std::vector<std::string>;

TEST(Pretokenizer, HangulAndSpacesGiveNothing) {
  EXPECT_EQ(Tokens(""), V{});
  EXPECT_EQ(Tokens("아버지가 방에 들어가신다"), V{});
  EXPECT_EQ(Tokens("ㅋㅋㅋ ㅠㅠ"), V{});
  EXPECT_EQ(Tokens(" \t\n\u3000"), V{});
}

TEST(Pretokenizer, MixedTextExample) {
  EXPECT_EQ(Tokens("https://example.com 에서 #해시태그 😀"),
            (V{"https://example.com/W_URL", "#해시태그/W_HASHTAG", "😀/W_EMOJI"}));
}

TEST(Pretokenizer, ClassesTurnedOff) {
  const std::string text = "https://a.kr #태그 @이름 x@y.com 1.2.3 😀";
  EXPECT_EQ(Tokens(text), (V{"https://a.kr/W_URL", "#태그/W_HASHTAG", "@이름/W_MENTION", "x@y.com/W_EMAIL",
                             "1.2.3/W_SERIAL", "😀/W_EMOJI"}));
  EXPECT_EQ(Tokens(text, kSpecialUrl)[0], "https/SL");
  EXPECT_EQ(Tokens(text, kSpecialHashtag)[1], "#/SW");
  EXPECT_EQ(Tokens(text, kSpecialMention)[2], "@/SW");
  EXPECT_EQ(Tokens(text, kSpecialEmail)[3], "x/SL");
  EXPECT_EQ(Tokens(text, kSpecialSerial)[4], "1.2/SN");
  EXPECT_EQ(Tokens(text, kSpecialEmoji).back(), "😀/SW");
  for (const std::string& t : Tokens(text, kSpecialAll)) EXPECT_EQ(t.find("/W_"), std::string::npos) << t;
  uint32_t bits = 0;
  std::string bad;
  EXPECT_TRUE(ParseSpecialClasses("", &bits, &bad));
  EXPECT_EQ(bits, 0u);
  EXPECT_TRUE(ParseSpecialClasses("url, emoji", &bits, &bad));
  EXPECT_EQ(bits, kSpecialUrl | kSpecialEmoji);
  EXPECT_TRUE(ParseSpecialClasses("all", &bits, &bad));
  EXPECT_EQ(bits, uint32_t{kSpecialAll});
  EXPECT_FALSE(ParseSpecialClasses("url,URL", &bits, &bad));
  EXPECT_EQ(bad, "URL");
}

TEST(Pretokenizer, Urls) {
  EXPECT_EQ(Tokens("http://a.b/c?d=e&f=g#h."), (V{"http://a.b/c?d=e&f=g#h/W_URL", "./SF"}));
  EXPECT_EQ(Tokens("HTTPS://Example.COM/x"), (V{"HTTPS://Example.COM/x/W_URL"}));
  EXPECT_EQ(Tokens("www.naver.com에서 봐"), (V{"www.naver.com/W_URL"}));
  EXPECT_EQ(Tokens("(https://en.wikipedia.org/wiki/Seoul_(city)) 참고"),
            (V{"(/SSO", "https://en.wikipedia.org/wiki/Seoul_(city)/W_URL", ")/SSC"}));
  EXPECT_EQ(Tokens("주소: https://x.kr/a, https://y.kr/b!"),
            (V{":/SP", "https://x.kr/a/W_URL", ",/SP", "https://y.kr/b/W_URL", "!/SF"}));
  // Hangul in a path segment is part of the URL, a glued particle is not.
  EXPECT_EQ(Tokens("https://ko.wikipedia.org/wiki/서울 문서"),
            (V{"https://ko.wikipedia.org/wiki/서울/W_URL"}));
  EXPECT_EQ(Tokens("https://blog.naver.com/abc123에서"),
            (V{"https://blog.naver.com/abc123/W_URL"}));
  // Not URLs.
  EXPECT_EQ(Tokens("http:// 없음"), (V{"http/SL", ":/SP", "///SP"}));
  EXPECT_EQ(Tokens("www.naver"), (V{"www/SL", "./SF", "naver/SL"}));
}

TEST(Pretokenizer, Emails) {
  EXPECT_EQ(Tokens("문의는 kim.minsu+kma@example.co.kr로 주세요."),
            (V{"kim.minsu+kma@example.co.kr/W_EMAIL", "./SF"}));
  EXPECT_EQ(Tokens("abc@naver.com."), (V{"abc@naver.com/W_EMAIL", "./SF"}));
  EXPECT_EQ(Tokens("메일abc@x.io"), (V{"abc@x.io/W_EMAIL"}));
  // No valid domain: letters, then the @ as a symbol.
  EXPECT_EQ(Tokens("user@ 안녕"), (V{"user/SL", "@/SW"}));
  EXPECT_EQ(Tokens("a@b.c"), (V{"a/SL", "@/SW", "b.c/SL"}));
}

TEST(Pretokenizer, Mentions) {
  EXPECT_EQ(Tokens("@kma_bot 안녕"), (V{"@kma_bot/W_MENTION"}));
  EXPECT_EQ(Tokens("고마워요 @철수"), (V{"@철수/W_MENTION"}));
  EXPECT_EQ(Tokens("@kim.minsu."), (V{"@kim.minsu/W_MENTION", "./SF"}));
  EXPECT_EQ(Tokens("@ 혼자"), (V{"@/SW"}));
}

TEST(Pretokenizer, Hashtags) {
  // 맛집 has codas: the coda jamo are inside the hashtag.
  EXPECT_EQ(Tokens("#맛집 #서울_여행 #2024여름"),
            (V{"#맛집/W_HASHTAG", "#서울_여행/W_HASHTAG", "#2024여름/W_HASHTAG"}));
  EXPECT_EQ(Tokens("#1 C# ##"), (V{"#/SW", "1/SN", "C/SL", "#/SW", "##/SW"}));
  EXPECT_EQ(Tokens("좋아요#일상"), (V{"#일상/W_HASHTAG"}));
}

TEST(Pretokenizer, Serials) {
  EXPECT_EQ(Tokens("010-1234-5678로"), (V{"010-1234-5678/W_SERIAL"}));
  EXPECT_EQ(Tokens("192.168.0.1"), (V{"192.168.0.1/W_SERIAL"}));
  EXPECT_EQ(Tokens("2024.01.05."), (V{"2024.01.05/W_SERIAL", "./SF"}));
  EXPECT_EQ(Tokens("2024-01-05 12:30:45"),
            (V{"2024-01-05/W_SERIAL", "12:30:45/W_SERIAL"}));
  EXPECT_EQ(Tokens("2024/01/05"), (V{"2024/01/05/W_SERIAL"}));
  // One separator is not a serial.
  EXPECT_EQ(Tokens("12:30"), (V{"12/SN", ":/SP", "30/SN"}));
  EXPECT_EQ(Tokens("1973-74"), (V{"1973/SN", "-/SS", "74/SN"}));
  // Mixed separators are not a serial either.
  EXPECT_EQ(Tokens("1-2.3"), (V{"1/SN", "-/SS", "2.3/SN"}));
}

TEST(Pretokenizer, Numbers) {
  EXPECT_EQ(Tokens("3월 10개"), (V{"3/SN", "10/SN"}));
  EXPECT_EQ(Tokens("3.14"), (V{"3.14/SN"}));
  EXPECT_EQ(Tokens("1,000원"), (V{"1,000/SN"}));
  EXPECT_EQ(Tokens("1,234,567.89달러"), (V{"1,234,567.89/SN"}));
  EXPECT_EQ(Tokens("1,2,3"), (V{"1/SN", ",/SP", "2/SN", ",/SP", "3/SN"}));
  EXPECT_EQ(Tokens("12,3456"), (V{"12/SN", ",/SP", "3456/SN"}));
  EXPECT_EQ(Tokens("1,0000"), (V{"1/SN", ",/SP", "0000/SN"}));
  EXPECT_EQ(Tokens("2024년 1월."), (V{"2024/SN", "1/SN", "./SF"}));
  EXPECT_EQ(Tokens("50%"), (V{"50/SN", "%/SW"}));
  EXPECT_EQ(Tokens("１２３개"), (V{"１２３/SN"}));
  EXPECT_EQ(Tokens("mp3"), (V{"mp/SL", "3/SN"}));
}

TEST(Pretokenizer, LatinRunsAndAbbreviations) {
  EXPECT_EQ(Tokens("KBS 뉴스와 TV"), (V{"KBS/SL", "TV/SL"}));
  EXPECT_EQ(Tokens("L.A 동포"), (V{"L.A/SL"}));
  EXPECT_EQ(Tokens("U.S.A.에서"), (V{"U.S.A./SL"}));
  EXPECT_EQ(Tokens("in the U.S.A."), (V{"in/SL", "the/SL", "U.S.A/SL", "./SF"}));
  EXPECT_EQ(Tokens("Ph.D. 과정"), (V{"Ph.D./SL"}));
  EXPECT_EQ(Tokens("U.S.Army"), (V{"U.S./SL", "Army/SL"}));
  EXPECT_EQ(Tokens("don't"), (V{"don/SL", "'/SSO", "t/SL"}));
  EXPECT_EQ(Tokens("café"), (V{"café/SL"}));
  EXPECT_EQ(Tokens("ＡＢＣ"), (V{"ＡＢＣ/SL"}));
}

TEST(Pretokenizer, OtherScripts) {
  EXPECT_EQ(Tokens("漢字와 韓國"), (V{"漢字/SH", "韓國/SH"}));
  EXPECT_EQ(Tokens("αβγ Москва"), (V{"αβγ/SL", "Москва/SL"}));
  EXPECT_EQ(Tokens("ひらがなです"), (V{"ひらがなです/SW"}));
  EXPECT_EQ(Tokens("हिन्दी"), (V{"हिन्दी/SW"}));
}

TEST(Pretokenizer, Emoji) {
  EXPECT_EQ(Tokens("😀"), (V{"😀/W_EMOJI"}));
  EXPECT_EQ(Tokens("좋아요👍🏽"), (V{"👍🏽/W_EMOJI"}));
  EXPECT_EQ(Tokens("👨\u200D👩\u200D👧"), (V{"👨\u200D👩\u200D👧/W_EMOJI"}));
  EXPECT_EQ(Tokens("🇰🇷🇺🇸"), (V{"🇰🇷/W_EMOJI", "🇺🇸/W_EMOJI"}));
  EXPECT_EQ(Tokens("1\uFE0F\u20E3 #\uFE0F\u20E3"),
            (V{"1\uFE0F\u20E3/W_EMOJI", "#\uFE0F\u20E3/W_EMOJI"}));
  EXPECT_EQ(Tokens("❤\uFE0F"), (V{"❤\uFE0F/W_EMOJI"}));
  EXPECT_EQ(Tokens("😀😀"), (V{"😀/W_EMOJI", "😀/W_EMOJI"}));
  EXPECT_EQ(Tokens("⭐최고"), (V{"⭐/W_EMOJI"}));
  // Text-presentation pictographs without VS16 are symbols.
  EXPECT_EQ(Tokens("❤ ☎ ©"), (V{"❤/SW", "☎/SW", "©/SW"}));
  // A joiner at the end joins nothing: it stays out of the token (the
  // analysis takes it for a word break; found by fuzz_split), one inside stays.
  EXPECT_EQ(Tokens("😀‌"), (V{"😀/W_EMOJI"}));
  EXPECT_EQ(Tokens("👍‍ 좋아"), (V{"👍/W_EMOJI"}));
  EXPECT_EQ(Tokens("➰̃‌‍"), (V{"➰̃/W_EMOJI"}));
  EXPECT_EQ(Tokens("👨‍👩‌"), (V{"👨‍👩/W_EMOJI"}));
}

TEST(Pretokenizer, SymbolsFollowCorpusTags) {
  EXPECT_EQ(Tokens("그래요?!"), (V{"?/SF", "!/SF"}));
  EXPECT_EQ(Tokens("정말!!!"), (V{"!!!/SF"}));
  EXPECT_EQ(Tokens("같네요..."), (V{".../SE"}));
  EXPECT_EQ(Tokens("불편.."), (V{"../SE"}));
  EXPECT_EQ(Tokens("그런데…"), (V{"…/SE"}));
  EXPECT_EQ(Tokens("좋아요~~ ^^"), (V{"~~/SO", "^^/SW"}));
  EXPECT_EQ(Tokens("사과, 배; 감: 귤/"), (V{",/SP", ";/SP", ":/SP", "//SP"}));
  EXPECT_EQ(Tokens("서울·부산ㆍ대구"), (V{"·/SP", "ㆍ/SP"}));
  EXPECT_EQ(Tokens("(가)[나]{다}<라>"),
            (V{"(/SSO", ")/SSC", "[/SSO", "]/SSC", "{/SSO", "}/SSC", "</SSO", ">/SSC"}));
  EXPECT_EQ(Tokens("《책》「말」『글』【주】〈편〉"),
            (V{"《/SSO", "》/SSC", "「/SSO", "」/SSC", "『/SSO", "』/SSC", "【/SSO", "】/SSC",
               "〈/SSO", "〉/SSC"}));
  EXPECT_EQ(Tokens("용산-목포 — 끝"), (V{"-/SS", "—/SS"}));
  EXPECT_EQ(Tokens("• 항목"), (V{"•/SS"}));
  EXPECT_EQ(Tokens("$5 ▲ ㎡ °"), (V{"$/SW", "5/SN", "▲/SW", "㎡/SW", "°/SW"}));
  EXPECT_EQ(Tokens("1975년~"), (V{"1975/SN", "~/SO"}));
}

TEST(Pretokenizer, QuotesOpenAndClose) {
  EXPECT_EQ(Tokens("'사람'이"), (V{"'/SSO", "'/SSC"}));
  EXPECT_EQ(Tokens("그는 \"안녕\"이라고 했다."), (V{"\"/SSO", "\"/SSC", "./SF"}));
  EXPECT_EQ(Tokens("\"'중첩'\""), (V{"\"/SSO", "'/SSO", "'/SSC", "\"/SSC"}));
  EXPECT_EQ(Tokens("“둥근” ‘따옴표’"), (V{"“/SSO", "”/SSC", "‘/SSO", "’/SSC"}));
  EXPECT_EQ(Tokens("'빛고을 론'은"), (V{"'/SSO", "'/SSC"}));
}

TEST(Pretokenizer, ControlsAreSkipped) {
  EXPECT_EQ(Tokens("가\u200B나\u00AD다"), V{});
}

TEST(Pretokenizer, LongInputsAreLinear) {
  // Long runs that start patterns but never complete them.
  std::string s;
  for (int i = 0; i < 50000; ++i) s += "a-";
  for (int i = 0; i < 50000; ++i) s += "1.1,";
  for (int i = 0; i < 20000; ++i) s += "www.";
  std::u32string cps;
  ASSERT_TRUE(Utf8ToU32(s, &cps));
  const auto toks = Pretokenize(cps);
  EXPECT_GT(toks.size(), 100000u);
}

TEST(Pretokenizer, RandomMixedInputKeepsInvariants) {
  // Pieces that exercise every rule and their interactions.
  const std::u32string pool[] = {
      U"가", U"간", U"\u1100", U"\u1161", U"\u11AB", U"ㅋ", U" ", U"\t", U"a", U"Z", U"é",
      U"e\u0301", U"1", U"０", U".", U",", U"-", U":", U"/", U"@", U"#", U"_", U"'", U"\"",
      U"`", U"(", U")", U"~", U"…", U"😀", U"🏽", U"\u200D", U"\uFE0F", U"\u20E3", U"🇰",
      U"❤", U"韓", U"α", U"ひ", U"\u0323", U"http://", U"www.", U".com", U"%", U"\u0007",
      std::u32string(1, char32_t{0xD800}), std::u32string(1, char32_t{0x110000})};
  std::mt19937 rng(12345);
  std::uniform_int_distribution<size_t> pick(0, std::size(pool) - 1);
  std::uniform_int_distribution<int> len(0, 40);
  for (int iter = 0; iter < 3000; ++iter) {
    std::u32string in;
    for (int k = len(rng); k > 0; --k) in += pool[pick(rng)];
    NormalizedText norm;
    Normalize(in, &norm);
    ASSERT_EQ(norm.to_input.size(), norm.text.size() + 1);
    ASSERT_EQ(norm.to_input.back(), in.size());
    for (size_t i = 1; i < norm.to_input.size(); ++i) {
      ASSERT_LE(norm.to_input[i - 1], norm.to_input[i]);
    }
    uint32_t prev_end = 0;
    for (const PreToken& t : Pretokenize(norm.text)) {
      ASSERT_LT(t.begin, t.end);
      ASSERT_LE(prev_end, t.begin);
      ASSERT_LE(t.end, norm.text.size());
      ASSERT_TRUE(IsSymbol(t.tag) || IsPattern(t.tag)) << static_cast<int>(t.tag);
      prev_end = t.end;
    }
  }
}

TEST(CharClass, Classes) {
  EXPECT_EQ(ClassOf(U' '), CharClass::kSpace);
  EXPECT_EQ(ClassOf(0x3000), CharClass::kSpace);
  EXPECT_EQ(ClassOf(U'가'), CharClass::kHangul);
  EXPECT_EQ(ClassOf(0x11AB), CharClass::kHangul);
  EXPECT_EQ(ClassOf(U'ㅋ'), CharClass::kHangul);
  EXPECT_EQ(ClassOf(U'ㆍ'), CharClass::kSymbol);
  EXPECT_EQ(ClassOf(U'7'), CharClass::kDigit);
  EXPECT_EQ(ClassOf(0xFF17), CharClass::kDigit);
  EXPECT_EQ(ClassOf(U'z'), CharClass::kLatin);
  EXPECT_EQ(ClassOf(U'é'), CharClass::kLatin);
  EXPECT_EQ(ClassOf(U'韓'), CharClass::kHanja);
  EXPECT_EQ(ClassOf(U'α'), CharClass::kOtherLetter);
  EXPECT_EQ(ClassOf(U'%'), CharClass::kSymbol);
  EXPECT_EQ(ClassOf(0x1F600), CharClass::kEmoji);
  EXPECT_EQ(ClassOf(0x2764), CharClass::kSymbol);  // ❤ is text by default
  EXPECT_EQ(ClassOf(0x200D), CharClass::kControl);
  EXPECT_EQ(ClassOf(0xFE0F), CharClass::kControl);
  EXPECT_EQ(ClassOf(0x07), CharClass::kControl);
  EXPECT_EQ(ClassOf(0x110000), CharClass::kControl);
}

TEST(CharClass, SymbolTags) {
  EXPECT_EQ(SymbolTag(U'.'), PosTag::kSF);
  EXPECT_EQ(SymbolTag(U'？'), PosTag::kSF);
  EXPECT_EQ(SymbolTag(U'…'), PosTag::kSE);
  EXPECT_EQ(SymbolTag(U','), PosTag::kSP);
  EXPECT_EQ(SymbolTag(U'"'), PosTag::kSS);
  EXPECT_EQ(SymbolTag(U'-'), PosTag::kSS);
  EXPECT_EQ(SymbolTag(U'–'), PosTag::kSS);
  EXPECT_EQ(SymbolTag(U'('), PosTag::kSSO);
  EXPECT_EQ(SymbolTag(U'«'), PosTag::kSSO);
  EXPECT_EQ(SymbolTag(U'）'), PosTag::kSSC);
  EXPECT_EQ(SymbolTag(U'〕'), PosTag::kSSC);
  EXPECT_EQ(SymbolTag(U'~'), PosTag::kSO);
  EXPECT_EQ(SymbolTag(U'〜'), PosTag::kSO);
  EXPECT_EQ(SymbolTag(U'€'), PosTag::kSW);
  EXPECT_EQ(SymbolTag(U'→'), PosTag::kSW);
  EXPECT_TRUE(IsAmbiguousQuote(U'\''));
  EXPECT_FALSE(IsAmbiguousQuote(U'’'));
}

}  // namespace
}  // namespace kma
