// Position-synchronous beam search over one chunk's lattice, scored by the
// Kneser-Ney LM plus dictionary, boundary and unknown-word costs.
#ifndef KMA_CORE_SEARCH_BEAM_SEARCH_H_
#define KMA_CORE_SEARCH_BEAM_SEARCH_H_

#include <cstdint>
#include <vector>

#include "core/search/lattice.h"

namespace kma::search {

struct SearchParams {
  int top_n = 1;
  float beam = 7.0f;          // drop states this far below the best of their position
  int max_states = 8;         // keep at most this many states per position
  float boundary_weight = 1.0f;
  // The values below were chosen on a held-out tenth of train.tsv.
  float nospace_floor = -1.5f;    // cap on the cost of a missing space
  float class_lambda = 0.7f;      // weight of the morpheme n-gram in the class interpolation (1: LM alone)
  float period_weight = 0.4f;     // weight of the virtual full stop closing unpunctuated text
  float morph_penalty = 0.0f;     // cost per morpheme (favours fewer, longer morphemes when > 0)
  // Morpheme-level LM: the CoNg model if set, else the Kneser-Ney model.
  const CongView* cong = nullptr;
  // CoNg-Global: the distant part on top of `cong` (null: local only).
  const CongGlobalView* cong_global = nullptr;
  // With `cong`: weight of the Kneser-Ney model mixed into the CoNg score
  // (linear in probability; 0: CoNg alone). The states then also carry and
  // merge on the n-gram state.
  float knlm_mix = 0.0f;
  // CoNg only: score each position's candidates in one batched call.
  bool batch_scoring = false;
  // Ablations (see AnalyzeOptions): the LM lookup cache and CoNg's dense
  // root table; the analyses are the same either way.
  bool lm_cache = true;
  bool cong_root_table = true;
  bool simd_state_map = false;  // 1-byte-tag SIMD scan when merging states (else the index)
};

// One morpheme of a found path, with the normalized span it covers.
struct PathMorph {
  uint32_t morph;      // dictionary id (0 for unknown words / patterns without entry)
  PosTag tag;
  uint32_t begin, end; // normalized span
  uint16_t flags;      // TokenFlags
  float score;
};

struct Path {
  std::vector<PathMorph> morphs;
  float score;
};

class BeamSearch {
 public:
  // Finds up to params.top_n best paths over nodes covering text[begin, end).
  void Run(const ModelImpl& model, const std::u32string& text, uint32_t begin, uint32_t end,
           const std::vector<Node>& nodes, const SearchParams& params, std::vector<Path>* out);

 private:
  struct State {
    float score;
    uint32_t lm_state;
    uint32_t tag_state;
    uint32_t hist;         // index into hist_ (last step), or kNoHist
    uint32_t pending;      // socket of an open stem head, 0 if none
    uint32_t pending_morph;
    uint32_t last_socket;  // conjugation class of the last morpheme (0 = none)
    uint32_t win;          // CoNg-Global: content tokens before the last morpheme (win_ list), 0 = none
    uint32_t last_tok;     // CoNg-Global: LM token of the last morpheme
    uint32_t kn_state;     // ensemble (SearchParams::knlm_mix): the n-gram state, else 0
    uint8_t last_tag;
    uint8_t space_before;
    uint64_t key() const {
      uint64_t h = (uint64_t{lm_state} << 32) ^ (uint64_t{pending} << 20) ^ (uint64_t{last_socket} << 6) ^ last_tag;
      h ^= uint64_t{pending_morph} * 0x9E3779B97F4A7C15ull;
      h ^= uint64_t{tag_state} * 0xC2B2AE3D27D4EB4Full;
      h ^= uint64_t{kn_state} * 0x27D4EB2F165667C5ull;
      return h * 0xD6E8FEB86659FD93ull;
    }
    bool SameKey(const State& o) const {
      return lm_state == o.lm_state && kn_state == o.kn_state && tag_state == o.tag_state && pending == o.pending && pending_morph == o.pending_morph &&
             last_socket == o.last_socket && last_tag == o.last_tag;
    }
  };
  struct Hist {
    uint32_t parent;
    uint32_t node;
    float score_before;
  };
  static constexpr uint32_t kNoHist = 0xFFFFFFFFu;

  // States ending at one position. Inserting must find the state with the
  // same merge key: by default through an open-addressing index on the key
  // (`slots`); with SearchParams::simd_state_map a 1-byte hash per state
  // (`tags`, parallel to `states`) is compared 64 at a time with SIMD and
  // only tag matches are compared in full. Both give the same states; the
  // index is the faster of the two as measured (buckets are small).
  struct Bucket {
    std::vector<State> states;
    std::vector<uint8_t> tags;    // hash byte of states[i]; size a multiple of 64
    std::vector<uint32_t> slots;  // index+1 into states, 0 = empty; size is a power of two
    float best = -1e30f;          // best score inserted so far
    void Clear() {
      states.clear();
      best = -1e30f;
      std::fill(slots.begin(), slots.end(), 0u);
    }
    void Rehash();
  };
  void Insert(Bucket* bucket, const State& s, int top_n) {
    if (simd_map_) InsertTagged(bucket, s, top_n);
    else InsertIndexed(bucket, s, top_n);
  }
  void InsertTagged(Bucket* bucket, const State& s, int top_n);
  void InsertIndexed(Bucket* bucket, const State& s, int top_n);
  static uint8_t Tag(const State& s) { return static_cast<uint8_t>(s.key() >> 56); }
  void Prune(Bucket* bucket, const SearchParams& params);
  bool Extend(const ModelImpl& model, const std::u32string& text, uint32_t chunk_begin, const State& s,
              const Node& n, uint32_t node_index, const SearchParams& params, State* out);

