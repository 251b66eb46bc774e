// Tests for MatchReadings (tools/builder/weak/headword_match.h).
#include "tools/builder/weak/headword_match.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/tools/builder/weak/weak_test_util.h"

namespace kma::weak {
namespace {

// Morphemes from "form/TAG form/TAG | form/TAG" ('|' starts a new word);
// spans are consecutive 3-byte steps per morpheme (enough for the tests).
class Analysis {
 public:
  explicit Analysis(const std::string& text) {
    uint32_t word = 0, pos = 0;
    size_t i = 0;
    while (i < text.size()) {
      size_t sp = text.find(' ', i);
      if (sp == std::string::npos) sp = text.size();
      const std::string m = text.substr(i, sp - i);
      i = sp + 1;
      if (m == "|") {
        ++word;
        continue;
      }
      const size_t slash = m.rfind('/');
      PosTag tag;
      EXPECT_TRUE(ParseTag(m.substr(slash + 1), &tag)) << m;
      forms_.push_back(m.substr(0, slash));
      tags_.push_back(tag);
      words_.push_back(word);
      spans_.push_back({pos, pos + 3});
      pos += 3;
    }
    for (size_t k = 0; k < forms_.size(); ++k) views_.push_back({forms_[k], tags_[k], words_[k], spans_[k]});
  }
  const std::vector<MorphView>& views() const { return views_; }

 private:
  std::vector<std::string> forms_;
  std::vector<PosTag> tags_;
  std::vector<uint32_t> words_;
  std::vector<ByteSpan> spans_;
  std::vector<MorphView> views_;
};

using test_util::T;

TEST(MatchReadings, FindsMorphemeSequencesWithinOneWord) {
  HeadwordConventions conv;
  const std::vector<Reading> r = conv.Readings("개종하", T("VV"));
  Analysis split("그/NP 는/JX | 개종/NNG 하/XSV 었/EP 다/EF");
  EXPECT_EQ(MatchReadings(split.views(), r, {}), RuleBit(Rule::kSuffix));
  EXPECT_EQ(FirstAcceptedRule(RuleBit(Rule::kSuffix), false), static_cast<int>(Rule::kSuffix));
  Analysis whole("개종하/VV 었/EP 다/EF");
  EXPECT_EQ(MatchReadings(whole.views(), r, {}), RuleBit(Rule::kExact));
  // The same morphemes in two words are no reading of one headword.
  Analysis across("개종/NNG | 하/XSV 었/EP 다/EF");
  EXPECT_EQ(MatchReadings(across.views(), r, {}), 0u);
  // Wrong tag of the suffix: not agreement (adjective suffix on a verb).
  Analysis cross("개종/NNG 하/XSA 었/EP 다/EF");
  EXPECT_EQ(MatchReadings(cross.views(), r, {}), 0u);
  HeadwordConventions diag({false, true});
  const RuleMask m = MatchReadings(cross.views(), diag.Readings("개종하", T("VV")), {});
  EXPECT_EQ(m, RuleBit(Rule::kSuffixCross));
  EXPECT_EQ(FirstAcceptedRule(m, false), -1);
}

TEST(MatchReadings, AnchoredReadingsNeedTheHeadwordsSpelling) {
  HeadwordConventions conv;
  const std::vector<Reading> r = conv.Readings("ㄴ", T("EP,EF,EC,ETN,ETM"));
  Analysis a("하/VV 시/EP ㄴ다/EF");  // spans [0,3) [3,6) [6,9)
  EXPECT_EQ(MatchReadings(a.views(), r, {{6, 9}}), RuleBit(Rule::kEndingInToken));
  EXPECT_EQ(MatchReadings(a.views(), r, {{0, 3}}), 0u);  // the ending is elsewhere
  EXPECT_EQ(MatchReadings(a.views(), r, {}), 0u);
  // A morpheme equal to the form is the exact reading, not an anchored one.
  Analysis exact("하/VV ㄴ/ETM");
  EXPECT_EQ(MatchReadings(exact.views(), r, {{0, 6}}), RuleBit(Rule::kExact));
}

TEST(MatchReadings, EmptyInputs) {
  HeadwordConventions conv;
  EXPECT_EQ(MatchReadings({}, conv.Readings("사람", T("NNG,NNP")), {}), 0u);
  Analysis a("사람/NNG");
  EXPECT_EQ(MatchReadings(a.views(), {}, {}), 0u);
  EXPECT_EQ(FirstAcceptedRule(0, false), -1);
}

}  // namespace
}  // namespace kma::weak
