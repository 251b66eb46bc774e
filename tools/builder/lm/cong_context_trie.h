// The CoNg context set as a trie with suffix links (see cong_trainer.h), and
// the training positions aggregated per longest-match context.
#ifndef KMA_TOOLS_BUILDER_LM_CONG_CONTEXT_TRIE_H_
#define KMA_TOOLS_BUILDER_LM_CONG_CONTEXT_TRIE_H_

#include <cstdint>
#include <vector>

namespace kma::build {

// Node 0 is the empty context; node c > 0 is the n-gram of its parent
// followed by key[c]. Nodes are numbered level by level in lexicographic
// order, so the children of a node are contiguous and sorted by key.
struct ContextTrie {
  std::vector<uint32_t> key, parent, suffix, child_begin;
  std::vector<uint8_t> depth;

  uint32_t size() const { return static_cast<uint32_t>(key.size()); }
  // The longest context that is a suffix of (history of `state`) + token.
  uint32_t Next(uint32_t state, uint32_t token) const;
};

// Every history n-gram of length 1..max_len (sentence start included) seen
// at least min_count times in `seqs` (which include <s> and </s>).
void BuildContextTrie(const std::vector<std::vector<uint32_t>>& seqs, int max_len, int min_count,
                      ContextTrie* trie);

// Training positions grouped by the longest context that matches their
// history: context c predicted token tok[e] cnt[e] times for e in
// [begin[c], begin[c + 1]).
struct CongExamples {
  std::vector<uint64_t> pairs;  // every position as (context << 32 | next token), sorted
  std::vector<uint32_t> tok, cnt, begin;
  std::vector<double> total;     // positions per context
  std::vector<uint32_t> active;  // contexts with at least one position, ascending
};

void CollectExamples(const std::vector<std::vector<uint32_t>>& seqs, const ContextTrie& trie,
                     CongExamples* ex);

// Groups sorted (key << 32 | value) pairs: for every run of equal pairs,
// value and run length are appended to `value`/`count`, and begin[key + 1]
// is incremented, then begin is made cumulative. `begin` must hold
// keys + 1 zeros. Returns nothing else; used for the examples and counts.
void GroupPairs(const std::vector<uint64_t>& sorted, std::vector<uint32_t>* value,
                std::vector<uint32_t>* count, std::vector<uint32_t>* begin);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_CONTEXT_TRIE_H_
