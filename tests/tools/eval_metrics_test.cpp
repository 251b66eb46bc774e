// Unit tests of the `kma eval` metric, with hand-computed expectations.
#include "tools/kma/eval/eval_metrics.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kma::cli {
namespace {

std::vector<Morph> M(std::initializer_list<std::pair<const char*, const char*>> list) {
  std::vector<Morph> v;
  for (const auto& [f, t] : list) v.push_back(Morph{f, t});
  return v;
}

// ---- ParseGoldLine --------------------------------------------------------

TEST(ParseGoldLine, PerWordAndFlatColumnsGiveTheSameMorphemes) {
  std::string raw1, raw2, err;
  std::vector<Morph> a, b;
  ASSERT_TRUE(ParseGoldLine("나는 밥을\t나/NP 는/JX\t밥/NNG 을/JKO", &raw1, &a, &err)) << err;
  ASSERT_TRUE(ParseGoldLine("나는 밥을\t나/NP 는/JX 밥/NNG 을/JKO", &raw2, &b, &err)) << err;
  EXPECT_EQ(raw1, "나는 밥을");
  EXPECT_EQ(raw2, "나는 밥을");
  EXPECT_EQ(a, M({{"나", "NP"}, {"는", "JX"}, {"밥", "NNG"}, {"을", "JKO"}}));
  EXPECT_EQ(a, b);
}

TEST(ParseGoldLine, SplitsAtTheLastSlash) {
  std::string raw, err;
  std::vector<Morph> m;
  ASSERT_TRUE(ParseGoldLine("1/2\t1/2/SN", &raw, &m, &err)) << err;
  EXPECT_EQ(m, M({{"1/2", "SN"}}));
  ASSERT_TRUE(ParseGoldLine("/\t//SP", &raw, &m, &err)) << err;
  EXPECT_EQ(m, M({{"/", "SP"}}));
}

TEST(ParseGoldLine, IgnoresEmptyPiecesFromDoubleSpaces) {
  std::string raw, err;
  std::vector<Morph> m;
  ASSERT_TRUE(ParseGoldLine("a b\ta/SL  b/SL\t", &raw, &m, &err)) << err;
  EXPECT_EQ(m, M({{"a", "SL"}, {"b", "SL"}}));
}

TEST(ParseGoldLine, RejectsMalformedLines) {
  std::string raw, err;
  std::vector<Morph> m;
  EXPECT_FALSE(ParseGoldLine("no tab here", &raw, &m, &err));
  EXPECT_NE(err.find("TAB"), std::string::npos);
  EXPECT_FALSE(ParseGoldLine("x\tnoslash", &raw, &m, &err));
  EXPECT_NE(err.find("noslash"), std::string::npos);
  EXPECT_FALSE(ParseGoldLine("x\tform/", &raw, &m, &err));   // empty tag
  EXPECT_FALSE(ParseGoldLine("x\t/NNG", &raw, &m, &err));    // empty form
  EXPECT_FALSE(ParseGoldLine("x\t", &raw, &m, &err));        // nothing after TAB
}

// ---- Normalisation ---------------------------------------------------------

TEST(NormalizeTag, DropsIrregularSuffixesOnly) {
  EXPECT_EQ(NormalizeTag("VV-I"), "VV");
  EXPECT_EQ(NormalizeTag("VA-R"), "VA");
  EXPECT_EQ(NormalizeTag("VV"), "VV");
  EXPECT_EQ(NormalizeTag("NNG-X"), "NNG-X");
  EXPECT_EQ(NormalizeTag("SF"), "SF");
}

TEST(NormalizeForm, ConjoiningCodasBecomeCompatibilityJamo) {
  EXPECT_EQ(NormalizeForm("\u11AB", "ETM"), "\u3134");         // ᆫ -> ㄴ
  EXPECT_EQ(NormalizeForm("\u11AF", "ETM"), "\u3139");         // ᆯ -> ㄹ (skips ㄸ)
  EXPECT_EQ(NormalizeForm("\u11B8니다", "EF"), "\u3142니다");  // ᆸ니다 -> ㅂ니다
  EXPECT_EQ(NormalizeForm("\u11B9", "NNG"), "\u3144");         // ᆹ -> ㅄ (skips ㅃ)
  EXPECT_EQ(NormalizeForm("\u11BD", "NNG"), "\u3148");         // ᆽ -> ㅈ
  EXPECT_EQ(NormalizeForm("\u11BE", "NNG"), "\u314A");         // ᆾ -> ㅊ (skips ㅉ)
  EXPECT_EQ(NormalizeForm("\u11A8", "NNG"), "\u3131");         // first of the range
  EXPECT_EQ(NormalizeForm("\u11C2", "NNG"), "\u314E");         // last of the range
  EXPECT_EQ(NormalizeForm("a\u11AB b", "SL"), "a\u3134 b");    // anywhere in the form
  // Already-compatibility jamo and syllables are untouched.
  EXPECT_EQ(NormalizeForm("ㄴ", "ETM"), "ㄴ");
  EXPECT_EQ(NormalizeForm("한국", "NNP"), "한국");
}

TEST(NormalizeForm, UnifiesTheFirstCharacterOfEndings) {
  EXPECT_EQ(NormalizeForm("아서", "EC"), "어서");
  EXPECT_EQ(NormalizeForm("여서", "EC"), "어서");
  EXPECT_EQ(NormalizeForm("아요", "EF"), "어요");
  EXPECT_EQ(NormalizeForm("아", "EC"), "어");
  EXPECT_EQ(NormalizeForm("았", "EP"), "었");
  EXPECT_EQ(NormalizeForm("였", "EP"), "었");
  EXPECT_EQ(NormalizeForm("았었", "EP"), "었었");  // only the first character
  EXPECT_EQ(NormalizeForm("아야", "ETN"), "어야");
  EXPECT_EQ(NormalizeForm("아", "ETM"), "어");
  EXPECT_EQ(NormalizeForm("어서", "EC"), "어서");
  EXPECT_EQ(NormalizeForm("서아", "EC"), "서아");  // not initial
  EXPECT_EQ(NormalizeForm("다", "EF"), "다");
}

TEST(NormalizeForm, LeavesNonEndingTagsAlone) {
  EXPECT_EQ(NormalizeForm("아", "IC"), "아");
  EXPECT_EQ(NormalizeForm("아이", "NNG"), "아이");
  EXPECT_EQ(NormalizeForm("여", "NR"), "여");
  EXPECT_EQ(NormalizeForm("하여", "XSV"), "하여");
  EXPECT_EQ(NormalizeForm("았", "EPX"), "았");  // not an E* tag of the list
}

TEST(NormalizeMorph, NormalisesTagBeforeForm) {
  // "EC-I" is an ending once the suffix is dropped, so 아 becomes 어.
  EXPECT_EQ(NormalizeMorph(Morph{"아", "EC-I"}), (Morph{"어", "EC"}));
  EXPECT_EQ(NormalizeMorph(Morph{"돕", "VV-I"}), (Morph{"돕", "VV"}));
}

// ---- LCS -------------------------------------------------------------------

TEST(LcsAlign, EmptyAndIdentical) {
  auto a = M({{"a", "X"}, {"b", "Y"}});
  EXPECT_TRUE(LcsAlign({}, {}).empty());
  EXPECT_TRUE(LcsAlign(a, {}).empty());
  EXPECT_TRUE(LcsAlign({}, a).empty());
  auto same = LcsAlign(a, a);
  ASSERT_EQ(same.size(), 2u);
  EXPECT_EQ(same[0], std::make_pair(size_t{0}, size_t{0}));
  EXPECT_EQ(same[1], std::make_pair(size_t{1}, size_t{1}));
}

TEST(LcsAlign, MatchesNeedEqualFormAndTag) {
  auto g = M({{"이", "VCP"}, {"다", "EF"}});
  auto p = M({{"이", "JKS"}, {"다", "EF"}});
  auto m = LcsAlign(g, p);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0], std::make_pair(size_t{1}, size_t{1}));
}

