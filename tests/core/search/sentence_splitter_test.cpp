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
// whitespace-separated word ("|\n" after a line break, "|\n\n" after a
// blank line). Offsets index the text the forms make when written out
// with those separators, which *text receives.
std::vector<Token> Tokens(const std::vector<std::string>& items, std::string* text = nullptr) {
  std::vector<Token> out;
  std::string t;
  uint32_t word = 0;
  std::string sep;
  for (const std::string& it : items) {
    if (it[0] == '|') {
      sep = it.size() > 1 ? it.substr(1) : " ";
      continue;
    }
    if (!sep.empty() && !out.empty()) {
      ++word;
      t += sep;
    }
    sep.clear();
    size_t slash = it.rfind('/');
    Token tok;
    tok.form = it.substr(0, slash);
    EXPECT_TRUE(ParseTag(it.substr(slash + 1), &tok.tag)) << it;
    tok.word = word;
    tok.begin = static_cast<uint32_t>(t.size());
    tok.length = static_cast<uint32_t>(tok.form.size());
    tok.cp_begin = tok.begin;  // code points = bytes: good enough for the splitter's rules
    tok.cp_length = tok.length;
    t += tok.form;
    out.push_back(tok);
  }
  if (text != nullptr) *text = t;
  return out;
}

std::vector<uint32_t> Sentences(std::vector<Token> tokens, const std::string* text = nullptr) {
  for (Token& t : tokens) t.sentence = 12345;  // must be overwritten
  if (text != nullptr) {
    AssignSentences(SplitText::Utf8(text->data(), text->size()), &tokens);
  } else {
    AssignSentences(&tokens);
  }
  std::vector<uint32_t> s;
  for (const Token& t : tokens) s.push_back(t.sentence);
  return s;
}

// Sentence numbers of the tokens, with the line breaks of the written text.
std::vector<uint32_t> WithText(const std::vector<std::string>& items) {
  std::string text;
  std::vector<Token> t = Tokens(items, &text);
  return Sentences(t, &text);
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
  // A lone symbol word after a sentence belongs to it.
  s = Sentences(Tokens({"가/VV", "ㄴ다/EF", "./SF", "|", "!/SF"}));
  EXPECT_EQ(s, (V{0, 0, 0, 0}));
  EXPECT_TRUE(Sentences({}).empty());
}

TEST(AssignSentencesTest, FinalEndingFormsTaggedConnectiveStillEndTheSentence) {
  // Text without punctuation often gets 습니다/어요 tagged EC.
  EXPECT_EQ(Sentences(Tokens({"맛있/VA", "었/EP", "습니다/EC", "|", "다음/NNG", "에/JKB"})), (V{0, 0, 0, 1, 1}));
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "아요/EC", "|", "또/MAG"})), (V{0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"싶/VX", "네여/EC", "|", "완전/MAG"})), (V{0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"하/XSV", "여/EC", "|", "완전/MAG"})), (V{0, 0, 0}));
  // 다 tagged EC ends the sentence after an adjective or a past tense, but is
  // 다가 after an action verb (투쟁하다 1973년에); ~줘 is a request.
  EXPECT_EQ(Sentences(Tokens({"재밌/VA", "다/EC", "|", "강추/NNG"})), (V{0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"가/VV", "았/EP", "다/EC", "|", "또/MAG"})), (V{0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"투쟁/NNG", "하/XSV", "다/EC", "|", "1973/SN"})), (V{0, 0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"살/VV", "다/EC", "|", "가/VV"})), (V{0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"있/VV", "다/EC", "|", "또/MAG"})), (V{0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"알리/VV", "어/EC", "주/VX", "어/EC", "|", "오로라/NNP"})), (V{0, 0, 0, 0, 1}));
  // ... but the literary connective 요 (사실이요 진리이다) and plain
  // connectives do not.
  EXPECT_EQ(Sentences(Tokens({"사실/NNG", "이/VCP", "요/EC", "|", "진리/NNG"})), (V{0, 0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"먹/VV", "고/EC", "|", "자/VV", "ㄴ다/EF"})), (V{0, 0, 0, 0}));
}

