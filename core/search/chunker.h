// Cuts the normalized text into chunks that are searched independently:
// after sentence-final punctuation followed by a space, at a space once a
// chunk is long, and anywhere (outside pretokens and syllable+coda pairs)
// when very long. Every chunk's search is bounded, so long input costs time
// linear in its length.
#ifndef KMA_CORE_SEARCH_CHUNKER_H_
#define KMA_CORE_SEARCH_CHUNKER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/text/pretokenizer.h"

namespace kma::search {

struct Chunk {
  uint32_t begin, end;  // [begin, end) of the normalized text, no space at either end
};

inline constexpr uint32_t kSoftChunk = 256;   // cut at the next space after this many chars
inline constexpr uint32_t kHardChunk = 1024;  // cut even without a space

void MakeChunks(const std::u32string& text, const std::vector<PreToken>& pretokens, std::vector<Chunk>* out);

// True for a chunk written without any space (and long enough not to be
// just one word): such text says nothing about word boundaries.
bool IsSpaceless(const std::u32string& text, const Chunk& c);

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_CHUNKER_H_
