// Tests for the sentence splitter (core/search/sentence_splitter.h): the
// boundary rules on hand-built token sequences, span computation, and
// Analyzer::SplitUtf8/SplitUtf16 end to end on a model built from
// tests/data/mini.
#include "core/search/sentence_splitter.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/search/analyzer.h"
#include "tests/support/mini_model.h"
#include "tools/builder/model_builder.h"

namespace kma::search {
namespace {

// Builds a token sequence from "form/TAG" items; a "|" item starts a new
// whitespace-separated word. Offsets are laid out as if the forms were the
// text (one space between words), which is all the splitter looks at.
std::vector<Token> Tokens(const std::vector<std::string>& items) {
  std::vector<Token> out;
  uint32_t word = 0, pos = 0;
  bool new_word = false;
  for (const std::string& it : items) {
    if (it == "|") {
      new_word = true;
      continue;
    }
    if (new_word) {
      ++word;
      ++pos;  // the space
      new_word = false;
    }
    size_t slash = it.rfind('/');
    Token t;
    t.form = it.substr(0, slash);
    EXPECT_TRUE(ParseTag(it.substr(slash + 1), &t.tag)) << it;
    t.word = word;
    t.begin = pos;
    t.length = static_cast<uint32_t>(t.form.size());
    t.cp_begin = pos;
    t.cp_length = t.length;
    pos += t.length;
    out.push_back(t);
  }
  return out;
}

std::vector<uint32_t> Sentences(std::vector<Token> tokens) {
  for (Token& t : tokens) t.sentence = 12345;  // must be overwritten
  AssignSentences(&tokens);
  std::vector<uint32_t> s;
  for (const Token& t : tokens) s.push_back(t.sentence);
  return s;
}

using V = std::vector<uint32_t>;

TEST(AssignSentencesTest, FinalEndingAndPeriodAtWordEndBreak) {
  EXPECT_EQ(Sentences(Tokens({"학교/NNG", "에/JKB", "|", "가/VV", "ㄴ다/EF", "./SF", "|", "철수/NNP", "가/JKS", "|",
                              "왔/VV", "다/EF", "./SF"})),
            (V{0, 0, 0, 0, 0, 1, 1, 1, 1, 1}));
}

TEST(AssignSentencesTest, FinalEndingWithoutPunctuationBreaksBeforeTheNextWord) {
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄴ다/EF", "|", "나/NP", "는/JX"})), (V{0, 0, 1, 1}));
}

TEST(AssignSentencesTest, PunctuationAloneBreaks) {
  EXPECT_EQ(Sentences(Tokens({"네/IC", "!/SF", "|", "좋/VA", "아요/EF"})), (V{0, 0, 1, 1}));
  EXPECT_EQ(Sentences(Tokens({"정말/MAG", "?/SF", "?/SF", "|", "응/IC"})), (V{0, 0, 0, 1}));
}

TEST(AssignSentencesTest, DecimalNumberDoesNotBreak) {
  // "3.14" mis-split as 3 / . / 14 inside one word.
  EXPECT_EQ(Sentences(Tokens({"3/SN", "./SF", "14/SN", "|", "이/VCP", "다/EF"})), (V{0, 0, 0, 0, 0}));
  // Abbreviation-like Latin after the period in the same word.
  EXPECT_EQ(Sentences(Tokens({"U/SL", "./SF", "S/SL", "|", "가/VV"})), (V{0, 0, 0, 0}));
}

TEST(AssignSentencesTest, ClosingQuotesAndBracketsAreAbsorbed) {
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄴ다/EF", "./SF", "\"/SSC", "|", "그/NP", "는/JX"})), (V{0, 0, 0, 0, 1, 1}));
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄴ다/EF", "./SF", "'/SS", ")/SSC", "|", "그/NP"})), (V{0, 0, 0, 0, 0, 1}));
  // A quote in the NEXT word opens the next sentence instead.
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄴ다/EF", "./SF", "|", "\"/SSO", "그/NP"})), (V{0, 0, 0, 1, 1}));
}

