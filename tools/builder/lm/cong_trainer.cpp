#include "tools/builder/lm/cong_trainer.h"

#include <chrono>
#include <system_error>

#include "core/lm/cong.h"
#include "tools/builder/lm/cong_blob.h"
#include "tools/builder/lm/cong_context_trie.h"
#include "tools/builder/lm/cong_finish.h"
#include "tools/builder/lm/cong_global_trainer.h"
#include "tools/builder/lm/cong_sgd.h"
#include "tools/builder/lm/cong_teacher.h"
#include "tools/builder/step_clock.h"

namespace kma::build {

struct CongTrainState {
  explicit CongTrainState(const CongTrainOptions& o) : options(o), pool(size_t(o.threads)) {}
  CongTrainOptions options;
  ThreadPool pool;
  std::vector<std::vector<uint32_t>> seqs;  // with <s> and </s>
  uint32_t bos = 0, eos = 0;
  ContextTrie trie;
  std::vector<uint8_t> content;
  CongLocalModel local;
};

namespace {

using namespace cong_internal;

Status CheckOptions(const CongTrainOptions& o, uint32_t vocab, uint32_t bos, uint32_t eos) {
  if (o.dim <= 0 || o.dim % 16 != 0 || o.dim > static_cast<int>(kMaxDim))
    return Status(StatusCode::kInvalidArgument,
                  "CoNg dimension must be a positive multiple of 16, at most 512");
  if (o.max_context_len < 1 || o.max_context_len > static_cast<int>(kMaxContextLen) || o.min_count < 1 ||
      o.epochs < 0 || o.batch_contexts < 1 || o.threads < 1 ||
      !(o.teacher_weight >= 0 && o.teacher_weight <= 1) || !(o.teacher_prior >= 0) ||
      !(o.sparse_learning_rate > 0) || !(o.learning_rate > 0))
    return Status(StatusCode::kInvalidArgument, "bad CoNg training options");
  if (bos >= vocab || eos >= vocab)
    return Status(StatusCode::kInvalidArgument, "bos/eos outside the vocabulary");
  return Status::Ok();
}

// The sentences framed by <s> and </s>.
Status Frame(const std::vector<std::vector<uint32_t>>& sents, uint32_t vocab, uint32_t bos, uint32_t eos,
             std::vector<std::vector<uint32_t>>* seqs) {
  seqs->reserve(sents.size());
  for (const auto& s : sents) {
    std::vector<uint32_t> q;
    q.reserve(s.size() + 2);
    q.push_back(bos);
    for (uint32_t t : s) {
      if (t >= vocab) return Status(StatusCode::kInvalidArgument, "token outside the vocabulary");
      q.push_back(t);
    }
    q.push_back(eos);
    seqs->push_back(std::move(q));
  }
  return Status::Ok();
}

// The CoNg blob (core/lm/cong.h) of the local model: int8 rows and the
// int8 normalisers, or float rows and the float ones.
std::string WriteCongBlob(const ContextTrie& trie, const CongLocalModel& m, int max_len, uint32_t bos,
                          uint32_t eos, bool int8) {
  std::string sec[kNumSections];
  AppendPod(&sec[kChildBegin], trie.child_begin);
  AppendPod(&sec[kKeys], trie.key);
  AppendPod(&sec[kSuffix], trie.suffix);
  AppendPod(&sec[kDepth], trie.depth);
  AppendPod(&sec[kCtxBias], int8 ? m.z_q : m.z_f);
  AppendPod(&sec[kOutBias], m.out_bias);
  if (int8) {
    AppendPod(&sec[kCtxRows], ShiftedRows(m.ctx_rows.q));
    AppendPod(&sec[kCtxScale], m.ctx_rows.scale);
    AppendPod(&sec[kOutRows], m.eout_rows.q);
    AppendPod(&sec[kOutScale], m.eout_rows.scale);
    AppendPod(&sec[kOutComp], RowCompensation(m.eout_rows.q, m.vocab, m.dim));
  } else {
    AppendPod(&sec[kCtxRows], m.ctx);
    AppendPod(&sec[kOutRows], m.eout);
  }
  CongHeader h{};
  h.vocab_size = m.vocab;
  h.num_nodes = m.nodes;
  h.dim = static_cast<uint32_t>(m.dim);
  h.max_context_len = static_cast<uint32_t>(max_len);
  h.bos = bos;
  h.eos = eos;
  h.quant_bits = int8 ? 8 : 0;
  return LayOutBlob(h, kMagic, kFormatVersion, sec);
}

}  // namespace

CongTrainer::CongTrainer() = default;
CongTrainer::~CongTrainer() = default;

Status CongTrainer::TrainLocal(const std::vector<std::vector<uint32_t>>& sents, uint32_t vocab, uint32_t bos,
                               uint32_t eos, const CongTrainOptions& o, const std::vector<uint8_t>& content,
                               CongTrainResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  auto log = [&](const std::string& s) {
    if (o.log) o.log(s);
  };
  KMA_RETURN_IF_ERROR(CheckOptions(o, vocab, bos, eos));
  if (!content.empty() && content.size() != vocab)
    return Status(StatusCode::kInvalidArgument, "CoNg-Global content mask has the wrong size");
  try {
    state_ = std::make_unique<CongTrainState>(o);
  } catch (const std::system_error& e) {
    return Status(StatusCode::kInternal, std::string("cannot start the CoNg training threads: ") + e.what());
  }
  CongTrainState& st = *state_;
  st.bos = bos;
  st.eos = eos;
  st.content = content;
  KMA_RETURN_IF_ERROR(Frame(sents, vocab, bos, eos, &st.seqs));
  BuildContextTrie(st.seqs, o.max_context_len, o.min_count, &st.trie);
  CongExamples ex;
  CollectExamples(st.seqs, st.trie, &ex);
  result->contexts = st.trie.size();
  CongTeacher teacher;
  if (o.teacher_weight > 0 && o.teacher_lm != nullptr) {
    KMA_RETURN_IF_ERROR(teacher.InitKneserNey(o.teacher_lm, st.trie, vocab));
  } else if (o.teacher_weight > 0) {
    teacher.InitWittenBell(st.trie, ex, vocab);
  }
  log("cong: " + std::to_string(st.trie.size()) + " contexts (" + std::to_string(ex.active.size()) +
      " used as longest match), " + std::to_string(ex.pairs.size()) + " training positions, vocabulary " +
      std::to_string(vocab) + ", dim " + std::to_string(o.dim));
  uint64_t rng = o.seed;
  CongParams params;
  params.Init(st.seqs, ex, vocab, st.trie.size(), o.dim, o.max_context_len, &rng);
  result->train_perplexity = TrainCongEpochs(o, st.trie, ex, &teacher, &params, &st.pool, &rng);
  StepClock clock;
  FinishCong(o, st.trie, ex, content, &params, &st.pool, &st.local);
  log("cong: rows materialised, normalised and quantised (" + clock.Lap() + ")");
  result->fp32_blob = WriteCongBlob(st.trie, st.local, o.max_context_len, bos, eos, false);
  result->int8_blob = WriteCongBlob(st.trie, st.local, o.max_context_len, bos, eos, true);
  result->train_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  log("cong: trained in " + std::to_string(int(result->train_seconds)) + " s; int8 " +
      std::to_string(result->int8_blob.size() / 1024) + " KiB, fp32 " +
      std::to_string(result->fp32_blob.size() / 1024) + " KiB");
  return Status::Ok();
}

Status CongTrainer::TrainGlobal(const CongGlobalSpec& spec, CongTrainResult* result) {
  if (!state_ || state_->content.empty())
    return Status(StatusCode::kInvalidArgument,
                  "CoNg-Global needs a local model trained with a content mask");
  CongTrainState& st = *state_;
  return TrainCongGlobal(st.seqs, st.trie, st.local, st.content, st.options, spec, &st.pool, result);
}

Status TrainCong(const std::vector<std::vector<uint32_t>>& sents, uint32_t vocab, uint32_t bos, uint32_t eos,
                 const CongTrainOptions& options, CongTrainResult* result) {
  CongTrainer trainer;
  return trainer.TrainLocal(sents, vocab, bos, eos, options, {}, result);
}

}  // namespace kma::build
