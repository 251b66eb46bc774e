#include "core/lm/cong.h"

#include "core/kernels/cong_kernels.h"
#include "core/kernels/epilogue.h"
#include "core/base/sorted_search.h"

#include <cmath>
#include <cstring>
#include <new>
#include <string>

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

std::string CheckStorage(const CongStorageHeader& s, uint32_t dim) {
  if (s.packing == kPackInt8) {
    if (s.value_bits < 5 || s.value_bits > 8) return "bad value bits " + std::to_string(s.value_bits);
  } else if (s.packing == kPackNibbleG8) {
    if (s.value_bits != 4) return "packed 4-bit rows with value bits " + std::to_string(s.value_bits);
    if (dim % (2 * kPackedGroup) != 0) return "packed rows need a dimension that is a multiple of 16";
  } else {
    return "unknown row packing " + std::to_string(s.packing);
  }
  if (s.sparsity_pct != 0 && s.sparsity_pct != 50) return "bad sparsity " + std::to_string(s.sparsity_pct);
  if (s.sparsity_block != 0 && s.sparsity_block != 4 && s.sparsity_block != 8)
    return "bad sparsity block " + std::to_string(s.sparsity_block);
  if (s.sparsity_block != 0 && (s.sparsity_pct == 0 || dim % (2 * s.sparsity_block) != 0))
    return "sparsity block without sparsity or not dividing the rows";
  if (s.block_unaligned > 1 || (s.block_unaligned && s.sparsity_block == 0)) return "bad block alignment flag";
  if (s.reserved != 0) return "reserved storage field is not 0";
  return "";
}

Status WidenError(const char* model, const std::string& what, const std::string& error) {
  if (error == kWidenOutOfMemory)
    return Status(StatusCode::kOutOfMemory, std::string(model) + " model: out of memory widening " + what);
  return Status(StatusCode::kModelFormat, std::string(model) + " model: " + what + ": " + error);
}

const uint8_t* WidenRows(const CongStorageHeader& s, const uint8_t* rows, uint64_t count, uint32_t dim, bool offset_u8,
                         std::shared_ptr<uint8_t>* owned, int32_t* comp, std::string* error) {
  const int offset = offset_u8 ? 128 : 0;
  const uint8_t* out = rows;
  if (s.packing == kPackNibbleG8) {
    const size_t bytes = size_t(count) * dim;
    uint8_t* buf = static_cast<uint8_t*>(::operator new(bytes == 0 ? 1 : bytes, std::align_val_t{64}, std::nothrow));
    if (buf == nullptr) {
      *error = kWidenOutOfMemory;
      return nullptr;
    }
    owned->reset(buf, [](uint8_t* p) { ::operator delete(p, std::align_val_t{64}); });
    // Every (parameter byte, nibble) decoded once.
    uint8_t table[256][16];
    for (int p = 0; p < 256; ++p)
      for (int w = 0; w < 16; ++w) table[p][w] = static_cast<uint8_t>(DecodePacked4(w, static_cast<uint8_t>(p)) + offset);
    const uint64_t stride = StoredRowBytes(kPackNibbleG8, dim);
    for (uint64_t r = 0; r < count; ++r) {
      const uint8_t* nib = rows + r * stride;
      const uint8_t* par = nib + dim / 2;
      uint8_t* dst = buf + r * dim;
      for (uint32_t k = 0; k < dim; k += 2) {
        const uint8_t* t = table[par[k / kPackedGroup]];
        dst[k] = t[nib[k / 2] & 15];
        dst[k + 1] = t[nib[k / 2] >> 4];
      }
    }
    out = buf;
  }
  const int qmax = s.packing == kPackNibbleG8 ? 72 : (1 << (s.value_bits - 1)) - 1;
  const uint32_t min_zeros = static_cast<uint32_t>(uint64_t{dim} * s.sparsity_pct / 100);
  for (uint64_t r = 0; r < count; ++r) {
    const uint8_t* row = out + r * dim;
    uint32_t zeros = 0;
    int32_t sum = 0;
    for (uint32_t k = 0; k < dim; ++k) {
      const int v = offset_u8 ? int{row[k]} - 128 : int{static_cast<int8_t>(row[k])};
      if (v < -qmax || v > qmax) {
        *error = "row " + std::to_string(r) + " holds a value outside its " + std::to_string(s.value_bits) + "-bit range";
        return nullptr;
      }
      zeros += v == 0;
      sum += v;
    }
    if (zeros < min_zeros) {
      *error = "row " + std::to_string(r) + " is less sparse than its header says";
      return nullptr;
    }
    if (comp != nullptr) comp[r] = 128 * sum;
  }
  return out;
}

}  // namespace cong_internal