TEST(LcsAlign, SwappedPairAlignsThreeOfFour) {
  // gold a b c d, pred a c b d: LCS 3. Ties go to skipping gold first, so the
  // alignment is a-a, c-c, d-d.
  auto g = M({{"a", "X"}, {"b", "X"}, {"c", "X"}, {"d", "X"}});
  auto p = M({{"a", "X"}, {"c", "X"}, {"b", "X"}, {"d", "X"}});
  auto m = LcsAlign(g, p);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[0], std::make_pair(size_t{0}, size_t{0}));
  EXPECT_EQ(m[1], std::make_pair(size_t{2}, size_t{1}));
  EXPECT_EQ(m[2], std::make_pair(size_t{3}, size_t{3}));
}

TEST(LcsAlign, ClassicExampleHasLengthFour) {
  // LCS("ABCBDAB", "BDCABA") = 4 (e.g. BCBA).
  std::vector<Morph> g, p;
  for (char c : std::string("ABCBDAB")) g.push_back(Morph{std::string(1, c), "SL"});
  for (char c : std::string("BDCABA")) p.push_back(Morph{std::string(1, c), "SL"});
  auto m = LcsAlign(g, p);
  EXPECT_EQ(m.size(), 4u);
  for (size_t k = 1; k < m.size(); ++k) {  // strictly increasing on both sides
    EXPECT_LT(m[k - 1].first, m[k].first);
    EXPECT_LT(m[k - 1].second, m[k].second);
  }
  for (const auto& [i, j] : m) EXPECT_EQ(g[i], p[j]);
}

