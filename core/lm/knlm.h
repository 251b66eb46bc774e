// KnlmView: read-only, zero-copy view over a Kneser–Ney n-gram language model
// blob produced by BuildKnlm (tools/builder/lm/knlm_builder.h).
//
// The model scores integer token ids (morpheme ids in kma). It is a trie of
// n-grams laid out level by level (breadth first); within a level nodes are
// sorted lexicographically, so the children of a node are one contiguous run
// of nodes with strictly increasing keys. Every node carries the fully
// interpolated log-probability of its n-gram, so a seen n-gram costs one
// lookup; context nodes also carry a backoff weight and a link to their
// suffix context. Level 1 is dense (one node per vocabulary id, node = id + 1)
// so the unigram step never searches.
//
// Thread safety: a KnlmView is immutable after Open; all const methods may be
// called concurrently from any number of threads. The view does not own the
// bytes: they must outlive it (and every copy of it).
//
// Blob layout (format version 1, little-endian, every section 8-byte aligned):
//   KnlmHeader (below), then the sections named in KnlmHeader::sections:
//     kUnigram      float[vocab_size]   log P(w) at the root; never quantised
//     kKeys         u32[num_nodes]      token id of a node's last word
//     kLinks        u32[num_nodes]      see kContextFlag
//     kChildBegin   u32[num_inner + 1]  first child of each node of depth
//                                       < order (children: [cb[i], cb[i+1]))
//     kProbs        u8|f32[num_nodes]   interpolated log P of the n-gram
//                                       (entries of depth 0 and 1 unused)
//     kBackoffs     u8|f32[num_inner]   log backoff weight of a context
//     kProbTable    f32[256]            codebook for kProbs (8-bit only)
//     kBackoffTable f32[256]            codebook for kBackoffs (8-bit only)
// Size: 9 bytes per stored n-gram plus 5 per context (8-bit), i.e. about
// 12-13 bytes per n-gram of order >= 2 on the shared corpus (orders 3-5),
// plus 18 bytes per vocabulary id.
#ifndef KMA_CORE_LM_KNLM_H_
#define KMA_CORE_LM_KNLM_H_

#include <cstddef>
#include <cstdint>

#include "core/base/status.h"

namespace kma {

// Layout shared by the builder and the view; not part of the public API.
namespace knlm_internal {

constexpr char kMagic[4] = {'K', 'N', 'L', 'M'};
constexpr uint32_t kFormatVersion = 1;
constexpr int kMinOrder = 2;
constexpr int kMaxOrder = 6;
// A link with this bit set marks a context node (it has children); the low
// bits are then the node of its suffix context (one word shorter). Without the
// bit, the link is the state to move to after this n-gram was scored (the
// longest suffix of the n-gram that is a context node).
constexpr uint32_t kContextFlag = 0x80000000u;
constexpr uint32_t kMaxNodes = kContextFlag;  // node ids must fit in 31 bits
constexpr int kCodebookSize = 256;

enum Section : int {
  kUnigram = 0,
  kKeys,
  kLinks,
  kChildBegin,
  kProbs,
  kBackoffs,
  kProbTable,
  kBackoffTable,
  kNumSections,
};

struct SectionRef {
  uint64_t offset;  // from the start of the blob; multiple of 8
  uint64_t size;    // bytes (0 for absent codebooks)
};

// Fixed-size header at offset 0. Fields are stored in host order, which the
// reader requires to be little-endian.
struct KnlmHeader {
  char magic[4];
  uint32_t version;
  uint32_t order;
  uint32_t vocab_size;
  uint32_t bos;
  uint32_t eos;
  uint32_t quant_bits;  // 0 (float32) or 8 (codebook indices)
  uint32_t header_size;
  uint64_t total_size;
  uint64_t num_nodes;
  uint64_t num_inner;  // nodes of depth < order (the only ones with children)
  // level_begin[d] = first node of depth d, for d = 0..order+1
  // (level_begin[order+1] == num_nodes); unused entries are 0.
  uint64_t level_begin[kMaxOrder + 2];
  SectionRef sections[kNumSections];
};
static_assert(sizeof(KnlmHeader) % 8 == 0, "header must keep sections aligned");

}  // namespace knlm_internal

class KnlmView {
 public:
  // Log-probability returned for a token id >= vocab_size() (a caller bug):
  // low enough to lose against any real path, finite so sums stay finite.
  static constexpr float kInvalidTokenLogProb = -100.0f;

