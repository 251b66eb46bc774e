// Homograph agreement (homograph_agreement.h).
#include "tools/builder/weak/homograph_agreement.h"

#include <algorithm>

namespace kma::weak {

bool RivalFound(const std::vector<MorphView>& morphs, const std::vector<ByteSpan>& words,
                const std::vector<Reading>& readings, const std::vector<ByteSpan>& surface) {
  std::vector<MorphView> inside;
  for (const MorphView& m : morphs)
    for (const ByteSpan& w : words)
      if (m.span.begin < w.end && w.begin < m.span.end) {
        inside.push_back(m);
        break;
      }
  return MatchReadings(inside, readings, surface) != 0;
}

void HomographTally::Add(const HomographOutcome& o) {
  bool any_rival = false;
  for (const auto& [rival, found] : o.rivals) {
    any_rival |= found;
    HomographCount& p = pairs_[{std::min(o.entry, rival), std::max(o.entry, rival)}];
    ++p.examples;
    p.headword += o.headword;
    p.agreed += o.headword && !found;
  }
  for (HomographCount* n : {&overall_, &by_kind_[static_cast<int>(o.kind)]}) {
    ++n->examples;
    n->headword += o.headword;
    n->agreed += o.headword && !any_rival;
  }
}

}  // namespace kma::weak