// ---- Sentence scores and aggregation ---------------------------------------

TEST(ScoreSentence, OneWrongEndingOfEight) {
  auto g = M({{"나", "NP"}, {"는", "JX"}, {"밥", "NNG"}, {"을", "JKO"},
              {"먹", "VV"}, {"었", "EP"}, {"다", "EF"}, {".", "SF"}});
  auto p = g;
  p[6].tag = "EC";
  SentenceScore s = ScoreSentence(g, p);
  EXPECT_EQ(s.counts.sentences, 1);
  EXPECT_EQ(s.counts.gold, 8);
  EXPECT_EQ(s.counts.predicted, 8);
  EXPECT_EQ(s.counts.matched, 7);
  EXPECT_EQ(s.counts.exact, 0);
  EXPECT_DOUBLE_EQ(s.counts.precision(), 0.875);
  EXPECT_DOUBLE_EQ(s.counts.recall(), 0.875);
  EXPECT_DOUBLE_EQ(s.counts.f1(), 0.875);
  EXPECT_DOUBLE_EQ(s.counts.sentence_accuracy(), 0.0);
}

TEST(ScoreSentence, NormalisationMakesVariantsEqual) {
  auto g = M({{"가", "VV-I"}, {"아서", "EC"}, {"\u11AB", "ETM"}, {"였", "EP"}});
  auto p = M({{"가", "VV"}, {"어서", "EC"}, {"ㄴ", "ETM"}, {"었", "EP"}});
  SentenceScore s = ScoreSentence(g, p);
  EXPECT_EQ(s.counts.matched, 4);
  EXPECT_EQ(s.counts.exact, 1);
}

