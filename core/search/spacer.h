// Spacing correction (kma space, kma_space): text with missing, extra or
// wrong spaces back with standard spacing, from its analysis.
//
// 1. The spaces between words are taken out of the text (a run of
//    horizontal white space with Hangul on at least one side; spaces
//    between two non-Hangul characters, as in "New York" or "3 x 4", stay,
//    and so do line breaks and the spaces at a line's ends).
// 2. The text without them is analysed; the spaces taken out are evidence
//    in the search, as much as `weight` says (search::StepParams::
//    space_gaps): 0 ignores them (the analysis of the text written without
//    spaces), values towards 1 make the analysis more and more that of the
//    spaced text.
// 3. Between every two morphemes that the analysis puts next to each other,
//    a space is written where the rule of core/model/word_boundary.h says
//    a word starts (the tag rule, moved by the corpus's spacing of the two
//    morphemes where the model has the lexical spacing table:
//    LexicalWordStartLogOdds), with the writer's own spacing as evidence:
//        log-odds(word starts) + weight * (kSpaceEvidenceNats if the
//        writer had a space there, else -kNoSpaceEvidenceNats)
//          >  kWordStartThreshold.
//    A line the writer wrote without any space gives no evidence (its
//    spacing is the rule's alone). Particles, endings and suffixes never
//    start a word, whatever the evidence.
// Weight 1 trusts the writer's spaces: the text is analysed as written,
// every space the writer put stays, and a space is only added where the
// rule's log-odds beat kNoSpaceEvidenceNats.
// A space the writer put is written back as it was (a tab stays a tab);
// one the spacer adds is U+0020. Nothing else in the text changes.
#ifndef KMA_CORE_SEARCH_SPACER_H_
#define KMA_CORE_SEARCH_SPACER_H_

#include <string>
#include <string_view>

#include "core/base/status.h"
#include "core/model/word_boundary.h"
#include "core/search/analyzer.h"

namespace kma {

// How many nats the writer's space counts for a word start at weight 1, and
// its absence against one: a missing space is the commoner slip, so the
// absence counts less.
inline constexpr float kSpaceEvidenceNats = 8.0f;
inline constexpr float kNoSpaceEvidenceNats = 4.0f;
// The default weight of the writer's spaces (chosen on held-out text:
// docs/ACCURACY.md, "Spacing correction").
inline constexpr float kDefaultSpaceWeight = 0.8f;

// The log-odds a word start must beat: 0, the rule's own decision (1 was no
// better on held-out text).
inline constexpr float kWordStartThreshold = 0.0f;

struct SpaceOptions {
  float weight = kDefaultSpaceWeight;  // in [0, 1]
  AnalyzeOptions analysis;             // top_n is ignored (the best analysis is used)
  // Tuning aids (`kma eval --spacing`).
  float threshold = kWordStartThreshold;
  float evidence_nats = kSpaceEvidenceNats;
  float no_space_nats = kNoSpaceEvidenceNats;
  float lexical_prior = kSpacingPriorCount;  // core/model/word_boundary.h
};

// The text with standard spacing, into *out (UTF-8). kInvalidUtf8 with the
// byte offset of the first bad unit; kInvalidArgument for a weight outside
// [0, 1]; the analyzer's other errors. *out is cleared on error.
Status SpaceUtf8(Analyzer* analyzer, std::string_view text, const SpaceOptions& opt, std::string* out);

}  // namespace kma

#endif  // KMA_CORE_SEARCH_SPACER_H_
