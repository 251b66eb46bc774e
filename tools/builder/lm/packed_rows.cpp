#include "tools/builder/lm/packed_rows.h"

#include <algorithm>

namespace kma::build {
namespace {

// Panels per call of the logits kernel: 512 rows (64 KB at 32 dimensions)
// stay in the L2 cache while every query passes over them.
constexpr size_t kChunkPanels = 32;
// Queries per work item of ForEachLogitRow.
constexpr size_t kQueryBlock = 64;

}  // namespace

void PackedRows::Pack(const float* rows, size_t n, int dim, const float* bias) {
  n_ = n;
  dim_ = dim;
  ld_ = train::PanelFloats(n, 1);
  panels_.resize(train::PanelFloats(n, dim));
  train::PackPanels(rows, n, dim, panels_.data());
  bias_.assign(ld_, 0.0f);
  std::copy(bias, bias + n, bias_.begin());
}

void PackedRows::Logits(const train::TrainKernels& k, const float* q, size_t m, size_t ldq, size_t p0,
                        size_t p1, float* out) const {
  k.logits(q, m, ldq, panels_.data(), bias_.data(), p0, p1, dim_, out, ld_);
}

void PackedRows::Logits(const train::TrainKernels& k, const float* q, size_t m, size_t ldq,
                        float* out) const {
  for (size_t p0 = 0; p0 < panels(); p0 += kChunkPanels)
    Logits(k, q, m, ldq, p0, std::min(panels(), p0 + kChunkPanels), out);
}

void ForEachLogitRow(ThreadPool* pool, const PackedRows& rows, const float* queries, size_t count, int dim,
                     const std::function<void(size_t worker, size_t i, const float* logits)>& fn) {
  const train::TrainKernels& k = train::ActiveTrainKernels();
  std::vector<std::vector<float>> buf(pool->size(), std::vector<float>(kQueryBlock * rows.ld()));
  pool->Run((count + kQueryBlock - 1) / kQueryBlock, [&](size_t worker, size_t b) {
    const size_t i0 = b * kQueryBlock, m = std::min(kQueryBlock, count - i0);
    float* lg = buf[worker].data();
    rows.Logits(k, queries + i0 * dim, m, dim, lg);
    for (size_t j = 0; j < m; ++j) fn(worker, i0 + j, lg + j * rows.ld());
  });
}

}  // namespace kma::build
