// Tests for line gluing (core/search/glue.h) on the mini model.
#include "core/search/glue.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/mini_model.h"

namespace kma {
namespace {

class GlueTest : public test::MiniModelTest {
 protected:
  std::string Glue(const std::string& text, std::vector<GlueDecision>* decisions,
                   const GlueOptions& options = GlueOptions()) {
    Analyzer a(*model_);
    std::vector<GlueBreak> breaks;
    std::string out;
    const Status st = GlueUtf8(&a, text, &breaks, &out, options);
    EXPECT_TRUE(st.ok()) << st.message();
    decisions->clear();
    for (const GlueBreak& b : breaks) {
      EXPECT_TRUE(text.compare(b.begin, b.length, "\n") == 0 || text.compare(b.begin, b.length, "\r\n") == 0);
      decisions->push_back(b.decision);
    }
    return out;
  }
};

TEST_F(GlueTest, JoinsCutWordsAndSentencesAndKeepsSentenceEnds) {
  std::vector<GlueDecision> d;
  EXPECT_EQ(Glue("나는 학교에\n간다.", &d), "나는 학교에 간다.");
  EXPECT_EQ(d, std::vector<GlueDecision>{GlueDecision::kSpace});
  EXPECT_EQ(Glue("나는 학\r\n교에 간다.", &d), "나는 학교에 간다.");
  EXPECT_EQ(d, std::vector<GlueDecision>{GlueDecision::kJoin});
  EXPECT_EQ(Glue("나는 학교에 간다.\n철수가 밥을 먹었다.", &d), "나는 학교에 간다.\n철수가 밥을 먹었다.");
  EXPECT_EQ(d, std::vector<GlueDecision>{GlueDecision::kKeep});
}

TEST_F(GlueTest, TheJoinMarginDecidesBetweenJoinAndSpaceOnly) {
  // A margin no reading can overcome always spaces, a negative one of the
  // same size always joins; sentence ends stay whatever the margin.
  std::vector<GlueDecision> d;
  GlueOptions never, always;
  never.join_margin = 1000.0f;
  always.join_margin = -1000.0f;
  EXPECT_EQ(Glue("나는 학\n교에 간다.", &d, never), "나는 학 교에 간다.");
  EXPECT_EQ(d, std::vector<GlueDecision>{GlueDecision::kSpace});
  EXPECT_EQ(Glue("나는 학교에\n간다.", &d, always), "나는 학교에간다.");
  EXPECT_EQ(d, std::vector<GlueDecision>{GlueDecision::kJoin});
  EXPECT_EQ(Glue("나는 학교에 간다.\n철수가 밥을 먹었다.", &d, always), "나는 학교에 간다.\n철수가 밥을 먹었다.");
  EXPECT_EQ(d, std::vector<GlueDecision>{GlueDecision::kKeep});
}

TEST_F(GlueTest, BlankLinesAndEdgesStay) {
  std::vector<GlueDecision> d;
  EXPECT_EQ(Glue("나는\n\n학교에", &d), "나는\n\n학교에");
  EXPECT_EQ(d, (std::vector<GlueDecision>{GlueDecision::kKeep, GlueDecision::kKeep}));
  EXPECT_EQ(Glue("", &d), "");
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(Glue("\n", &d), "\n");
  EXPECT_EQ(d, std::vector<GlueDecision>{GlueDecision::kKeep});
}

TEST_F(GlueTest, BadInputIsAnErrorWithItsPosition) {
  Analyzer a(*model_);
  std::vector<GlueBreak> breaks;
  std::string out;
  const Status st = GlueUtf8(&a, "가\n\xff", &breaks, &out);
  EXPECT_EQ(st.code(), StatusCode::kInvalidUtf8);
  EXPECT_EQ(st.offset(), 4);
}

}  // namespace
}  // namespace kma
