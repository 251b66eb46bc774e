#include "core/lm/cong.h"

#include "core/kernels/cong_kernels.h"
#include "core/kernels/epilogue.h"
#include "core/base/sorted_search.h"

#include <cmath>
#include <cstring>
#include <new>
#include <string>

#include "core/base/stored_floats.h"

namespace kma {
namespace {

using namespace cong_internal;

Status Bad(const std::string& what) { return Status(StatusCode::kModelFormat, "CoNg model: " + what); }

// Float rows (the reference path) stay portable.
float DotF32(const float* a, const float* b, uint32_t n) {
  float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (uint32_t i = 0; i < n; i += 8)
    for (int k = 0; k < 8; ++k) acc[k] += a[i + k] * b[i + k];
  return ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
}

}  // namespace

namespace cong_internal {

Status StorageVariantError(const char* model) {
  return Status(StatusCode::kModelVersion,
                std::string(model) + " model: rows stored in fewer than 8 bits or sparse (format " +
                    std::to_string(kFormatVersionStorageVariants) +
                    ") are no longer read; rebuild the model with 'kma build-model' (int8 rows, format " +
                    std::to_string(kFormatVersion) + ")");
}

}  // namespace cong_internal

namespace {

// The header's own checks (magic, version, sizes, ranges).
Status CheckHeader(const CongHeader& h, size_t size) {
  if (std::memcmp(h.magic, kMagic, 4) != 0) return Bad("bad magic");
  if (h.version == kFormatVersionStorageVariants) return StorageVariantError("CoNg");
  if (h.version != kFormatVersion)
    return Status(StatusCode::kModelVersion, "CoNg model format " + std::to_string(h.version) +
                                                 " (this library reads " + std::to_string(kFormatVersion) + ")");
  if (h.header_size != sizeof(CongHeader) || h.total_size != size) return Bad("header size fields do not match");
  if (h.dim == 0 || h.dim % 16 != 0 || h.dim > kMaxDim) return Bad("bad embedding size " + std::to_string(h.dim));
  if (h.num_nodes == 0 || h.vocab_size == 0) return Bad("empty model");
  if (h.bos >= h.vocab_size || h.eos >= h.vocab_size) return Bad("bos/eos out of range");
  if (h.max_context_len == 0 || h.max_context_len > kMaxContextLen) return Bad("bad context length");
  if (h.quant_bits != 0 && h.quant_bits != 8) return Bad("unsupported quantisation");
  return Status::Ok();
}

// Every section's size (from the header's counts) and bounds; their
// addresses into `ptr` (null for empty ones).
Status MapSections(const CongHeader& h, const uint8_t* base, size_t size, const uint8_t* (&ptr)[kNumSections]) {
  const uint64_t nodes = h.num_nodes, vocab = h.vocab_size, dim = h.dim;
  const bool q = h.quant_bits == 8;
  struct Want {
    Section s;
    uint64_t bytes;
  };
  const Want wants[] = {
      {kChildBegin, (nodes + 1) * 4},
      {kKeys, nodes * 4},
      {kSuffix, nodes * 4},
      {kDepth, nodes},
      {kCtxRows, q ? nodes * dim : nodes * dim * 4},
      {kCtxScale, q ? nodes * 4 : 0},
      {kCtxBias, nodes * 4},
      {kOutRows, q ? vocab * dim : vocab * dim * 4},
      {kOutScale, q ? vocab * 4 : 0},
      {kOutComp, q ? vocab * 4 : 0},
      {kOutBias, vocab * 4},
  };
  for (const Want& w : wants) {
    const SectionRef& r = h.sections[w.s];
    if (r.size != w.bytes) return Bad("section " + std::to_string(w.s) + " has the wrong size");
    if (r.size == 0) continue;
    if (r.offset % 8 != 0 || r.offset < sizeof(CongHeader) || r.offset > size || r.size > size - r.offset)
      return Bad("section " + std::to_string(w.s) + " out of bounds");
    ptr[w.s] = base + r.offset;
  }
  return Status::Ok();
}

// Each int8 output row's stored compensation must be 128 times the sum of
// its bytes: kernels that multiply unsigned context bytes subtract it, the
// others do not need it, so any other value makes the ISAs disagree, and one
// near the int32 limits overflowed the subtraction (finding 21).
bool CompensationsMatchRows(const int8_t* rows, const int32_t* comp, uint32_t vocab, uint32_t dim) {
  for (uint32_t t = 0; t < vocab; ++t) {
    int32_t sum = 0;  // |sum| <= 127 * kMaxDim: no overflow
    for (uint32_t k = 0; k < dim; ++k) sum += rows[size_t{t} * dim + k];
    if (comp[t] != 128 * sum) return false;
  }
  return true;
}

}  // namespace

StatusOr<CongView> CongView::Open(const void* data, size_t size) {
  if (data == nullptr || reinterpret_cast<uintptr_t>(data) % 8 != 0)
    return Status(StatusCode::kInvalidArgument, "CoNg blob must be non-null and 8-byte aligned");
  if (size < sizeof(CongHeader)) return Bad("truncated header");
  const uint8_t* base = static_cast<const uint8_t*>(data);
  CongHeader h;
  std::memcpy(&h, base, sizeof h);
  KMA_RETURN_IF_ERROR(CheckHeader(h, size));
  const uint8_t* ptr[kNumSections] = {};
  KMA_RETURN_IF_ERROR(MapSections(h, base, size, ptr));
  const bool q = h.quant_bits == 8;
  CongView v;
  v.child_begin_ = reinterpret_cast<const uint32_t*>(ptr[kChildBegin]);
  v.keys_ = reinterpret_cast<const uint32_t*>(ptr[kKeys]);
  v.suffix_ = reinterpret_cast<const uint32_t*>(ptr[kSuffix]);
  v.depth_ = ptr[kDepth];
  v.ctx_bias_ = reinterpret_cast<const float*>(ptr[kCtxBias]);
  v.out_bias_ = reinterpret_cast<const float*>(ptr[kOutBias]);
  if (q) {
    v.ctx_u8_ = ptr[kCtxRows];
    v.ctx_scale_ = reinterpret_cast<const float*>(ptr[kCtxScale]);
    v.out_s8_ = reinterpret_cast<const int8_t*>(ptr[kOutRows]);
    v.out_scale_ = reinterpret_cast<const float*>(ptr[kOutScale]);
    v.out_comp_ = reinterpret_cast<const int32_t*>(ptr[kOutComp]);
    if (!AllWithin(v.out_scale_, h.vocab_size, 0.0f, kMaxStoredMagnitude)) return Bad("bad output row scale");
    if (!CompensationsMatchRows(v.out_s8_, v.out_comp_, h.vocab_size, h.dim))
      return Bad("output row compensation does not match its row");
  } else {
    v.ctx_f32_ = reinterpret_cast<const float*>(ptr[kCtxRows]);
    v.out_f32_ = reinterpret_cast<const float*>(ptr[kOutRows]);
    if (!AllStored(v.ctx_f32_, uint64_t{h.num_nodes} * h.dim) || !AllStored(v.out_f32_, uint64_t{h.vocab_size} * h.dim))
      return Bad("row value not finite or beyond 10000");
  }
  if (!AllStored(v.out_bias_, h.vocab_size)) return Bad("bad output bias");
  v.vocab_size_ = h.vocab_size;
  v.num_nodes_ = h.num_nodes;
  v.dim_ = h.dim;
  v.bos_ = h.bos;
  v.eos_ = h.eos;
  v.max_len_ = static_cast<int>(h.max_context_len);
  KMA_RETURN_IF_ERROR(v.CheckTrie());
  {
    std::shared_ptr<uint32_t[]> root(new (std::nothrow) uint32_t[h.vocab_size]());
    if (!root) return Status(StatusCode::kOutOfMemory, "CoNg model: out of memory");
    for (uint32_t c = v.child_begin_[0]; c < v.child_begin_[1]; ++c) root[v.keys_[c]] = c;
    v.root_child_ = std::move(root);
  }
  v.bos_state_ = v.Next(0, h.bos);
  return v;
}

// Trie checks: children ranges increase and stay in bounds, keys strictly
// increase within a node, a child is one deeper than its parent, suffix
// links go strictly shallower (so walks terminate); row scales and biases.
Status CongView::CheckTrie() const {
  const uint64_t nodes = num_nodes_;
  if (child_begin_[0] != 1 || child_begin_[nodes] != nodes) return Bad("bad child table");
  if (depth_[0] != 0) return Bad("root depth must be 0");
  for (uint64_t i = 0; i < nodes; ++i) {
    uint32_t b = child_begin_[i], e = child_begin_[i + 1];
    if (e < b || e > nodes || (b <= i && e > b)) return Bad("bad child range at node " + std::to_string(i));
    for (uint32_t c = b; c < e; ++c) {
      if (keys_[c] >= vocab_size_) return Bad("key out of range at node " + std::to_string(c));
      if (c > b && keys_[c] <= keys_[c - 1]) return Bad("unsorted children at node " + std::to_string(i));
      if (depth_[c] != depth_[i] + 1) return Bad("bad depth at node " + std::to_string(c));
    }
    if (i > 0 && (suffix_[i] >= nodes || depth_[suffix_[i]] + 1 != depth_[i]))
      return Bad("bad suffix link at node " + std::to_string(i));
    if (depth_[i] > max_len_) return Bad("context longer than the declared maximum");
  }
  const bool q = ctx_u8_ != nullptr;
  if (!AllStored(ctx_bias_, nodes) || (q && !AllWithin(ctx_scale_, nodes, 0.0f, kMaxStoredMagnitude)))
    return Bad("bad context row scale/bias");
  return Status::Ok();
}

uint32_t CongView::Next(uint32_t state, uint32_t token) const {
  if (state >= num_nodes_) state = 0;
  if (token >= vocab_size_) return 0;
  for (;;) {
    if (state == 0) return root_child_[token];
    const uint32_t lo = child_begin_[state];
    if (const int64_t i = FindSorted(keys_ + lo, child_begin_[state + 1] - lo, token); i >= 0)
      return lo + static_cast<uint32_t>(i);
    if (state == 0) return 0;
    // No context extends this one by `token`: back off to the next shorter
    // suffix (a context of the maximum length never has children).
    state = suffix_[state];
  }
}

float CongView::LogProb(const kernels::KernelTable& k, uint32_t ctx, uint32_t token) const {
  if (ctx_u8_ != nullptr) {
    const int32_t d = k.signed_dot(ctx_u8_ + size_t{ctx} * dim_, out_s8_ + size_t{token} * dim_,
                                                          dim_, out_comp_[token]);
    return kernels::portable::ScoreEpilogue(d, ctx_scale_[ctx], out_scale_[token], out_bias_[token], ctx_bias_[ctx]);
  }
  return DotF32(ctx_f32_ + size_t{ctx} * dim_, out_f32_ + size_t{token} * dim_, dim_) + out_bias_[token] +
         ctx_bias_[ctx];
}

float CongView::RowDotOut(const kernels::KernelTable& k, const void* row, float row_scale, uint32_t token) const {
  if (ctx_u8_ != nullptr) {
    const int32_t d = k.signed_dot(static_cast<const uint8_t*>(row),
                                                          out_s8_ + size_t{token} * dim_, dim_, out_comp_[token]);
    return static_cast<float>(d) * row_scale * out_scale_[token];
  }
  return DotF32(static_cast<const float*>(row), out_f32_ + size_t{token} * dim_, dim_);
}

void CongView::ScoreMatrix(const kernels::KernelTable& k, const uint32_t* ctx, size_t m, const uint32_t* tok, size_t n,
                           float* out) const {
  if (ctx_u8_ != nullptr) {
    kernels::ScoreArgs a;
    a.ctx = ctx_u8_;
    a.ctx_idx = ctx;
    a.m = m;
    a.out = out_s8_;
    a.out_idx = tok;
    a.n = n;
    a.dim = dim_;
    a.ctx_scale = ctx_scale_;
    a.ctx_bias = ctx_bias_;
    a.out_scale = out_scale_;
    a.out_comp = out_comp_;
    a.out_bias = out_bias_;
    a.result = out;
    a.ld = n;
    k.score(a);
    return;
  }
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) out[i * n + j] = LogProb(k, ctx[i], tok[j]);
}

void CongView::OutputRow(uint32_t token, float* out) const {
  for (uint32_t k = 0; k < dim_; ++k)
    out[k] = token >= vocab_size_ ? 0.0f
             : out_s8_     ? out_s8_[size_t{token} * dim_ + k] * out_scale_[token]
                           : out_f32_[size_t{token} * dim_ + k];
}

void CongView::ContextRow(uint32_t ctx, float* out) const {
  for (uint32_t k = 0; k < dim_; ++k)
    out[k] = ctx >= num_nodes_ ? 0.0f
             : ctx_u8_     ? (int{ctx_u8_[size_t{ctx} * dim_ + k]} - 128) * ctx_scale_[ctx]
                           : ctx_f32_[size_t{ctx} * dim_ + k];
}

}  // namespace kma
