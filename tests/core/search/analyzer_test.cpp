// Tests for kma::Analyzer (core/search/analyzer.h) on a model built at test
// time from the tiny corpus in tests/data/mini: training sentences come back
// with their gold analysis, input errors carry the right offsets, token
// offsets are consistent between UTF-8, UTF-16 and code points, and options,
// patterns, long inputs and reuse behave as documented.
#include "core/search/analyzer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/text/utf.h"
#include "tests/support/mini_model.h"
#include "tools/builder/model_builder.h"

namespace kma {
namespace {

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "kma_analyzer_test_" + std::to_string(::getpid()) + "_" + name;
}

// UTF-16 encoding of valid UTF-8 test text.
std::u16string Utf16Of(const std::string& utf8) {
  std::u32string cps;
  EXPECT_TRUE(Utf8ToU32(utf8, &cps));
  std::u16string out;
  for (char32_t c : cps) {
    if (c < 0x10000) {
      out.push_back(static_cast<char16_t>(c));
    } else {
      c -= 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (c >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (c & 0x3FF)));
    }
  }
  return out;
}

// "form/TAG form/TAG ..." of an analysis, the format of the corpus.
std::string Morphs(const Analysis& a) {
  std::string s;
  for (const Token& t : a.tokens) {
    if (!s.empty()) s += ' ';
    s += t.form;
    s += '/';
    s += std::string(TagName(t.tag));
  }
  return s;
}

bool SameTokens(const Token& a, const Token& b) {
  return a.form == b.form && a.tag == b.tag && a.morph_id == b.morph_id && a.flags == b.flags &&
         a.cp_begin == b.cp_begin && a.cp_length == b.cp_length && a.sentence == b.sentence &&
         a.word == b.word;
}

// The mini model, built once per test process (ctest runs each test case in
// its own process, so the path carries the pid).
class AnalyzerTest : public test::MiniModelTest {
 protected:
  void SetUp() override {
    MiniModelTest::SetUp();
    if (!HasFatalFailure()) analyzer_ = std::make_unique<Analyzer>(*model_);
  }

  // Analyses and returns the best analysis; fails the test on error.
  Analysis Best(const std::string& text, AnalyzeOptions opt = AnalyzeOptions()) {
    std::vector<Analysis> out;
    Status s = analyzer_->AnalyzeUtf8(text, opt, &out);
    EXPECT_TRUE(s.ok()) << s.message();
    EXPECT_FALSE(out.empty());
    return out.empty() ? Analysis() : out[0];
  }

  // Offsets invariants of a UTF-8 analysis of `text`.
  void CheckUtf8Offsets(const std::string& text, const Analysis& a) {
    std::u32string cps;
    std::vector<uint32_t> unit_begin;
    ASSERT_TRUE(DecodeUtf8(text, &cps, &unit_begin).ok());
    uint32_t prev_begin = 0, prev_cp = 0;
    std::vector<bool> covered(cps.size(), false);
    for (size_t i = 0; i < a.tokens.size(); ++i) {
      const Token& t = a.tokens[i];
      SCOPED_TRACE("token " + std::to_string(i) + " " + t.form + "/" + std::string(TagName(t.tag)));
      ASSERT_LE(uint64_t{t.cp_begin} + t.cp_length, cps.size());
      ASSERT_LE(uint64_t{t.begin} + t.length, text.size());
      EXPECT_GT(t.length, 0u);
      EXPECT_GT(t.cp_length, 0u);
      // Byte offsets are the code point offsets translated.
      EXPECT_EQ(t.begin, unit_begin[t.cp_begin]);
      EXPECT_EQ(t.begin + t.length, unit_begin[t.cp_begin + t.cp_length]);
      // Tokens come in text order.
      EXPECT_GE(t.begin, prev_begin);
      EXPECT_GE(t.cp_begin, prev_cp);
      prev_begin = t.begin;
      prev_cp = t.cp_begin;
      for (uint32_t k = t.cp_begin; k < t.cp_begin + t.cp_length; ++k) covered[k] = true;
      // A token that is the only one on its span and cannot be inflected is
      // its own surface.
      bool shared = (i > 0 && a.tokens[i - 1].begin + a.tokens[i - 1].length > t.begin) ||
                    (i + 1 < a.tokens.size() && a.tokens[i + 1].begin < t.begin + t.length);
      bool plain = IsNoun(t.tag) || IsSymbol(t.tag) || IsPattern(t.tag) || t.tag == PosTag::kMAG;
      if (!shared && plain) EXPECT_EQ(text.substr(t.begin, t.length), t.form);
    }
    // Every non-space character belongs to some token.
    for (size_t k = 0; k < cps.size(); ++k) {
      char32_t c = cps[k];
      bool space = c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == 0x3000 || c == 0xA0;
      if (!space) EXPECT_TRUE(covered[k]) << "code point #" << k << " U+" << std::hex << uint32_t{c};
    }
  }