TEST(AssignSentencesTest, FinalEndingFollowedByGluedParticleDoesNotBreak) {
  // 간다고 (quotative), 간다는, 가요 patterns: the clause continues.
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄴ다/EF", "고/JKQ", "|", "말/NNG", "하/XSV", "였/EP", "다/EF"})),
            (V{0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"먹/VV", "는다/EF", "는/ETM", "|", "말/NNG"})), (V{0, 0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"가/VV", "지/EF", "요/JX"})), (V{0, 0, 0}));
  // ... but a following word does break.
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄴ다/EF", "|", "고/NNG"})), (V{0, 0, 1}));
}

TEST(AssignSentencesTest, TrailingPunctuationDoesNotOpenAnEmptySentence) {
  std::vector<uint32_t> s = Sentences(Tokens({"가/VV", "ㄴ다/EF", "./SF"}));
  EXPECT_EQ(s, (V{0, 0, 0}));
  s = Sentences(Tokens({"가/VV", "ㄴ다/EF", "./SF", "|", "!/SF"}));
  EXPECT_EQ(s.back(), 1u) << "a lone symbol word after a sentence is its own piece, numbered once";
  EXPECT_TRUE(Sentences({}).empty());
}

TEST(SentenceSpansTest, SpansCoverTheirTokensIncludingSharedSpans) {
  std::vector<Token> t = Tokens({"가/VV", "ㄴ다/EF", "./SF", "|", "철수/NNP", "가/JKS"});
  // 간 holds 가 + ㄴ다's first unit: make them share a span, as the analyzer does.
  t[1].begin = t[0].begin;
  t[1].length = 6;
  AssignSentences(&t);
  std::vector<SentenceSpan> spans;
  SentenceSpans(t, &spans);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0].begin, 0u);
  EXPECT_EQ(spans[0].length, t[2].begin + t[2].length);
  EXPECT_EQ(spans[1].begin, t[3].begin);
  EXPECT_EQ(spans[1].length, t[4].begin + t[4].length - t[3].begin);
  EXPECT_EQ(spans[1].cp_begin, t[3].cp_begin);
  // Empty input, empty output (and old content is cleared).
  SentenceSpans({}, &spans);
  EXPECT_TRUE(spans.empty());
}

// An N-best analysis numbered by its own endings can have more sentences
// than the best one, whose spans the C ABI result carries (낮/VA 아/EF ...
// with top_n 64 gave a token of sentence 1 in a result of one sentence):
// renumbered by the best analysis' spans, every index is below their count.
TEST(NumberBySpansTest, RenumbersAnotherAnalysisByTheBestSpans) {
  std::vector<Token> best = Tokens({"낮/VA", "아/EC", "|", "꼭/MAG", "|", "바람/NNG", "!/SF"});
  std::vector<Token> other = Tokens({"낮/VA", "아/EF", "|", "꼭/MAG", "|", "바람/NNG", "!/SF"});
  AssignSentences(&best);
  AssignSentences(&other);
  ASSERT_EQ(other[2].sentence, 1u) << "the other analysis breaks after its final ending";
  std::vector<SentenceSpan> spans;
  SentenceSpans(best, &spans);
  ASSERT_EQ(spans.size(), 1u);
  NumberBySpans(spans, &other);
  for (const Token& t : other) EXPECT_EQ(t.sentence, 0u) << t.form;
}

TEST(NumberBySpansTest, TokensGetTheLastSpanStartingAtOrBeforeThem) {
  std::vector<Token> t = Tokens({"가/VV", "ㄴ다/EF", "./SF", "|", "철수/NNP", "가/JKS", "|", "온다/VV", "./SF"});
  AssignSentences(&t);
  std::vector<SentenceSpan> spans;
  SentenceSpans(t, &spans);
  ASSERT_EQ(spans.size(), 2u);
  // Renumbering an analysis by its own spans changes nothing.
  std::vector<Token> same = t;
  NumberBySpans(spans, &same);
  for (size_t i = 0; i < t.size(); ++i) EXPECT_EQ(same[i].sentence, t[i].sentence) << i;
  // A token before the first span (impossible from the analyzer) gets 0,
  // and with no spans at all every token gets 0.
  spans[0].begin = 2;
  NumberBySpans(spans, &same);
  EXPECT_EQ(same[0].sentence, 0u);
  NumberBySpans({}, &same);
  for (const Token& k : same) EXPECT_EQ(k.sentence, 0u);
}

