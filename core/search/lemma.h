// The dictionary form (lemma) of a token, as kma_result_token_lemma() and
// the records of `kma analyze --lemma` give it.
//
// A morpheme that conjugates is stored as its bare stem (먹/VV, 가깝/VA,
// 하/XSV, 이/VCP), which is not a word a reader or a search index knows: its
// dictionary form is the stem with the ending 다 (먹다, 가깝다, 하다, 이다).
// Stems are stored in their base spelling already (가까운 is 가깝/VA ㄴ/ETM,
// 들어 is 듣/VV 어/EC), so no irregular conjugation is undone here. Every
// other token's lemma is its form.
#ifndef KMA_CORE_SEARCH_LEMMA_H_
#define KMA_CORE_SEARCH_LEMMA_H_

#include <string>
#include <string_view>

#include "core/base/pos_tag.h"

namespace kma {

// The ending a lemma adds to a stem, in UTF-8 ("다").
inline constexpr std::string_view kLemmaEnding = "\xEB\x8B\xA4";

// True for the tags whose lemma is form + kLemmaEnding: the predicates (VV,
// VA, VX, VCP, VCN) and the derivational suffixes that make one (XSV, XSA).
inline bool HasLemmaEnding(PosTag tag) { return IsVerbLike(tag); }

// Appends the lemma of a token of `form` and `tag` to *out.
void AppendLemma(std::string_view form, PosTag tag, std::string* out);

}  // namespace kma

#endif  // KMA_CORE_SEARCH_LEMMA_H_
