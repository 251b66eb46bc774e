// Typo-tolerant lattice candidates: dictionary matches of corrected text.
//
// A corrected candidate is a lattice node over a span of the text as written
// whose morphemes come from a trie walk over the text as the edit set
// (core/search/typo_edits.h) reads it: 안녕하세여 gets a node over 세여 whose
// morphemes are those of 세요. Its penalty is the dictionary entry's plus the
// edit's cost, and it is marked `corrected`, so correct text keeps its
// analysis unless the corrected reading is that much more likely. At most one
// edit is applied per node (a phonetic spelling that moves a final consonant
// to the next syllable counts as one, and may be split between two nodes:
// 이써요 -> 있 + 어요).
//
// The same hook adds the colloquial tokens of web text: runs of bare jamo
// (ㅋㅋ, ㅎㅎ, ㅠㅠ) as their own tokens, also where they are glued to a word
// or start as a final consonant (했어욬 -> 했어요 + ㅋ, 먹었엌ㅋㅋ -> 먹었어 + ㅋㅋㅋ).
#ifndef KMA_CORE_SEARCH_TYPO_CANDIDATES_H_
#define KMA_CORE_SEARCH_TYPO_CANDIDATES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/model_view.h"
#include "core/search/lattice.h"
#include "core/search/memory_budget.h"
#include "core/search/typo_edits.h"
#include "core/text/hangul.h"

namespace kma::search {

class TypoCandidates {
 public:
  // Compiles `edits` against the model's trie (the model must outlive this).
  TypoCandidates(const ModelImpl& model, const TypoEditSet& edits);

  // Multiplies every edit cost (tuning aid; default 1).
  void set_cost_scale(float scale) { cost_scale_ = scale; }
  // Cost of a colloquial jamo token (ㅋㅋ, ㅠㅠ) inside a word.
  void set_jamo_cost(float cost) { jamo_cost_ = cost; }

  // Prepares the Hangul run text[rb, re); `label[i]` is the trie label of
  // text[rb + i]. Must precede AddNodes for positions of the run.
  void BeginRun(const std::u32string& text, uint32_t rb, uint32_t re, const TrieLabel* label);
  // Appends the corrected and colloquial nodes that begin at `p` (in the
  // current run) to `nodes`.
  void AddNodes(uint32_t p, std::vector<Node>* nodes);
  // Bytes of the current run's buffers (for the memory budget).
  uint64_t run_bytes() const {
    return HeldBytes(alts_) + HeldBytes(alt_start_) + HeldBytes(next_alt_) + HeldBytes(hits_);
  }

  // A correction available at one position of a run (exposed for tests).
  struct Alt {
    uint8_t consume;   // written characters it replaces (0: an insertion)
    uint8_t len;       // read characters: labels_[label_at, label_at + len)
    uint8_t flags;     // AltFlags
    float cost;
    uint32_t label_at;
  };
  enum AltFlags : uint8_t {
    kNeedsPrefix = 1,  // not at the start of a node (it changes what follows a consumed syllable)
    kLinkHead = 2,     // the final consonant half of a phonetic spelling
    kLinkTail = 4,     // the onset half (ㅇ for the written consonant); alone only where a node starts
  };
  // The alternatives at position q of the current run (rb <= q <= re).
  const Alt* AltsBegin(uint32_t q) const { return alts_.data() + alt_start_[q - rb_]; }
  const Alt* AltsEnd(uint32_t q) const { return alts_.data() + alt_start_[q - rb_ + 1]; }

 private:
  // An edit as a rewrite of normalized characters.
  struct Pattern {
    std::u32string from;
    uint32_t label_at;  // read side, in labels_
    uint8_t len;
    uint8_t context;    // TypoContext
    bool deletion;      // reads nothing: not at the start of a node
    char32_t after, before;
    float cost;
  };
  struct Link {
    char32_t written_coda;  // coda jamo or 0
    int onset;              // written onset index
    uint32_t label_at;      // the read coda's label
    float cost;
  };
  struct Insertion {
    uint32_t label_at;
    char32_t after, before;
    float cost;
  };
  struct Hit {
    uint32_t end, trie_node;
    float cost;
    uint8_t link;  // kLinkHead / kLinkTail: the node's Node::link_head / link_tail
  };

  bool AddLabels(const std::u32string& read, uint32_t* at);
  void Compile(const TypoEdit& e);
  void AddPattern(std::u32string from, const std::u32string& read, const TypoEdit& e, bool deletion);
  bool ContextOk(uint32_t q, uint32_t len, const Pattern& pt) const;
  void AltsForPosition(uint32_t q);
  void AddLinkAlts(uint32_t q);
  void Push(uint8_t consume, uint32_t label_at, uint8_t len, uint8_t flags, float cost);
  // Walks the alternative's read labels from `node`; kNone when it leaves the trie.
  uint32_t Walk(uint32_t node, const Alt& a) const;
  // Exact continuation from `node` at q: every dictionary node reached is a hit.
  void Continue(uint32_t node, uint32_t q, float cost, uint8_t link);
  void AddHit(uint32_t end, uint32_t trie_node, float cost, uint8_t link);
  void AddJamoNodes(uint32_t p, std::vector<Node>* nodes);

  const ModelImpl& model_;
  std::vector<TrieLabel> labels_;  // read sides of all patterns
  std::vector<Pattern> patterns_;  // sorted by from[0]
  std::vector<char32_t> pattern_keys_;  // from[0] of each pattern
  std::vector<Link> links_;
  std::vector<Insertion> insertions_;
  static constexpr uint32_t kNoLabel = 0xFFFFFFFFu;
  uint32_t tail_label_at_[hangul::kVowelCount];  // label of ㅇ + vowel, or kNoLabel
  float stretch_cost_ = 0;  // 0: no stretch edit
  float cost_scale_ = 1.0f;
  float jamo_cost_ = 1.0f;

  // The current run.
  const std::u32string* text_ = nullptr;
  const TrieLabel* run_labels_ = nullptr;
  uint32_t rb_ = 0, re_ = 0;
  std::vector<Alt> alts_;
  std::vector<uint32_t> alt_start_;   // re - rb + 2 entries
  std::vector<uint32_t> next_alt_;    // first position >= q with alternatives (re + 1: none)
  std::vector<Hit> hits_;
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_TYPO_CANDIDATES_H_