  // An empty view: order() == 0, vocab_size() == 0, and Score returns
  // kInvalidTokenLogProb for every token.
  KnlmView() = default;

  // Validates the blob (header, bounds of every array, sorted child keys,
  // node links) and returns a view over it; nothing is copied. `data` must be
  // 8-byte aligned and stay alive while the view (or a copy) is used.
  // Errors: kInvalidArgument (null or misaligned pointer), kModelVersion
  // (format version this library does not read), kUnsupported (big-endian
  // host), kModelFormat (anything malformed; the message names the field).
  static StatusOr<KnlmView> Open(const void* data, size_t size);

  // State after seeing the sentence start <s>.
  uint32_t bos_state() const { return bos_state_; }

  // Natural-log probability of `token` after the history represented by
  // `state`, and in *next_state the state for history+token: the longest
  // suffix of history+token (at most order-1 tokens) that is a context in the
  // model. No allocation; O(order * log(children)).
  // `state` should come from bos_state() or a previous Score; other values
  // never crash (out-of-range states are treated as the empty context).
  // A token >= vocab_size() returns kInvalidTokenLogProb and the empty
  // context (state 0).
  float Score(uint32_t state, uint32_t token, uint32_t* next_state) const;

  // The whole distribution at once: out[t] = log P(t | state) for every
  // token t < vocab_size() (Score's values up to float rounding). O(vocab * context length).
  void LogProbs(uint32_t state, float* out) const;

  int order() const { return order_; }
  uint32_t vocab_size() const { return vocab_size_; }
  uint32_t bos() const { return bos_; }
  uint32_t eos() const { return eos_; }
  // Bits per stored log-prob/backoff: 0 for float32, 8 for codebook indices.
  int quant_bits() const { return prob_codes_ != nullptr ? 8 : 0; }

  // Number of tokens in the state's context (0 = root/unigram context);
  // 0 for out-of-range states.
  int StateLength(uint32_t state) const;

  // Total trie nodes (root + vocab_size unigrams + stored higher n-grams).
  size_t node_count() const { return num_nodes_; }
  // Number of stored n-grams of the given order (1..order()); 0 otherwise.
  size_t ngram_count(int n) const;

 private:
  // The child-range and link checks of Open, on a view whose pointers are set.
  Status CheckTrie() const;

  float NodeProb(uint32_t node) const {
    return prob_codes_ != nullptr ? prob_table_[prob_codes_[node]]
                                  : prob_floats_[node];
  }
  float NodeBackoff(uint32_t node) const {
    return backoff_codes_ != nullptr ? backoff_table_[backoff_codes_[node]]
                                     : backoff_floats_[node];
  }

  const float* unigram_ = nullptr;
  const uint32_t* keys_ = nullptr;
  const uint32_t* links_ = nullptr;
  const uint32_t* child_begin_ = nullptr;
  // Exactly one of each codes/floats pair is set in an opened view.
  const uint8_t* prob_codes_ = nullptr;
  const float* prob_floats_ = nullptr;
  const uint8_t* backoff_codes_ = nullptr;
  const float* backoff_floats_ = nullptr;
  const float* prob_table_ = nullptr;
  const float* backoff_table_ = nullptr;

  int order_ = 0;
  uint32_t vocab_size_ = 0;
  uint32_t bos_ = 0;
  uint32_t eos_ = 0;
  uint32_t bos_state_ = 0;
  size_t num_nodes_ = 0;
  size_t num_inner_ = 0;
  uint64_t level_begin_[knlm_internal::kMaxOrder + 2] = {};
};

}  // namespace kma

#endif  // KMA_CORE_LM_KNLM_H_
