// Tests for FindHeadwordSurface (tools/builder/weak/surface_presence.h).
#include "tools/builder/weak/surface_presence.h"

#include <gtest/gtest.h>

#include <string>

namespace kma::weak {
namespace {

// The text of the first span found, or "" when there is none.
std::string First(const std::string& text, const std::string& headword, bool inflects, bool ending = false) {
  const std::vector<ByteSpan> spans = FindHeadwordSurface(text, headword, inflects, ending);
  return spans.empty() ? "" : text.substr(spans[0].begin, spans[0].end - spans[0].begin);
}

TEST(FindHeadwordSurface, FindsInflectedStems) {
  EXPECT_EQ(First("4km를 걸었다.", "걷", true), "걸");        // ㄷ irregular
  EXPECT_EQ(First("친구를 도와 주다.", "돕", true), "도");    // ㅂ irregular
  EXPECT_EQ(First("노래를 불러라.", "부르", true), "불러");  // 르 irregular
  EXPECT_EQ(First("일을 했다.", "하", true), "했");
  EXPECT_EQ(First("예기치 못한 일.", "예기하", true), "예기치");  // 하 fused
  EXPECT_EQ(First("마음을 거둬들였다.", "거두어들이", true), "거둬들였");
  EXPECT_EQ(First("방에 가서 주무세요.", "주무시", true), "주무세");
}

TEST(FindHeadwordSurface, FindsEndings) {
  EXPECT_EQ(First("그가 하신다.", "ㄴ", true, true), "신");
  EXPECT_EQ(First("모자를 썼다.", "었", true, true), "썼");
  EXPECT_EQ(First("마음 놓으세요.", "으세요", true, true), "으세요");
  EXPECT_EQ(First("먼저 가세요.", "으세요", true, true), "세요");  // 으 drops after a vowel
  EXPECT_EQ(First("책을 빌려다 읽었다.", "어다", true, true), "려다");
}

TEST(FindHeadwordSurface, NounsKeepTheirFinalConsonant) {
  EXPECT_EQ(First("가방을 샀다.", "강", false), "");
  EXPECT_EQ(First("강을 건넜다.", "강", false), "강");
  EXPECT_EQ(First("난 몰라.", "나", false), "난");  // 나 + 는
}

TEST(FindHeadwordSurface, ReportsByteSpansAndNothingWhenAbsent) {
  const std::string text = "나도 알아. 그래서 걸었어.";
  const std::vector<ByteSpan> spans = FindHeadwordSurface(text, "걷", true, false);
  ASSERT_EQ(spans.size(), 1u);
  EXPECT_EQ(spans[0].begin, text.find("걸"));
  EXPECT_EQ(spans[0].end, text.find("걸") + 3);
  EXPECT_TRUE(FindHeadwordSurface("응, 사실 새로운 남자 친구가 생겼어.", "피어나", true, false).empty());
  EXPECT_TRUE(FindHeadwordSurface("abc", "", false, false).empty());
  EXPECT_TRUE(FindHeadwordSurface("\xff", "a", false, false).empty());  // invalid UTF-8
}

}  // namespace
}  // namespace kma::weak
