// CongView: read-only, zero-copy view over a CoNg (contextual n-gram
// embedding) language model blob produced by TrainCong
// (tools/builder/lm/cong_trainer.h).
//
// The model scores the same integer token ids as the Kneser-Ney model (LM
// tokens of kma's morphemes). A history maps to a context: the longest suffix
// of the history (at most max_context_len tokens) that is in the model's
// context set. The set is closed under prefixes and suffixes, so the contexts
// form a trie whose suffix (failure) links make it an Aho-Corasick automaton:
// the LM state is a trie node, and every node is one context row.
//
//   log P(next | c) = <E_ctx[c], E_out[next]> + b[next] - Z[c]
//
// Z[c] (the log-normaliser over the whole vocabulary) is computed at build
// time, so no softmax runs during analysis. Rows are int8 with one float
// scale per row. Context rows are stored as u8 = s8 + 128 and every output
// row carries 128 * sum(s8), the layout x86 u8 x s8 dot-product instructions
// (pmaddubsw, vpdpbusd) need; a signed dot product is sum(u8 * s8) - comp.
// A blob may instead carry float32 rows (the reference path used to measure
// what quantisation costs).
//
// Blob layout (format version 1, little-endian, sections 64-byte aligned):
//   CongHeader, then the sections named in CongHeader::sections:
//     kChildBegin  u32[nodes + 1]   children of node i: [cb[i], cb[i+1])
//     kKeys        u32[nodes]       token id of a node's last word (root: 0)
//     kSuffix      u32[nodes]       node of the longest proper suffix
//     kDepth       u8[nodes]        context length (root 0)
//     kCtxRows     u8|f32[nodes*dim]
//     kCtxScale    f32[nodes]       (int8 only)
//     kCtxBias     f32[nodes]       -Z[c]
//     kOutRows     s8|f32[vocab*dim]
//     kOutScale    f32[vocab]       (int8 only)
//     kOutComp     i32[vocab]       128 * sum of the row (int8 only)
//     kOutBias     f32[vocab]       b[next]
// Children of a node are contiguous with strictly increasing keys, so a
// transition is a binary search.
//
// Format version 2 added a storage header for rows of fewer bits (int7/6/5,
// packed 4-bit) and 50% sparse rows. Those variants lost their measurements
// (CHANGELOG.md) and left the builder and the
// loader; a version-2 blob is refused with an error that says so.
#ifndef KMA_CORE_LM_CONG_H_
#define KMA_CORE_LM_CONG_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace kma::kernels {
struct KernelTable;
}  // namespace kma::kernels

namespace kma {

namespace cong_internal {

constexpr char kMagic[4] = {'C', 'O', 'N', 'G'};
// Version 1: int8 or float rows, the only format read.
constexpr uint32_t kFormatVersion = 1;
// Version 2 (rows in fewer bits, packed or sparse) is no longer read.
constexpr uint32_t kFormatVersionStorageVariants = 2;
constexpr uint32_t kMaxDim = 512;
constexpr uint32_t kMaxContextLen = 16;

enum Section : int {
  kChildBegin = 0,
  kKeys,
  kSuffix,
  kDepth,
  kCtxRows,
  kCtxScale,
  kCtxBias,
  kOutRows,
  kOutScale,
  kOutComp,
  kOutBias,
  kNumSections,
};

struct SectionRef {
  uint64_t offset;
  uint64_t size;
};

struct CongHeader {
  char magic[4];
  uint32_t version;
  uint32_t vocab_size;
  uint32_t num_nodes;  // = number of context rows
  uint32_t dim;        // multiple of 16
  uint32_t max_context_len;
  uint32_t bos;
  uint32_t eos;
  uint32_t quant_bits;  // 8 (int8 rows) or 0 (float32 rows)
  uint32_t header_size;
  uint64_t total_size;
  SectionRef sections[kNumSections];
};
static_assert(sizeof(CongHeader) % 8 == 0, "header must keep sections aligned");

// The error for a version-2 blob; `model` names it ("CoNg", "CoNg-Global").
Status StorageVariantError(const char* model);

}  // namespace cong_internal

class CongView {
 public:
  static constexpr float kInvalidTokenLogProb = -100.0f;

  CongView() = default;

  // Validates the blob (header, section bounds and sizes, sorted children,
  // suffix links pointing to shallower nodes) and returns a view; nothing is
  // copied. `data` must be 8-byte aligned and outlive the view.
  static StatusOr<CongView> Open(const void* data, size_t size);

