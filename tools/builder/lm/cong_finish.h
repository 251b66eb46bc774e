// After the CoNg epochs: every context row materialised (v(c) as one row),
// both embedding spaces rotated, the rows quantised to int8, and each
// context's exact log-normaliser computed for the float rows and for the
// int8 rows the analyzer will use.
#ifndef KMA_TOOLS_BUILDER_LM_CONG_FINISH_H_
#define KMA_TOOLS_BUILDER_LM_CONG_FINISH_H_

#include <cstdint>
#include <vector>

#include "core/base/thread_pool.h"
#include "tools/builder/lm/cong_context_trie.h"
#include "tools/builder/lm/cong_rounding.h"
#include "tools/builder/lm/cong_sgd.h"

namespace kma::build {

// The trained local CoNg model as stored, and what CoNg-Global builds on.
struct CongLocalModel {
  uint32_t vocab = 0, nodes = 0;
  int dim = 0;
  std::vector<float> ctx, eout, out_bias;  // float rows (rotated), output biases
  std::vector<float> z_f, z_q;             // -log Z of every context: float rows, int8 rows
  // With a content mask: log of the probability mass of content tokens
  // after every context (float rows, int8 rows), at most 0.
  std::vector<float> content_f, content_q;
  QuantizedRows ctx_rows, eout_rows;  // as stored
  std::vector<float> ctx_q, eout_q;   // their float values
};

// `content` is empty or has one entry per token (1 = content token).
void FinishCong(const CongTrainOptions& options, const ContextTrie& trie, const CongExamples& ex,
                const std::vector<uint8_t>& content, CongParams* params, ThreadPool* pool,
                CongLocalModel* out);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_FINISH_H_
