// CongGlobalView: the distant-context part of CoNg-Global, a zero-copy view
// over the "lm.cong-global" blob. It extends a local CoNg model (CongView)
// with a window of the last W = 7 content morphemes before the preceding
// one, each with its own "distant" embedding:
//
//   for a content token x after context c and window h_1..h_m (m <= W):
//     L   = log P_local(x | c)
//     D_k = <Dist[h_k], E_out[x]> + b[x] - Zd[h_k]   (normalised over content tokens)
//     w   = logsoftmax(conf[c] + pc[0], dconf[h_1] + pc[1], ..., dconf[h_m] + pc[m])
//     log P(x) = logsumexp(w_0 + L, w_k + vts[c] + D_k for k = 1..m)
//   for any other token the local score stands.
// vts[c] = log of the local probability mass of content tokens, so the
// mixture only redistributes that mass and stays normalised.
//
// Blob layout (format version 1, little-endian, sections 64-byte aligned;
// version 2, rows in fewer bits, is refused as in core/lm/cong.h):
//   CongGlobalHeader, then:
//     kValid     u8[vocab]          1 = content token (enters windows, mixes)
//     kDistRows  u8|f32[vocab*dim]  distant rows (u8 = s8 + 128 when int8)
//     kDistScale f32[vocab]         (int8 only)
//     kDistBias  f32[vocab]         -Zd[h]
//     kDistConf  f32[vocab]         dconf[h]
//     kCtxConf   f32[nodes]         conf[c]
//     kCtxVts    f32[nodes]         vts[c]
//     kPosConf   f32[window + 1]    pc[0..W]
#ifndef KMA_CORE_LM_CONG_GLOBAL_H_
#define KMA_CORE_LM_CONG_GLOBAL_H_

#include <cstddef>
#include <cstdint>

#include "core/lm/cong.h"
#include "core/base/status.h"

namespace kma {

namespace cong_global_internal {

constexpr char kMagic[4] = {'C', 'G', 'L', 'B'};
constexpr uint32_t kFormatVersion = 1;  // int8 or float rows
// Rows in fewer bits, packed or sparse: no longer read.
constexpr uint32_t kFormatVersionStorageVariants = 2;
constexpr uint32_t kWindow = 7;

enum Section : int { kValid = 0, kDistRows, kDistScale, kDistBias, kDistConf, kCtxConf, kCtxVts, kPosConf, kNumSections };

struct CongGlobalHeader {
  char magic[4];
  uint32_t version;
  uint32_t vocab_size;
  uint32_t num_nodes;
  uint32_t dim;
  uint32_t window;
  uint32_t quant_bits;  // 8 or 0
  uint32_t header_size;
  uint64_t total_size;
  cong_internal::SectionRef sections[kNumSections];
};
static_assert(sizeof(CongGlobalHeader) % 8 == 0, "header must keep sections aligned");

}  // namespace cong_global_internal

class CongGlobalView {
 public:
  static constexpr int kWindow = static_cast<int>(cong_global_internal::kWindow);

  CongGlobalView() = default;

  // Validates the blob against the local model it extends (same vocabulary,
  // contexts and dimension).
  static StatusOr<CongGlobalView> Open(const void* data, size_t size, const CongView& local);

  bool valid(uint32_t token) const { return token < vocab_size_ && valid_[token] != 0; }
  uint32_t vocab_size() const { return vocab_size_; }

  // log P(x | c, window): `window` holds `count` content tokens, most recent
  // first. `local` is log P_local(x | c) (the caller usually has it cached).
  // `k`: the kernel table to score with.
  float Score(const kernels::KernelTable& k, float local, uint32_t ctx, uint32_t x, const uint32_t* window,
              int count) const;

  // log P_dist(x | h) of one distant row (no gate), for tests and tools.
  float DistLogProb(const kernels::KernelTable& k, uint32_t h, uint32_t x) const;

  int quant_bits() const { return dist_u8_ != nullptr ? 8 : 0; }

 private:
  const CongView* local_ = nullptr;
  const uint8_t* valid_ = nullptr;
  const uint8_t* dist_u8_ = nullptr;
  const float* dist_f32_ = nullptr;
  const float* dist_scale_ = nullptr;
  const float* dist_bias_ = nullptr;
  const float* dist_conf_ = nullptr;
  const float* ctx_conf_ = nullptr;
  const float* ctx_vts_ = nullptr;
  const float* pos_conf_ = nullptr;
  uint32_t vocab_size_ = 0, num_nodes_ = 0, dim_ = 0;
};

}  // namespace kma

#endif  // KMA_CORE_LM_CONG_GLOBAL_H_