  std::unique_ptr<Analyzer> analyzer_;
};

TEST_F(AnalyzerTest, TrainingSentencesComeBackWithTheirGoldAnalysis) {
  // A handful that cover fusions (했, 왔, 간다), irregulars (추워서, 도왔,
  // 들었), the copula after a vowel (학생이다 vs 도시이다), numbers and
  // politeness endings.
  const std::pair<const char*, const char*> kCases[] = {
      {"나는 학교에 간다.", "나/NP 는/JX 학교/NNG 에/JKB 가/VV ㄴ다/EF ./SF"},
      {"우리는 도서관에서 공부를 했다.", "우리/NP 는/JX 도서관/NNG 에서/JKB 공부/NNG 를/JKO 하/VV 었/EP 다/EF ./SF"},
      {"학생들이 학교에 왔다.", "학생/NNG 들/XSN 이/JKS 학교/NNG 에/JKB 오/VV 았/EP 다/EF ./SF"},
      // The corpus's existence 있/VA comes back as the convention writes it.
      {"날씨가 추워서 집에 있었다.", "날씨/NNG 가/JKS 춥/VA 어서/EC 집/NNG 에/JKB 있/VV 었/EP 다/EF ./SF"},
      {"철수가 영희를 도왔다.", "철수/NNP 가/JKS 영희/NNP 를/JKO 돕/VV 았/EP 다/EF ./SF"},
      {"그는 노래를 들었다.", "그/NP 는/JX 노래/NNG 를/JKO 듣/VV 었/EP 다/EF ./SF"},
      {"철수는 학생이다.", "철수/NNP 는/JX 학생/NNG 이/VCP 다/EF ./SF"},
      {"나는 2024년에 서울에 왔다.", "나/NP 는/JX 2024/SN 년/NNB 에/JKB 서울/NNP 에/JKB 오/VV 았/EP 다/EF ./SF"},
      {"그 사람은 누구입니까?", "그/MM 사람/NNG 은/JX 누구/NP 이/VCP ㅂ니까/EF ?/SF"},
      {"우리는 함께 밥을 먹었습니다.", "우리/NP 는/JX 함께/MAG 밥/NNG 을/JKO 먹/VV 었/EP 습니다/EF ./SF"},
      {"어디에 가요?", "어디/NP 에/JKB 가/VV 아요/EF ?/SF"},
  };
  for (const auto& [text, gold] : kCases) EXPECT_EQ(Morphs(Best(text)), gold) << text;
}

