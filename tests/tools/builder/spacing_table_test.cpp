// The lexical spacing table: the builder's counts (tools/builder/lm/
// spacing_counts.h), the section's checks (core/model/spacing_table.h) and
// the odds spacing correction reads from it (core/model/word_boundary.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/model/format.h"
#include "core/model/model.h"
#include "core/model/model_view.h"
#include "core/model/spacing_table.h"
#include "core/model/word_boundary.h"
#include "tools/builder/model_builder.h"
#include "tests/support/mini_config.h"

namespace kma::build {
namespace {

std::string SpacingTempPath(const std::string& name) {
  return ::testing::TempDir() + "kma_spacing_table_test_" + std::to_string(::getpid()) + "_" + name;
}

class SpacingTableTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    base_ = new std::string(SpacingTempPath("base.kmam"));
    with_ = new std::string(SpacingTempPath("with.kmam"));
    Status s = BuildModel(MiniConfig(*base_));
    ASSERT_TRUE(s.ok()) << s.message();
    s = AddSpacingTable(MiniConfig(*with_), *base_);
    ASSERT_TRUE(s.ok()) << s.message();
  }
  static void TearDownTestSuite() {
    std::remove(base_->c_str());
    std::remove(with_->c_str());
    delete base_;
    delete with_;
  }
  static std::string* base_;
  static std::string* with_;
};
std::string* SpacingTableTest::base_ = nullptr;
std::string* SpacingTableTest::with_ = nullptr;

TEST_F(SpacingTableTest, AModelWithoutTheSectionHasAnEmptyTable) {
  auto m = Model::OpenFile(*base_);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_TRUE(m.value()->impl().spacing_table().empty());
}

TEST_F(SpacingTableTest, TheTableCountsTheCorpusSpacing) {
  auto m = Model::OpenFile(*with_);
  ASSERT_TRUE(m.ok()) << m.status().message();
  const SpacingTableView& t = m.value()->impl().spacing_table();
  ASSERT_FALSE(t.empty());
  // 학교/NNG 에/JKB is written as one word (학교에) three times or more.
  const SpacingEntry* e = t.Find(SpacingKey(SpacingContext::kBoth, "학교", PosTag::kNNG, "에", PosTag::kJKB));
  ASSERT_NE(e, nullptr);
  EXPECT_GE(e->joined, 3u);
  EXPECT_EQ(e->spaced, 0u);
  // 학교 after a JX particle starts a word (나는 학교에).
  e = t.Find(SpacingKey(SpacingContext::kRight, "", PosTag::kJX, "학교", PosTag::kNNG));
  ASSERT_NE(e, nullptr);
  EXPECT_GE(e->spaced, 1u);
  EXPECT_EQ(e->joined, 0u);
  // The form a context leaves out does not change its key.
  EXPECT_EQ(SpacingKey(SpacingContext::kRight, "나", PosTag::kJX, "학교", PosTag::kNNG),
            SpacingKey(SpacingContext::kRight, "", PosTag::kJX, "학교", PosTag::kNNG));
  EXPECT_NE(SpacingKey(SpacingContext::kLeft, "학교", PosTag::kNNG, "", PosTag::kJKB),
            SpacingKey(SpacingContext::kRight, "", PosTag::kNNG, "학교", PosTag::kJKB));
  EXPECT_EQ(t.Find(SpacingKey(SpacingContext::kBoth, "없는", PosTag::kNNG, "말", PosTag::kNNG)), nullptr);
}

TEST_F(SpacingTableTest, TheOddsMoveTowardsTheCorpusAndKeepTheRule) {
  auto base = Model::OpenFile(*base_);
  auto with = Model::OpenFile(*with_);
  ASSERT_TRUE(base.ok() && with.ok());
  const ModelImpl& b = base.value()->impl();
  const ModelImpl& w = with.value()->impl();
  // Without the table the odds are the tag rule's.
  EXPECT_EQ(LexicalWordStartLogOdds(b, PosTag::kJX, "는", PosTag::kNNG, "학교", false),
            WordStartLogOdds(b, PosTag::kJX, PosTag::kNNG, false));
  // A space the corpus always writes raises them.
  EXPECT_GT(LexicalWordStartLogOdds(w, PosTag::kJX, "는", PosTag::kNNG, "학교", false),
            WordStartLogOdds(w, PosTag::kJX, PosTag::kNNG, false));
  // A particle never starts a word, whatever the counts.
  EXPECT_TRUE(std::isinf(LexicalWordStartLogOdds(w, PosTag::kNNG, "학교", PosTag::kJKB, "에", false)));
}

TEST(SpacingTableView, RejectsABadSection) {
  alignas(8) uint8_t bytes[8 + 2 * sizeof(SpacingEntry)] = {};
  const uint32_t two = 2;
  std::memcpy(bytes, &two, 4);
  SpacingEntry e[2] = {{5, 1, 0}, {3, 0, 1}};
  std::memcpy(bytes + 8, e, sizeof e);
  auto v = SpacingTableView::Open(bytes, sizeof bytes);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.status().code(), StatusCode::kModelFormat);
  EXPECT_NE(v.status().message().find("not increasing at entry 1"), std::string::npos) << v.status().message();
  EXPECT_FALSE(SpacingTableView::Open(bytes, sizeof bytes - 1).ok()) << "a size that is not the count's";
  EXPECT_FALSE(SpacingTableView::Open(bytes, 4).ok());
  std::swap(e[0], e[1]);
  std::memcpy(bytes + 8, e, sizeof e);
  v = SpacingTableView::Open(bytes, sizeof bytes);
  ASSERT_TRUE(v.ok()) << v.status().message();
  ASSERT_NE(v.value().Find(5), nullptr);
  EXPECT_EQ(v.value().Find(5)->spaced, 1u);
  EXPECT_EQ(v.value().Find(4), nullptr);
}

}  // namespace
}  // namespace kma::build
