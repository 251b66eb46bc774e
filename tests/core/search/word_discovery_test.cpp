// Tests for new-word discovery (core/search/word_discovery.h) on the mini model.
#include "core/search/word_discovery.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/mini_model.h"

namespace kma {
namespace {

class WordDiscoveryTest : public test::MiniModelTest {
 protected:
  std::vector<std::string> Found(const std::string& text, DiscoveryOptions opt = DiscoveryOptions()) {
    WordDiscovery d;
    EXPECT_TRUE(d.Add(text).ok());
    Analyzer a(*model_);
    std::vector<WordCandidate> out;
    const Status st = d.Extract(&a, opt, &out);
    EXPECT_TRUE(st.ok()) << st.message();
    std::vector<std::string> forms;
    for (const WordCandidate& w : out) forms.push_back(w.form);
    return forms;
  }
};

// 킬링타임용 before particles and alone, 3 times each kind.
const char kText[] =
    "킬링타임용으로 좋다\n킬링타임용이다\n킬링타임용 영화\n킬링타임용으로 딱\n킬링타임용이다 정말\n"
    "킬링타임용 최고\n킬링타임용을 봤다\n킬링타임용을 찾다\n";

TEST_F(WordDiscoveryTest, FindsAWordBeforeParticlesButNotItsFragmentsOrInflectedForms) {
  const std::vector<std::string> f = Found(kText);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0], "킬링타임용");  // not 킬링, 킬링타임 (fragments), 킬링타임용으 or 킬링타임용이
}

TEST_F(WordDiscoveryTest, CountsAndSharesAreThoseOfTheText) {
  WordDiscovery d;
  ASSERT_TRUE(d.Add(kText).ok());
  Analyzer a(*model_);
  std::vector<WordCandidate> out;
  ASSERT_TRUE(d.Extract(&a, DiscoveryOptions(), &out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].count, 8u);
  EXPECT_FLOAT_EQ(out[0].particle_share, 1.0f);
  EXPECT_GT(out[0].cohesion, 0.0f);
  EXPECT_LE(out[0].cohesion, 1.0f);
}

TEST_F(WordDiscoveryTest, ThresholdsApply) {
  DiscoveryOptions opt;
  opt.min_count = 9;  // 킬링타임용 starts 8 words
  EXPECT_TRUE(Found(kText, opt).empty());
  opt = DiscoveryOptions();
  opt.min_particle_kinds = 3;  // 으로, 이다, 을: 3 kinds; 4 needed below
  EXPECT_EQ(Found(kText, opt).size(), 1u);
  opt.min_particle_kinds = 4;
  EXPECT_TRUE(Found(kText, opt).empty());
}

TEST_F(WordDiscoveryTest, WordsTheModelKnowsAreLeftOut) {
  // 학교 is a word of the mini model's dictionary; 핵교 in the same words is not.
  const std::string text = "학교에 갔다\n학교를 봤다\n학교가 좋다\n학교에 간다\n학교를 본다\n학교가 크다\n";
  EXPECT_TRUE(Found(text).empty());
  std::string other = text;
  for (size_t at = other.find("학교"); at != std::string::npos; at = other.find("학교")) other.replace(at, 6, "핵교");
  EXPECT_EQ(Found(other), std::vector<std::string>{"핵교"});
}

TEST_F(WordDiscoveryTest, IllFormedTextIsAnErrorAndCountsNothing) {
  WordDiscovery d;
  const Status st = d.Add("킬링타임용\xff");
  EXPECT_EQ(st.code(), StatusCode::kInvalidUtf8);
  EXPECT_EQ(st.offset(), 15);
  EXPECT_EQ(d.distinct_words(), 0u);
}

}  // namespace
}  // namespace kma
