// The search's score of every N-best path equals the gold scorer's score of
// its tokens (core/search/gold_scorer.h), on dev text with the bundled
// model: plain, with a user dictionary (new words, stems and surfaces, a
// pattern rule, re-scored and blocked model morphemes), with typo readings,
// and with span constraints from the gold analysis. Both score through the
// step builder, so a term that one kind of node, or the search alone, skips
// shows here. Every kStride-th line of corpus/dev.tsv, about 3 s of CPU
// (label shared; skipped without ../shared/data).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/model/model.h"
#include "core/search/analyzer.h"
#include "core/search/constraints.h"
#include "core/search/gold_scorer.h"
#include "core/text/utf.h"
#include "core/userdict/user_dictionary.h"

namespace kma {
namespace {

constexpr size_t kStride = 16;
constexpr int kTopN = 3;

struct DevLine {
  std::string text;
  Constraints spans;  // the gold analysis of every other word
};

// Every other word's gold morphemes as a span constraint (the other words
// are left to the search); none where the words do not map to offsets.
Constraints GoldSpans(const std::vector<std::string>& cols) {
  Constraints c;
  std::stringstream words(cols[0]);
  std::string word;
  uint32_t cp = 0;
  for (size_t w = 1; w < cols.size(); ++w) {
    std::u32string cps;
    if (!(words >> word) || !Utf8ToU32(word, &cps)) return {};
    const uint32_t begin = cp;
    cp += static_cast<uint32_t>(cps.size()) + 1;
    if (w % 2 == 0) continue;
    SpanConstraint& sc = c.spans.emplace_back();
    sc.begin = begin;
    sc.end = begin + static_cast<uint32_t>(cps.size());
    std::stringstream ms(cols[w]);
    for (std::string m; ms >> m;) {
      const size_t slash = m.rfind('/');
      PosTag tag;
      if (slash == std::string::npos || slash == 0 || !ParseTag(m.substr(slash + 1), &tag)) return {};
      sc.morphs.push_back({m.substr(0, slash), TagSetOf(tag)});
    }
  }
  if ((words >> word) || cols[0].find("  ") != std::string::npos) return {};
  return c;
}

class GoldScoreDevTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::ifstream dev(KMA_SHARED_DATA_DIR "/corpus/dev.tsv");
    if (!dev) return;
    auto m = Model::OpenFile(KMA_TEST_DEFAULT_MODEL);
    ASSERT_TRUE(m.ok()) << m.status().message();
    model_ = new std::shared_ptr<const Model>(m.value());
    lines_ = new std::vector<DevLine>();
    std::string line;
    for (size_t i = 0; std::getline(dev, line); ++i) {
      if (i % kStride != 0) continue;
      std::vector<std::string> cols;
      std::stringstream ss(line);
      for (std::string col; std::getline(ss, col, '\t');) cols.push_back(col);
      if (!cols.empty()) lines_->push_back({cols[0], GoldSpans(cols)});
    }
  }
  static void TearDownTestSuite() {
    delete model_;
    delete lines_;
    model_ = nullptr;
    lines_ = nullptr;
  }
  void SetUp() override {
    if (model_ == nullptr) GTEST_SKIP() << "SKIP: no " KMA_SHARED_DATA_DIR "/corpus/dev.tsv (shared data not available)";
  }

  // What the checked paths held, so that a test can show it covered them.
  struct Seen {
    size_t paths = 0, user = 0, corrected = 0, constrained = 0, fused = 0, rescored = 0;
  };

  // Analyses every line (top kTopN) and checks every path's score and LM
  // share against the gold scorer's, exactly: both add the same terms in
  // the same order.
  static Seen Check(const AnalyzeOptions& opt, const std::shared_ptr<const UserDictionary>& user, bool spans) {
    Analyzer a(*model_, user);
    GoldScorer gold(*model_, opt, user);
    Seen seen;
    std::vector<Analysis> out;
    std::vector<GoldScore> scores;
    for (const DevLine& l : *lines_) {
      const Constraints none;
      const Constraints& c = spans ? l.spans : none;
      const Status st = a.AnalyzeUtf8(l.text, opt, c, &out);
      EXPECT_TRUE(st.ok()) << st.message() << "\n" << l.text;
      const Status gs = gold.ScoreUtf8(l.text, &c, out, &scores);
      EXPECT_TRUE(gs.ok()) << gs.message() << "\n" << l.text;
      for (size_t i = 0; i < out.size() && gs.ok(); ++i) {
        EXPECT_EQ(scores[i].score, out[i].score) << i << ": " << l.text;
        EXPECT_EQ(scores[i].lm, out[i].lm_score) << i << ": " << l.text;
        Count(out[i], &seen);
      }
    }
    std::printf("paths %zu user %zu corrected %zu constrained %zu fused %zu rescored %zu\n", seen.paths, seen.user,
                seen.corrected, seen.constrained, seen.fused, seen.rescored);
    return seen;
  }

