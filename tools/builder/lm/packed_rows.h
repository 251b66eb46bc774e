// The output rows of a softmax layer (logit = query . row + bias), packed
// once for the logits kernel (train_kernels.h), and a driver that hands
// every query's full logit row to a callback on the pool's threads.
#ifndef KMA_TOOLS_BUILDER_LM_PACKED_ROWS_H_
#define KMA_TOOLS_BUILDER_LM_PACKED_ROWS_H_

#include <cstddef>
#include <functional>
#include <vector>

#include "core/base/thread_pool.h"
#include "tools/builder/lm/train_kernels.h"

namespace kma::build {

class PackedRows {
 public:
  PackedRows() = default;
  // rows: n × dim, row-major; bias: n values.
  PackedRows(const float* rows, size_t n, int dim, const float* bias) { Pack(rows, n, dim, bias); }
  void Pack(const float* rows, size_t n, int dim, const float* bias);

  size_t n() const { return n_; }
  // Row stride of logit rows: n rounded up to whole panels.
  size_t ld() const { return ld_; }
  size_t panels() const { return ld_ / train::kPanelRows; }

  // Logits of m queries (row i at q + i * ldq) into out (row i at out + i *
  // ld()), for the panels [p0, p1).
  void Logits(const train::TrainKernels& k, const float* q, size_t m, size_t ldq, size_t p0, size_t p1,
              float* out) const;
  // All panels, a cache-sized group of panels at a time.
  void Logits(const train::TrainKernels& k, const float* q, size_t m, size_t ldq, float* out) const;

 private:
  size_t n_ = 0, ld_ = 0;
  int dim_ = 0;
  std::vector<float> panels_, bias_;
};

// Calls fn(worker, i, logits) for every query i < count (row i at queries +
// i * dim), logits holding rows.n() values; calls for different i may run
// on different threads at once.
void ForEachLogitRow(ThreadPool* pool, const PackedRows& rows, const float* queries, size_t count, int dim,
                     const std::function<void(size_t worker, size_t i, const float* logits)>& fn);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_PACKED_ROWS_H_
