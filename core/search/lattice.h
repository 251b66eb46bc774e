// The lattice of one chunk: candidate nodes over the normalized text.
#ifndef KMA_CORE_SEARCH_LATTICE_H_
#define KMA_CORE_SEARCH_LATTICE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/model_impl.h"
#include "core/text/pretokenizer.h"

namespace kma::search {

enum class NodeKind : uint8_t {
  kEntry,    // a dictionary entry (plain, head or socket)
  kUnknown,  // out-of-vocabulary Hangul span with a guessed noun tag
  kPattern,  // pretokenized span (number, Latin, symbol, URL, emoji ...)
};

struct Node {
  uint32_t begin, end;   // [begin, end) in normalized text
  NodeKind kind;
  PosTag tag;            // kUnknown / kPattern: the tag
  uint32_t entry;        // kEntry: entry index; kPattern: dictionary morph id or 0
  float penalty;         // extra cost (unknown-word cost, entry penalty)
};

struct LatticeParams {
  int max_unknown_units = 8;       // at a word start
  int max_inner_unknown_units = 4; // elsewhere
  float unk_base = 8.0f;           // cost of an unknown word: base + per_unit * units
  float unk_per_unit = 4.0f;
  float unk_nnp_extra = 0.5f;      // NNP guesses cost a bit more than NNG
};

// Builds nodes for text[begin, end) of the normalized text. `pretokens` are
// the pretokens inside the chunk. Nodes are appended sorted by begin.
void BuildLattice(const ModelImpl& model, const std::u32string& text, uint32_t begin, uint32_t end,
                  const std::vector<PreToken>& pretokens, const LatticeParams& params,
                  std::vector<Node>* nodes);

// True for whitespace in the normalized text.
bool IsSpaceChar(char32_t c);

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_LATTICE_H_