StatusOr<CongView> CongView::Open(const void* data, size_t size) {
  if (data == nullptr || reinterpret_cast<uintptr_t>(data) % 8 != 0)
    return Status(StatusCode::kInvalidArgument, "CoNg blob must be non-null and 8-byte aligned");
  if (size < sizeof(CongHeader)) return Bad("truncated header");
  const uint8_t* base = static_cast<const uint8_t*>(data);
  CongHeader h;
  std::memcpy(&h, base, sizeof h);
  if (std::memcmp(h.magic, kMagic, 4) != 0) return Bad("bad magic");
  if (h.version != kFormatVersion && h.version != kFormatVersionPlain)
    return Status(StatusCode::kModelVersion, "CoNg model format " + std::to_string(h.version) + " (this library reads " +
                                                 std::to_string(kFormatVersionPlain) + " and " +
                                                 std::to_string(kFormatVersion) + ")");
  const bool v2 = h.version == kFormatVersion;
  const size_t header_bytes = sizeof(CongHeader) + (v2 ? sizeof(CongStorageHeader) : 0);
  if (size < header_bytes) return Bad("truncated header");
  if (h.header_size != header_bytes || h.total_size != size) return Bad("header size fields do not match");
  if (h.dim == 0 || h.dim % 16 != 0 || h.dim > kMaxDim) return Bad("bad embedding size " + std::to_string(h.dim));
  if (h.num_nodes == 0 || h.vocab_size == 0) return Bad("empty model");
  if (h.bos >= h.vocab_size || h.eos >= h.vocab_size) return Bad("bos/eos out of range");
  if (h.max_context_len == 0 || h.max_context_len > kMaxContextLen) return Bad("bad context length");
  if (h.quant_bits != 0 && h.quant_bits != 8) return Bad("unsupported quantisation");
  CongStorageHeader storage{};
  storage.value_bits = h.quant_bits;
  if (v2) {
    std::memcpy(&storage, base + sizeof(CongHeader), sizeof storage);
    if (h.quant_bits != 8) return Bad("a storage header needs int8 rows");
    const std::string why = CheckStorage(storage, h.dim);
    if (!why.empty()) return Bad(why);
  }
  const bool packed = storage.packing == kPackNibbleG8;
  const uint64_t nodes = h.num_nodes, vocab = h.vocab_size, dim = h.dim;
  const bool q = h.quant_bits == 8;
  const uint64_t qrow = StoredRowBytes(storage.packing, dim);
  struct Want {
    Section s;
    uint64_t bytes;
  };
  const Want wants[] = {
      {kChildBegin, (nodes + 1) * 4},
      {kKeys, nodes * 4},
      {kSuffix, nodes * 4},
      {kDepth, nodes},
      {kCtxRows, q ? nodes * qrow : nodes * dim * 4},
      {kCtxScale, q ? nodes * 4 : 0},
      {kCtxBias, nodes * 4},
      {kOutRows, q ? vocab * qrow : vocab * dim * 4},
      {kOutScale, q ? vocab * 4 : 0},
      {kOutComp, q && !packed ? vocab * 4 : 0},
      {kOutBias, vocab * 4},
  };
  const uint8_t* ptr[kNumSections] = {};
  for (const Want& w : wants) {
    const SectionRef& r = h.sections[w.s];
    if (r.size != w.bytes) return Bad("section " + std::to_string(w.s) + " has the wrong size");
    if (r.size == 0) continue;
    if (r.offset % 8 != 0 || r.offset < header_bytes || r.offset > size || r.size > size - r.offset)
      return Bad("section " + std::to_string(w.s) + " out of bounds");
    ptr[w.s] = base + r.offset;
  }
  CongView v;
  v.child_begin_ = reinterpret_cast<const uint32_t*>(ptr[kChildBegin]);
  v.keys_ = reinterpret_cast<const uint32_t*>(ptr[kKeys]);
  v.suffix_ = reinterpret_cast<const uint32_t*>(ptr[kSuffix]);
  v.depth_ = ptr[kDepth];
  v.ctx_bias_ = reinterpret_cast<const float*>(ptr[kCtxBias]);
  v.out_bias_ = reinterpret_cast<const float*>(ptr[kOutBias]);
  v.storage_ = storage;
  if (q) {
    v.ctx_u8_ = ptr[kCtxRows];
    v.ctx_scale_ = reinterpret_cast<const float*>(ptr[kCtxScale]);
    v.out_s8_ = reinterpret_cast<const int8_t*>(ptr[kOutRows]);
    v.out_scale_ = reinterpret_cast<const float*>(ptr[kOutScale]);
    v.out_comp_ = reinterpret_cast<const int32_t*>(ptr[kOutComp]);
    if (v2) {
      // Sub-8-bit or sparse storage: check the values against the header
      // and widen packed rows to the int8 layout the kernels read.
      std::string error;
      std::shared_ptr<int32_t[]> comp;
      if (packed) {
        comp.reset(new (std::nothrow) int32_t[vocab]());
        if (!comp) return Status(StatusCode::kOutOfMemory, "CoNg model: out of memory");
      }
      v.ctx_u8_ = WidenRows(storage, ptr[kCtxRows], nodes, h.dim, true, &v.widened_ctx_, nullptr, &error);
      if (v.ctx_u8_ == nullptr) return WidenError("CoNg", "context rows", error);
      const uint8_t* out = WidenRows(storage, ptr[kOutRows], vocab, h.dim, false, &v.widened_out_, comp.get(), &error);
      if (out == nullptr) return WidenError("CoNg", "output rows", error);
      v.out_s8_ = reinterpret_cast<const int8_t*>(out);
      if (packed) {
        v.out_comp_ = comp.get();
        v.widened_comp_ = std::move(comp);
      }
    }
    for (uint64_t t = 0; t < vocab; ++t)
      if (!(v.out_scale_[t] >= 0) || !std::isfinite(v.out_scale_[t])) return Bad("bad output row scale");
  } else {
    v.ctx_f32_ = reinterpret_cast<const float*>(ptr[kCtxRows]);
    v.out_f32_ = reinterpret_cast<const float*>(ptr[kOutRows]);
  }
  v.vocab_size_ = h.vocab_size;
  v.num_nodes_ = h.num_nodes;
  v.dim_ = h.dim;
  v.bos_ = h.bos;
  v.eos_ = h.eos;
  v.max_len_ = static_cast<int>(h.max_context_len);
  // Trie checks: children ranges increase and stay in bounds, keys strictly
  // increase within a node, a child is one deeper than its parent, suffix
  // links go strictly shallower (so walks terminate).
  if (v.child_begin_[0] != 1 || v.child_begin_[nodes] != nodes) return Bad("bad child table");
  if (v.depth_[0] != 0) return Bad("root depth must be 0");
  for (uint64_t i = 0; i < nodes; ++i) {
    uint32_t b = v.child_begin_[i], e = v.child_begin_[i + 1];
    if (e < b || e > nodes || (b <= i && e > b)) return Bad("bad child range at node " + std::to_string(i));
    for (uint32_t c = b; c < e; ++c) {
      if (v.keys_[c] >= vocab) return Bad("key out of range at node " + std::to_string(c));
      if (c > b && v.keys_[c] <= v.keys_[c - 1]) return Bad("unsorted children at node " + std::to_string(i));
      if (v.depth_[c] != v.depth_[i] + 1) return Bad("bad depth at node " + std::to_string(c));
    }
    if (i > 0 && (v.suffix_[i] >= nodes || v.depth_[v.suffix_[i]] + 1 != v.depth_[i]))
      return Bad("bad suffix link at node " + std::to_string(i));
    if (v.depth_[i] > h.max_context_len) return Bad("context longer than the declared maximum");
  }
  for (uint64_t i = 0; i < nodes; ++i) {
    if (!(v.ctx_bias_[i] == v.ctx_bias_[i]) || (q && !(v.ctx_scale_[i] >= 0))) return Bad("bad context row scale/bias");
  }
  {
    std::shared_ptr<uint32_t[]> root(new (std::nothrow) uint32_t[vocab]());
    if (!root) return Status(StatusCode::kOutOfMemory, "CoNg model: out of memory");
    for (uint32_t c = v.child_begin_[0]; c < v.child_begin_[1]; ++c) root[v.keys_[c]] = c;
    v.root_child_ = std::move(root);
  }
  v.bos_state_ = v.Next(0, h.bos);
  return v;
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
