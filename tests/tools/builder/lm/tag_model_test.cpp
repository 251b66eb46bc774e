#include "tools/builder/lm/tag_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace kma::build {
namespace {

float At(const std::vector<float>& table, int prev, PosTag tag, bool space) {
  return table[(prev * kNumTags + static_cast<int>(tag)) * 2 + (space ? 1 : 0)];
}

// 먹/VV 었/EP 다/EF, 밥/NNG 을/JKO: endings never begin a word, nouns and
// verbs always do.
std::vector<CorpusSentence> Corpus() {
  std::vector<CorpusSentence> c;
  for (int i = 0; i < 20; ++i) {
    c.push_back({{"밥", PosTag::kNNG, true}, {"을", PosTag::kJKO, false},
                 {"먹", PosTag::kVV, true}, {"었", PosTag::kEP, false}, {"다", PosTag::kEF, false}});
  }
  return c;
}

TEST(BoundaryTable, JoinedAndSpacedPairsFollowTheCorpus) {
  const std::vector<float> t = BoundaryTable(TagModelSpec{}, Corpus());
  const int nng = static_cast<int>(PosTag::kNNG), vv = static_cast<int>(PosTag::kVV);
  EXPECT_LT(At(t, nng, PosTag::kJKO, true), std::log(0.05f));   // 밥 을
  EXPECT_GT(At(t, nng, PosTag::kJKO, false), std::log(0.95f));  // 밥을
  EXPECT_LT(At(t, vv, PosTag::kEP, true), std::log(0.05f));
  // An unseen pair stays at the prior's 50/50.
  EXPECT_FLOAT_EQ(At(t, vv, PosTag::kIC, true), std::log(0.5f));
}

// A sentence start is a word start: the start row says how often each tag
// begins a word after any tag, so an ending cannot cheaply open a sentence.
TEST(BoundaryTable, SentenceStartRowIsTheTagsWordStartRate) {
  const std::vector<float> t = BoundaryTable(TagModelSpec{}, Corpus());
  EXPECT_LT(At(t, kNumTags, PosTag::kEF, true), std::log(0.05f));
  EXPECT_LT(At(t, kNumTags, PosTag::kEP, true), std::log(0.05f));
  EXPECT_GT(At(t, kNumTags, PosTag::kVV, true), std::log(0.95f));  // after 을, 20 of 20
  EXPECT_FLOAT_EQ(At(t, kNumTags, PosTag::kIC, true), std::log(0.5f));  // never seen
}

}  // namespace
}  // namespace kma::build
