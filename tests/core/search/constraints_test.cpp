// Tests for constrained analysis (core/search/constraints.h): the text
// syntax and its error offsets, the checks against an input, and analyses on
// the mini model that obey span and lemma constraints, with forced
// morphemes outside the dictionary, and the unsatisfiable case.
#include "core/search/constraints.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/search/analyzer.h"
#include "core/text/utf.h"
#include "tests/support/mini_model.h"

namespace kma {
namespace {

Constraints Parse(const std::string& text) {
  Constraints c;
  Status st = ParseConstraints(text, &c);
  EXPECT_TRUE(st.ok()) << st.message();
  return c;
}

int64_t ErrorOffset(const std::string& text) {
  Constraints c;
  Status st = ParseConstraints(text, &c);
  EXPECT_FALSE(st.ok()) << text;
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  return st.offset();
}

TEST(ConstraintSyntax, SpansLemmasAndComments) {
  Constraints c = Parse("3:8 카카오뱅크/NNP\n# comment\n\n0:3 걷/VV+었/EP+다/EF; lemma 사람/NNG,NNP|사/NNG\nlemma@2:4 a\\/b/SL");
  ASSERT_EQ(c.spans.size(), 2u);
  EXPECT_EQ(c.spans[0].begin, 3u);
  EXPECT_EQ(c.spans[0].end, 8u);
  EXPECT_EQ(MorphsText(c.spans[0].morphs), "카카오뱅크/NNP");
  EXPECT_EQ(MorphsText(c.spans[1].morphs), "걷/VV+었/EP+다/EF");
  ASSERT_EQ(c.lemmas.size(), 2u);
  EXPECT_TRUE(c.lemmas[0].anywhere);
  ASSERT_EQ(c.lemmas[0].readings.size(), 2u);
  EXPECT_EQ(MorphsText(c.lemmas[0].readings[0]), "사람/NNG,NNP");
  EXPECT_FALSE(c.lemmas[1].anywhere);
  EXPECT_EQ(c.lemmas[1].begin, 2u);
  EXPECT_EQ(c.lemmas[1].readings[0][0].form, "a/b");
}

TEST(ConstraintSyntax, ErrorsCarryTheByteOffset) {
  EXPECT_EQ(ErrorOffset("3-8 x/NNP"), 1);          // ':' expected
  EXPECT_EQ(ErrorOffset("3:8 x/NNQ"), 6);          // unknown tag
  EXPECT_EQ(ErrorOffset("3:8 x/NNG,NNP"), 9);      // one tag per forced morpheme
  EXPECT_EQ(ErrorOffset("ok 1"), 0);               // no offset
  EXPECT_EQ(ErrorOffset("0:1 x/NNG\n0:2 xNNG"), 14);  // second line: no tag
  EXPECT_EQ(ErrorOffset("lemma"), 5);
  EXPECT_EQ(ErrorOffset("lemma x/NNG|"), 12);
  EXPECT_EQ(ErrorOffset("0:99999999999 x/NNG"), 2);
  EXPECT_EQ(ErrorOffset("0:1 x/NNG trailing"), 10);
  EXPECT_EQ(ErrorOffset("0:1 /NNG"), 4);           // empty form
  EXPECT_EQ(ErrorOffset("0:1 x\\"), 5);            // dangling escape
}

// Forms never carry a byte that breaks the outputs: an escaped tab would add
// a TSV column, an escaped CR end a morphs line, a NUL cut a C string short.
TEST(ConstraintSyntax, FormsRefuseControlCharactersAndBadUtf8) {
  const std::pair<std::string, int64_t> cases[] = {
      {std::string("0:3 ab\0c/SL", 12), 6},  // a raw NUL
      {"0:3 a\\\tb/SL", 6},                    // escaped tab: the tab's offset
      {"0:3 a\\\rb/SL", 6},                    // escaped CR
      {"lemma x\\\nb/NNG", 8},                 // escaped newline
      {"0:3 a\x7f/SL", 5},                    // DEL
      {"0:3 a\xc2\x85/SL", 5},                // U+0085, a C1 control
      {"0:3 a\xe2\x80\xa8/SL", 5},            // U+2028
      {"0:3 ab\xff/SL", 6},                    // not UTF-8
      {"0:1 x/NNG;0:3 \xed\xa0\x80/SL", 14},     // a surrogate, in the second piece
  };
  for (const auto& [text, offset] : cases) {
    Constraints c;
    const Status st = ParseConstraints(text, &c);
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << text;
    EXPECT_EQ(st.offset(), offset) << text;
    EXPECT_NE(st.message().find("morpheme form has "), std::string::npos) << st.message();
  }
  // A space (the tested way to join sentences in one span) and an emoji's
  // joiner stay allowed.
  EXPECT_EQ(Parse("0:3 a\\ b/NNP").spans[0].morphs[0].form, "a b");
  EXPECT_EQ(Parse("0:3 \xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9/SW").spans.size(), 1u);
  // Constraints built without the parser are checked the same way.
  Constraints c = Parse("0:1 x/NNG");
  c.spans[0].morphs[0].form = std::string("a\0b", 3);
  const Status st = ValidateConstraints(c, 5);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("control character U+0000"), std::string::npos) << st.message();
}

TEST(ConstraintSyntax, ValidationAgainstTheInput) {
  Constraints c = Parse("0:2 a/NNG; 1:3 b/NNG");
  Status st = ValidateConstraints(c, 5);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.offset(), 1);  // where the second span starts inside the first
  st = ValidateConstraints(Parse("2:9 a/NNG"), 5);
  EXPECT_EQ(st.offset(), 9);
  EXPECT_EQ(ValidateConstraints(Parse("3:3 a/NNG"), 5).code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(ValidateConstraints(Parse("0:2 a/NNG; 2:5 b/NNG; lemma x/VV"), 5).ok());
  Constraints many;
  for (int i = 0; i < 8; ++i) ParseConstraints("lemma a/NNG", &many);
  EXPECT_EQ(ValidateConstraints(many, 5).code(), StatusCode::kInvalidArgument);
}

class ConstrainedAnalysisTest : public test::MiniModelTest {
 protected:
  std::vector<Analysis> Run(const std::string& text, const std::string& constraints, Status* st = nullptr,
                            int top_n = 1) {
    Analyzer a(*model_);
    AnalyzeOptions opt;
    opt.top_n = top_n;
    std::vector<Analysis> out;
    Status s = a.AnalyzeUtf8(text, opt, Parse(constraints), &out);
    if (st != nullptr) *st = s;
    else EXPECT_TRUE(s.ok()) << s.message();
    return out;
  }
  static std::string Morphs(const Analysis& a) {
    std::string s;
    for (const Token& t : a.tokens) s += (s.empty() ? "" : " ") + t.form + "/" + std::string(TagName(t.tag));
    return s;
  }
};

TEST_F(ConstrainedAnalysisTest, NoConstraintsIsThePlainAnalysis) {
  Analyzer a(*model_);
  std::vector<Analysis> plain, constrained;
  ASSERT_TRUE(a.AnalyzeUtf8("철수가 밥을 먹었다.", AnalyzeOptions(), &plain).ok());
  ASSERT_TRUE(a.AnalyzeUtf8("철수가 밥을 먹었다.", AnalyzeOptions(), Constraints(), &constrained).ok());
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(Morphs(plain[0]), Morphs(constrained[0]));
  EXPECT_EQ(plain[0].score, constrained[0].score);
}

TEST_F(ConstrainedAnalysisTest, SpanIsAnalysedAsGivenEvenOutsideTheDictionary) {
  // 카카오뱅크 is not in the mini model: it is forced as one NNP, scored as
  // an unknown NNP, and the rest is analysed around it.
  auto out = Run("카카오뱅크가 밥을 먹었다.", "0:5 카카오뱅크/NNP");
  ASSERT_EQ(out.size(), 1u);
  const Token& t = out[0].tokens[0];
  EXPECT_EQ(t.form, "카카오뱅크");
  EXPECT_EQ(t.tag, PosTag::kNNP);
  EXPECT_EQ(t.flags, kTokenConstrained | kTokenUnknown);
  EXPECT_EQ(t.cp_begin, 0u);
  EXPECT_EQ(t.cp_length, 5u);
  EXPECT_EQ(out[0].tokens[1].form, "가");
  EXPECT_EQ(out[0].tokens[1].flags & kTokenConstrained, 0);
}

TEST_F(ConstrainedAnalysisTest, SpanSplitsOrJoinsWhatTheSearchWouldNot) {
  // 먹었다 as 먹/NNG 었다/EF: nonsense, but the caller's to decide.
  auto out = Run("철수가 밥을 먹었다.", "7:10 먹/NNG+었다/EF");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(Morphs(out[0]), "철수/NNP 가/JKS 밥/NNG 을/JKO 먹/NNG 었다/EF ./SF");
  // The forms spell the span, so each token gets its own part of it.
  EXPECT_EQ(out[0].tokens[4].cp_begin, 7u);
  EXPECT_EQ(out[0].tokens[4].cp_length, 1u);
  EXPECT_EQ(out[0].tokens[5].cp_begin, 8u);
  EXPECT_EQ(out[0].tokens[5].cp_length, 2u);
  EXPECT_NE(out[0].tokens[5].flags & kTokenConstrained, 0);
  // Forms that do not spell the span (걷 in 걸) share the whole span.
  out = Run("걸었다", "0:3 걷/VV+었/EP+다/EF");
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0].tokens.size(), 3u);
  for (const Token& t : out[0].tokens) {
    EXPECT_EQ(t.cp_begin, 0u);
    EXPECT_EQ(t.cp_length, 3u);
    EXPECT_NE(t.flags & kTokenConstrained, 0);
  }
}

