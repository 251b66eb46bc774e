// Standard spacing between two morphemes: whether the second starts a new
// word (eojeol). One rule over tags, shared by the joiner (kma join) and
// spacing correction (kma space, core/search/spacer.h):
//   - particles, endings, the copula and the suffixes (XSN, XSV, XSA) never
//     start a word: 학교/NNG 에/JKB -> 학교에, 공부/NNG 하/XSV -> 공부하;
//   - an auxiliary verb after the connective 아/어/여 usually joins it
//     (도와줬어요), though a space is allowed (도와 줬어요): mild odds against;
//   - anything else starts a word where the model's boundary statistics
//     (P(space | previous tag, tag), counted on the annotated corpus) make a
//     space more likely than none: 먹/VV 는/ETM | 것/NNB, 가/VV 고/EC | 싶/VX.
#ifndef KMA_CORE_MODEL_WORD_BOUNDARY_H_
#define KMA_CORE_MODEL_WORD_BOUNDARY_H_

#include <string_view>

#include "core/base/pos_tag.h"

namespace kma {

class ModelImpl;

// Morphemes that never start a word.
bool AlwaysAttached(PosTag t);

// Log-odds (nats) that a word starts at a morpheme tagged `tag` after one
// tagged `prev` (kNumTags as `prev`: the text's start): -infinity where it
// never does, positive where a space is the standard spelling.
// `after_connective`: the previous morpheme is the ending 아/어/여 (EC).
float WordStartLogOdds(const ModelImpl& model, PosTag prev, PosTag tag, bool after_connective);

// The same log-odds, moved by the corpus's spacing of these very morphemes
// where the model has the lexical table (core/model/spacing_table.h): the
// counts of (prev_form/prev, tag), (prev, form/tag) and then of both forms
// each replace the estimate so far, which weighs as `prior_count`
// boundaries, so a context seen once moves it a little and one seen often
// decides. Without the table, or where a morpheme never starts a word, the
// tag rule's log-odds.
inline constexpr float kSpacingPriorCount = 5.0f;
float LexicalWordStartLogOdds(const ModelImpl& model, PosTag prev, std::string_view prev_form, PosTag tag,
                              std::string_view form, bool after_connective,
                              float prior_count = kSpacingPriorCount);

// The rule's decision without other evidence: a log-odds above 0.
inline bool StartsWord(const ModelImpl& model, PosTag prev, PosTag tag, bool after_connective) {
  return WordStartLogOdds(model, prev, tag, after_connective) > 0.0f;
}

// True for the ending 아/어/여 tagged EC (an auxiliary verb may join it).
bool IsConnectiveForm(PosTag tag, std::string_view form);

}  // namespace kma

#endif  // KMA_CORE_MODEL_WORD_BOUNDARY_H_
