#include "core/lm/cong_global.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "core/base/stored_floats.h"

namespace kma {
namespace {

using namespace cong_global_internal;

Status Bad(const std::string& what) { return Status(StatusCode::kModelFormat, "CoNg-Global model: " + what); }

}  // namespace

StatusOr<CongGlobalView> CongGlobalView::Open(const void* data, size_t size, const CongView& local) {
  if (data == nullptr || reinterpret_cast<uintptr_t>(data) % 8 != 0)
    return Status(StatusCode::kInvalidArgument, "CoNg-Global blob must be non-null and 8-byte aligned");
  if (size < sizeof(CongGlobalHeader)) return Bad("truncated header");
  const uint8_t* base = static_cast<const uint8_t*>(data);
  CongGlobalHeader h;
  std::memcpy(&h, base, sizeof h);
  if (std::memcmp(h.magic, kMagic, 4) != 0) return Bad("bad magic");
  if (h.version == kFormatVersionStorageVariants) return cong_internal::StorageVariantError("CoNg-Global");
  if (h.version != kFormatVersion)
    return Status(StatusCode::kModelVersion, "CoNg-Global format " + std::to_string(h.version) +
                                                 " (this library reads " + std::to_string(kFormatVersion) + ")");
  const size_t header_bytes = sizeof(CongGlobalHeader);
  if (h.header_size != header_bytes || h.total_size != size) return Bad("header size fields do not match");
  if (h.vocab_size != local.vocab_size() || h.num_nodes != local.context_count() || h.dim != local.dim())
    return Bad("does not match its local CoNg model");
  if (h.window != kWindow) return Bad("window must be " + std::to_string(kWindow));
  if (h.quant_bits != static_cast<uint32_t>(local.quant_bits())) return Bad("quantisation differs from the local model");
  const uint64_t vocab = h.vocab_size, nodes = h.num_nodes, dim = h.dim;
  const bool q = h.quant_bits == 8;
  const uint64_t row_bytes = q ? dim : dim * 4;
  const uint64_t want[kNumSections] = {vocab,           vocab * row_bytes,         q ? vocab * 4 : 0, vocab * 4,
                                       vocab * 4,       nodes * 4,                 nodes * 4,         (kWindow + 1) * 4};
  const uint8_t* ptr[kNumSections] = {};
  for (int i = 0; i < kNumSections; ++i) {
    const cong_internal::SectionRef& r = h.sections[i];
    if (r.size != want[i]) return Bad("section " + std::to_string(i) + " has the wrong size");
    if (r.size == 0) continue;
    if (r.offset % 8 != 0 || r.offset < header_bytes || r.offset > size || r.size > size - r.offset)
      return Bad("section " + std::to_string(i) + " out of bounds");
    ptr[i] = base + r.offset;
  }
  CongGlobalView v;
  v.local_ = &local;
  v.valid_ = ptr[kValid];
  if (q) {
    v.dist_u8_ = ptr[kDistRows];
    v.dist_scale_ = reinterpret_cast<const float*>(ptr[kDistScale]);
    if (!AllWithin(v.dist_scale_, vocab, 0.0f, kMaxStoredMagnitude)) return Bad("bad distant row scale");
  } else {
    v.dist_f32_ = reinterpret_cast<const float*>(ptr[kDistRows]);
    if (!AllStored(v.dist_f32_, vocab * h.dim)) return Bad("distant row value not finite or beyond 10000");
  }
  v.dist_bias_ = reinterpret_cast<const float*>(ptr[kDistBias]);
  v.dist_conf_ = reinterpret_cast<const float*>(ptr[kDistConf]);
  v.ctx_conf_ = reinterpret_cast<const float*>(ptr[kCtxConf]);
  v.ctx_vts_ = reinterpret_cast<const float*>(ptr[kCtxVts]);
  v.pos_conf_ = reinterpret_cast<const float*>(ptr[kPosConf]);
  v.vocab_size_ = h.vocab_size;
  v.num_nodes_ = h.num_nodes;
  v.dim_ = h.dim;
  for (uint64_t i = 0; i < vocab; ++i)
    if (v.valid_[i] > 1) return Bad("bad distant row " + std::to_string(i));
  if (!AllStored(v.dist_bias_, vocab) || !AllStored(v.dist_conf_, vocab)) return Bad("bad distant row bias or gate");
  if (!AllStored(v.ctx_conf_, nodes) || !AllWithin(v.ctx_vts_, nodes, -kMaxStoredMagnitude, 0.0f))
    return Bad("bad context gate");
  if (!AllStored(v.pos_conf_, uint64_t{h.window} + 1)) return Bad("bad position gate");
  return v;
}

float CongGlobalView::DistLogProb(const kernels::KernelTable& k, uint32_t h, uint32_t x) const {
  const void* row = dist_u8_ != nullptr ? static_cast<const void*>(dist_u8_ + size_t{h} * dim_)
                                        : static_cast<const void*>(dist_f32_ + size_t{h} * dim_);
  return local_->RowDotOut(k, row, dist_u8_ != nullptr ? dist_scale_[h] : 1.0f, x) + local_->OutBias(x) + dist_bias_[h];
}

float CongGlobalView::Score(const kernels::KernelTable& kt, float local, uint32_t ctx, uint32_t x,
                            const uint32_t* window, int count) const {
  if (count <= 0 || !valid(x) || ctx >= num_nodes_) return local;
  count = std::min(count, kWindow);
  // Gates and components; logsumexp(g_k + a_k) - logsumexp(g_k).
  float g[kWindow + 1], a[kWindow + 1];
  g[0] = ctx_conf_[ctx] + pos_conf_[0];
  a[0] = local;
  for (int k = 0; k < count; ++k) {
    const uint32_t h = window[k];
    g[k + 1] = dist_conf_[h] + pos_conf_[k + 1];
    a[k + 1] = ctx_vts_[ctx] + DistLogProb(kt, h, x);
  }
  float gmax = g[0], smax = g[0] + a[0];
  for (int k = 1; k <= count; ++k) gmax = std::max(gmax, g[k]), smax = std::max(smax, g[k] + a[k]);
  float gs = 0, ss = 0;
  for (int k = 0; k <= count; ++k) gs += std::exp(g[k] - gmax), ss += std::exp(g[k] + a[k] - smax);
  return (smax + std::log(ss)) - (gmax + std::log(gs));
}

}  // namespace kma