  // LM lookups repeat a lot within a lattice (all candidates sharing a first
  // morpheme, every unknown-word length): a direct-mapped cache of
  // (state, token) -> (log-prob, next state) avoids most trie walks.
  struct LmCacheEntry {
    uint32_t state = 0xFFFFFFFFu, token = 0;
    float logp = 0;
    uint32_t next = 0;
  };
  // 32K entries (512 KiB): measured 2.5% faster than 8K for knlm and cong.
  static constexpr size_t kLmCacheSize = 1 << 15;
  // The morpheme LM of the current Run (one of the two is used).
  float WordLm(uint32_t state, uint32_t token, uint32_t* next) const {
    return cong_ != nullptr ? cong_->Score(state, token, next, root_table_) : knlm_->Score(state, token, next);
  }
  static size_t CacheSlot(uint32_t state, uint32_t token) {
    return ((uint64_t{state} * 0x9E3779B1u) ^ (uint64_t{token} * 0x85EBCA77u)) & (kLmCacheSize - 1);
  }
  // The entry for (state, token) in `cache`, filled by score(&next) on a miss.
  template <typename Score>
  static LmCacheEntry& Probe(std::vector<LmCacheEntry>& cache, uint32_t state, uint32_t token, Score score) {
    LmCacheEntry& e = cache[CacheSlot(state, token)];
    if (e.state != state || e.token != token) {
      e.state = state;
      e.token = token;
      e.logp = score(&e.next);
    }
    return e;
  }
  // The n-gram side of an ensemble, through its own cache.
  float KnScore(uint32_t state, uint32_t token, uint32_t* next) {
    if (!use_lm_cache_) return knlm_->Score(state, token, next);
    const LmCacheEntry& e = Probe(kn_cache_, state, token, [&](uint32_t* n) { return knlm_->Score(state, token, n); });
    *next = e.next;
    return e.logp;
  }
  float LmScore(uint32_t state, uint32_t token, uint32_t* next) {
    if (!use_lm_cache_) return WordLm(state, token, next);
    LmCacheEntry& e = Probe(lm_cache_, state, token, [&](uint32_t* n) { return WordLm(state, token, n); });
    // Scored by the batch, not walked yet (a fresh fill always has its next state).
    if (e.next == kNextUnknown) e.next = cong_->Next(state, token, root_table_);
    *next = e.next;
    return e.logp;
  }
  static constexpr uint32_t kNextUnknown = 0xFFFFFFFFu;
  // CoNg: scores every (state here) x (first LM token of a node starting
  // here) pair in one gathered matrix product and seeds the cache with it.
  void BatchScore(const ModelImpl& model, const std::vector<State>& here, const std::vector<Node>& nodes,
                  size_t first_node, uint32_t p);
  std::vector<uint32_t> batch_ctx_, batch_tok_;
  std::vector<float> batch_out_;
  std::vector<LmCacheEntry> lm_cache_ = std::vector<LmCacheEntry>(kLmCacheSize);
  const void* lm_cache_owner_ = nullptr;  // the LM the cache was filled for
  std::vector<LmCacheEntry> kn_cache_;    // allocated on the first ensemble run
  const KnlmView* kn_cache_owner_ = nullptr;
  // cong+knlm (no distant window): (CoNg state, n-gram state, token) ->
  // (mixed log-prob, both next states) in one probe instead of one per LM.
  struct EnsembleCacheEntry {
    uint32_t state = 0xFFFFFFFFu, kn = 0, token = 0;
    float logp = 0;
    uint32_t next = 0, kn_next = 0;
  };
  std::vector<EnsembleCacheEntry> ens_cache_;  // allocated on the first ensemble run
  const void* ens_cache_owner_ = nullptr;      // the CoNg model it was filled for
  float ens_cache_mix_ = 0;                    // and the weight
  const CongView* cong_ = nullptr;
  const KnlmView* knlm_ = nullptr;
  bool use_lm_cache_ = true, root_table_ = true, simd_map_ = true;  // SearchParams ablations
  uint64_t (*match_bytes64_)(const uint8_t*, uint8_t) = nullptr;

  // CoNg-Global windows as persistent linked lists shared by the paths
  // (a node per pushed token), so a state carries one id.
  struct WinNode {
    uint32_t token, parent;
  };
  std::vector<WinNode> win_;
  uint32_t PushWindow(uint32_t win, uint32_t token) {
    win_.push_back({token, win});
    return static_cast<uint32_t>(win_.size() - 1);
  }
  // Scores `token` after `s`'s word-LM state, updating state/window/last
  // (and the n-gram state `kn` of an ensemble).
  float WordStep(uint32_t token, uint32_t* state, uint32_t* win, uint32_t* last, uint32_t* kn);
  float EnsembleStep(uint32_t token, uint32_t* state, uint32_t* kn);
  bool mix_knlm_ = false;
  bool ensemble_cache_ = false;  // mix_knlm_ without a distant window, caches on: EnsembleStep
  float log_mix_cong_ = 0, log_mix_knlm_ = 0;  // log of the ensemble weights
  const CongGlobalView* global_ = nullptr;

  std::vector<Bucket> buckets_;
  float log_lambda_ = 0, log_rest_ = 0;  // log of the interpolation weights
  bool use_tag_lm_ = true;                // false when class_lambda is 1
  std::vector<Hist> hist_;
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_BEAM_SEARCH_H_
