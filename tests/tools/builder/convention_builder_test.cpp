// Tests for the convention stage (tools/builder/convention/convention_builder.h)
// and the prior it gives the analyzer: two sources that write 같은
// differently (source "a" 같/VA ㄴ/ETM, source "b" 같/VA 은/ETM) and differ
// in style (b ends in 요). Each sentence comes out in its source's
// convention; without the prior, both in the same one.
#include "tools/builder/convention/convention_builder.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/dict/dictionary.h"
#include "core/model/convention_prior.h"
#include "core/model/lm_vocabulary.h"
#include "core/model/model.h"
#include "core/model/model_parts.h"
#include "core/search/analyzer.h"
#include "tools/builder/model_builder.h"

namespace kma::build {
namespace {

const char kMiniDir[] = KMA_TEST_DATA_DIR "/mini";

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "kma_convention_test_" + std::to_string(::getpid()) + "_" + name;
}

const char* const kSourceA[] = {
    "그는 다른 책을 읽는다.\t그/NP 는/JX\t다르/VA ㄴ/ETM\t책/NNG 을/JKO\t읽/VV 는다/EF ./SF",
    "철수는 다른 밥을 먹는다.\t철수/NNP 는/JX\t다르/VA ㄴ/ETM\t밥/NNG 을/JKO\t먹/VV 는다/EF ./SF",
    "그는 같은 책을 읽는다.\t그/NP 는/JX\t같/VA ㄴ/ETM\t책/NNG 을/JKO\t읽/VV 는다/EF ./SF",
    "철수는 같은 밥을 먹는다.\t철수/NNP 는/JX\t같/VA ㄴ/ETM\t밥/NNG 을/JKO\t먹/VV 는다/EF ./SF",
    "영희는 같은 학교에 간다.\t영희/NNP 는/JX\t같/VA ㄴ/ETM\t학교/NNG 에/JKB\t가/VV ㄴ다/EF ./SF",
};
const char* const kSourceB[] = {
    "저는 같은 책을 읽어요.\t저/NP 는/JX\t같/VA 은/ETM\t책/NNG 을/JKO\t읽/VV 어요/EF ./SF",
    "저는 같은 밥을 먹어요.\t저/NP 는/JX\t같/VA 은/ETM\t밥/NNG 을/JKO\t먹/VV 어요/EF ./SF",
};

class ConventionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    train_ = TempPath("train.tsv");
    sources_ = TempPath("train.sources");
    model_path_ = TempPath("m.kmam");
    std::ofstream t(train_), s(sources_);
    std::ifstream mini(std::string(kMiniDir) + "/train.tsv");
    for (std::string line; std::getline(mini, line); ++lines_) {
      t << line << "\n";
      s << "a\n";
    }
    // Source b as often as the a lines of 같은, so that the LM alone has no
    // clear majority.
    for (int rep = 0; rep < 3; ++rep) {
      for (const char* l : kSourceA) t << l << "\n", s << "a\n", ++lines_;
      for (const char* l : kSourceB) t << l << "\n", s << "b\n", ++lines_;
      for (const char* l : kSourceB) t << l << "\n", s << "b\n", ++lines_;
    }
  }
  void TearDown() override {
    for (const std::string& p : {train_, sources_, model_path_, model_path_ + ".tmp"}) std::remove(p.c_str());
  }
  BuildConfig Config(bool with_sources) {
    BuildConfig c;
    c.train_path = train_;
    c.sources_path = with_sources ? sources_ : "";
    c.lexicon_dir = std::string(kMiniDir) + "/lexicon";
    c.rules_path = KMA_SOURCE_DIR "/models/morph_rules.txt";
    c.output_path = model_path_;
    c.lms = {"knlm"};
    c.default_lm = "knlm";
    // The bundled model's smoothing (300 pseudo-tokens) would swamp a corpus
    // of a few hundred tokens.
    c.convention.prior_strength = 10;
    return c;
  }
  std::shared_ptr<const Model> Build(bool with_sources) {
    Status st = BuildModel(Config(with_sources));
    EXPECT_TRUE(st.ok()) << st.message();
    auto m = Model::OpenFile(model_path_);
    EXPECT_TRUE(m.ok()) << m.status().message();
    return m.ok() ? m.value() : nullptr;
  }
  // The morphemes of 같은 (the second word) in the analysis of `text`.
  static std::string SecondWord(const std::shared_ptr<const Model>& m, const std::string& text, bool prior) {
    Analyzer a(m);
    AnalyzeOptions opt;
    opt.convention_prior = prior;
    std::vector<Analysis> out;
    EXPECT_TRUE(a.AnalyzeUtf8(text, opt, &out).ok());
    std::string s;
    for (const Token& t : out.at(0).tokens)
      if (t.word == 1) s += (s.empty() ? "" : " ") + t.form + "/" + std::string(TagName(t.tag));
    return s;
  }
  // The LM token of a morpheme the model has a token of its own for.
  static uint32_t LmToken(const LmVocabulary& v, std::string_view form, PosTag tag) {
    const uint32_t token = v.TokenOf(form, TagName(tag));
    EXPECT_NE(token, LmClassToken(tag)) << "no token of its own for " << form;
    return token;
  }
  // Writes a sources file of `count` lines "a", line `blank` (0-based) empty.
  void WriteSources(size_t count, size_t blank = SIZE_MAX) {
    std::ofstream s(sources_);
    for (size_t i = 0; i < count; ++i) s << (i == blank ? "" : "a") << "\n";
  }
  std::string train_, sources_, model_path_;
  size_t lines_ = 0;  // lines of train_
};

