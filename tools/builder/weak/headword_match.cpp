#include "tools/builder/weak/headword_match.h"

namespace kma::weak {
namespace {

bool Allowed(TagMask tags, PosTag t) { return (tags & TagBit(t)) != 0; }

}  // namespace

bool ReadingAt(const std::vector<MorphView>& morphs, size_t i, const Reading& r) {
  if (r.anchor != Anchor::kMorphemes || r.morphs.empty() || i + r.morphs.size() > morphs.size()) return false;
  const uint32_t word = morphs[i].word;
  for (size_t k = 0; k < r.morphs.size(); ++k) {
    const MorphView& m = morphs[i + k];
    if (m.word != word || m.form != r.morphs[k].form || !Allowed(r.morphs[k].tags, m.tag)) return false;
  }
  return true;
}

namespace {

bool Overlaps(const ByteSpan& a, const std::vector<ByteSpan>& spans) {
  for (const ByteSpan& s : spans)
    if (a.begin < s.end && s.begin < a.end) return true;
  return false;
}

bool MatchesAnchored(const MorphView& m, const Reading& r, const std::vector<ByteSpan>& surface) {
  const MorphPattern& p = r.morphs[0];
  if (m.form.size() <= p.form.size() || !Allowed(p.tags, m.tag)) return false;
  const std::string_view edge = r.anchor == Anchor::kTokenStart
                                    ? m.form.substr(0, p.form.size())
                                    : m.form.substr(m.form.size() - p.form.size());
  return edge == p.form && Overlaps(m.span, surface);
}

}  // namespace

RuleMask MatchReadings(const std::vector<MorphView>& morphs, const std::vector<Reading>& readings,
                       const std::vector<ByteSpan>& surface) {
  RuleMask found = 0;
  for (const Reading& r : readings) {
    if ((found & RuleBit(r.rule)) || r.morphs.empty()) continue;
    for (size_t i = 0; i < morphs.size(); ++i) {
      const bool hit = r.anchor == Anchor::kMorphemes ? ReadingAt(morphs, i, r)
                                                      : r.morphs.size() == 1 && MatchesAnchored(morphs[i], r, surface);
      if (hit) {
        found |= RuleBit(r.rule);
        break;
      }
    }
  }
  return found;
}

int FirstAcceptedRule(RuleMask rules, bool plain) {
  for (int r = 0; r < kNumRules; ++r)
    if ((rules & (RuleMask{1} << r)) && RuleAccepted(static_cast<Rule>(r), plain)) return r;
  return -1;
}

}  // namespace kma::weak
