#include "tools/builder/lm/cong_teacher.h"

#include <algorithm>

#include "core/lm/cong.h"
#include "core/lm/knlm.h"

namespace kma::build {

Status CongTeacher::InitKneserNey(const KnlmView* lm, const ContextTrie& trie, uint32_t vocab) {
  if (lm->vocab_size() != vocab)
    return Status(StatusCode::kInvalidArgument, "teacher model has a different vocabulary");
  vocab_ = vocab;
  trie_ = &trie;
  kn_ = lm;
  kn_state_.resize(trie.size());
  for (uint32_t c = 0; c < trie.size(); ++c) {
    uint32_t toks[cong_internal::kMaxContextLen], d = 0;
    for (uint32_t node = c; node != 0; node = trie.parent[node]) toks[d++] = trie.key[node];
    uint32_t st = 0;
    while (d > 0) lm->Score(st, toks[--d], &st);
    kn_state_[c] = st;
  }
  return Status::Ok();
}

void CongTeacher::InitWittenBell(const ContextTrie& trie, const CongExamples& ex, uint32_t vocab) {
  vocab_ = vocab;
  trie_ = &trie;
  const uint32_t n = trie.size();
  std::vector<uint64_t> occ;
  for (uint64_t e : ex.pairs)
    for (uint32_t node = static_cast<uint32_t>(e >> 32);; node = trie.suffix[node]) {
      occ.push_back((uint64_t{node} << 32) | (e & 0xFFFFFFFFu));
      if (node == 0) break;
    }
  std::sort(occ.begin(), occ.end());
  occ_begin_.assign(n + 1, 0);
  GroupPairs(occ, &occ_tok_, &occ_cnt_, &occ_begin_);
  occ_total_.assign(n, 0.0);
  occ_types_.assign(n, 0.0);
  for (uint32_t c = 0; c < n; ++c) {
    for (uint32_t e = occ_begin_[c]; e < occ_begin_[c + 1]; ++e) occ_total_[c] += double(occ_cnt_[e]);
    occ_types_[c] = double(occ_begin_[c + 1] - occ_begin_[c]);
  }
}

void CongTeacher::Distribution(uint32_t c, float* out) const {
  if (kn_ != nullptr) {
    kn_->LogProbs(kn_state_[c], out);
    return;
  }
  // P(t|c) = (n(c,t) + u(c) P(t|suffix(c))) / (n(c) + u(c)), add-one at the
  // root.
  uint32_t chain[cong_internal::kMaxContextLen + 1];
  int len = 0;
  for (uint32_t node = c;; node = trie_->suffix[node]) {
    chain[len++] = node;
    if (node == 0) break;
  }
  for (int i = len - 1; i >= 0; --i) {
    const uint32_t node = chain[i];
    const double u = node == 0 ? double(vocab_) : occ_types_[node], n = occ_total_[node];
    if (n + u <= 0) continue;
    const float keep = static_cast<float>(u / (n + u)), unit = static_cast<float>(1.0 / (n + u));
    if (node == 0)
      std::fill(out, out + vocab_, unit);
    else
      for (uint32_t x = 0; x < vocab_; ++x) out[x] *= keep;
    for (uint32_t e = occ_begin_[node]; e < occ_begin_[node + 1]; ++e)
      out[occ_tok_[e]] += float(occ_cnt_[e]) * unit;
  }
}

}  // namespace kma::build