TEST(AssignSentencesTest, AuxiliariesReportingVerbsAndNamingContinue) {
  // 먹어 보다: 어 tagged EF is still followed by an auxiliary.
  EXPECT_EQ(Sentences(Tokens({"먹/VV", "어/EF", "|", "보/VX", "았/EP", "다/EF"})), (V{0, 0, 0, 0, 0}));
  // 높다 하니, 들여왔다 치자: reporting what was said.
  EXPECT_EQ(Sentences(Tokens({"높/VA", "다/EF", "|", "하/VV", "니/EC", "|", "좋/VA", "다/EF"})),
            (V{0, 0, 0, 0, 0, 0}));
  // ... but 하지만 and 한 (one) start the next sentence.
  EXPECT_EQ(Sentences(Tokens({"높/VA", "다/EF", "|", "하/VV", "지만/EC", "|", "좋/VA"})), (V{0, 0, 1, 1, 1}));
  EXPECT_EQ(Sentences(Tokens({"높/VA", "다/EF", "|", "하/VV", "ㄴ/ETM", "|", "남자/NNG"})), (V{0, 0, 1, 1, 1}));
  // ~이라 부른다, ~ㄹ까 생각한다.
  EXPECT_EQ(Sentences(Tokens({"책/NNG", "이/VCP", "라/EF", "|", "부르/VV", "ㄴ다/EF"})), (V{0, 0, 0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄹ까/EF", "|", "생각/NNG", "하/XSV", "ㄴ다/EF"})), (V{0, 0, 0, 0, 0}));
}

TEST(AssignSentencesTest, NominalEndingsEndSentences) {
  EXPECT_EQ(Sentences(Tokens({"하/VV", "었/EP", "음/ETN", "|", "내일/NNG", "도/JX"})), (V{0, 0, 0, 1, 1}));
  EXPECT_EQ(Sentences(Tokens({"추천/NNG", "하/XSV", "ㅁ/ETN", "|", "진짜/MAG"})), (V{0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"오/VV", "ㄹ/ETM", "|", "듯/NNB", "|", "우산/NNG"})), (V{0, 0, 0, 1}));
  // 했음 좋겠다 (음 = 으면), 끊임 없이, 다름 아니다.
  EXPECT_EQ(Sentences(Tokens({"하/VV", "었/EP", "음/ETN", "|", "좋/VA", "겠/EP", "다/EF"})), (V{0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"끊/VV", "임/ETN", "|", "없이/MAG"})), (V{0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"다르/VA", "ㅁ/ETN", "|", "아니/VCN", "다/EF"})), (V{0, 0, 0, 0}));
  // 함 standing alone, taken for a noun.
  EXPECT_EQ(Sentences(Tokens({"하/XSV", "게/EC", "|", "함/NNP", "|", "그러나/MAJ"})), (V{0, 0, 0, 1}));
}

TEST(AssignSentencesTest, EmoticonsAndLaughterEndTheSentenceTheyFollow) {
  // A laughter word belongs to the sentence before it.
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "다/EF", "|", "ㅋㅋ/NNG", "|", "또/MAG", "가/VV", "자/EF"})),
            (V{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "아요/EF", "^^/SW", "|", "또/MAG"})), (V{0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"최고/NNG", "|", ":/SP", ")/SSC", "|", "또/MAG"})), (V{0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "다/EF", ":/SP", "D/SL", "|", "또/MAG"})), (V{0, 0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"최고/NNG", "😊/W_EMOJI", "|", "또/MAG"})), (V{0, 0, 1}));
  // An unknown word holding the laughter (좋다ㅋㅋ).
  EXPECT_EQ(Sentences(Tokens({"좋다ㅋㅋ/NNG", "|", "진짜/MAG"})), (V{0, 1}));
  // After a particle or an adverb the sentence goes on; % is no emoticon.
  EXPECT_EQ(Sentences(Tokens({"영화/NNG", "가/JKS", "|", "ㅋㅋ/NNG", "|", "진짜/MAG"})), (V{0, 0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"진짜/MAG", "|", "ㅋㅋ/NNG", "|", "웃기/VA"})), (V{0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"20/SN", "%/SW", "|", "이상/NNG"})), (V{0, 0, 0}));
  // Bare consonant endings are no laughter: 한 = 하 + ㄴ/ETM.
  EXPECT_EQ(Sentences(Tokens({"하/XSA", "ㄴ/ETM", "|", "사람/NNG"})), (V{0, 0, 0}));
}