// End to end through the analyzer on the mini model.
class SplitTest : public test::MiniModelTest {
 protected:
  void SetUp() override {
    MiniModelTest::SetUp();
    if (!HasFatalFailure()) analyzer_ = std::make_unique<Analyzer>(*model_);
  }
  std::vector<std::string> Split(const std::string& text) {
    std::vector<SentenceSpan> spans;
    Status s = analyzer_->SplitUtf8(text, &spans);
    EXPECT_TRUE(s.ok()) << s.message();
    std::vector<std::string> out;
    for (const SentenceSpan& sp : spans) {
      EXPECT_LE(uint64_t{sp.begin} + sp.length, text.size());
      out.push_back(text.substr(sp.begin, sp.length));
    }
    return out;
  }

  std::unique_ptr<Analyzer> analyzer_;
};

using S = std::vector<std::string>;

TEST_F(SplitTest, TwoSentences) {
  EXPECT_EQ(Split("나는 학교에 간다. 철수가 밥을 먹었다."), (S{"나는 학교에 간다.", "철수가 밥을 먹었다."}));
}

TEST_F(SplitTest, SpansAreTrimmed) {
  EXPECT_EQ(Split("  나는 학교에 간다.   철수가 밥을 먹었다.  \n"), (S{"나는 학교에 간다.", "철수가 밥을 먹었다."}));
}

TEST_F(SplitTest, WithoutPunctuationAndWithQuestions) {
  EXPECT_EQ(Split("어디에 가요? 학교에 가요."), (S{"어디에 가요?", "학교에 가요."}));
  EXPECT_EQ(Split("나는 학교에 간다 철수가 밥을 먹었다"), (S{"나는 학교에 간다", "철수가 밥을 먹었다"}));
  EXPECT_EQ(Split("철수는 학생이다."), (S{"철수는 학생이다."}));
}

TEST_F(SplitTest, QuotedSentenceKeepsItsClosingQuote) {
  EXPECT_EQ(Split("철수는 \"학생이다.\" 그는 키가 크다."), (S{"철수는 \"학생이다.\"", "그는 키가 크다."}));
}

TEST_F(SplitTest, EmptyTextHasNoSentences) {
  EXPECT_TRUE(Split("").empty());
  EXPECT_TRUE(Split("   \n ").empty());
}

TEST_F(SplitTest, Utf16SpansAreInUtf16Units) {
  // 😀 is 2 UTF-16 units: the second sentence starts at unit 14, code point 13.
  const std::u16string text = u"😀 나는 학교에 간다. 철수는 학생이다.";
  std::vector<SentenceSpan> spans;
  ASSERT_TRUE(analyzer_->SplitUtf16(text.data(), text.size(), &spans).ok());
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(text.substr(spans[0].begin, spans[0].length), u"😀 나는 학교에 간다.");
  EXPECT_EQ(text.substr(spans[1].begin, spans[1].length), u"철수는 학생이다.");
  EXPECT_EQ(spans[1].begin, 14u);
  EXPECT_EQ(spans[1].cp_begin, 13u);
}

TEST_F(SplitTest, InvalidInputIsReported) {
  std::vector<SentenceSpan> spans;
  Status s = analyzer_->SplitUtf8("나는\xC3", &spans);
  EXPECT_EQ(s.code(), StatusCode::kInvalidUtf8);
  EXPECT_EQ(s.offset(), 6);
  const char16_t bad[] = {u'가', 0xDC01};
  s = analyzer_->SplitUtf16(bad, 2, &spans);
  EXPECT_EQ(s.code(), StatusCode::kInvalidUtf16);
  EXPECT_EQ(s.offset(), 1);
}

}  // namespace
}  // namespace kma::search