TEST(ScoreSentence, SplitVersusMergedTokens) {
  // gold 3 tokens, pred 2 tokens with 1 in common:
  // P = 1/2, R = 1/3, F1 = 2*(1/2)(1/3)/(1/2+1/3) = 0.4.
  auto g = M({{"하", "XSV"}, {"었", "EP"}, {"다", "EF"}});
  auto p = M({{"했", "VV"}, {"다", "EF"}});
  SentenceScore s = ScoreSentence(g, p);
  EXPECT_EQ(s.counts.matched, 1);
  EXPECT_DOUBLE_EQ(s.counts.precision(), 0.5);
  EXPECT_DOUBLE_EQ(s.counts.recall(), 1.0 / 3.0);
  EXPECT_NEAR(s.counts.f1(), 0.4, 1e-12);
}

TEST(EvalCounts, EmptyCountsGiveZeroNotNaN) {
  EvalCounts c;
  EXPECT_EQ(c.precision(), 0.0);
  EXPECT_EQ(c.recall(), 0.0);
  EXPECT_EQ(c.f1(), 0.0);
  EXPECT_EQ(c.sentence_accuracy(), 0.0);
}

TEST(EvalAccumulator, MicroAveragesOverTokensAndSplitsBySource) {
  EvalAccumulator acc;
  // Sentence 1 (kaist): gold 4, pred 5, matched 3.
  acc.AddSentence(M({{"a", "X"}, {"b", "X"}, {"c", "X"}, {"d", "X"}}),
                  M({{"a", "X"}, {"b", "Y"}, {"c", "X"}, {"e", "X"}, {"d", "X"}}), "kaist");
  // Sentence 2 (gsd): gold 2, pred 2, exact.
  acc.AddSentence(M({{"f", "X"}, {"g", "X"}}), M({{"f", "X"}, {"g", "X"}}), "gsd");
  const EvalCounts& o = acc.overall();
  EXPECT_EQ(o.sentences, 2);
  EXPECT_EQ(o.gold, 6);
  EXPECT_EQ(o.predicted, 7);
  EXPECT_EQ(o.matched, 5);
  EXPECT_EQ(o.exact, 1);
  EXPECT_DOUBLE_EQ(o.precision(), 5.0 / 7.0);  // micro; the macro mean would be 0.8
  EXPECT_DOUBLE_EQ(o.recall(), 5.0 / 6.0);
  EXPECT_NEAR(o.f1(), 10.0 / 13.0, 1e-12);
  EXPECT_DOUBLE_EQ(o.sentence_accuracy(), 0.5);
  ASSERT_EQ(acc.per_source().size(), 2u);
  const EvalCounts& k = acc.per_source().at("kaist");
  EXPECT_EQ(k.sentences, 1);
  EXPECT_DOUBLE_EQ(k.precision(), 3.0 / 5.0);
  EXPECT_DOUBLE_EQ(k.recall(), 3.0 / 4.0);
  EXPECT_DOUBLE_EQ(k.sentence_accuracy(), 0.0);
  const EvalCounts& gs = acc.per_source().at("gsd");
  EXPECT_DOUBLE_EQ(gs.f1(), 1.0);
  EXPECT_DOUBLE_EQ(gs.sentence_accuracy(), 1.0);
}

TEST(EvalAccumulator, EmptySourceKeepsNoPerSourceEntryAndMergeAdds) {
  EvalAccumulator a, b;
  a.AddSentence(M({{"a", "X"}}), M({{"a", "X"}}), "");
  EXPECT_TRUE(a.per_source().empty());
  b.AddSentence(M({{"a", "X"}}), M({{"b", "X"}}), "ksl");
  a.Merge(b);
  EXPECT_EQ(a.overall().sentences, 2);
  EXPECT_EQ(a.overall().matched, 1);
  EXPECT_EQ(a.overall().gold, 2);
  EXPECT_EQ(a.per_source().at("ksl").sentences, 1);
  EXPECT_EQ(a.confusions().at(ConfusionKey{"a/X", "b/X", false}), 1);
}

// ---- Confusions -------------------------------------------------------------