TEST(AssignSentencesTest, EllipsisAndTildeEndOnlyAfterAFinalEnding) {
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "다/EF", ".../SE", "|", "근데/MAJ"})), (V{0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"그래서/MAJ", ".../SE", "|", "결국/MAG"})), (V{0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "아요/EF", "~/SO", "|", "다음/NNG"})), (V{0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"쌤/NNG", "~/SO", "|", "너무/MAG"})), (V{0, 0, 0}));
}

TEST(AssignSentencesTest, InsideAWordAfterTrailingSymbols) {
  // 좋았다.그리고 / 좋겠어요....그리고 / 하지마요~연기
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "았/EP", "다/EF", "./SF", "그리고/MAJ"})), (V{0, 0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "아요/EF", "..../SE", "그리고/MAJ"})), (V{0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"말/VX", "아요/EF", "~/SO", "연기/NNG"})), (V{0, 0, 0, 1}));
  // "T." of an initial and "1." of a list item are no sentences.
  EXPECT_EQ(Sentences(Tokens({"T/SL", "./SF", "S/SL", "./SF", "엘리어트/NNP"})), (V{0, 0, 0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"1/SN", "./SF", "|", "서론/NNG"})), (V{0, 0, 0}));
  // "J." before another initial is none; a lone letter before a word is
  // read as a sentence end (right for 비타민 C., wrong for J. K. 롤링).
  EXPECT_EQ(Sentences(Tokens({"J/SL", "./SF", "|", "K/SL", "./SF", "|", "롤링/NNP"})), (V{0, 0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"비타민/NNG", "|", "C/SL", "./SF", "|", "그리고/MAJ"})), (V{0, 0, 0, 1}));
}

TEST(AssignSentencesTest, TextWrittenWithoutSpaces) {
  // 재미있었어요끝까지: a final ending followed by a noun in the same word.
  EXPECT_EQ(Sentences(Tokens({"있/VA", "었/EP", "어요/EC", "끝/NNG", "까지/JX"})), (V{0, 0, 0, 1, 1}));
  EXPECT_EQ(Sentences(Tokens({"좋/VA", "다/EC", "내일/NNG", "은/JX"})), (V{0, 0, 1, 1}));
  // ... not by a particle (간다고) nor by laughter the tagger made a noun.
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄴ다/EF", "고/JKQ"})), (V{0, 0, 0}));
  EXPECT_EQ(Sentences(Tokens({"있/VA", "습니다/EF", "ㅠㅠ/NNG", "|", "그래서/MAJ"})), (V{0, 0, 0, 1}));
  // A final ending the tagger took for a determiner after a stem (웃기네).
  EXPECT_EQ(Sentences(Tokens({"웃기/VV", "네/MM", "|", "너/NP"})), (V{0, 0, 1}));
}

TEST(AssignSentencesTest, QuotationsAreUnits) {
  // "오늘 비가 왔다. 그래서 집에 있었다"라고 말했다.
  EXPECT_EQ(Sentences(Tokens({"\"/SSO", "오/VV", "았/EP", "다/EF", "./SF", "|", "그래서/MAJ", "|", "있/VA",
                              "었/EP", "다/EF", "\"/SSC", "라고/JKQ", "|", "말/NNG", "하/XSV", "였/EP", "다/EF",
                              "./SF"})),
            V(16, 0));
  // "가자!" 하고 외쳤다. / "가자!" 그가 외쳤다.
  EXPECT_EQ(Sentences(Tokens({"\"/SSO", "가/VV", "자/EF", "!/SF", "\"/SSC", "|", "하/VV", "고/EC", "|", "외치/VV",
                              "었/EP", "다/EF"})),
            V(10, 0));
  EXPECT_EQ(Sentences(Tokens({"\"/SSO", "가/VV", "자/EF", "!/SF", "\"/SSC", "|", "그/NP", "가/JKS"})),
            (V{0, 0, 0, 0, 0, 1, 1}));
  // Closing quote glued to more text: the quotation is part of the sentence.
  EXPECT_EQ(Sentences(Tokens({"'/SSO", "가/VV", "ㄴ다/EF", "'/SSC", "고/EC", "|", "말/NNG"})), V(6, 0));
  // A period right after the closing quote's sentence, then an opening quote.
  EXPECT_EQ(Sentences(Tokens({"가/VV", "ㄴ다/EF", "./SF", "“/SSO", "그/NP", "”/SSC"})), (V{0, 0, 0, 1, 1, 1}));
}

