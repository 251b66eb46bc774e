// Trainer for the CoNg language model (core/lm/cong.h), in plain C++ (no ML
// framework is available where kma is built).
//
// Context set: every morpheme n-gram of length 1..max_context_len that occurs
// at least min_count times as the end of a history (sentence start <s>
// included), plus the empty context. Such a set is closed under prefixes and
// suffixes, so it is a trie with suffix links.
//
// Context embedding: composed log-bilinearly from the context's morphemes,
//   v(c) = r[c] + sum_k C_k e_in[w_k]     (w_1 the most recent morpheme)
// with a per-context residual r[c] under its own L2 penalty. The composition
// lets a context seen twice borrow what its morphemes do elsewhere (the data
// is 30K sentences, where free per-context rows overfit); after training every
// v(c) is materialised as one row, so analysis pays one row lookup.
// Output: log P(t | c) = v(c) . e_out[t] + b[t] - Z[c], full softmax.
//
// Training maximises the likelihood of train.tsv with each position scored by
// its longest context in the set, exactly what the analyzer will do; the
// examples are aggregated per context (one full-softmax step per distinct
// context and batch instead of one per token). Mini-batch Adam for the dense
// parameters, clipped SGD for the embedding rows. The arithmetic is the
// canonical one of train_kernels.h (fixed sum orders, no FMA, the kernels'
// own exponential), and every sum has an order that does not depend on how
// the work is split over threads, so the model is the same for a given seed
// on every machine, instruction set and number of threads.
#ifndef KMA_TOOLS_BUILDER_LM_CONG_TRAINER_H_
#define KMA_TOOLS_BUILDER_LM_CONG_TRAINER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/status.h"

namespace kma {
class KnlmView;
}

namespace kma::build {

// The cong stage's spec.
struct CongTrainOptions {
  int dim = 32;              // embedding size (multiple of 16; 16/32/48/64 measured, 32 best)
  int max_context_len = 3;   // longest context n-gram (4 measured worse on held-out data)
  int min_count = 3;         // minimum occurrences of a context n-gram
  int epochs = 6;            // at dim 32: 4, 6, 8 measured on held-out data, 6 best (dim 64 overfit past 4)
  int batch_contexts = 256;  // distinct contexts per mini-batch
  float learning_rate = 0.005f;       // Adam, dense parameters (e_out, b, C_k)
  float sparse_learning_rate = 0.1f;  // row-wise Adagrad, rows (r[c], e_in[w])
  float sparse_clip = 1.0f;           // cap on the L2 norm of one row step
  float residual_l2 = 1.0f;           // L2 weight of the per-context residuals
  // Share of the training target taken from a Witten-Bell n-gram estimate
  // over the same contexts instead of the observed continuations: it keeps
  // rare long contexts from being fitted to their few observations.
  float teacher_weight = 1.0f;
  // If > 0, the teacher's share shrinks with the context's count n:
  // teacher_weight * prior / (n + prior).
  float teacher_prior = 10.0f;
  // The teacher: this Kneser-Ney model if set (it must score the same
  // tokens), else a Witten-Bell estimate over the CoNg contexts.
  const KnlmView* teacher_lm = nullptr;
  // The model builder teaches with its Kneser-Ney model (the knlm stage's)
  // when set, else with Witten-Bell.
  bool kn_teacher = true;
  // Rotate the finished embeddings by a random-sign Walsh-Hadamard matrix
  // before quantising (dim must be a power of two; ignored otherwise).
  bool rotate = true;
  // Round the rows to keep the log-probabilities, not each value, close to
  // the float model (tools/builder/lm/cong_rounding.h).
  bool compensated_rounding = true;
  // Weight of the CoNg LMs against the tag-class model, stored in the model
  // as "<lm>.class_lambda" (knlm keeps the analyzer's built-in weight);
  // chosen on held-out data.
  float class_lambda = 0.7f;
  int threads = 2;  // training threads (the model does not depend on them)
  uint64_t seed = 1;
  std::function<void(const std::string&)> log;
};

// The cong-global stage's spec (the distant rows reuse the cong stage's
// sparse_learning_rate and residual_l2).
struct CongGlobalSpec {
  // Gate epochs; the distant rows take distant_steps_per_epoch steps each.
  int epochs = 8;
  int distant_steps_per_epoch = 4;
  float gate_learning_rate = 0.1f;  // Adagrad
  float gate_l2 = 1e-3f;            // towards each gate's start value
  float context_gate_start = 2.0f;  // the local model's gate starts this far ahead of the distant ones
  // Content tokens (what a distant window remembers): morphemes with their
  // own LM token whose tag carries meaning rather than grammar.
  std::vector<PosTag> content_tags = {PosTag::kNNG, PosTag::kNNP, PosTag::kNP,  PosTag::kNR,
                                      PosTag::kVV,  PosTag::kVA,  PosTag::kMAG, PosTag::kXR};
};

struct CongTrainResult {
  std::string int8_blob;                           // the model as stored in kma model files
  std::string fp32_blob;                           // the same model with float rows (reference path)
  std::string global_int8_blob, global_fp32_blob;  // CoNg-Global parts, if trained
  uint32_t contexts = 0;
  double train_seconds = 0;
  double train_perplexity = 0;  // of the training data, last epoch
};

struct CongTrainState;

// The cong stage (TrainLocal), then optionally the cong-global stage
// (TrainGlobal) on the same local model.
class CongTrainer {
 public:
  CongTrainer();
  ~CongTrainer();

  // `sents` are LM-token sequences without <s>/</s>; tokens < vocab_size.
  // `content` is empty, or one entry per token (1 = content token) if
  // TrainGlobal will follow. Fills result->int8_blob, fp32_blob, contexts,
  // train_seconds and train_perplexity.
  Status TrainLocal(const std::vector<std::vector<uint32_t>>& sents, uint32_t vocab_size, uint32_t bos,
                    uint32_t eos, const CongTrainOptions& options, const std::vector<uint8_t>& content,
                    CongTrainResult* result);
  // Trains the distant embeddings and gates (cong_global_trainer.cpp); fills
  // result->global_int8_blob and global_fp32_blob.
  Status TrainGlobal(const CongGlobalSpec& spec, CongTrainResult* result);

 private:
  std::unique_ptr<CongTrainState> state_;
};

// TrainLocal alone (no CoNg-Global).
Status TrainCong(const std::vector<std::vector<uint32_t>>& sents, uint32_t vocab_size, uint32_t bos,
                 uint32_t eos, const CongTrainOptions& options, CongTrainResult* result);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_TRAINER_H_
