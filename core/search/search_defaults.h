// The search's tuned defaults, in one place: the options structs of the
// analyzer, the lattice and the beam, and the CLI's help, all take them from
// here. Chosen on a held-out tenth of train.tsv (docs/ACCURACY.md).
#ifndef KMA_CORE_SEARCH_SEARCH_DEFAULTS_H_
#define KMA_CORE_SEARCH_SEARCH_DEFAULTS_H_

namespace kma::search {

// Drop states this far (nats) below the best of their position.
inline constexpr float kDefaultBeam = 7.0f;
// Keep at most this many states per position (top-1 analysis).
inline constexpr int kDefaultMaxStates = 8;
// The same in typo-tolerant analysis: corrected readings compete for the
// states, and with 8 they pushed correct plain paths out (held-out clean F1
// -0.11 points at 8, -0.07 at 16, no better at 24; docs/ACCURACY.md).
inline constexpr int kDefaultTypoMaxStates = 16;
// A node whose extension of the best state that can take it falls this far
// below the beam is not tried from worse states.
inline constexpr float kDefaultSkipMargin = 1e30f;
// Longest unknown-word candidate at a word start, in syllables.
inline constexpr int kDefaultMaxUnknownUnits = 8;

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_SEARCH_DEFAULTS_H_
