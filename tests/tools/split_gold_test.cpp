// Unit tests of the sentence-split gold format and its scoring
// (tools/kma/eval/split_gold.h), with hand-computed expectations.
#include "tools/kma/eval/split_gold.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kma::cli {
namespace {

TEST(ParseSplitGold, DocumentsLabelsJoinsAndComments) {
  std::vector<SplitGoldDoc> docs;
  std::string err;
  ASSERT_TRUE(ParseSplitGold("# a comment\n가나다.\tpunct\n라마\tnopunct\tnone\n\n\n바사\n아자\t-\tnewline\r\n", &docs,
                             &err))
      << err;
  ASSERT_EQ(docs.size(), 2u);
  EXPECT_EQ(docs[0].line, 2u);
  ASSERT_EQ(docs[0].sentences.size(), 2u);
  EXPECT_EQ(docs[0].sentences[0].label, "punct");
  EXPECT_EQ(docs[0].sentences[1].join, SplitJoin::kNone);
  EXPECT_EQ(docs[1].line, 6u);
  EXPECT_EQ(docs[1].sentences[0].label, "plain");
  EXPECT_EQ(docs[1].sentences[1].label, "plain");
  EXPECT_EQ(docs[1].sentences[1].join, SplitJoin::kNewline);
  std::vector<ByteSpan> spans;
  EXPECT_EQ(DocumentText(docs[0], &spans), "가나다.라마");
  EXPECT_EQ(DocumentText(docs[1], &spans), "바사\n아자");
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[1].begin, 7u);
  EXPECT_EQ(spans[1].end, 13u);
}

TEST(ParseSplitGold, ErrorsNameTheLine) {
  std::vector<SplitGoldDoc> docs;
  std::string err;
  EXPECT_FALSE(ParseSplitGold("가나\n 다라\n", &docs, &err));
  EXPECT_EQ(err, "line 2: sentence has leading or trailing whitespace");
  EXPECT_FALSE(ParseSplitGold("가나\tx\tsideways\n", &docs, &err));
  EXPECT_EQ(err, "line 1: unknown join 'sideways' (space, none or newline)");
  EXPECT_FALSE(ParseSplitGold("\n\n가\ta\tspace\tmore\n", &docs, &err));
  EXPECT_EQ(err, "line 3: expected sentence, TAB, label [, TAB, join]: found 4 fields");
  EXPECT_FALSE(ParseSplitGold("\tlabel\n", &docs, &err));
  EXPECT_EQ(err, "line 1: empty sentence");
  // A label is one word: a '\r' in it would be lost when the file is
  // written and read again (fuzz_eval_formats).
  EXPECT_FALSE(ParseSplitGold("가\n\n나\t\r\tnone\n", &docs, &err));
  EXPECT_EQ(err, "line 3: label has whitespace (a label is one word)");
  EXPECT_FALSE(ParseSplitGold("가\tno punct\n", &docs, &err));
  EXPECT_EQ(err, "line 1: label has whitespace (a label is one word)");
}

TEST(ParseSplitGold, WrittenFilesReadBackTheSame) {
  std::vector<SplitGoldDoc> docs(1);
  docs[0].sentences = {{"좋다 ㅋㅋ", "emoticon", SplitJoin::kSpace}, {"또 가자", "nopunct", SplitJoin::kNone}};
  std::string text;
  AppendSplitGold(docs, &text);
  EXPECT_EQ(text, "좋다 ㅋㅋ\temoticon\n또 가자\tnopunct\tnone\n\n");
  std::vector<SplitGoldDoc> back;
  std::string err;
  ASSERT_TRUE(ParseSplitGold(text, &back, &err)) << err;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].sentences[1].text, "또 가자");
  EXPECT_EQ(back[0].sentences[1].join, SplitJoin::kNone);
}

// "가나. 다라 마바": gold 가나. (3 characters) | 다라 마바 (4 characters).
class SplitScoring : public ::testing::Test {
 protected:
  void SetUp() override {
    doc_.sentences = {{"가나.", "punct", SplitJoin::kSpace}, {"다라 마바", "nopunct", SplitJoin::kSpace}};
    text_ = DocumentText(doc_, &gold_);
    ASSERT_EQ(text_, "가나. 다라 마바");
  }
  SplitGoldDoc doc_;
  std::string text_;
  std::vector<ByteSpan> gold_;
};

TEST_F(SplitScoring, OneSentenceForTwoScoresByOverlap) {
  SplitAccumulator acc;
  acc.AddDocument(text_, doc_, gold_, {{0, text_.size()}});
  EXPECT_EQ(acc.overall().sentences, 2);
  EXPECT_EQ(acc.overall().exact, 0);
  // 2*3/(3+7) and 2*4/(4+7), averaged.
  EXPECT_NEAR(acc.overall().mean_f1(), (0.6 + 8.0 / 11.0) / 2, 1e-12);
  EXPECT_NEAR(acc.per_label().at("punct").mean_f1(), 0.6, 1e-12);
  EXPECT_EQ(acc.boundaries().gold, 1);
  EXPECT_EQ(acc.boundaries().predicted, 0);
  EXPECT_EQ(acc.boundaries().recall(), 0.0);
}

TEST_F(SplitScoring, SurroundingWhitespaceDoesNotMatter) {
  SplitAccumulator acc;
  acc.AddDocument(text_, doc_, gold_, {{0, 8}, {8, text_.size()}});  // "가나. " and "다라 마바"
  EXPECT_EQ(acc.overall().exact, 2);
  EXPECT_DOUBLE_EQ(acc.overall().mean_f1(), 1.0);
  EXPECT_EQ(acc.boundaries().matched, 1);
  EXPECT_DOUBLE_EQ(acc.boundaries().f1(), 1.0);
}

TEST_F(SplitScoring, AWrongBoundaryCostsBothNeighbours) {
  // "가나. 다라" | "마바": the first gold sentence still has its best match.
  SplitAccumulator acc;
  acc.AddDocument(text_, doc_, gold_, {{0, 14}, {15, text_.size()}});
  EXPECT_EQ(acc.overall().exact, 0);
  // gold 1 (3) vs pred 1 (5): 2*3/8; gold 2 (4) vs pred 1 (overlap 2, size 5):
  // 4/9, vs pred 2 (overlap 2, size 2): 4/6 -> best 2/3.
  EXPECT_NEAR(acc.per_label().at("punct").mean_f1(), 0.75, 1e-12);
  EXPECT_NEAR(acc.per_label().at("nopunct").mean_f1(), 2.0 / 3.0, 1e-12);
  EXPECT_EQ(acc.boundaries().predicted, 1);
  EXPECT_EQ(acc.boundaries().matched, 0);
  SplitAccumulator total;
  total.Merge(acc);
  total.Merge(acc);
  EXPECT_EQ(total.documents(), 2);
  EXPECT_EQ(total.overall().sentences, 4);
}

}  // namespace
}  // namespace kma::cli
