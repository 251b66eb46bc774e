// The lattice of one chunk: candidate nodes over the normalized text. The
// search extends every node from several states, so the morphemes a node
// stands for are unpacked from the dictionary once per node (UnpackNode),
// and only for nodes the search tries: most are cut by its beam first.
#ifndef KMA_CORE_SEARCH_LATTICE_H_
#define KMA_CORE_SEARCH_LATTICE_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/model/model_view.h"
#include "core/search/search_defaults.h"
#include "core/text/pretokenizer.h"
#include "core/userdict/user_dictionary.h"

namespace kma {
class UserDictionary;
}  // namespace kma

namespace kma::search {

enum class NodeKind : uint8_t {
  kEntry,    // a dictionary entry (plain, head or socket); a user dictionary's when entry has kUserIdBit
  kUnknown,  // out-of-vocabulary Hangul span with a guessed noun tag
  kPattern,  // pretokenized span (number, Latin, symbol, URL, emoji ...)
  kForced,   // a span constraint's morphemes (constrained_lattice.h); entry: its index
};

// MorphStep::morph of a forced morpheme the dictionary lacks (a span
// constraint's, core/search/constrained_lattice.h): this bit plus an index
// into SearchConstraints::oov_forms (dictionary ids stay below 2^24; the top
// bit marks a user dictionary's morphemes, kUserIdBit).
inline constexpr uint32_t kForcedMorphBit = 0x40000000u;
inline bool IsForcedOov(uint32_t morph) { return (morph & kForcedMorphBit) != 0; }

// One morpheme as the search scores it (made by core/search/step_builder.h).
struct MorphStep {
  uint32_t morph;      // dictionary id; 0 for a class-token step (unknown word, pattern without entry)
  uint32_t lm_token;   // the LM token it scores as
  float emit_logp;     // log P(morph | class token) when lm_token is a class token, else 0
  float tag_logp;      // log P(morph | tag), for the tag-class interpolation
  uint16_t socket_key; // conjugation class of a stem (0 = none)
  PosTag tag;
};

struct Node {
  // Set by BuildLattice:
  uint32_t begin, end;   // [begin, end) in normalized text
  NodeKind kind;
  PosTag tag;            // kUnknown / kPattern: the tag; kEntry: the first morpheme's (once unpacked)
  EntryKind entry_kind;  // kEntry: the entry's kind; else kPlain
  bool no_space_before : 1;  // kEntry valid only right after the previous syllable (copula drop: 학교다);
                             // nodes whose previous character is no coda-less syllable are never built
  bool corrected : 1;        // typo mode: a match of corrected text (the edit's cost is in `penalty`)
  bool link_head : 1;        // typo mode: ends with a final consonant moved back from the next syllable
  bool link_tail : 1;        // typo mode: begins with that syllable read with ㅇ; only after a link_head node
  bool transparent : 1;      // typo mode: laughter or a face in jamo (ㅋㅋ, ㅠㅠ); scored like a space
  uint32_t entry;        // kEntry: entry index; kPattern: dictionary morph id or 0
  float penalty;         // the node's cost (core/search/step_builder.h: entry, edit, unknown word ...)
  uint16_t socket;       // kHead / kSocket: the socket id
  bool unpacked;         // the fields below are set
  // Set by UnpackNode:
  uint8_t step_count;    // morphemes in steps[first_step, first_step + step_count)
  bool joins_right;      // first morpheme is an ending, particle or copula (conjugation joins apply)
  uint32_t first_step;   // index into Lattice::steps (kHead: the full stem; kSocket: the tail)
  char32_t first_char;   // joins_right: first character of the first morpheme's normalized form
};

// The stem heads of one run, by where they end: a fused tail (a socket
// entry) is only worth a node where a head with its socket ends, and a
// quarter of all entries are tails. A lookup visits only the heads ending
// at that position (a linear scan of all the run's heads was 2.5% of the
// time on unspaced reviews).
class HeadEnds {
 public:
  // Empty, for heads ending in [run_begin, run_end].
  void Reset(uint32_t run_begin, uint32_t run_end) {
    base_ = run_begin;
    last_.assign(run_end - run_begin + 1, kNone);
    links_.clear();
  }
  void Add(uint32_t end, uint32_t socket) {
    const uint32_t at = end - base_;
    if (at >= last_.size()) last_.resize(at + 1, kNone);
    links_.push_back({socket, last_[at]});
    last_[at] = static_cast<uint32_t>(links_.size() - 1);
  }
  bool Has(uint32_t end, uint32_t socket) const {
    const uint32_t at = end - base_;
    if (end < base_ || at >= last_.size()) return false;
    for (uint32_t i = last_[at]; i != kNone; i = links_[i].next)
      if (links_[i].socket == socket) return true;
    return false;
  }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Link {
    uint32_t socket, next;  // next: the previous head with the same end
  };
  uint32_t base_ = 0;
  std::vector<uint32_t> last_;  // by end - base_: the last head added there
  std::vector<Link> links_;
};

struct Lattice {
  std::vector<Node> nodes;       // sorted by begin
  std::vector<MorphStep> steps;  // grows as UnpackNode runs
  // The user dictionary whose nodes it holds, if any; BuildLattice applies
  // its blocks and scores to the model's nodes (core/search/user_nodes.h).
  const UserDictionary* user = nullptr;
  // Scratch kept across chunks.
  std::vector<TrieLabel> labels;
  std::vector<std::pair<uint32_t, uint32_t>> socket_starts;
  // The trie walks of a window of a run's start positions
  // (lattice_builder.cpp, WalkRun): their matches (trie node, end), by
  // start position, and where each begins.
  std::vector<std::pair<uint32_t, uint32_t>> walk;
  std::vector<uint32_t> walk_first;
  static constexpr uint32_t kWalkLanes = 4;  // the walks WalkRun advances together
  // Start positions walked at a time: the walks' matches held are a
  // window's (a few KiB), whatever the length of a run without spaces.
  static constexpr uint32_t kWalkWindow = 256;
  std::vector<std::pair<uint32_t, uint32_t>> lane_matches[kWalkLanes];  // WalkRun's, one walk each
  HeadEnds head_ends;  // the run's stem heads
  void Clear() {
    nodes.clear();
    steps.clear();
  }
  // Bytes of the nodes, the steps and the walks of a window (for the memory
  // budget; the other scratch vectors are the size of one walk).
  uint64_t held_bytes() const {
    return uint64_t{nodes.capacity()} * sizeof(Node) + uint64_t{steps.capacity()} * sizeof(MorphStep) +
           uint64_t{walk.capacity()} * sizeof(walk[0]) + uint64_t{walk_first.capacity()} * sizeof(uint32_t);
  }
};

class TypoCandidates;
class MemoryBudget;

struct LatticeParams {
  int max_unknown_units = kDefaultMaxUnknownUnits;  // at a word start
  int max_inner_unknown_units = 4; // elsewhere
  float unk_base = 8.0f;           // cost of an unknown word: base + per_unit * units
  float unk_per_unit = 4.0f;
  float unk_nnp_extra = 0.5f;      // NNP guesses cost a bit more than NNG
  TypoCandidates* typos = nullptr;  // typo-tolerant analysis: adds corrected and colloquial nodes
  // The analysis' memory budget, or nullptr: the builder reports the nodes
  // to it at every position of a run (throws BudgetExceeded).
  MemoryBudget* budget = nullptr;
};

// Builds the nodes of text[begin, end) of the normalized text. `pretokens`
// are the pretokens inside the chunk.
void BuildLattice(const ModelImpl& model, const std::u32string& text, uint32_t begin, uint32_t end,
                  const std::vector<PreToken>& pretokens, const LatticeParams& params, Lattice* lattice);

// Unpacks nodes[i] for the search: its morpheme steps and the fields marked
// so above; once (a second call does nothing).
void UnpackNode(const ModelImpl& model, size_t i, Lattice* lattice);

// The dictionary's scores of morpheme `morph`, written to *out (the step
// builder adds the chunk's terms: core/search/step_builder.h).
void FillStep(const ModelImpl& model, uint32_t morph, MorphStep* out);

// The (begin, socket) pairs of the fused tails (socket entries) among
// nodes[first, ...), sorted: where a stem head of that socket may end.
// Inline: the lattice builder calls it once per run (out of line it cost
// 0.2% of an analysis).
inline void TailStarts(const std::vector<Node>& nodes, size_t first,
                       std::vector<std::pair<uint32_t, uint32_t>>* out) {
  out->clear();
  for (size_t i = first; i < nodes.size(); ++i)
    if (nodes[i].entry_kind == EntryKind::kSocket) out->emplace_back(nodes[i].begin, nodes[i].socket);
  std::sort(out->begin(), out->end());
}

// True for whitespace in the normalized text.
bool IsSpaceChar(char32_t c);

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_LATTICE_H_
