// Constraints (core/search/constraints.h) resolved against one analysis'
// normalized text, and their effect on the lattice: a span constraint drops
// every node that overlaps its span and adds one forced node with the given
// morphemes, so every path goes through it; a lemma constraint becomes a bit
// of the search state, set when a path takes the reading (MatchLemmas).
#ifndef KMA_CORE_SEARCH_CONSTRAINED_LATTICE_H_
#define KMA_CORE_SEARCH_CONSTRAINED_LATTICE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/search/chunker.h"
#include "core/search/constraints.h"
#include "core/search/lattice.h"
#include "core/search/morph_lookup.h"
#include "core/text/normalizer.h"

namespace kma::search {

struct ForcedSpan {
  uint32_t begin, end;  // normalized text, no whitespace at either end
  std::vector<MorphStep> steps;
  // Per step, its own part of the span when the forms spell the span's text
  // exactly (걷+었+다 does not spell 걸었다: then every step has the span).
  std::vector<std::pair<uint32_t, uint32_t>> parts;
};

struct ResolvedLemma {
  std::vector<std::vector<ConstraintMorph>> readings;
  uint32_t begin, end;  // normalized text; the whole text for "anywhere"
  size_t index;         // in Constraints::lemmas (its state bit)
};

struct SearchConstraints {
  std::vector<ForcedSpan> spans;  // sorted by begin
  std::vector<ResolvedLemma> lemmas;
  std::vector<std::string> oov_forms;
  // Bits of the lemmas the current chunk must satisfy (set per chunk).
  uint8_t chunk_lemmas = 0;
  bool has_lemmas() const { return !lemmas.empty(); }
  void Clear() {
    spans.clear();
    lemmas.clear();
    oov_forms.clear();
    chunk_lemmas = 0;
  }
};

// Maps `c` (checked with ValidateConstraints first) onto `nt`. Errors
// (kInvalidArgument, offset() the code point): an offset inside a character
// that normalization composed with its neighbour, a span that holds only
// whitespace.
Status ResolveConstraints(const ModelImpl& model, MorphLookup* lookup, const Constraints& c,
                          const NormalizedText& nt, SearchConstraints* out);

// Applies the span constraints inside [begin, end) to a lattice built by
// BuildLattice: drops the nodes that overlap a span (a pattern node that
// sticks out keeps its parts outside) and adds the forced nodes, unpacked,
// with the steps ResolveConstraints made of their morphemes.
void ApplySpanConstraints(const SearchConstraints& sc, uint32_t begin, uint32_t end, Lattice* lattice);

// Joins the chunks that a span or a lemma's span straddles (a constraint
// is searched within one chunk); a lemma wanted anywhere makes the whole
// text one chunk.
void MergeChunksForConstraints(const SearchConstraints& sc, std::vector<Chunk>* chunks);

// The bits of the lemma constraints that lie in chunk `c`.
uint8_t ChunkLemmas(const SearchConstraints& sc, const Chunk& c);

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_CONSTRAINED_LATTICE_H_
