// Builds a synthetic typo evaluation set from a morpheme-annotated corpus
// (`kma typo-set`): the raw text of each sentence is misspelled the way
// people misspell Korean, the gold analysis is kept (it is what the writer
// meant). The typo catalogue here is written independently of the analyzer's
// edit set (core/search/typo_edits.h) and includes kinds the analyzer does
// not correct (keyboard slips, tense-consonant slips, 의/에, ...), so the set
// measures how much of real misspelling typo mode recovers, not how well it
// undoes its own edits. Deterministic: the same corpus, options and seed give
// the same set on every platform.
#ifndef KMA_TOOLS_KMA_TYPO_SET_H_
#define KMA_TOOLS_KMA_TYPO_SET_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tools/kma/eval/rng.h"

namespace kma::cli {

// One kind of misspelling, with its share among the typos drawn (relative
// weight; a kind is drawn only for sentences where it applies).
struct TypoKind {
  const char* name;
  double weight;
  const char* example;  // correct -> misspelled
};

// Every kind, in a fixed order (indices are stable within a build).
const std::vector<TypoKind>& TypoKinds();

struct TypoSetOptions {
  uint64_t seed = 1;
  double rate = 1.0;         // mean number of typos per sentence (0..4)
  std::vector<bool> kinds;   // kinds allowed, by index into TypoKinds(); empty: all
};

// Misspells one sentence: picks the number of typos, then for each a kind
// (by weight, among those that apply to a word not yet changed) and one
// place for it. Words are the space-separated parts of `raw`; spaces are
// kept, so per-word gold columns stay aligned. `applied` (if not null) gets
// the index of every kind used.
std::string AddTypos(std::string_view raw, const TypoSetOptions& options, Rng* rng, std::vector<int>* applied);

// The misspelled variants of one word under one kind (exposed for tests).
std::vector<std::u32string> TypoVariants(int kind, const std::u32string& word);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_TYPO_SET_H_
