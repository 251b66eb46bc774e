// The n-gram teacher of CoNg training (CongTrainOptions::teacher_weight):
// for every context of the trie, a full distribution over the vocabulary,
// either the Kneser-Ney model's (teacher_lm) or a Witten-Bell estimate over
// the CoNg contexts themselves.
#ifndef KMA_TOOLS_BUILDER_LM_CONG_TEACHER_H_
#define KMA_TOOLS_BUILDER_LM_CONG_TEACHER_H_

#include <cstdint>
#include <vector>

#include "core/base/status.h"
#include "tools/builder/lm/cong_context_trie.h"

namespace kma {
class KnlmView;
}

namespace kma::build {

class CongTeacher {
 public:
  // Kneser-Ney teacher: `lm` must score the same tokens (vocab_size ==
  // vocab); kInvalidArgument otherwise. `lm` must outlive the teacher.
  Status InitKneserNey(const KnlmView* lm, const ContextTrie& trie, uint32_t vocab);
  // Witten-Bell teacher from the n-gram counts of every context (all
  // positions where it is a suffix of the history, not only where it is
  // the longest). `trie` must outlive the teacher.
  void InitWittenBell(const ContextTrie& trie, const CongExamples& ex, uint32_t vocab);

  // Writes the teacher's log-probabilities (Kneser-Ney) or probabilities
  // (Witten-Bell) of every token after context c to out[0..vocab).
  void Distribution(uint32_t c, float* out) const;
  // True if Distribution writes log-probabilities.
  bool log_domain() const { return kn_ != nullptr; }

 private:
  uint32_t vocab_ = 0;
  const ContextTrie* trie_ = nullptr;
  const KnlmView* kn_ = nullptr;
  std::vector<uint32_t> kn_state_;  // per context: its state in the n-gram model
  // Witten-Bell counts: context c saw occ_tok[e] occ_cnt[e] times, e in
  // [occ_begin[c], occ_begin[c + 1]).
  std::vector<uint32_t> occ_tok_, occ_cnt_, occ_begin_;
  std::vector<double> occ_total_, occ_types_;
};

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_TEACHER_H_