TEST_F(ConventionTest, EachSentenceIsAnalysedInTheConventionOfItsSource) {
  auto m = Build(true);
  ASSERT_NE(m, nullptr);
  const ConventionPrior* prior = ConventionPriorOf(*m);
  ASSERT_NE(prior, nullptr);
  ASSERT_EQ(prior->source_count(), 2u);
  // Sources are numbered in name order: a = 0, b = 1.
  const LmVocabulary vocab(*m);
  const uint32_t eun = LmToken(vocab, "은", PosTag::kETM), n = LmToken(vocab, "ㄴ", PosTag::kETM);
  EXPECT_LT(prior->Penalties(0)[eun], -0.5f);
  EXPECT_EQ(prior->Penalties(1)[eun], 0.0f);
  EXPECT_LT(prior->Penalties(1)[n], -0.5f);
  std::vector<uint32_t> units;
  std::u32string b_text = U"저는 빵을 먹어요.", a_text = U"그는 빵을 먹는다.";
  EXPECT_EQ(prior->Guess(b_text, &units), 1u);
  EXPECT_EQ(prior->Guess(a_text, &units), 0u);

  EXPECT_EQ(SecondWord(m, "저는 같은 빵을 먹어요.", true), "같/VA 은/ETM");
  EXPECT_EQ(SecondWord(m, "그는 같은 빵을 먹는다.", true), "같/VA ㄴ/ETM");
  EXPECT_EQ(SecondWord(m, "저는 같은 빵을 먹어요.", false), SecondWord(m, "그는 같은 빵을 먹는다.", false));
}

TEST_F(ConventionTest, WithoutSourcesTheModelHasNoPrior) {
  auto m = Build(false);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(ConventionPriorOf(*m), nullptr);
}

TEST_F(ConventionTest, BuildsAreIdentical) {
  ASSERT_TRUE(BuildModel(Config(true)).ok());
  std::ifstream f1(model_path_, std::ios::binary);
  const std::string first((std::istreambuf_iterator<char>(f1)), std::istreambuf_iterator<char>());
  ASSERT_TRUE(BuildModel(Config(true)).ok());
  std::ifstream f2(model_path_, std::ios::binary);
  const std::string second((std::istreambuf_iterator<char>(f2)), std::istreambuf_iterator<char>());
  EXPECT_FALSE(first.empty());
  EXPECT_TRUE(first == second);
}

TEST_F(ConventionTest, ASourcesFileOfAnotherLengthOrWithoutALabelIsAnError) {
  for (size_t count : {size_t{2}, lines_ - 1, lines_ + 1}) {
    WriteSources(count);
    Status st = BuildModel(Config(true));
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << count;
    EXPECT_NE(st.message().find(sources_ + ": " + std::to_string(count) + " lines, but"), std::string::npos)
        << st.message();
  }
  WriteSources(lines_, 3);
  Status st = BuildModel(Config(true));
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find(sources_ + ":4: no source"), std::string::npos) << st.message();
  BuildConfig missing = Config(true);
  missing.sources_path = sources_ + ".missing";
  EXPECT_EQ(BuildModel(missing).code(), StatusCode::kIo);
}

// Whatever path the search takes, its score is the score without the prior
// plus the penalties of the model morphemes it holds: checked on the
// N-best lists of a sentence with a fused stem (다르 + ㄴ is spelled 다른: a
// stem head and its fused tail, whose stem the search scores apart).
TEST_F(ConventionTest, AnAnalysisPaysThePenaltyOfEveryMorphemeItHolds) {
  auto m = Build(true);
  ASSERT_NE(m, nullptr);
  const ConventionPrior* prior = ConventionPriorOf(*m);
  const LmVocabulary vocab(*m);
  ASSERT_NE(prior, nullptr);
  std::vector<uint32_t> units;
  ASSERT_EQ(prior->Guess(U"저는 다른 빵을 먹어요.", &units), 1u);
  const float* pen = prior->Penalties(1);
  ASSERT_LT(pen[LmToken(vocab, "다르", PosTag::kVA)], -0.5f);
  auto analyses = [&](bool on) {
    Analyzer a(m);
    AnalyzeOptions opt;
    opt.convention_prior = on;
    opt.top_n = 16;
    std::vector<Analysis> out;
    EXPECT_TRUE(a.AnalyzeUtf8("저는 다른 빵을 먹어요.", opt, &out).ok());
    return out;
  };
  auto key = [](const Analysis& an) {
    std::string k;
    for (const Token& t : an.tokens) k += t.form + "/" + std::string(TagName(t.tag)) + " ";
    return k;
  };
  const std::vector<Analysis> with = analyses(true), without = analyses(false);
  int compared = 0;
  bool fused_stem = false;
  for (const Analysis& w : with) {
    for (const Analysis& o : without) {
      if (key(w) != key(o)) continue;
      float expected = o.score;
      for (const Token& t : w.tokens)
        if (t.morph_id != 0) expected += pen[vocab.TokenOf(t.form, TagName(t.tag))];
      EXPECT_NEAR(w.score, expected, 1e-3) << key(w);
      fused_stem |= key(w).find("다르/VA ㄴ/ETM") != std::string::npos;
      ++compared;
    }
  }
  EXPECT_GE(compared, 2);
  EXPECT_TRUE(fused_stem);
}

}  // namespace
}  // namespace kma::build