TEST_F(ConstrainedAnalysisTest, EveryNBestAnalysisHoldsTheSpan) {
  auto out = Run("철수가 밥을 먹었다.", "4:5 밥/NNG", nullptr, 5);
  ASSERT_GE(out.size(), 2u);
  for (const Analysis& a : out) {
    bool found = false;
    for (const Token& t : a.tokens) found |= t.cp_begin == 4 && t.cp_length == 1 && t.form == "밥";
    EXPECT_TRUE(found) << Morphs(a);
  }
}

TEST_F(ConstrainedAnalysisTest, LemmaConstraintPicksAPathThatHoldsIt) {
  auto plain = Run("철수가 밥을 먹었다.", "");
  ASSERT_EQ(Morphs(plain[0]), "철수/NNP 가/JKS 밥/NNG 을/JKO 먹/VV 었/EP 다/EF ./SF");
  // Held already: same analysis.
  auto out = Run("철수가 밥을 먹었다.", "lemma 먹/VV");
  EXPECT_EQ(Morphs(out[0]), Morphs(plain[0]));
  // A reading the best path lacks: another path, or an error.
  Status st;
  out = Run("철수가 밥을 먹었다.", "lemma 철/NNG", &st);
  if (st.ok()) {
    EXPECT_NE(Morphs(out[0]).find("철/NNG"), std::string::npos) << Morphs(out[0]);
  } else {
    EXPECT_EQ(st.code(), StatusCode::kUnsatisfiable);
  }
  out = Run("철수가 밥을 먹었다.", "lemma 없는말/VV", &st);
  EXPECT_EQ(st.code(), StatusCode::kUnsatisfiable);
  EXPECT_NE(st.message().find("없는말/VV"), std::string::npos) << st.message();
  EXPECT_TRUE(out.empty());
}