TEST(AddConfusions, SameFormDifferentTagAlsoCountsTagOnly) {
  auto g = M({{"나", "NP"}, {"는", "JX"}, {"밥", "NNG"}});
  auto p = M({{"나", "NP"}, {"는", "JKS"}, {"밥", "NNG"}});
  ConfusionMap c;
  AddConfusions(g, p, LcsAlign(g, p), &c);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c.at(ConfusionKey{"는/JX", "는/JKS", false}), 1);
  EXPECT_EQ(c.at(ConfusionKey{"JX", "JKS", true}), 1);
}

TEST(AddConfusions, UnequalGapsPairInOrderThenWithEmpty) {
  auto g = M({{"가", "VV"}, {"어서", "EC"}});
  auto p = M({{"가", "VV"}, {"어", "EC"}, {"서", "JX"}});
  ConfusionMap c;
  AddConfusions(g, p, LcsAlign(g, p), &c);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c.at(ConfusionKey{"어서/EC", "어/EC", false}), 1);
  EXPECT_EQ(c.at(ConfusionKey{kEmptySide, "서/JX", false}), 1);
}

TEST(AddConfusions, LeadingAndTrailingGaps) {
  auto g = M({{"x", "SL"}, {"a", "SL"}, {"b", "SL"}, {"c", "SL"}});
  auto p = M({{"y", "SL"}, {"a", "SL"}});
  ConfusionMap c;
  AddConfusions(g, p, LcsAlign(g, p), &c);
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c.at(ConfusionKey{"x/SL", "y/SL", false}), 1);
  EXPECT_EQ(c.at(ConfusionKey{"b/SL", kEmptySide, false}), 1);
  EXPECT_EQ(c.at(ConfusionKey{"c/SL", kEmptySide, false}), 1);
}

TEST(AddConfusions, PerfectSentenceAddsNothing) {
  auto g = M({{"a", "SL"}, {"b", "SL"}});
  ConfusionMap c;
  AddConfusions(g, g, LcsAlign(g, g), &c);
  EXPECT_TRUE(c.empty());
}

TEST(EvalAccumulator, ConfusionsUseNormalisedTokens) {
  EvalAccumulator acc;
  // 아서/EC vs 어/EC + 서/JX: the gold side is reported as 어서 after normalisation.
  acc.AddSentence(M({{"가", "VV"}, {"아서", "EC"}}),
                  M({{"가", "VV"}, {"아", "EC"}, {"서", "JX"}}), "");
  EXPECT_EQ(acc.confusions().count(ConfusionKey{"어서/EC", "어/EC", false}), 1u);
}

TEST(TopConfusions, SortsByCountThenKeyAndTruncates) {
  ConfusionMap c;
  c[ConfusionKey{"b", "x", false}] = 2;
  c[ConfusionKey{"a", "x", false}] = 2;
  c[ConfusionKey{"c", "x", false}] = 5;
  c[ConfusionKey{"d", "x", false}] = 1;
  auto top = TopConfusions(c, 3);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0].first.gold, "c");
  EXPECT_EQ(top[1].first.gold, "a");
  EXPECT_EQ(top[2].first.gold, "b");
  EXPECT_EQ(top[0].second, 5);
  EXPECT_EQ(TopConfusions(c, 20).size(), 4u);
}

// ---- Paths ------------------------------------------------------------------

TEST(SourcesPathFor, ReplacesTheExtensionOfTheBaseName) {
  EXPECT_EQ(SourcesPathFor("dir/dev.tsv"), "dir/dev.sources");
  EXPECT_EQ(SourcesPathFor("dev.tsv"), "dev.sources");
  EXPECT_EQ(SourcesPathFor("gold"), "gold.sources");
  EXPECT_EQ(SourcesPathFor("a.b/gold"), "a.b/gold.sources");
  EXPECT_EQ(SourcesPathFor("x.tar.tsv"), "x.tar.sources");
  EXPECT_EQ(SourcesPathFor("d/.hidden"), "d/.hidden.sources");
}

}  // namespace
}  // namespace kma::cli
