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
// Blob layout (format version 1 or 2, little-endian, sections 64-byte
// aligned):
//   CongHeader, in version 2 followed by a CongStorageHeader (the row
//   storage, below), then the sections named in CongHeader::sections:
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
// Row storage (version 2 only; version 1 is plain int8 or float rows). The
// kernels always see the int8 layout above:
//   - int8 layout with values quantised to 7, 6 or 5 bits (|s8| <= 63, 31,
//     15) and/or 50% of each row zeroed (magnitude or block sparsity): the
//     same sections as int8, still zero-copy; the header only records it,
//     and the loader checks the value range and the share of zeros.
//   - packed 4-bit (kPackNibbleG8): each row is dim/2 bytes of nibbles
//     (element 2i in the low nibble of byte i) followed by dim/8 bytes of
//     local parameters, one per group of 8 consecutive weights: low 6 bits
//     s, top 2 bits z. Weight W decodes to the int8 value
//       v = round((W - Z) * S / 9),  Z = z + 6 in 6..9,  S = s + 9 in 9..72,
//     (rounded half away from zero, |v| <= 72) times the row's f32 scale.
//     kCtxRows / kOutRows hold nodes / vocab * dim * 5 / 8 bytes and
//     kOutComp is empty: Open widens the rows to the int8 layout once
//     (heap, shared by copies of the view) and computes 128 * sum(s8).
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
// Version 1: int8 or float rows. Version 2 adds CongStorageHeader; the
// writer uses it only for storages other than plain int8, so plain int8
// models are still written (byte for byte) as version 1.
constexpr uint32_t kFormatVersion = 2;
constexpr uint32_t kFormatVersionPlain = 1;
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

enum Packing : uint32_t {
  kPackInt8 = 0,     // one byte per weight (u8 = s8 + 128 / s8), zero-copy
  kPackNibbleG8 = 1, // packed 4-bit, groups of 8 with local zero point and scale
};
constexpr uint32_t kPackedGroup = 8;

// Follows CongHeader (and CongGlobalHeader) in format version 2;
// header_size counts both.
struct CongStorageHeader {
  uint32_t value_bits;       // 8, 7, 6, 5 (kPackInt8) or 4 (kPackNibbleG8)
  uint32_t packing;          // Packing
  uint32_t sparsity_pct;     // 0 or 50: share of zeros in every row, at least
  uint32_t sparsity_block;   // 0 (single weights), 4 or 8 consecutive weights
  uint32_t block_unaligned;  // 1: blocks may start anywhere (else at multiples)
  uint32_t reserved;         // 0
};
static_assert(sizeof(CongStorageHeader) % 8 == 0, "header must keep sections aligned");

// Bytes of one stored row of `dim` weights.
inline uint64_t StoredRowBytes(uint32_t packing, uint64_t dim) {
  return packing == kPackNibbleG8 ? dim / 2 + dim / kPackedGroup : dim;
}

// The int8 value of nibble `w` with local parameter byte `p`.
inline int DecodePacked4(uint32_t w, uint8_t p) {
  const int zero = 6 + (p >> 6), scale = 9 + (p & 63);
  const int x = (static_cast<int>(w) - zero) * scale;
  return x >= 0 ? (x + 4) / 9 : -((4 - x) / 9);
}

// Checks a storage header; the empty string if it is valid, else why not.
std::string CheckStorage(const CongStorageHeader& s, uint32_t dim);

// Validates one table of stored rows and returns its int8 form: for
// kPackInt8 `rows` itself (zero-copy, after checking the value range and the
// zeros); for packed rows a new buffer in `*owned` (u8 = s8 + 128 if
// `offset_u8`, else s8) and, if `comp` is non-null, 128 * sum(s8) per row.
// Returns nullptr with `*error` set on bad data or no memory.
const uint8_t* WidenRows(const CongStorageHeader& s, const uint8_t* rows, uint64_t count, uint32_t dim, bool offset_u8,
                         std::shared_ptr<uint8_t>* owned, int32_t* comp, std::string* error);
// The `*error` WidenRows sets when the allocation fails.
inline constexpr char kWidenOutOfMemory[] = "out of memory";
// The Status for a WidenRows failure: kOutOfMemory for a failed allocation,
// else kModelFormat. `model` names the blob ("CoNg", "CoNg-Global").
Status WidenError(const char* model, const std::string& what, const std::string& error);

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
    *next_state = Next(state, token);
    return LogProb(k, state, token);
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
  // How the rows are stored in the blob (version 1: int8 or float rows;
  // value_bits 0 for float rows).
  const cong_internal::CongStorageHeader& storage() const { return storage_; }
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
  // Rows widened from packed storage to the int8 layout (null when the rows
  // are used in place).
  std::shared_ptr<uint8_t> widened_ctx_, widened_out_;
  std::shared_ptr<const int32_t[]> widened_comp_;
  cong_internal::CongStorageHeader storage_{};
  uint32_t vocab_size_ = 0, num_nodes_ = 0, dim_ = 0, bos_ = 0, eos_ = 0;
  uint32_t bos_state_ = 0;
  int max_len_ = 0;
};

}  // namespace kma

#endif  // KMA_CORE_LM_CONG_H_