TEST_F(AnalyzerTest, AlmostTheWholeTrainingCorpusIsReproduced) {
  // The model is trained on exactly these sentences; nearly all must come
  // back unchanged (a broken scorer or rule expansion drops this sharply).
  std::ifstream in(KMA_TEST_DATA_DIR "/mini/train.tsv", std::ios::binary);
  ASSERT_TRUE(in.good());
  std::string line;
  int total = 0, same = 0;
  std::string misses;
  while (std::getline(in, line)) {
    size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    std::string raw = line.substr(0, tab), gold = line.substr(tab + 1);
    std::replace(gold.begin(), gold.end(), '\t', ' ');
    std::string got = Morphs(Best(raw));
    ++total;
    if (got == gold) ++same;
    else misses += "\n  " + raw + "\n    gold: " + gold + "\n    got:  " + got;
  }
  EXPECT_GE(total, 40);
  EXPECT_GE(same * 10, total * 9) << same << "/" << total << " reproduced; misses:" << misses;
}

TEST_F(AnalyzerTest, EmptyAndWhitespaceOnlyInputGiveOneEmptyAnalysis) {
  for (const std::string text : {std::string(), std::string(" "), std::string(" \t\r\n  \n"),
                                 std::string("\xE3\x80\x80")}) {  // U+3000 ideographic space
    std::vector<Analysis> out;
    Status s = analyzer_->AnalyzeUtf8(text, AnalyzeOptions(), &out);
    ASSERT_TRUE(s.ok()) << s.message();
    ASSERT_EQ(out.size(), 1u) << "'" << text << "'";
    EXPECT_TRUE(out[0].tokens.empty()) << Morphs(out[0]);
  }
  std::vector<Analysis> out;
  ASSERT_TRUE(analyzer_->AnalyzeUtf16(nullptr, 0, AnalyzeOptions(), &out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].tokens.empty());
  // Even with top_n > 1 there is exactly one (empty) analysis.
  AnalyzeOptions opt;
  opt.top_n = 5;
  ASSERT_TRUE(analyzer_->AnalyzeUtf8("", opt, &out).ok());
  EXPECT_EQ(out.size(), 1u);
}

TEST_F(AnalyzerTest, LongLineKeepsAnEmojiSequenceWhole) {
  // Past the soft chunk length the analyzer cuts at the next space-like
  // character; the ZWJ inside an emoji sequence is not one (a cut there once
  // left the next character without any lattice node: "no analysis path").
  const std::string family = "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7";
  for (int shift = 0; shift < 6; ++shift) {
    std::string line;  // 나 나 ... (about 256 characters) then the family emoji
    for (int i = 0; i < 126 + shift; ++i) line += "나 ";
    line += family + "\xCD\x8B 간다";  // + U+034B, a combining mark
    std::vector<Analysis> out;
    Status s = analyzer_->AnalyzeUtf8(line, AnalyzeOptions(), &out);
    ASSERT_TRUE(s.ok()) << s.message() << " (shift " << shift << ")";
    bool whole = false;
    for (const Token& t : out[0].tokens) whole |= t.form.find(family) != std::string::npos;
    EXPECT_TRUE(whole) << Morphs(out[0]);
  }
}

TEST_F(AnalyzerTest, InvalidUtf8ReportsTheByteOffset) {
  struct Case {
    std::string text;
    int64_t offset;
  };
  const Case kCases[] = {
      {"\xFF", 0},
      {"나는\xFF학교", 6},               // stray byte after two 3-byte syllables
      {"ab\x80", 2},                     // lone continuation byte
      {"가\xEA\xB0", 3},                 // truncated 3-byte sequence at the end
      {"x\xC0\xAF", 1},                  // overlong '/'
      {"가나\xED\xA0\x80", 6},           // encoded surrogate U+D800
      {"ok \xF4\x90\x80\x80 end", 3},    // above U+10FFFF
  };
  for (const Case& c : kCases) {
    std::vector<Analysis> out;
    Status s = analyzer_->AnalyzeUtf8(c.text, AnalyzeOptions(), &out);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.code(), StatusCode::kInvalidUtf8);
    EXPECT_EQ(s.offset(), c.offset) << s.message();
  }
  // The analyzer is still usable after an error.
  EXPECT_EQ(Morphs(Best("철수는 학생이다.")), "철수/NNP 는/JX 학생/NNG 이/VCP 다/EF ./SF");
}