  // State after the sentence start <s>.
  uint32_t bos_state() const { return bos_state_; }

  // The state for history+token: the longest suffix that is a context.
  // Out-of-range states are treated as the root.
  uint32_t Next(uint32_t state, uint32_t token) const;

  // The scoring functions below take the kernel table to run on; callers
  // resolve it once (per sentence) rather than per score.

  // log P(token | context `state`) and the next state. A token >= vocab_size
  // scores kInvalidTokenLogProb and moves to the root.
  float Score(const kernels::KernelTable& k, uint32_t state, uint32_t token, uint32_t* next_state) const {
    if (token >= vocab_size_) {
      *next_state = 0;
      return kInvalidTokenLogProb;
    }
    if (state >= num_nodes_) state = 0;
    // The product first: its row loads do not depend on the trie walk of
    // Next, so their cache misses overlap it.
    const float logp = LogProb(k, state, token);
    *next_state = Next(state, token);
    return logp;
  }

  // log P(token | context row `ctx`) without moving; both ids must be valid.
  float LogProb(const kernels::KernelTable& k, uint32_t ctx, uint32_t token) const;

  // Scores every (context, token) pair: out[i * n + j] = LogProb(ctx[i],
  // tok[j]), as one gathered m x n product (next-morpheme prediction scores
  // a context against the whole vocabulary this way).
  void ScoreMatrix(const kernels::KernelTable& k, const uint32_t* ctx, size_t m, const uint32_t* tok, size_t n,
                   float* out) const;

  uint32_t vocab_size() const { return vocab_size_; }
  uint32_t context_count() const { return num_nodes_; }
  uint32_t dim() const { return dim_; }
  int max_context_len() const { return max_len_; }
  int quant_bits() const { return ctx_u8_ != nullptr ? 8 : 0; }
  int Depth(uint32_t state) const { return state < num_nodes_ ? depth_[state] : 0; }
  uint32_t bos() const { return bos_; }
  uint32_t eos() const { return eos_; }

  // <row, E_out[token]> for a row stored in this model's format: u8 (s8 +
  // 128) with `row_scale` when quantised, else float (row_scale ignored).
  // CoNg-Global's distant rows use it.
  float RowDotOut(const kernels::KernelTable& k, const void* row, float row_scale, uint32_t token) const;
  // b[token], the output bias (token must be < vocab_size()).
  float OutBias(uint32_t token) const { return out_bias_[token]; }

  // Introspection (float math on dequantised rows; not on the hot path).
  // Output embedding of `token` as floats (dim values).
  void OutputRow(uint32_t token, float* out) const;
  void ContextRow(uint32_t ctx, float* out) const;
  // The last token of the context (its trie key) and its parent context.
  uint32_t ContextKey(uint32_t ctx) const { return ctx < num_nodes_ ? keys_[ctx] : 0; }
  uint32_t ContextSuffix(uint32_t ctx) const { return ctx < num_nodes_ ? suffix_[ctx] : 0; }

 private:
  // The trie and row checks of Open, on a view whose pointers are set.
  Status CheckTrie() const;

  const uint32_t* child_begin_ = nullptr;
  const uint32_t* keys_ = nullptr;
  const uint32_t* suffix_ = nullptr;
  const uint8_t* depth_ = nullptr;
  const uint8_t* ctx_u8_ = nullptr;
  const float* ctx_f32_ = nullptr;
  const float* ctx_scale_ = nullptr;
  const float* ctx_bias_ = nullptr;
  const int8_t* out_s8_ = nullptr;
  const float* out_f32_ = nullptr;
  const float* out_scale_ = nullptr;
  const int32_t* out_comp_ = nullptr;
  const float* out_bias_ = nullptr;
  // Root children by token (0: none), built at load: the root holds one
  // child per frequent token, and a binary search over thousands of keys
  // was the largest item of CoNg's trie walks (every back-off ends there).
  std::shared_ptr<const uint32_t[]> root_child_;
  uint32_t vocab_size_ = 0, num_nodes_ = 0, dim_ = 0, bos_ = 0, eos_ = 0;
  uint32_t bos_state_ = 0;
  int max_len_ = 0;
};

}  // namespace kma

#endif  // KMA_CORE_LM_CONG_H_
