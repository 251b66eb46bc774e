// Unit tests of the split-set generator (tools/kma/eval/split_set.h): nominal
// forms, corpus parsing, and the properties every generated set has.
#include "tools/kma/eval/split_set.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kma::cli {
namespace {

using Morphs = std::vector<std::pair<std::string, std::string>>;

std::string Nominal(const std::string& word, const Morphs& m) {
  std::string out;
  return NominalizeWord(word, m, &out) ? out : "(none)";
}

TEST(NominalizeWord, RegularStemsAndEndings) {
  EXPECT_EQ(Nominal("했다", {{"하", "XSV"}, {"었", "EP"}, {"다", "EF"}}), "했음");
  EXPECT_EQ(Nominal("한다", {{"하", "XSV"}, {"ㄴ다", "EF"}}), "함");
  EXPECT_EQ(Nominal("합니다", {{"하", "XSV"}, {"ㅂ니다", "EF"}}), "함");
  EXPECT_EQ(Nominal("있습니다", {{"있", "VA"}, {"습니다", "EF"}}), "있음");
  EXPECT_EQ(Nominal("먹는다", {{"먹", "VV"}, {"는다", "EF"}}), "먹음");
  EXPECT_EQ(Nominal("학생이다", {{"학생", "NNG"}, {"이", "VCP"}, {"다", "EF"}}), "학생임");
  EXPECT_EQ(Nominal("사과다", {{"사과", "NNG"}, {"이", "VCP"}, {"다", "EF"}}), "사과임");
  EXPECT_EQ(Nominal("좋다", {{"좋", "VA"}, {"다", "EF"}}), "좋음");
  EXPECT_EQ(Nominal("크다", {{"크", "VA"}, {"다", "EF"}}), "큼");
  EXPECT_EQ(Nominal("간다", {{"가", "VV"}, {"ㄴ다", "EF"}}), "감");
}

TEST(NominalizeWord, IrregularAndOtherEndingsAreLeftAlone) {
  EXPECT_EQ(Nominal("춥다", {{"춥", "VA"}, {"다", "EF"}}), "(none)");         // 추움
  EXPECT_EQ(Nominal("만든다", {{"만들", "VV"}, {"ㄴ다", "EF"}}), "(none)");   // 만듦
  EXPECT_EQ(Nominal("좋아요", {{"좋", "VA"}, {"아요", "EF"}}), "(none)");
  EXPECT_EQ(Nominal("먹고", {{"먹", "VV"}, {"고", "EC"}}), "(none)");
  EXPECT_EQ(Nominal("다", {{"다", "EF"}}), "(none)");
}

TEST(ParseCorpusSentence, KeepsTheLastWordsMorphemes) {
  CorpusSentence s;
  ASSERT_TRUE(ParseCorpusSentence("나는 갔다.\t나/NP 는/JX\t가/VV 았/EP 다/EF ./SF", &s));
  EXPECT_EQ(s.raw, "나는 갔다.");
  ASSERT_EQ(s.last_word.size(), 4u);
  EXPECT_EQ(s.last_word[2], (std::pair<std::string, std::string>{"다", "EF"}));
  // A flat morpheme column does not say which morphemes are the last word's.
  ASSERT_TRUE(ParseCorpusSentence("나는 갔다.\t나/NP 는/JX 가/VV 았/EP 다/EF ./SF", &s));
  EXPECT_TRUE(s.last_word.empty());
  EXPECT_FALSE(ParseCorpusSentence("no tab here", &s));
}

// Sentence i reads "문장<i>을 읽었다." with source a or b in runs of 7.
std::vector<CorpusSentence> Corpus(int n) {
  std::vector<CorpusSentence> c;
  for (int i = 0; i < n; ++i) {
    CorpusSentence s;
    s.raw = "문장" + std::to_string(i) + "을 읽었다.";
    s.last_word = {{"읽", "VV"}, {"었", "EP"}, {"다", "EF"}, {".", "SF"}};
    s.source = (i / 7) % 2 ? "b" : "a";
    c.push_back(s);
  }
  return c;
}

TEST(MakeSplitSet, DeterministicCompleteAndInOrder) {
  const std::vector<CorpusSentence> corpus = Corpus(300);
  SplitSetOptions opt;
  opt.seed = 7;
  const std::vector<SplitGoldDoc> a = MakeSplitSet(corpus, opt), b = MakeSplitSet(corpus, opt);
  std::string ta, tb;
  AppendSplitGold(a, &ta);
  AppendSplitGold(b, &tb);
  EXPECT_EQ(ta, tb);
  opt.seed = 8;
  std::string tc;
  AppendSplitGold(MakeSplitSet(corpus, opt), &tc);
  EXPECT_NE(ta, tc);
  // Every corpus sentence is used once, in order, and no document mixes sources.
  int next = 0;
  for (const SplitGoldDoc& d : a) {
    EXPECT_GE(d.sentences.size(), 1u);
    EXPECT_LE(d.sentences.size(), 6u);
    const int first = next;
    for (const SplitGoldSentence& s : d.sentences) {
      EXPECT_NE(s.text.find("문장" + std::to_string(next) + "을"), std::string::npos) << s.text;
      ++next;
      // An embedded quotation may hold the next sentence too.
      if (s.text.find("문장" + std::to_string(next) + "을") != std::string::npos) ++next;
      const std::string labels = " punct nopunct quote emoticon nominal ";
      EXPECT_NE(labels.find(" " + s.label + " "), std::string::npos) << s.label;
    }
    EXPECT_EQ(corpus[first].source, corpus[next - 1].source);
  }
  EXPECT_EQ(next, 300);
}

}  // namespace
}  // namespace kma::cli
