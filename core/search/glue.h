// Line gluing (kma glue, kma_glue_utf8): for each line break of a text cut
// into lines (PDF extraction, subtitles), whether the lines join without a
// space (a word was cut), join with one (a sentence was cut between words),
// or the break stays (a sentence or paragraph ends there).
//
// A break stays at a blank line, where either line is empty, and where the
// sentence splitter (core/search/sentence_splitter.h), run on the two lines
// joined by a space, ends a sentence at the join. Otherwise the lines are
// joined without a space only when that analysis scores more than a margin
// above the analysis with one (GlueOptions::join_margin), else with a space.
#ifndef KMA_CORE_SEARCH_GLUE_H_
#define KMA_CORE_SEARCH_GLUE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/search/analyzer.h"

namespace kma {

enum class GlueDecision : uint8_t {
  kJoin = 0,   // join without a space
  kSpace = 1,  // join with a space
  kKeep = 2,   // keep the line break
};

struct GlueBreak {
  uint32_t begin, length;  // the line break in the input, bytes ("\n", "\r\n", "\r")
  GlueDecision decision;
};

struct GlueOptions {
  // Nats by which the lines joined without a space must outscore them
  // joined with one. The model charges a missing space at most 1.5 nats
  // times the boundary weight (search::StepParams::nospace_floor), so when
  // both readings have the same morphemes the spaced one wins by up to that
  // cap whatever the words: a line break is not a missing space, and a
  // margin just above the cap lets only a better joined reading win. 1.6
  // was chosen on held-out text (docs/ACCURACY.md, "Line gluing").
  float join_margin = 1.6f;
};

// The decision for every line break of `text`, in order, into *breaks, and
// the text with them applied into *glued (a joined break takes the spaces
// around it with it; a kept one leaves the text as it is). kInvalidUtf8
// with the byte offset of the first bad unit; the analyzer's other errors.
Status GlueUtf8(Analyzer* analyzer, std::string_view text, std::vector<GlueBreak>* breaks, std::string* glued,
                const GlueOptions& options = GlueOptions());

}  // namespace kma

#endif  // KMA_CORE_SEARCH_GLUE_H_
