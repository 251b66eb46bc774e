// Where a dictionary example's text spells its headword.
//
// A dictionary example does not always contain its headword: a dialogue
// example is one turn of a short dialogue, and in about a third of them the
// headword is in the other turn (measured on dict_examples.tsv: 34% of the
// dialogue rows, under 0.1% of the sentences and phrases). Headword agreement
// counts only the examples whose text spells the headword, and the spans
// found here anchor the "inside a longer token" readings of
// headword_convention.h.
//
// The test is on the text alone, never on an analysis, so every model is
// scored on the same examples. It accepts the spelling changes of
// inflection: a stem's last syllable may change its vowel and final
// consonant (걷 -> 걸었다, 돕 -> 도와, 하 -> 했, 부르 -> 불러), a X하 stem may
// lose 하 (괘념치), an ending may fuse with the stem (었 -> 썼, 아 -> 가), and a
// compound may contract (거두어들이 -> 거둬들였다).
#ifndef KMA_TOOLS_BUILDER_WEAK_SURFACE_PRESENCE_H_
#define KMA_TOOLS_BUILDER_WEAK_SURFACE_PRESENCE_H_

#include <cstdint>
#include <string_view>
#include <vector>

namespace kma::weak {

// A byte range [begin, end) of UTF-8 text.
struct ByteSpan {
  uint32_t begin = 0, end = 0;
  bool operator==(const ByteSpan& o) const { return begin == o.begin && end == o.end; }
};

// Byte spans of `text` (UTF-8) where `headword` may be spelled, sorted and
// without duplicates; empty when none is found or either string is not
// valid UTF-8. `inflects`: the headword is a verb, adjective, auxiliary
// stem, ending or verb/adjective suffix (its last syllable may change);
// `ending`: it is an ending (its first syllable may fuse with the stem
// before it).
std::vector<ByteSpan> FindHeadwordSurface(std::string_view text, std::string_view headword, bool inflects,
                                          bool ending);

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_SURFACE_PRESENCE_H_
