// CoNg-Global training (see core/lm/cong_global.h for the model): with the
// local model fixed, (1) each content token h gets a distant embedding
// trained to predict the content tokens that follow within a window after
// it, a softmax over content tokens on the local output embeddings; (2) the
// gates (per context, per distant token, per window position) are fitted to
// the likelihood of the mixture at every training position.
#ifndef KMA_TOOLS_BUILDER_LM_CONG_GLOBAL_TRAINER_H_
#define KMA_TOOLS_BUILDER_LM_CONG_GLOBAL_TRAINER_H_

#include <cstdint>
#include <vector>

#include "core/base/status.h"
#include "core/base/thread_pool.h"
#include "tools/builder/lm/cong_context_trie.h"
#include "tools/builder/lm/cong_finish.h"
#include "tools/builder/lm/cong_trainer.h"

namespace kma::build {

// `seqs` include <s> and </s>; `content` has one entry per token (1 =
// content token); `local` was finished with that mask. The distant rows use
// options.sparse_learning_rate and residual_l2; compensated_rounding applies
// as for the local model. Runs on the pool's threads; the result does not
// depend on their number.
Status TrainCongGlobal(const std::vector<std::vector<uint32_t>>& seqs, const ContextTrie& trie,
                       const CongLocalModel& local, const std::vector<uint8_t>& content,
                       const CongTrainOptions& options, const CongGlobalSpec& spec, ThreadPool* pool,
                       CongTrainResult* result);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_GLOBAL_TRAINER_H_