TEST_F(AnalyzerTest, InvalidUtf16ReportsTheUnitOffset) {
  struct Case {
    std::u16string text;
    int64_t offset;
  };
  const Case kCases[] = {
      {std::u16string(u"가나") + char16_t(0xD800) + u"다", 2},  // high surrogate + non-low
      {std::u16string(1, char16_t(0xDC00)) + u"가", 0},           // lone low surrogate first
      {std::u16string(u"학교") + char16_t(0xD83D), 2},            // high surrogate at the end
      {std::u16string(u"😀") + char16_t(0xDE00), 2},              // a valid pair, then a stray low
  };
  for (const Case& c : kCases) {
    std::vector<Analysis> out;
    Status s = analyzer_->AnalyzeUtf16(c.text.data(), c.text.size(), AnalyzeOptions(), &out);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.code(), StatusCode::kInvalidUtf16);
    EXPECT_EQ(s.offset(), c.offset) << s.message();
  }
  std::vector<Analysis> out;
  Status s = analyzer_->AnalyzeUtf16(nullptr, 3, AnalyzeOptions(), &out);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
}

TEST_F(AnalyzerTest, Utf8OffsetsAreConsistent) {
  const std::string kTexts[] = {
      "나는 漢字를 좋아한다 😀 그는 키가 크다.",
      "  날씨가 추워서   집에 있었다.  ",
      "우리는 도서관에서 공부를 했다.",
      "3.14와 1,234를 샀다.",
      "퓨퓨퓨퓨를 먹었다.",
  };
  for (const std::string& text : kTexts) {
    SCOPED_TRACE(text);
    Analysis a = Best(text);
    ASSERT_FALSE(a.tokens.empty());
    CheckUtf8Offsets(text, a);
  }
}

TEST_F(AnalyzerTest, FusedSyllablesShareOneSpan) {
  // 했 holds 하 + 었: both tokens cover exactly the bytes of 했.
  const std::string text = "공부를 했다.";
  Analysis a = Best(text);
  ASSERT_EQ(Morphs(a), "공부/NNG 를/JKO 하/VV 었/EP 다/EF ./SF");
  const Token& ha = a.tokens[2];
  const Token& eot = a.tokens[3];
  EXPECT_EQ(text.substr(ha.begin, ha.length), "했");
  EXPECT_EQ(text.substr(eot.begin, eot.length), "했");
  EXPECT_EQ(ha.cp_begin, 4u);
  EXPECT_EQ(ha.cp_length, 1u);
  EXPECT_EQ(text.substr(a.tokens[4].begin, a.tokens[4].length), "다");
  EXPECT_EQ(a.tokens[0].word, 0u);
  EXPECT_EQ(a.tokens[2].word, 1u);
  EXPECT_EQ(a.tokens[5].word, 1u);
}