TEST(AssignSentencesTest, BracketsAndRepeatedCurlyQuotes) {
  // (Take Back the Tech!) is no sentence; :( is a face, not a bracket.
  EXPECT_EQ(Sentences(Tokens({"캠페인/NNG", "(/SSO", "Tech/SL", "!/SF", ")/SSC", "|", "을/JKO", "|", "열/VV",
                              "었/EP", "다/EF"})),
            V(9, 0));
  EXPECT_EQ(Sentences(Tokens({"슬프/VA", "어요/EF", "|", ":/SP", "(/SSO", "|", "그래도/MAJ", "|", "좋/VA", "아요/EF",
                              "|", "다음/NNG"})),
            (V{0, 0, 0, 0, 1, 1, 1, 2}));
  // ‘…‘ typed with the same curly quote twice closes at the second.
  EXPECT_EQ(Sentences(Tokens({"‘/SSO", "테크/NNG", "!/SF", "‘/SSO", "|", "캠페인/NNG", "|", "열/VV", "었/EP", "다/EF",
                              "./SF", "|", "좋/VA", "다/EF"})),
            (V{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1}));
  // A number and a period after a bracket ends the sentence; ㆍ is no laughter.
  EXPECT_EQ(Sentences(Tokens({"있/VA", "다/EF", "(/SSO", "17/SN", ")/SSC", "./SF", "|", "또한/MAJ"})),
            (V{0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(Sentences(Tokens({"시/NNG", "ㆍ/SP", "도/NNG", "별/XSN"})), (V{0, 0, 0, 0}));
}

TEST(AssignSentencesTest, UnclosedOrOverlongQuotationsDoNotSwallowSentences) {
  // No closing quote: the boundary inside stands.
  EXPECT_EQ(Sentences(Tokens({"\"/SSO", "가/VV", "ㄴ다/EF", "./SF", "|", "오/VV", "ㄴ다/EF"})),
            (V{0, 0, 0, 0, 1, 1}));
  // Closed only after kMaxQuoteChars: it was no quotation.
  std::vector<std::string> items = {"\"/SSO", "가/VV", "ㄴ다/EF", "./SF"};
  for (int i = 0; i < 120; ++i) {
    items.insert(items.end(), {"|", "나무/NNG"});
  }
  items.insert(items.end(), {"|", "오/VV", "ㄴ다/EF", "\"/SSC"});
  std::vector<uint32_t> s = Sentences(Tokens(items));
  EXPECT_EQ(s[4], 1u);
}

TEST(AssignSentencesTest, LineBreaksEndCompleteClausesBlankLinesEverything) {
  // After a noun at a line break: a new sentence (titles, lists, chat lines).
  EXPECT_EQ(WithText({"제목/NNG", "|\n", "본문/NNG", "이/VCP", "다/EF"}), (V{0, 1, 1, 1}));
  // After a particle or an adverb the line was wrapped in mid-sentence.
  EXPECT_EQ(WithText({"나/NP", "는/JX", "|\n", "간다/VV"}), (V{0, 0, 0}));
  EXPECT_EQ(WithText({"아주/MAG", "|\n", "좋/VA", "다/EF"}), (V{0, 0, 0}));
  // A blank line always ends the sentence, even after a particle ...
  EXPECT_EQ(WithText({"나/NP", "는/JX", "|\n\n", "간다/VV"}), (V{0, 0, 1}));
  // ... and inside an open quotation.
  EXPECT_EQ(WithText({"\"/SSO", "가/VV", "자/EF", "|\n\n", "오/VV", "\"/SSC"}), (V{0, 0, 0, 1, 1}));
  // Without the text the line break is not seen.
  EXPECT_EQ(Sentences(Tokens({"제목/NNG", "|\n", "본문/NNG"})), (V{0, 0}));
}

// Re-expresses the tokens' spans: in code units, or with `cp` in code points.
void Respan(std::vector<Token>* t, const std::vector<std::pair<uint32_t, uint32_t>>& spans, bool cp) {
  for (size_t i = 0; i < spans.size(); ++i) {
    (cp ? (*t)[i].cp_begin : (*t)[i].begin) = spans[i].first;
    (cp ? (*t)[i].cp_length : (*t)[i].length) = spans[i].second;
  }
}

TEST(AssignSentencesTest, Utf16AndCodePointTextsGiveTheSameLineBreaks) {
  std::vector<Token> t = Tokens({"제목/NNG", "|\r\n", "본문/NNG"});
  const std::u16string u16 = u"제목\r\n본문";
  Respan(&t, {{0, 2}, {4, 2}}, false);
  AssignSentences(SplitText::Utf16(u16.data(), u16.size()), &t);
  EXPECT_EQ(t[1].sentence, 1u);
  Respan(&t, {{0, 2}, {3, 2}}, false);  // as if the gap held only "\n": still one break
  AssignSentences(SplitText::Utf16(u16.data(), u16.size()), &t);
  EXPECT_EQ(t[1].sentence, 1u);
  // Decoded code points, indexed by cp_begin: U+2029 is a paragraph break,
  // which ends even a sentence after a particle.
  const std::u32string u32 = U"나는\u2029간다";
  std::vector<Token> p = Tokens({"나/NP", "는/JX", "|", "간다/VV"});
  Respan(&p, {{0, 1}, {1, 1}, {3, 2}}, true);
  AssignSentences(SplitText::Utf32(u32.data(), u32.size()), &p);
  EXPECT_EQ(p[2].sentence, 1u);
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

// A pre-analysed user entry (좋다네 -> 좋/VA 다/EF 네/NNG) gives
// morphemes that share their characters; the boundary after 다/EF fell
// between them, and the two sentence spans overlapped. It moves to the end
// of the shared characters.
TEST(SentenceSpansTest, NoBoundaryInsideCharactersTokensShare) {
  // 정말 좋다네 친구: the entry's three morphemes all span 좋다네.
  std::vector<Token> t = Tokens({"정말/MAG", "|", "좋/VA", "다/EF", "네/NNG", "|", "친구/NNG"});
  for (size_t k : {1, 2, 3}) {
    t[k].begin = t[k].cp_begin = 7;
    t[k].length = t[k].cp_length = 9;
  }
  t[4].begin = t[4].cp_begin = 17;
  AssignSentences(&t);
  EXPECT_EQ(t[3].sentence, t[2].sentence);
  EXPECT_EQ(t[4].sentence, t[2].sentence + 1);
  std::vector<SentenceSpan> spans;
  SentenceSpans(t, &spans);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0].begin + spans[0].length, 16u);
  EXPECT_EQ(spans[1].begin, 17u);
  // The same when the boundary comes from punctuation inside the entry
  // (간다.그리고 as one pre-analysed surface).
  std::vector<Token> p = Tokens({"가/VV", "ㄴ다/EF", "./SF", "그리고/MAJ", "|", "가/VV", "았/EP", "다/EF"});
  for (size_t k : {0, 1, 2, 3}) {
    p[k].begin = p[k].cp_begin = 0;
    p[k].length = p[k].cp_length = 12;
  }
  AssignSentences(&p);
  EXPECT_EQ(p[3].sentence, 0u);
  EXPECT_EQ(p[4].sentence, 1u);
  SentenceSpans(p, &spans);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0].length, 12u);
  EXPECT_EQ(spans[1].begin, p[4].begin);
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