  static void Count(const Analysis& an, Seen* seen) {
    ++seen->paths;
    const std::vector<Token>& t = an.tokens;
    for (size_t i = 0; i < t.size(); ++i) {
      seen->user += (t[i].flags & kTokenUser) != 0;
      seen->corrected += (t[i].flags & kTokenCorrected) != 0;
      seen->constrained += (t[i].flags & kTokenConstrained) != 0;
      seen->rescored += (t[i].form == "것" && t[i].tag == PosTag::kNNB) || (t[i].form == "서울" && t[i].tag == PosTag::kNNP);
      // A fused stem spans its head and the tail, whose morphemes follow it.
      const bool fused = i + 1 < t.size() && (t[i].flags & kTokenConstrained) == 0 &&
                         t[i + 1].cp_begin > t[i].cp_begin &&
                         t[i + 1].cp_begin + t[i + 1].cp_length == t[i].cp_begin + t[i].cp_length;
      seen->fused += fused;
    }
  }

  static std::shared_ptr<const UserDictionary> UserDict() {
    UserDictionaryBuilder b(*model_);
    // Re-scored model morphemes (every model reading holding them), a
    // blocked one, new words and stems, a pre-analysed surface and a rule.
    EXPECT_TRUE(b.LoadTsv("것\tNNB\t0.5\n"
                          "서울\tNNP\t1.5\n"
                          "있\tVA\t-0.5\n"
                          "!block\t너무/MAG\n"
                          "대한민국\tNNP\t2\n"
                          "그립\tVV\t1\tㅂ\n"
                          "힙하\tVA\n"
                          "살아가\tVV\t1\n"
                          "때문\tNNG\t3\n"
                          "했습니다\t하/VV 었/EP 습니다/EF\t0.5\n"
                          "!pattern\t\\d+년\tNNG\t4\n",
                          "dev-check")
                    .ok());
    auto d = b.Compile();
    EXPECT_TRUE(d.ok()) << d.status().message();
    return d.ok() ? d.value() : nullptr;
  }

  static std::shared_ptr<const Model>* model_;
  static std::vector<DevLine>* lines_;
};

std::shared_ptr<const Model>* GoldScoreDevTest::model_ = nullptr;
std::vector<DevLine>* GoldScoreDevTest::lines_ = nullptr;

AnalyzeOptions NBest() {
  AnalyzeOptions o;
  o.top_n = kTopN;
  return o;
}

TEST_F(GoldScoreDevTest, PlainPaths) {
  const Seen s = Check(NBest(), nullptr, false);
  EXPECT_GT(s.paths, 500u);
  EXPECT_GT(s.fused, 100u);
}

TEST_F(GoldScoreDevTest, UserDictionaryPaths) {
  const Seen s = Check(NBest(), UserDict(), false);
  EXPECT_GT(s.user, 5u);
  EXPECT_GT(s.rescored, 50u);
  EXPECT_GT(s.fused, 100u);
}

TEST_F(GoldScoreDevTest, TypoPaths) {
  AnalyzeOptions o = NBest();
  o.typos = true;
  const Seen s = Check(o, nullptr, false);
  EXPECT_GT(s.corrected, 10u);
}

TEST_F(GoldScoreDevTest, ConstrainedPaths) {
  const Seen s = Check(NBest(), nullptr, true);
  EXPECT_GT(s.constrained, 1000u);
}

TEST_F(GoldScoreDevTest, EverythingAtOnceWithAnotherLm) {
  AnalyzeOptions o = NBest();
  o.typos = true;
  o.lm = "knlm";
  o.morph_penalty = 0.3f;
  const Seen s = Check(o, UserDict(), true);
  EXPECT_GT(s.user, 0u);
  EXPECT_GT(s.corrected, 0u);
  EXPECT_GT(s.constrained, 0u);
}

}  // namespace
}  // namespace kma