TEST_F(AnalyzerTest, Utf16GivesTheSameTokensWithUtf16Offsets) {
  const std::string text = "나는 漢字를 좋아한다 😀 그는 😀키가 크다. 철수는 학생이다.";
  const std::u16string u16 = Utf16Of(text);
  std::vector<Analysis> a8, a16;
  ASSERT_TRUE(analyzer_->AnalyzeUtf8(text, AnalyzeOptions(), &a8).ok());
  ASSERT_TRUE(analyzer_->AnalyzeUtf16(u16.data(), u16.size(), AnalyzeOptions(), &a16).ok());
  ASSERT_EQ(a8.size(), 1u);
  ASSERT_EQ(a16.size(), 1u);
  ASSERT_EQ(a8[0].tokens.size(), a16[0].tokens.size());
  EXPECT_FLOAT_EQ(a8[0].score, a16[0].score);
  // UTF-16 unit offset of every code point.
  std::u32string cps;
  ASSERT_TRUE(Utf8ToU32(text, &cps));
  std::vector<uint32_t> u16_at(cps.size() + 1, 0);
  for (size_t i = 0; i < cps.size(); ++i) u16_at[i + 1] = u16_at[i] + (cps[i] >= 0x10000 ? 2 : 1);
  bool saw_emoji = false, saw_hanja = false;
  for (size_t i = 0; i < a8[0].tokens.size(); ++i) {
    const Token& x = a8[0].tokens[i];
    const Token& y = a16[0].tokens[i];
    EXPECT_TRUE(SameTokens(x, y)) << i << ": " << x.form << " vs " << y.form;
    EXPECT_EQ(y.begin, u16_at[y.cp_begin]) << x.form;
    EXPECT_EQ(y.begin + y.length, u16_at[y.cp_begin + y.cp_length]) << x.form;
    if (x.tag == PosTag::kW_EMOJI) {
      saw_emoji = true;
      EXPECT_EQ(x.length, 4u);
      EXPECT_EQ(y.length, 2u);
      EXPECT_EQ(y.cp_length, 1u);
    }
    if (x.tag == PosTag::kSH) {
      saw_hanja = true;
      EXPECT_EQ(x.form, "漢字");
      EXPECT_EQ(y.length, 2u);
      EXPECT_EQ(u16.substr(y.begin, y.length), u"漢字");
    }
  }
  EXPECT_TRUE(saw_emoji);
  EXPECT_TRUE(saw_hanja);
  // Sentence splitting sees the same boundaries in both encodings.
  std::vector<SentenceSpan> s8, s16;
  ASSERT_TRUE(analyzer_->SplitUtf8(text, &s8).ok());
  ASSERT_TRUE(analyzer_->SplitUtf16(u16.data(), u16.size(), &s16).ok());
  ASSERT_EQ(s8.size(), s16.size());
  for (size_t i = 0; i < s8.size(); ++i) {
    EXPECT_EQ(s8[i].cp_begin, s16[i].cp_begin);
    EXPECT_EQ(s8[i].cp_length, s16[i].cp_length);
  }
}

TEST_F(AnalyzerTest, TopNIsSortedAndStartsWithTheBestAnalysis) {
  for (const std::string text : {"나는 학교에 간다.", "날씨가 추워서 집에 있었다.", "그는 물을 마시고 잤다."}) {
    SCOPED_TRACE(text);
    AnalyzeOptions one, three;
    three.top_n = 3;
    std::vector<Analysis> best, top;
    ASSERT_TRUE(analyzer_->AnalyzeUtf8(text, one, &best).ok());
    ASSERT_TRUE(analyzer_->AnalyzeUtf8(text, three, &top).ok());
    ASSERT_EQ(best.size(), 1u);
    ASSERT_GE(top.size(), 1u);
    ASSERT_LE(top.size(), 3u);
    EXPECT_EQ(Morphs(top[0]), Morphs(best[0]));
    EXPECT_NEAR(top[0].score, best[0].score, 1e-3);
    for (size_t i = 1; i < top.size(); ++i) {
      EXPECT_GE(top[i - 1].score, top[i].score);
      CheckUtf8Offsets(text, top[i]);
    }
  }
}

TEST_F(AnalyzerTest, TopNAnalysesAreDistinct) {
  // A sentence has many alternative segmentations (unknown-word candidates
  // alone give several), so three distinct analyses must exist once the beam
  // is wide enough to keep them (the default beam of 10 may leave only one).
  AnalyzeOptions opt;
  opt.top_n = 3;
  opt.beam = 60.0f;
  std::vector<Analysis> top;
  ASSERT_TRUE(analyzer_->AnalyzeUtf8("나는 학교에 간다.", opt, &top).ok());
  ASSERT_EQ(top.size(), 3u);
  for (size_t i = 0; i < top.size(); ++i)
    for (size_t j = i + 1; j < top.size(); ++j) {
      bool same = top[i].tokens.size() == top[j].tokens.size();
      for (size_t k = 0; same && k < top[i].tokens.size(); ++k) {
        same = SameTokens(top[i].tokens[k], top[j].tokens[k]) && top[i].tokens[k].begin == top[j].tokens[k].begin;
      }
      EXPECT_FALSE(same) << "analyses " << i << " and " << j << " are identical: " << Morphs(top[i]);
    }
}

