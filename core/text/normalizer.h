// Input normalization with an offset map (what sentencepiece's normalizer
// does, reduced to what Korean analysis needs).
#ifndef KMA_CORE_TEXT_NORMALIZER_H_
#define KMA_CORE_TEXT_NORMALIZER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kma {

struct NormalizedText {
  // NFC, then every Hangul syllable with a coda split into the coda-less
  // syllable + conjoining coda jamo (see core/text/hangul.h): 간다 -> 가 ᆫ 다.
  std::u32string text;
  // text.size() + 1 entries. to_input[i] is the index of the input code
  // point that text[i] came from (both halves of a split syllable map to the
  // same input code point; a syllable composed from several input code
  // points maps to the first of them). Non-decreasing. The last entry is the
  // number of input code points.
  std::vector<uint32_t> to_input;
};

// Normalizes decoded code points. NFC (via utf8proc) is applied separately
// to each run that starts at a character nothing can combine with or
// reorder around, so the offset map stays exact outside such runs; plain
// ASCII and precomposed Hangul skip utf8proc entirely. NFC also composes
// conjoining jamo sequences (U+1100 L + U+1161 V [+ T]) into syllables.
// The text is otherwise kept faithful (no spelling fixes such as 됬 -> 됐,
// no NFKC width folding). Never fails; code points that are not Unicode
// scalar values are passed through unchanged. `out` is overwritten.
void Normalize(std::u32string_view input, NormalizedText* out);

}  // namespace kma

#endif  // KMA_CORE_TEXT_NORMALIZER_H_
