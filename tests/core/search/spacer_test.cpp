// Tests for spacing correction (core/search/spacer.h) and the word-start
// rule it shares with the joiner (core/model/word_boundary.h), on the mini
// model of tests/data/mini.
#include "core/search/spacer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/model/model_view.h"
#include "core/model/word_boundary.h"
#include "tests/support/mini_model.h"

namespace kma {
namespace {

class SpacerTest : public test::MiniModelTest {
 protected:
  std::string Space(const std::string& text, float weight) {
    Analyzer a(*model_);
    SpaceOptions opt;
    opt.weight = weight;
    std::string out;
    const Status st = SpaceUtf8(&a, text, opt, &out);
    EXPECT_TRUE(st.ok()) << st.message();
    return out;
  }
};

TEST_F(SpacerTest, ParticlesEndingsAndSuffixesNeverStartAWord) {
  const ModelImpl& m = (*model_)->impl();
  for (PosTag t : {PosTag::kJKS, PosTag::kJKB, PosTag::kJX, PosTag::kEP, PosTag::kEF, PosTag::kETM, PosTag::kVCP,
                   PosTag::kXSN, PosTag::kXSV, PosTag::kXSA}) {
    EXPECT_EQ(WordStartLogOdds(m, PosTag::kNNG, t, false), -std::numeric_limits<float>::infinity()) << TagName(t);
    EXPECT_FALSE(StartsWord(m, PosTag::kNNG, t, false));
  }
  // A word starts after a particle in every sentence of the corpus.
  EXPECT_TRUE(StartsWord(m, PosTag::kJKS, PosTag::kNNG, false));
  EXPECT_TRUE(StartsWord(m, PosTag::kJKO, PosTag::kVV, false));
  // An auxiliary verb joins 아/어; elsewhere the corpus decides.
  EXPECT_LT(WordStartLogOdds(m, PosTag::kEC, PosTag::kVX, true), 0.0f);
  EXPECT_TRUE(IsConnectiveForm(PosTag::kEC, "어"));
  EXPECT_FALSE(IsConnectiveForm(PosTag::kEC, "고"));
  EXPECT_FALSE(IsConnectiveForm(PosTag::kEF, "어"));
}

TEST_F(SpacerTest, TextWithoutSpacesGetsTheCorpusSpacing) {
  EXPECT_EQ(Space("나는학교에간다.", 0.5f), "나는 학교에 간다.");
  EXPECT_EQ(Space("철수가밥을먹었다.", 0.0f), "철수가 밥을 먹었다.");
}

TEST_F(SpacerTest, CorrectTextComesBackUnchanged) {
  for (float w : {0.0f, 0.5f, 1.0f}) {
    EXPECT_EQ(Space("나는 학교에 간다.", w), "나는 학교에 간다.") << w;
    EXPECT_EQ(Space("철수가 밥을 먹었다.", w), "철수가 밥을 먹었다.") << w;
  }
}

TEST_F(SpacerTest, WrongSpacesAreFixed) {
  // A space before a particle, inside a word and a missing one.
  EXPECT_EQ(Space("나는 학교 에 간다.", 0.5f), "나는 학교에 간다.");
  EXPECT_EQ(Space("철수가밥을 먹었 다.", 0.5f), "철수가 밥을 먹었다.");
  // Weight 1 keeps every space the writer put.
  EXPECT_EQ(Space("철수가 밥을 먹었 다.", 1.0f), "철수가 밥을 먹었 다.");
}

TEST_F(SpacerTest, KeepsWhatIsNotSpacingBetweenWords) {
  // The writer's space keeps its character; line breaks, the spaces at a
  // line's ends and those between non-Hangul characters stay.
  EXPECT_EQ(Space("나는\t학교에 간다.", 0.5f), "나는\t학교에 간다.");
  EXPECT_EQ(Space("  나는학교에간다.  ", 0.5f), "  나는 학교에 간다.  ");
  EXPECT_EQ(Space("나는학교에\n간다.", 0.5f), "나는 학교에\n간다.");
  EXPECT_EQ(Space("abc def", 0.0f), "abc def");
  EXPECT_EQ(Space("", 0.5f), "");
  EXPECT_EQ(Space("   ", 0.5f), "   ");
}

TEST_F(SpacerTest, BadInputIsAnErrorWithItsPosition) {
  Analyzer a(*model_);
  SpaceOptions opt;
  std::string out = "stale";
  Status st = SpaceUtf8(&a, "나는\xff", opt, &out);
  EXPECT_EQ(st.code(), StatusCode::kInvalidUtf8);
  EXPECT_EQ(st.offset(), 6);
  EXPECT_TRUE(out.empty());
  for (float w : {-0.1f, 1.5f, std::nanf("")}) {
    opt.weight = w;
    EXPECT_EQ(SpaceUtf8(&a, "나는", opt, &out).code(), StatusCode::kInvalidArgument) << w;
  }
}

}  // namespace
}  // namespace kma
