// Coarse-to-fine search, the coarse half: a forward and a backward Viterbi
// over a chunk's lattice with costs that need no LM state, which drops the
// nodes no cheap path near the cheapest goes through before the beam search
// (core/search/beam_search.h) sees them. The beam search then scores the
// survivors exactly as it scores a full lattice: pruning removes candidates
// and never changes a score.
//
// The cheap cost of a path is what the step builder adds up
// (core/search/step_builder.h) with the morpheme LM taken out:
//   - each node's cost (Node::penalty);
//   - per morpheme, -log P(morph | tag) (MorphStep::tag_logp) and the cost per
//     morpheme;
//   - between morphemes, the tag-class model's cost of the next tag after the
//     last (the best over the tag model's contexts that end with that tag, so
//     one number per tag pair: CoarseTables) and the boundary term (a space
//     or none, with the chunk's cap on a missing space).
// The pass reads model entries packed (their records and morpheme scores,
// not Lattice::steps), so only the survivors the search tries are unpacked.
// It keeps the pairing rules the search checks without unpacking (a fused
// tail only after a stem head of its socket, a head only before such a tail,
// the halves of a phonetic spelling together, copula-drop spellings never
// after a space); the conjugation blocks it ignores (the analyzer searches
// again without pruning if no survivor path holds).
#ifndef KMA_CORE_SEARCH_COARSE_PASS_H_
#define KMA_CORE_SEARCH_COARSE_PASS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/model/model_view.h"
#include "core/search/lattice.h"
#include "core/search/step_builder.h"

namespace kma::search {

// The tag-pair costs of one model: -log P(tag f | ... l), the best over the
// tag model's contexts that end with l (row kNumTags: the sentence start).
class CoarseTables {
 public:
  void Build(const ModelImpl& model);
  bool built_for(const ModelImpl& model) const { return model_ == &model; }
  float trans(int prev, int tag) const { return trans_[prev * kNumTags + tag]; }

 private:
  const ModelImpl* model_ = nullptr;
  std::vector<float> trans_;  // (kNumTags + 1) x kNumTags
};

struct CoarseStats {
  uint64_t nodes = 0;  // nodes the pass saw
  uint64_t kept = 0;   // nodes it kept
};

class CoarsePass {
 public:
  // Drops from lattice->nodes (keeping their order) every node whose best
  // cheap path over text[begin, end) costs more than `margin` nats above the
  // cheapest path. The nodes of the cheapest path are always kept. Nodes the
  // pass cannot score packed (user dictionary entries) are unpacked.
  void Prune(const ModelImpl& model, const std::u32string& text, uint32_t begin, uint32_t end,
             const StepParams& params, float margin, Lattice* lattice);

  // After Prune: the best cheap cost through each node the pass saw, in its
  // index before pruning, and the cheapest path's cost (for the tests).
  const std::vector<float>& through() const { return through_; }
  float best() const { return best_; }
  const CoarseStats& stats() const { return stats_; }
  // Bytes of the pass's buffers (for the memory budget; not the entry
  // summaries, which are the size of the model's dictionary, not of a text).
  uint64_t held_bytes() const;

  // The padded width of a row of tags (the sentence start included) in the
  // dense tag-pair tables.
  static constexpr int kRow = (kNumTags + 1 + 7) / 8 * 8;

 private:
  static constexpr float kInf = 1e30f;
  // A node's cheap summary: its first and last tag and its own cost.
  void Summarize(const ModelImpl& model, Lattice* lattice);
  // The summary of a packed model entry, `penalty` its model cost.
  void SummarizeEntry(const ModelImpl& model, const Node& n, size_t i);
  void Forward(uint32_t begin, uint32_t end, const std::vector<Node>& nodes);
  void Backward(uint32_t begin, uint32_t end, const std::vector<Node>& nodes);
  void UnpackKept(const ModelImpl& model, Lattice* lattice);
  // Combined tag and boundary cost of `tag` after `prev`.
  float Join(int prev, int tag, bool space) const {
    return slot_->join[(size_t(space ? 1 : 0) * (kNumTags + 1) + prev) * kRow + tag];
  }
  void FillJoins(const ModelImpl& model, const StepParams& params);

  // The joins of one set of params, in two dense layouts: by [space][prev]
  // over the next tag (Backward's rows) and by [space][tag] over the
  // previous tag (Forward's), padded to kRow with 0 (read only beside kInf).
  // Two slots: chunks without spaces have their own cap (0).
  struct JoinSlot {
    bool set = false;
    float floor = 0.0f, weight = 0.0f, penalty = 0.0f;
    std::vector<float> join, join_by_tag;  // 2 x kRow x kRow
  };
  JoinSlot slots_[2];
  JoinSlot* slot_ = nullptr;  // the chunk's
  const ModelImpl* join_model_ = nullptr;
  CoarseTables tables_;

  // By model entry: its cost as a packed node without user or typo terms
  // (penalty included, added up as Summarize adds it), under each slot's
  // params, and its first and last tag; worked out the first time a node of
  // the entry is seen, so that the later ones read 12 bytes instead of the
  // chain of records (entry, morphemes, their scores) that missed the cache.
  struct EntrySummary {
    float cost[2];
    uint8_t first, last;
    uint8_t have;  // bit s: cost[s] is set
  };
  std::vector<EntrySummary> entries_;

  // By node (index before pruning).
  std::vector<float> cost_, fwd_, bwd_, through_;
  std::vector<uint8_t> first_tag_, last_tag_;
  static constexpr uint32_t kNone = UINT32_MAX;
  // By chunk position (p - begin): the next non-space position at or after
  // p, where the nodes beginning at p start in the node array, whether a
  // space precedes p, and the set of last tags of the nodes after which the
  // next node may begin at p (bit t: tag t).
  std::vector<uint32_t> eff_, begin_first_;
  std::vector<uint8_t> space_;
  std::vector<uint64_t> end_tags_;
  // The nodes that close a pair (ClosesPair), by where they begin.
  std::vector<uint32_t> closers_, closer_first_;
  // Forward, by the position where the next node may begin: the best cost
  // of an open path ending there by last tag (kRow floats a position, the
  // sentence start's slot at position 0), whether there is one, and the
  // pair openers ending there (a list through opener_next_, by node).
  std::vector<float> ends_;
  std::vector<uint8_t> open_ends_;
  std::vector<uint32_t> opener_first_, opener_next_;
  // Backward: by chunk position x tag, the best cost from the position on
  // after a node whose last tag is `tag` (written only for the tags read).
  std::vector<float> out_;
  float best_ = 0.0f;
  CoarseStats stats_;
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_COARSE_PASS_H_
