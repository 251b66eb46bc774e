// The text form of a morpheme sequence, "form/TAG form/TAG ...", as `kma
// analyze` prints it and as user dictionaries and `kma join` read it. A
// morpheme splits at its last '/', so forms may contain '/' ("//SP").
#ifndef KMA_CORE_TEXT_MORPH_LIST_H_
#define KMA_CORE_TEXT_MORPH_LIST_H_

#include <cstddef>
#include <string_view>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/status.h"

namespace kma {

struct MorphSpec {
  std::string_view form;  // a view into the parsed text
  PosTag tag;
  size_t offset;          // byte offset of the morpheme in the text
  bool after_tab;         // a tab (not only spaces) separates it from the previous one
};

// Parses morphemes separated by runs of spaces and tabs. Fails with
// kInvalidArgument and the byte offset of the bad morpheme for a piece
// without "/TAG", an empty form, an unknown tag or invalid UTF-8; `out`
// then holds what came before it. An empty text gives no morphemes.
Status ParseMorphList(std::string_view text, std::vector<MorphSpec>* out);

}  // namespace kma

#endif  // KMA_CORE_TEXT_MORPH_LIST_H_