TEST_F(AnalyzerTest, TopNAcrossChunksKeepsOrder) {
  // Several sentences are searched as separate chunks; their n-best lists
  // are combined.
  AnalyzeOptions opt;
  opt.top_n = 4;
  std::vector<Analysis> top;
  const std::string text = "나는 학교에 간다. 철수가 밥을 먹었다. 그는 키가 크다.";
  ASSERT_TRUE(analyzer_->AnalyzeUtf8(text, opt, &top).ok());
  ASSERT_EQ(top.size(), 4u);
  EXPECT_EQ(Morphs(top[0]), Morphs(Best(text)));
  for (size_t i = 1; i < top.size(); ++i) EXPECT_GE(top[i - 1].score, top[i].score);
  for (const Analysis& a : top) CheckUtf8Offsets(text, a);
}

TEST_F(AnalyzerTest, OptionsAreValidated) {
  std::vector<Analysis> out;
  for (int n : {0, -1, 65, 1000}) {
    AnalyzeOptions opt;
    opt.top_n = n;
    Status s = analyzer_->AnalyzeUtf8("나는 학교에 간다.", opt, &out);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << "top_n " << n;
    // Also for empty input: options are checked first.
    EXPECT_EQ(analyzer_->AnalyzeUtf8("", opt, &out).code(), StatusCode::kInvalidArgument) << "top_n " << n;
  }
  AnalyzeOptions max;
  max.top_n = 64;
  max.beam = 60.0f;
  Status ok = analyzer_->AnalyzeUtf8("나는 학교에 간다.", max, &out);
  EXPECT_TRUE(ok.ok()) << ok.message();
  EXPECT_LE(out.size(), 64u);
  EXPECT_GE(out.size(), 2u);

  AnalyzeOptions lm;
  lm.lm = "no-such-lm";
  Status s = analyzer_->AnalyzeUtf8("나는 학교에 간다.", lm, &out);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("no-such-lm"), std::string::npos) << s.message();
  std::u16string u16 = Utf16Of("나는");
  EXPECT_EQ(analyzer_->AnalyzeUtf16(u16.data(), u16.size(), lm, &out).code(), StatusCode::kInvalidArgument);
  lm.lm = (*model_)->default_lm();
  EXPECT_TRUE(analyzer_->AnalyzeUtf8("나는 학교에 간다.", lm, &out).ok());
}

TEST_F(AnalyzerTest, LongInputWithoutNewlines) {
  // ~200 KB of sentences separated by spaces only: chunked search must keep
  // offsets monotonic and cover everything.
  const std::string unit = "우리는 도서관에서 공부를 했다. 날씨가 추워서 집에 있었다. 😀 漢字 ";
  std::string text;
  while (text.size() < 200 * 1024) text += unit;
  Analysis a = Best(text);
  ASSERT_FALSE(a.tokens.empty());
  CheckUtf8Offsets(text, a);
  const Token& last = a.tokens.back();
  EXPECT_EQ(last.begin + last.length, text.size() - 1) << "the last token ends before the trailing space";
  // The per-unit analysis repeats: count 했 (하/VV + 었/EP pairs).
  size_t units = text.size() / unit.size();
  size_t ha = 0;
  for (size_t i = 0; i + 1 < a.tokens.size(); ++i)
    if (a.tokens[i].form == "하" && a.tokens[i + 1].form == "었") ++ha;
  EXPECT_EQ(ha, units);
  EXPECT_GT(a.tokens.back().sentence, units);
}

