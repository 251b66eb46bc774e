// The search's tuned defaults, in one place: the options structs of the
// analyzer, the lattice and the beam, and the CLI's help, all take them from
// here. Chosen on a held-out tenth of train.tsv (docs/ACCURACY.md).
#ifndef KMA_CORE_SEARCH_SEARCH_DEFAULTS_H_
#define KMA_CORE_SEARCH_SEARCH_DEFAULTS_H_

namespace kma::search {

// Drop states this far (nats) below the best of their position.
inline constexpr float kDefaultBeam = 5.0f;
// Keep at most this many states per position (top-1 analysis).
inline constexpr int kDefaultMaxStates = 6;
// Typo-tolerant analysis keeps more states and a beam this much wider:
// corrected readings compete with the plain ones, and with the plain search's
// 6 states and beam 5 they pushed correct paths out (held-out clean F1 -0.18
// points; -0.05 with these; docs/ACCURACY.md, "Typo-tolerant analysis").
inline constexpr int kDefaultTypoMaxStates = 8;
inline constexpr float kTypoBeamExtra = 2.0f;
// States a corrected node is tried from (SearchParams::corrected_from_states).
inline constexpr int kDefaultTypoFromStates = 2;
// A node whose extension of the best state that can take it falls this far
// below the beam is not tried from worse states.
inline constexpr float kDefaultSkipMargin = 3.0f;
// Coarse-to-fine search (core/search/coarse_pass.h): the margin in nats of
// the cheap first pass; nodes whose best cheap path costs more than this above
// the cheapest are not searched. 0 or negative: no pruning. 8: within 0.07
// points of the exact search on every part of the selection protocol, and
// over twice as fast as 31a3ccc on news and reviews (docs/PERFORMANCE.md,
// "Coarse-to-fine search").
inline constexpr float kDefaultPruneMargin = 8.0f;
// An N-best analysis widens the margin by this much times log N, as the beam
// is widened for it, and typo mode by kTypoPruneExtra (as its beam): with
// them the N-best invariants hold on all of dev at -n 64 and the typo set
// loses nothing (docs/PERFORMANCE.md, "Coarse-to-fine search").
inline constexpr float kPruneMarginPerLogN = 3.0f;
inline constexpr float kTypoPruneExtra = 2.0f;
// Longest unknown-word candidate at a word start, in syllables.
inline constexpr int kDefaultMaxUnknownUnits = 8;
// The memory an analysis may hold, in MiB (AnalyzeOptions::memory_budget_mib):
// enough for a plain analysis of a line at the CLI's 16 MiB line limit
// (docs/RELIABILITY.md, "Memory budget").
inline constexpr int kDefaultMemoryBudgetMib = 1024;
// The largest budget an option may set: 1 TiB.
inline constexpr int kMaxMemoryBudgetMib = 1 << 20;

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_SEARCH_DEFAULTS_H_