TEST_F(ConstrainedAnalysisTest, LemmaSequenceAndSpan) {
  auto out = Run("우리는 도서관에서 공부를 했다.", "lemma 하/VV+었/EP");
  EXPECT_NE(Morphs(out[0]).find("하/VV 었/EP"), std::string::npos);
  Status st;
  // 공부 is at code points 10..12, not inside 0:3.
  Run("우리는 도서관에서 공부를 했다.", "lemma@0:3 공부/NNG", &st);
  EXPECT_EQ(st.code(), StatusCode::kUnsatisfiable);
  out = Run("우리는 도서관에서 공부를 했다.", "lemma@10:13 공부/NNG,NNP", &st);
  EXPECT_TRUE(st.ok()) << st.message();
}

TEST_F(ConstrainedAnalysisTest, ConstraintsThatDoNotFitTheTextAreErrors) {
  Status st;
  Run("밥을", "1:9 x/NNG", &st);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.offset(), 9);
  Run("밥 을", "1:2 x/NNG", &st);  // whitespace only
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.offset(), 1);
  // A text without words holds no lemma (and is not returned as if it did).
  for (const char* text : {"", "  \t "}) {
    auto out = Run(text, "lemma 밥/NNG", &st);
    EXPECT_EQ(st.code(), StatusCode::kUnsatisfiable) << '"' << text << '"';
    EXPECT_TRUE(out.empty());
  }
}