TEST_F(AnalyzerTest, LongInputWithoutSpaces) {
  // No space at all: the analyzer must cut chunks by itself (and not inside
  // a syllable + coda pair).
  std::string text;
  while (text.size() < 60 * 1024) text += "나는학교에간다";
  Analysis a = Best(text);
  ASSERT_FALSE(a.tokens.empty());
  CheckUtf8Offsets(text, a);
  for (const Token& t : a.tokens) EXPECT_EQ(t.word, 0u);
}

TEST_F(AnalyzerTest, TextWithoutSpaces) {
  EXPECT_EQ(Morphs(Best("나는학교에간다.")), "나/NP 는/JX 학교/NNG 에/JKB 가/VV ㄴ다/EF ./SF");
  Analysis a = Best("철수가밥을먹었다.");
  CheckUtf8Offsets("철수가밥을먹었다.", a);
  for (const Token& t : a.tokens) EXPECT_EQ(t.word, 0u);
}

TEST_F(AnalyzerTest, PatternsGetPatternTags) {
  const std::string text =
      "http://example.com/path 에서 #해시태그 😀 user@example.com 010-1234-5678 @someone";
  Analysis a = Best(text);
  CheckUtf8Offsets(text, a);
  auto find = [&](PosTag tag) -> const Token* {
    for (const Token& t : a.tokens)
      if (t.tag == tag) return &t;
    return nullptr;
  };
  const std::pair<PosTag, const char*> kWant[] = {
      {PosTag::kW_URL, "http://example.com/path"}, {PosTag::kW_HASHTAG, "#해시태그"},
      {PosTag::kW_EMOJI, "😀"},                    {PosTag::kW_EMAIL, "user@example.com"},
      {PosTag::kW_SERIAL, "010-1234-5678"},        {PosTag::kW_MENTION, "@someone"},
  };
  for (const auto& [tag, form] : kWant) {
    const Token* t = find(tag);
    ASSERT_NE(t, nullptr) << TagName(tag) << " missing in " << Morphs(a);
    EXPECT_EQ(t->form, form);
    EXPECT_TRUE(t->flags & kTokenPattern);
    EXPECT_EQ(t->morph_id, 0u);
    EXPECT_EQ(text.substr(t->begin, t->length), form);
  }
  // Numbers, Latin and Hanja are symbol tags, not W_*.
  Analysis b = Best("mp3 3.14 漢字");
  EXPECT_EQ(Morphs(b), "mp/SL 3/SN 3.14/SN 漢字/SH");
}

TEST_F(AnalyzerTest, UnknownWordsAreFlagged) {
  Analysis a = Best("퓨퓨퓨퓨를 먹었다.");
  ASSERT_FALSE(a.tokens.empty());
  EXPECT_EQ(a.tokens[0].form, "퓨퓨퓨퓨");
  EXPECT_TRUE(IsNoun(a.tokens[0].tag));
  EXPECT_TRUE(a.tokens[0].flags & kTokenUnknown);
  EXPECT_EQ(a.tokens[0].morph_id, 0u);
  // Dictionary words are not flagged and have an id.
  for (size_t i = 1; i < a.tokens.size(); ++i) {
    EXPECT_EQ(a.tokens[i].flags & kTokenUnknown, 0) << a.tokens[i].form;
    if (a.tokens[i].tag != PosTag::kSF) EXPECT_NE(a.tokens[i].morph_id, 0u) << a.tokens[i].form;
  }
}

