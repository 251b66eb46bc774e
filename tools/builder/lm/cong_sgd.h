// The CoNg parameters and their training loop (see cong_trainer.h for the
// model): the output layer of every context of a mini-batch is a full
// softmax against the observed continuations mixed with the teacher; the
// gradient flows back through the composition v(c) = r[c] + sum_k C_k
// e_in[w_k] into the per-context residuals, the input rows and the position
// matrices.
#ifndef KMA_TOOLS_BUILDER_LM_CONG_SGD_H_
#define KMA_TOOLS_BUILDER_LM_CONG_SGD_H_

#include <cstdint>
#include <vector>

#include "core/base/thread_pool.h"
#include "tools/builder/lm/cong_context_trie.h"
#include "tools/builder/lm/cong_teacher.h"
#include "tools/builder/lm/cong_trainer.h"

namespace kma::build {

struct CongParams {
  int dim = 0, max_len = 0;
  uint32_t vocab = 0;
  std::vector<float> ein, eout, bias;  // vocab × dim, vocab × dim, vocab
  std::vector<float> cmat;             // max_len matrices dim × dim
  std::vector<float> res;              // per context: its residual r[c], dim

  // Random rows, unigram biases, scaled identities C_k (the most recent
  // morpheme counts most).
  void Init(const std::vector<std::vector<uint32_t>>& seqs, const CongExamples& ex, uint32_t vocab_size,
            uint32_t contexts, int dimension, int context_len, uint64_t* rng);
  // v(c) = sum of the residuals along c's suffix chain (the root's
  // included) + sum_k C_k e_in[w_k].
  void Compose(const ContextTrie& trie, uint32_t c, float* v) const;
};

// Runs options.epochs epochs of mini-batch training on the pool's threads;
// returns the training perplexity of the last epoch (0 without epochs).
// `teacher` may be null when options.teacher_weight is 0. The result does not
// depend on the number of threads.
double TrainCongEpochs(const CongTrainOptions& options, const ContextTrie& trie, const CongExamples& ex,
                       const CongTeacher* teacher, CongParams* params, ThreadPool* pool, uint64_t* rng);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_SGD_H_
