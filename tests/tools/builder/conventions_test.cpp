// Tests for the corpus stage's side of the standard convention
// (tools/builder/corpus/conventions.h): facts from the lexicon and the
// corpus, the mapping counted per source, the lexicon filter.
#include "tools/builder/corpus/conventions.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace kma::build {
namespace {

CorpusSentence Sentence(const std::vector<std::tuple<std::string, PosTag, bool>>& ms) {
  CorpusSentence s;
  for (const auto& [form, tag, initial] : ms) s.push_back({form, tag, initial});
  return s;
}

std::string Show(const CorpusSentence& s) {
  std::string out;
  for (const CorpusMorph& m : s) out += (out.empty() ? "" : " ") + m.form + "/" + std::string(TagName(m.tag));
  return out;
}

class ConventionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto r = MorphRules::Load(KMA_SOURCE_DIR "/models/morph_rules.txt");
    ASSERT_TRUE(r.ok()) << r.status().message();
    rules_ = std::make_unique<MorphRules>(std::move(r).value());
  }
  std::unique_ptr<MorphRules> rules_;
};

TEST_F(ConventionsTest, FactsComeFromTheLexiconAndTheCorpus) {
  const std::vector<LexiconEntry> lexicon = {{"들어가", PosTag::kVV, 8227, 4, ""},
                                             {"되어가", PosTag::kVV, 13, 2, ""},  // too few sources
                                             {"재미있", PosTag::kVA, 1202, 4, ""},
                                             {"돕", PosTag::kVV, 1434, 4, "ㅂ"},
                                             {"주목", PosTag::kNNG, 1285, 4, ""}};
  const std::vector<CorpusSentence> corpus = {
      Sentence({{"돕", PosTag::kVV, true}, {"다", PosTag::kEF, false}}),
      Sentence({{"가지", PosTag::kVV, true}, {"다", PosTag::kEF, false}}),
      Sentence({{"가지", PosTag::kVV, true}, {"고", PosTag::kEC, false}}),
      Sentence({{"갖", PosTag::kVV, true}, {"다", PosTag::kEF, false}}),
      Sentence({{"사과", PosTag::kNNG, true}}),
  };
  LexiconFacts f(*rules_, lexicon, corpus);
  EXPECT_TRUE(f.IsLexicalised("들어가", PosTag::kVV));
  EXPECT_FALSE(f.IsLexicalised("되어가", PosTag::kVV));
  EXPECT_TRUE(f.IsLexicalised("재미있", PosTag::kVA));
  EXPECT_FALSE(f.IsLexicalised("재미있", PosTag::kVV));
  EXPECT_EQ(f.StemClass("돕", PosTag::kVV), IrregularClass::kB);
  EXPECT_EQ(f.StemClass("자연스럽", PosTag::kVA), IrregularClass::kB);  // the grammar's default
  EXPECT_EQ(f.StemClass("먹", PosTag::kVV), IrregularClass::kNone);
  EXPECT_TRUE(f.IsNoun("주목"));
  EXPECT_TRUE(f.IsNoun("사과"));
  EXPECT_FALSE(f.IsNoun("돕"));
  CorpusMorph stem;
  std::string ending;
  ASSERT_TRUE(f.InfinitiveOf("도와", &stem, &ending));
  EXPECT_EQ(stem.form + "/" + ending, "돕/아");
  ASSERT_TRUE(f.InfinitiveOf("가져", &stem, &ending));  // 가지 is the corpus's more frequent stem
  EXPECT_EQ(stem.form, "가지");
  EXPECT_FALSE(f.InfinitiveOf("도워", &stem, &ending));  // a penalised spelling is no prefix
  EXPECT_FALSE(f.InfinitiveOf("먹어", &stem, &ending));  // not a corpus stem
}

TEST_F(ConventionsTest, MapsTheCorpusCountingPerSource) {
  const std::vector<LexiconEntry> lexicon = {{"들어가", PosTag::kVV, 8227, 4, ""}};
  std::vector<CorpusSentence> corpus = {
      Sentence({{"같", PosTag::kVA, true}, {"ㄴ", PosTag::kETM, false}}),
      Sentence({{"들", PosTag::kVV, true}, {"어", PosTag::kEC, false}, {"가", PosTag::kVX, false},
                {"시", PosTag::kEP, false}, {"ㄴ다", PosTag::kEF, false}}),
      Sentence({{"공부", PosTag::kNNG, true}, {"하", PosTag::kXSV, false}, {"아", PosTag::kEC, false}}),
      Sentence({{"있", PosTag::kVA, true}, {"다", PosTag::kEF, false}}),
  };
  LexiconFacts facts(*rules_, lexicon, corpus);
  StandardConvention convention(*rules_, facts);
  ConventionReport report;
  MapCorpus(convention, {"kaist", "kaist", "gsd"}, "silver", 0, &corpus, &report);
  EXPECT_EQ(Show(corpus[0]), "같/VA 은/ETM");
  EXPECT_EQ(Show(corpus[1]), "들어가/VV 시/EP ㄴ다/EF");
  EXPECT_TRUE(corpus[1][0].word_initial);
  EXPECT_EQ(Show(corpus[2]), "공부/NNG 하/XSV 어/EC");
  EXPECT_EQ(Show(corpus[3]), "있/VV 다/EF");
  EXPECT_EQ(report["kaist"][ConventionRule::kEndingAllomorph], 1u);
  EXPECT_EQ(report["kaist"][ConventionRule::kCompoundJoin], 1u);
  EXPECT_EQ(report["gsd"][ConventionRule::kHaEo], 1u);
  EXPECT_EQ(report["silver"][ConventionRule::kExistence], 1u);  // past the sources: the fallback
  std::vector<std::string> lines;
  LogConventionReport(report, [&](const std::string& s) { lines.push_back(s); });
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1], "convention kaist: 2 rewrites, ending-allomorph 1, compound-join 1");
}

TEST_F(ConventionsTest, DropsTheLexiconEntriesTheConventionDoesNotWrite) {
  std::vector<LexiconEntry> lexicon = {{"도와주", PosTag::kVV, 100, 4, ""}, {"돕", PosTag::kVV, 100, 4, "ㅂ"},
                                       {"있", PosTag::kVA, 15475, 3, ""},  {"있", PosTag::kVV, 129146, 4, ""},
                                       {"ㅆ", PosTag::kEP, 15, 1, ""},     {"이렇게", PosTag::kMAG, 3982, 2, ""}};
  const std::vector<CorpusSentence> corpus = {Sentence({{"돕", PosTag::kVV, true}, {"다", PosTag::kEF, false}})};
  LexiconFacts facts(*rules_, lexicon, corpus);
  StandardConvention convention(*rules_, facts);
  EXPECT_EQ(DropUnwrittenEntries(convention, &lexicon), 4u);
  ASSERT_EQ(lexicon.size(), 2u);
  EXPECT_EQ(lexicon[0].form, "돕");
  EXPECT_EQ(lexicon[1].form + "/" + std::string(TagName(lexicon[1].tag)), "있/VV");
}

}  // namespace
}  // namespace kma::build
