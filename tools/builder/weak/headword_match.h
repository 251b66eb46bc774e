// Finding a headword's readings (headword_convention.h) in an analysis or
// in a corpus sentence, and crediting the example to a rule.
#ifndef KMA_TOOLS_BUILDER_WEAK_HEADWORD_MATCH_H_
#define KMA_TOOLS_BUILDER_WEAK_HEADWORD_MATCH_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/pos_tag.h"
#include "tools/builder/weak/headword_convention.h"
#include "tools/builder/weak/surface_presence.h"

namespace kma::weak {

// One morpheme of an analysis (or of a gold sentence): its form, tag, the
// index of the whitespace-separated word it belongs to, and its span in the
// text (bytes; may be empty when unknown, which only the anchored readings
// need).
struct MorphView {
  std::string_view form;
  PosTag tag = PosTag::kUN;
  uint32_t word = 0;
  ByteSpan span;
};

// A set of rules, bit i for Rule(i).
using RuleMask = uint32_t;
constexpr RuleMask RuleBit(Rule r) { return RuleMask{1} << static_cast<int>(r); }

// The rules with at least one reading found in `morphs`. A kMorphemes
// reading must be found as consecutive morphemes of one word with equal
// forms and allowed tags; an anchored reading as one strictly longer
// morpheme that starts (ends) with its form, has an allowed tag and
// overlaps one of `surface` (the spellings of the headword in the text).
RuleMask MatchReadings(const std::vector<MorphView>& morphs, const std::vector<Reading>& readings,
                       const std::vector<ByteSpan>& surface);

// True if the kMorphemes reading `r` is found at morphs[i] (anchored
// readings never are).
bool ReadingAt(const std::vector<MorphView>& morphs, size_t i, const Reading& r);

// The first rule of `rules` that counts as agreement (RuleAccepted), or -1.
int FirstAcceptedRule(RuleMask rules, bool plain);

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_HEADWORD_MATCH_H_
