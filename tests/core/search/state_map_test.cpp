// StateSet: merging of states that agree on everything future scores depend
// on; top-1 keeps the better twin, N-best up to top_n per merge key, the
// worst (the earliest of equal scores) giving way.
#include "core/search/state_map.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace kma::search {
namespace {

State Make(uint32_t key, float score, uint32_t hist) {
  State s{};
  s.lm_state.key[0] = key;
  s.score = score;
  s.hist = hist;
  return s;
}

std::vector<float> Scores(const StateSet& set, uint32_t key) {
  std::vector<float> out;
  for (const State& s : set.states())
    if (s.lm_state.key[0] == key) out.push_back(s.score);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(StateSetTest, TopOneKeepsTheBetterTwin) {
  StateSet set;
  uint32_t freed = 0;
  EXPECT_EQ(set.Insert(Make(1, -5, 10), 1, &freed), 0);
  EXPECT_EQ(freed, State::kNoHist);
  EXPECT_EQ(set.Insert(Make(1, -6, 11), 1, &freed), -1);
  EXPECT_EQ(set.Insert(Make(1, -4, 12), 1, &freed), 0);
  EXPECT_EQ(freed, 10u);
  EXPECT_EQ(set.Insert(Make(2, -9, 13), 1, &freed), 1);
  EXPECT_EQ(set.states().size(), 2u);
  EXPECT_FLOAT_EQ(set.best(), -4);
}

TEST(StateSetTest, NBestKeepsTopNPerKeyAndReplacesTheWorst) {
  StateSet set;
  uint32_t freed = 0;
  // Keys 1 and 2 interleaved, many more states than top_n, and enough keys
  // to make the index grow (rehash) on the way.
  uint32_t hist = 0;
  for (int round = 0; round < 40; ++round) {
    for (uint32_t key = 1; key <= 30; ++key) {
      const float score = -static_cast<float>((round * 7 + key * 3) % 23);
      set.Insert(Make(key, score, hist++), 3, &freed);
    }
  }
  for (uint32_t key = 1; key <= 30; ++key) {
    // The three best of the scores the key was offered.
    std::vector<float> offered;
    for (int round = 0; round < 40; ++round) offered.push_back(-static_cast<float>((round * 7 + key * 3) % 23));
    std::sort(offered.rbegin(), offered.rend());
    std::vector<float> want(offered.begin(), offered.begin() + 3);
    std::sort(want.begin(), want.end());
    EXPECT_EQ(Scores(set, key), want) << "key " << key;
  }
}

TEST(StateSetTest, NBestTieGoesToTheEarliestAndFreesItsHistory) {
  StateSet set;
  uint32_t freed = 0;
  EXPECT_EQ(set.Insert(Make(7, -3, 100), 2, &freed), 0);
  EXPECT_EQ(set.Insert(Make(7, -3, 101), 2, &freed), 1);
  // Full: no better than the worst is turned away.
  EXPECT_EQ(set.Insert(Make(7, -3, 102), 2, &freed), -1);
  // Better: takes the place of the earliest of the two equal worst states.
  EXPECT_EQ(set.Insert(Make(7, -1, 103), 2, &freed), 0);
  EXPECT_EQ(freed, 100u);
  // Now the worst is the second one.
  EXPECT_EQ(set.Insert(Make(7, -2, 104), 2, &freed), 1);
  EXPECT_EQ(freed, 101u);
  EXPECT_EQ(Scores(set, 7), (std::vector<float>{-2, -1}));
  set.Clear();
  EXPECT_TRUE(set.states().empty());
  EXPECT_EQ(set.Insert(Make(7, -9, 1), 2, &freed), 0);
}

}  // namespace
}  // namespace kma::search