TEST_F(ConstrainedAnalysisTest, SpanAcrossChunksAndInsideAPattern) {
  // Two sentences are searched separately unless a span joins them.
  auto out = Run("밥을 먹었다. 철수가 간다.", "5:9 다.\\ 철/NNP");
  ASSERT_EQ(out.size(), 1u);
  bool found = false;
  for (const Token& t : out[0].tokens) found |= t.form == "다. 철" && t.cp_begin == 5 && t.cp_length == 4;
  EXPECT_TRUE(found) << Morphs(out[0]);
  // A Latin word cut by a span keeps its outside parts as patterns.
  out = Run("abcdef를", "2:4 cd/NNP");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(Morphs(out[0]).find("ab/SL cd/NNP ef/SL "), 0u) << Morphs(out[0]);
  // Two spans in one pattern: the piece between them starts after the
  // first (it started at the pattern's start and hid the first span: CI's
  // fuzz lane, tests/fuzz/regressions/constraints).
  out = Run("xxxxxxxxx", "0:1 ab/SL;4:6 xA/NNG");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(Morphs(out[0]), "ab/SL xxx/SL xA/NNG xxx/SL");
}


// Every word of a dev.tsv sentence forced to its gold morphemes gives back
// exactly the gold analysis (forms, tags, order), whatever the model would
// have chosen; the tiny model knows almost none of these words, so this
// also runs the out-of-vocabulary path of forced morphemes at scale.
TEST_F(ConstrainedAnalysisTest, GoldSpansOfDevSentencesGiveTheGoldAnalysis) {
  std::ifstream dev(KMA_SHARED_DATA_DIR "/corpus/dev.tsv");
  if (!dev) GTEST_SKIP() << "no " KMA_SHARED_DATA_DIR "/corpus/dev.tsv (shared data not available)";
  Analyzer a(*model_);
  std::string line;
  int checked = 0;
  while (checked < 300 && std::getline(dev, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    Constraints c;
    std::string gold;
    uint32_t cp = 0;
    bool usable = cols.size() >= 2;
    std::stringstream words(cols.empty() ? "" : cols[0]);
    std::string word;
    for (size_t w = 1; usable && w < cols.size(); ++w) {
      std::u32string cps;
      usable = static_cast<bool>(words >> word) && Utf8ToU32(word, &cps);
      SpanConstraint& sc = c.spans.emplace_back();
      sc.begin = cp;
      sc.end = cp + static_cast<uint32_t>(cps.size());
      cp = sc.end + 1;
      std::stringstream ms(cols[w]);
      for (std::string m; usable && ms >> m;) {
        const size_t slash = m.rfind('/');
        PosTag tag;
        usable = slash != std::string::npos && slash > 0 && ParseTag(m.substr(slash + 1), &tag);
        if (usable) sc.morphs.push_back({m.substr(0, slash), TagSetOf(tag)});
        if (usable) gold += (gold.empty() ? "" : " ") + m.substr(0, slash) + "/" + std::string(TagName(tag));
      }
    }
    // Only sentences written with single spaces map words to offsets this way.
    if (!usable || (words >> word) || cols[0].find("  ") != std::string::npos) continue;
    std::vector<Analysis> out;
    Status st = a.AnalyzeUtf8(cols[0], AnalyzeOptions(), c, &out);
    ASSERT_TRUE(st.ok()) << st.message() << "\n" << line;
    ASSERT_EQ(Morphs(out[0]), gold) << line;
    ++checked;
  }
  EXPECT_EQ(checked, 300);
}

}  // namespace
}  // namespace kma