TEST_F(AnalyzerTest, SentenceAndWordIndices) {
  Analysis a = Best("나는 학교에 간다. 철수가 밥을 먹었다.");
  ASSERT_EQ(Morphs(a), "나/NP 는/JX 학교/NNG 에/JKB 가/VV ㄴ다/EF ./SF 철수/NNP 가/JKS 밥/NNG 을/JKO 먹/VV 었/EP 다/EF ./SF");
  const uint32_t kWord[] = {0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5};
  const uint32_t kSentence[] = {0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
  for (size_t i = 0; i < a.tokens.size(); ++i) {
    EXPECT_EQ(a.tokens[i].word, kWord[i]) << i;
    EXPECT_EQ(a.tokens[i].sentence, kSentence[i]) << i;
  }
}

TEST_F(AnalyzerTest, ScoresAreFiniteAndAddUp) {
  Analysis a = Best("우리는 도서관에서 공부를 했다.");
  float sum = 0;
  for (const Token& t : a.tokens) {
    EXPECT_TRUE(std::isfinite(t.score));
    sum += t.score;
  }
  EXPECT_TRUE(std::isfinite(a.score));
  EXPECT_LT(a.score, 0.0f);
  // Token shares need not include the end-of-sentence term, but they cannot
  // be far off the total.
  EXPECT_NEAR(sum, a.score, std::max(1.0f, std::fabs(a.score) * 0.5f));
}

TEST_F(AnalyzerTest, AnalyzerIsReusableAndDeterministic) {
  const std::string a = "날씨가 추워서 집에 있었다.";
  const std::string b = "그는 물을 마시고 잤다. 😀 http://x.org";
  Analysis first = Best(a);
  Analysis other = Best(b);
  Analysis again = Best(a);
  ASSERT_EQ(first.tokens.size(), again.tokens.size());
  for (size_t i = 0; i < first.tokens.size(); ++i) {
    EXPECT_TRUE(SameTokens(first.tokens[i], again.tokens[i]));
    EXPECT_EQ(first.tokens[i].begin, again.tokens[i].begin);
    EXPECT_FLOAT_EQ(first.tokens[i].score, again.tokens[i].score);
  }
  EXPECT_FLOAT_EQ(first.score, again.score);
  // A second analyzer over the same model agrees, and the output vector is
  // replaced, not appended to.
  Analyzer second(*model_);
  std::vector<Analysis> out(3);
  ASSERT_TRUE(second.AnalyzeUtf8(b, AnalyzeOptions(), &out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(Morphs(out[0]), Morphs(other));
  EXPECT_EQ(second.model().get(), model_->get());
}

TEST_F(AnalyzerTest, NfdInputMapsBackToInputOffsets) {
  // 한 in decomposed jamo (U+1112 U+1161 U+11AB, 9 bytes) composes to one
  // syllable; the token still spans all of its input bytes.
  const std::string nfd = "\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB";
  const std::string text = "학교 " + nfd + "국";
  Analysis a = Best(text);
  ASSERT_FALSE(a.tokens.empty());
  const Token& last = a.tokens.back();
  EXPECT_EQ(last.begin + last.length, text.size());
  EXPECT_EQ(last.cp_begin + last.cp_length, 7u);
  uint32_t first_after_space = 0;
  for (const Token& t : a.tokens)
    if (t.word == 1) {
      first_after_space = t.begin;
      break;
    }
  EXPECT_EQ(first_after_space, 7u);
}

// A byte order mark (U+FEFF) at the start separates like whitespace and
// never ends up inside a token.
TEST_F(AnalyzerTest, LeadingByteOrderMarkDoesNotChangeTheAnalysis) {
  const std::string plain = "나는 학교에 간다.";
  const std::string bom = "\xEF\xBB\xBF" + plain;
  Analysis a = Best(plain), b = Best(bom);
  EXPECT_EQ(Morphs(b), Morphs(a));
  for (const Token& t : b.tokens) EXPECT_EQ(t.form.find("\xEF\xBB\xBF"), std::string::npos) << t.form;
  ASSERT_FALSE(b.tokens.empty());
  EXPECT_EQ(b.tokens[0].begin, 3u);
}

// C0 control characters (and format characters such as a ZWJ outside an
// emoji) separate like whitespace; they never become nouns.
TEST_F(AnalyzerTest, ControlCharactersAreNotNouns) {
  Analysis a = Best("\x01\x02 가");
  for (const Token& t : a.tokens)
    if (t.form.find('\x01') != std::string::npos) EXPECT_FALSE(IsNoun(t.tag)) << TagName(t.tag);
}

}  // namespace
}  // namespace kma
