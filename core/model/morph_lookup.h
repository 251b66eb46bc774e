// Finding a model morpheme by its form and tag (the user dictionary, the
// joiner and their tests look morphemes up this way; the analysis itself
// never does).
#ifndef KMA_CORE_MODEL_MORPH_LOOKUP_H_
#define KMA_CORE_MODEL_MORPH_LOOKUP_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/pos_tag.h"

namespace kma {

class ModelImpl;

// The form as the model builder keys it in the trie: codas split off their
// syllables, compatibility consonants ("ㄴ", "ㅂ니다") turned into coda
// jamo. Empty if `utf8` is not valid UTF-8.
std::u32string NormalizeMorphForm(std::string_view utf8);

// The id of the morpheme with this normalized form and tag, or 0 if the
// model has none. Looks the form up in the trie: O(form length).
uint32_t FindModelMorph(const ModelImpl& model, std::u32string_view normalized, PosTag tag);

}  // namespace kma

#endif  // KMA_CORE_MODEL_MORPH_LOOKUP_H_
