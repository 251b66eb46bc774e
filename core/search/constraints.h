// Constrained analysis: what a caller may require of the analysis, and the
// text syntax the CLI, the C ABI and the fuzz harness parse it from.
//
//   span constraint   the input code points [begin, end) are analysed as the
//                     given morphemes and nothing else ("카카오뱅크" as
//                     카카오뱅크/NNP; 걸었다 as 걷/VV 었/EP 다/EF). The
//                     morphemes need not be in the dictionary: they enter the
//                     lattice as one forced node, scored by the language
//                     model (an unknown morpheme through its tag's class
//                     token, as unknown words are).
//   lemma constraint  the analysis contains one of the given readings (each
//                     a sequence of consecutive morphemes within one word,
//                     every morpheme with a set of allowed tags), anywhere or
//                     inside a span of the input.
//
// Offsets are code points of the input (what a token's cp_begin counts).
// The search applies span constraints as a filter on lattice nodes plus the
// forced nodes, and lemma constraints as a bit per constraint in its states
// (core/search/constrained_lattice.h, beam_search.cpp).
#ifndef KMA_CORE_SEARCH_CONSTRAINTS_H_
#define KMA_CORE_SEARCH_CONSTRAINTS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/status.h"

namespace kma {

// A set of tags, one bit per PosTag.
using TagSet = uint64_t;
constexpr TagSet TagSetOf(PosTag t) { return TagSet{1} << static_cast<int>(t); }

// One morpheme of a constraint: its form (UTF-8, NFC; endings that start with
// a bare consonant in compatibility jamo, as the dictionary writes them: ㄴ다)
// and the tags it may have. A span constraint's morphemes have one tag each.
struct ConstraintMorph {
  std::string form;
  TagSet tags = 0;
};

struct SpanConstraint {
  uint32_t begin = 0, end = 0;  // input code points, begin < end
  std::vector<ConstraintMorph> morphs;
};

struct LemmaConstraint {
  // Alternatives: the constraint holds if any one is found.
  std::vector<std::vector<ConstraintMorph>> readings;
  bool anywhere = true;         // else only inside [begin, end)
  uint32_t begin = 0, end = 0;  // input code points
};

// The largest number of lemma constraints one analysis takes (the search
// keeps one bit per constraint in each state).
inline constexpr size_t kMaxLemmaConstraints = 7;
// The longest reading or span constraint, in morphemes.
inline constexpr size_t kMaxConstraintMorphs = 15;

struct Constraints {
  std::vector<SpanConstraint> spans;
  std::vector<LemmaConstraint> lemmas;
  bool empty() const { return spans.empty() && lemmas.empty(); }
  void Clear() {
    spans.clear();
    lemmas.clear();
  }
};

// Parses constraints written one per line (or separated by ';'):
//
//   B:E MORPHS              span constraint, e.g. `3:8 카카오뱅크/NNP`,
//                           `0:3 걷/VV+었/EP+다/EF`
//   lemma MORPHS[|MORPHS]   lemma constraint anywhere, e.g. `lemma 걷/VV`,
//                           `lemma 개종하/VV|개종/NNG+하/XSV`
//   lemma@B:E MORPHS[|...]  lemma constraint inside [B, E)
//
// MORPHS is FORM/TAGS joined by '+', TAGS one tag or (lemmas only) several
// joined by ',' (`사람/NNG,NNP`). In a form, '\' makes the next character
// literal (`\/`, `\+`, `\|`, `\;`, `\\`, `\ `); a form's last unescaped '/'
// starts its tags. Blank lines and lines starting with '#' are skipped.
// Appends to *out. Errors: kInvalidArgument with Status::offset() the byte
// offset in `text` where the problem is, and a message naming it. Checks
// only what the text says; offsets against an input are checked when
// analysing (ValidateConstraints).
Status ParseConstraints(std::string_view text, Constraints* out);

// The parts of that syntax on their own (the C ABI's add functions): the
// morphemes of a span constraint ("걷/VV+었/EP+다/EF") and the readings of a
// lemma constraint ("개종하/VV|개종/NNG+하/XSV"). Errors as ParseConstraints,
// offsets in `text`.
Status ParseSpanMorphs(std::string_view text, std::vector<ConstraintMorph>* out);
Status ParseReadings(std::string_view text, std::vector<std::vector<ConstraintMorph>>* out);

// Checks constraints against an input of `cp_count` code points: spans inside
// the input, non-empty, not overlapping each other, morphemes non-empty with
// tags, at most kMaxLemmaConstraints lemmas. Errors: kInvalidArgument naming
// the constraint (its index in spans or lemmas) and the offset; offset() is
// the offending code-point offset where there is one.
Status ValidateConstraints(const Constraints& c, uint32_t cp_count);

// "카카오뱅크/NNP" or "걷/VV+었/EP+다/EF" (tags of a set joined by ',').
std::string MorphsText(const std::vector<ConstraintMorph>& morphs);

}  // namespace kma

#endif  // KMA_CORE_SEARCH_CONSTRAINTS_H_
