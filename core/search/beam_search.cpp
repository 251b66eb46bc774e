#include "core/search/beam_search.h"

#include <algorithm>
#include <cmath>

#include "core/text/hangul.h"
#include "core/kernels/cong_kernels.h"
#include "core/search/analyzer.h"

namespace kma::search {
namespace {

constexpr float kNegInf = -1e30f;

// log(1 + e^x) for x <= 0 from a table with linear interpolation: the exact
// libm call dominated the search profile, and 1e-4 nats of error is far below
// anything the search can resolve.
class SoftplusTable {
 public:
  static constexpr float kMin = -16.0f;
  static constexpr int kSize = 2048;
  SoftplusTable() {
    for (int i = 0; i <= kSize; ++i) v_[i] = std::log1p(std::exp(kMin * (1.0f - float(i) / kSize)));
  }
  float operator()(float x) const {
    if (x <= kMin) return 0.0f;
    float f = (x - kMin) * (kSize / -kMin);
    int i = static_cast<int>(f);
    if (i >= kSize) return v_[kSize];
    float t = f - static_cast<float>(i);
    return v_[i] + t * (v_[i + 1] - v_[i]);
  }

 private:
  float v_[kSize + 1];
};
const SoftplusTable kSoftplus;

// log(e^a + e^b), a and b already carrying their mixture weights.
inline float LogAdd(float a, float b) {
  float hi = std::max(a, b), lo = std::min(a, b);
  return hi + kSoftplus(lo - hi);
}

// The right-hand side of a conjugation join (what ConcatBlocked applies to).
bool IsJoinRight(uint8_t tag) {
  PosTag t = static_cast<PosTag>(tag);
  return IsEnding(t) || IsParticle(t) || t == PosTag::kVCP;
}

}  // namespace

void BeamSearch::Bucket::Rehash() {
  size_t cap = 16;
  while (cap < states.size() * 2 + 2) cap *= 2;
  slots.assign(cap, 0u);
  for (uint32_t i = 0; i < states.size(); ++i) {
    size_t h = states[i].key() >> 32;
    for (size_t j = h & (cap - 1);; j = (j + 1) & (cap - 1)) {
      if (slots[j] == 0) { slots[j] = i + 1; break; }
    }
  }
}

void BeamSearch::InsertTagged(Bucket* b, const State& s, int top_n) {
  if (s.score > b->best) b->best = s.score;
  const uint8_t tag = Tag(s);
  const size_t n = b->states.size();
  int same = 0;
  State* worst = nullptr;
  for (size_t base = 0; base < n; base += 64) {
    uint64_t mask = match_bytes64_(b->tags.data() + base, tag);
    if (n - base < 64) mask &= (uint64_t{1} << (n - base)) - 1;  // bytes past the end are stale
    for (; mask != 0; mask &= mask - 1) {
      State& o = b->states[base + static_cast<size_t>(__builtin_ctzll(mask))];
      if (!o.SameKey(s)) continue;
      if (top_n <= 1) {
        if (s.score > o.score) o = s;
        return;
      }
      ++same;  // n-best: keep up to top_n states per merge key
      if (!worst || o.score < worst->score) worst = &o;
    }
  }
  if (same < top_n) {
    b->states.push_back(s);
    if (b->tags.size() < n + 1) b->tags.resize(b->tags.size() + 64);
    b->tags[n] = tag;
  } else if (s.score > worst->score) {
    *worst = s;  // same key, so the same tag
  }
}

void BeamSearch::InsertIndexed(Bucket* b, const State& s, int top_n) {
  if (b->slots.empty()) b->Rehash();
  if (s.score > b->best) b->best = s.score;
  const size_t mask = b->slots.size() - 1;
  size_t j = (s.key() >> 32) & mask;
  if (top_n <= 1) {
    for (;; j = (j + 1) & mask) {
      uint32_t v = b->slots[j];
      if (v == 0) break;
      State& o = b->states[v - 1];
      if (o.SameKey(s)) {
        if (s.score > o.score) o = s;
        return;
      }
    }
    b->states.push_back(s);
    b->slots[j] = static_cast<uint32_t>(b->states.size());
    if (b->states.size() * 2 > b->slots.size()) b->Rehash();
    return;
  }
  // n-best: keep up to top_n states per merge key (each occupies a slot).
  int same = 0;
  State* worst = nullptr;
  for (;; j = (j + 1) & mask) {
    uint32_t v = b->slots[j];
    if (v == 0) break;
    State& o = b->states[v - 1];
    if (o.SameKey(s)) {
      ++same;
      if (!worst || o.score < worst->score) worst = &o;
    }
  }
  if (same < top_n) {
    b->states.push_back(s);
    b->slots[j] = static_cast<uint32_t>(b->states.size());
    if (b->states.size() * 2 > b->slots.size()) b->Rehash();
  } else if (s.score > worst->score) {
    *worst = s;
  }
}

void BeamSearch::Prune(Bucket* b, const SearchParams& params) {
  std::vector<State>* bucket = &b->states;
  if (bucket->size() <= 1) return;
  float best = kNegInf, best_open = kNegInf;
  for (const State& s : *bucket) {
    best = std::max(best, s.score);
    if (s.pending == 0) best_open = std::max(best_open, s.score);
  }
  // Always keep the best state without a pending stem head, so the lattice's
  // unknown-word path can continue from it.
  const float cut = best - params.beam;
  bool kept_open = false;
  size_t out = 0;
  for (const State& s : *bucket) {
    bool keep = s.score >= cut;
    if (!keep && s.pending == 0 && s.score == best_open && !kept_open) keep = true;
    if (keep) {
      if (s.pending == 0 && s.score == best_open) kept_open = true;
      (*bucket)[out++] = s;
    }
  }
  bucket->resize(out);
  size_t cap = static_cast<size_t>(std::max(params.max_states, params.top_n));
  if (bucket->size() > cap) {
    std::partial_sort(bucket->begin(), bucket->begin() + cap, bucket->end(),
                      [](const State& a, const State& b) { return a.score > b.score; });
    bool has_open = false;
    for (size_t i = 0; i < cap; ++i) has_open |= (*bucket)[i].pending == 0;
    if (!has_open) {
      for (size_t i = cap; i < bucket->size(); ++i) {
        if ((*bucket)[i].pending == 0) { (*bucket)[cap - 1] = (*bucket)[i]; break; }
      }
    }
    bucket->resize(cap);
  }
  // The index is stale now (the bucket only gets read from here on); the
  // tags are cheap to keep right.
  if (simd_map_)
    for (size_t i = 0; i < bucket->size(); ++i) b->tags[i] = Tag((*bucket)[i]);
}

float BeamSearch::EnsembleStep(uint32_t token, uint32_t* state, uint32_t* kn) {
  const size_t slot = (CacheSlot(*state, token) ^ (uint64_t{*kn} * 0xC2B2AE35u)) & (kLmCacheSize - 1);
  EnsembleCacheEntry& e = ens_cache_[slot];
  if (e.state != *state || e.kn != *kn || e.token != token) {
    e.state = *state;
    e.kn = *kn;
    e.token = token;
    const float c = LmScore(*state, token, &e.next);
    const float k = knlm_->Score(*kn, token, &e.kn_next);
    e.logp = LogAdd(c + log_mix_cong_, k + log_mix_knlm_);
  }
  *state = e.next;
  *kn = e.kn_next;
  return e.logp;
}

float BeamSearch::WordStep(uint32_t token, uint32_t* state, uint32_t* win, uint32_t* last, uint32_t* kn) {
  if (ensemble_cache_) return EnsembleStep(token, state, kn);
  const uint32_t ctx = *state;
  float logp = LmScore(ctx, token, state);
  if (global_ != nullptr) {
    uint32_t window[CongGlobalView::kWindow];
    int count = 0;
    for (uint32_t w = *win; w != 0 && count < CongGlobalView::kWindow; w = win_[w].parent)
      window[count++] = win_[w].token;
    logp = global_->Score(logp, ctx, token, window, count);
    if (global_->valid(*last)) *win = PushWindow(*win, *last);
    *last = token;
  }
  if (!mix_knlm_) return logp;
  const float kn_logp = KnScore(*kn, token, kn);
  return LogAdd(logp + log_mix_cong_, kn_logp + log_mix_knlm_);
}

bool BeamSearch::Extend(const ModelImpl& model, const std::u32string& text, uint32_t chunk_begin,
                        const State& s, const Node& n, uint32_t node_index, const SearchParams& params,
                        State* out) {
  const TagLmTable& tlm = model.tag_lm_table();
  uint32_t tstate = s.tag_state;
  *out = s;
  out->score -= n.penalty;
  out->space_before = 0;
  uint32_t state = s.lm_state;
  int prev_tag = s.last_tag;
  bool space = s.space_before != 0;
  // Missing spaces are common in real text, so their cost is capped; spaces
  // where the corpus has none (before a particle or ending) keep full cost.
  auto boundary = [&](int prev, int tag, bool sp) {
    float b = model.BoundaryLogp(prev, tag, sp);
    if (!sp && b < params.nospace_floor) b = params.nospace_floor;
    return params.boundary_weight * b;
  };
  // One morpheme: P(m | h) = lambda * P_kn(m | h) + (1 - lambda) *
  // P_tag(tag | tag history) * P(m | tag), so an n-gram the corpus never saw
  // still gets what its tags make likely.
  const float log_lambda = log_lambda_, log_rest = log_rest_;
  uint32_t win = s.win, last = s.last_tok, kn = s.kn_state;
  auto lm_step = [&](const MorphRecord& r) {
    const MorphScores& sc = model.morph_scores(r);
    float word = WordStep(r.lm_id(), &state, &win, &last, &kn) + sc.emit_logp;
    if (!use_tag_lm_) return word - params.morph_penalty;
    float tag = tlm.Score(tstate, LmClassToken(static_cast<PosTag>(r.tag())), &tstate);
    return LogAdd(word + log_lambda, tag + sc.tag_logp + log_rest) - params.morph_penalty;
  };
  auto score_morph = [&](uint32_t m, bool first) {
    const MorphRecord& r = model.morph(m);
    out->score += boundary(prev_tag, r.tag(), first && space);
    out->score += lm_step(r);
    prev_tag = r.tag();
    out->last_socket = r.socket_key;
  };
  if (n.kind == NodeKind::kEntry) {
    const EntryRecord& e = model.entry(n.entry);
    const uint32_t* ms = model.entry_morphs(e);
    EntryKind kind = e.kind();
    if (e.after_vowel_only() && (space || n.begin == chunk_begin || !hangul::IsSyllable(text[n.begin - 1])))
      return false;
    if (kind == EntryKind::kSocket) {
      if (s.pending != e.socket) return false;
      // The stem head was not scored yet: score the full stem now.
      const MorphRecord& stem = model.morph(s.pending_morph);
      out->score += lm_step(stem);
      prev_tag = stem.tag();
      for (uint32_t k = 0; k < e.morph_count(); ++k) score_morph(ms[k], false);
      out->pending = 0;
      out->pending_morph = 0;
    } else {
      if (s.pending != 0) return false;
      const MorphRecord& first = model.morph(ms[0]);
      if (s.last_socket != 0 && IsJoinRight(first.tag()) &&
          model.ConcatBlocked(s.last_socket, model.morph_first_char(ms[0])))
        return false;
      if (kind == EntryKind::kHead) {
        // Boundary cost now (it depends on the space before the head); the LM
        // sees the stem once its fused tail arrives.
        out->score += boundary(prev_tag, first.tag(), space);
        prev_tag = first.tag();
        out->pending = e.socket;
        out->pending_morph = ms[0];
        out->last_socket = 0;
      } else {
        for (uint32_t k = 0; k < e.morph_count(); ++k) score_morph(ms[k], k == 0);
      }
    }
  } else {
    if (s.pending != 0) return false;
    if (n.kind == NodeKind::kPattern && n.entry != 0) {
      score_morph(n.entry, true);
    } else {
      out->score += boundary(prev_tag, static_cast<int>(n.tag), space);
      out->score += WordStep(LmClassToken(n.tag), &state, &win, &last, &kn);
      if (use_tag_lm_) tlm.Score(tstate, LmClassToken(n.tag), &tstate);  // keep the tag history
      prev_tag = static_cast<int>(n.tag);
      out->last_socket = 0;
    }
  }
  out->lm_state = state;
  out->win = win;
  out->kn_state = kn;
  out->last_tok = last;
  out->tag_state = tstate;
  out->last_tag = static_cast<uint8_t>(prev_tag);
  hist_.push_back({s.hist, node_index, s.score});
  out->hist = static_cast<uint32_t>(hist_.size() - 1);
  return true;
}

void BeamSearch::BatchScore(const ModelImpl& model, const std::vector<State>& here, const std::vector<Node>& nodes,
                            size_t first_node, uint32_t p) {
  batch_ctx_.clear();
  batch_tok_.clear();
  for (const State& s : here)
    if (s.pending == 0) batch_ctx_.push_back(s.lm_state);
  for (size_t i = first_node; i < nodes.size() && nodes[i].begin == p; ++i) {
    const Node& n = nodes[i];
    if (n.kind == NodeKind::kEntry) {
      const EntryRecord& e = model.entry(n.entry);
      if (e.kind() != EntryKind::kPlain) continue;  // heads/sockets score later
      batch_tok_.push_back(model.morph(model.entry_morphs(e)[0]).lm_id());
    } else if (n.kind == NodeKind::kPattern && n.entry != 0) {
      batch_tok_.push_back(model.morph(n.entry).lm_id());
    } else {
      batch_tok_.push_back(LmClassToken(n.tag));
    }
  }
  if (batch_ctx_.empty() || batch_tok_.empty()) return;
  // De-duplicate both sides: many states share a context, many candidates a
  // first morpheme (every unknown-word length shares its class token).
  for (auto* v : {&batch_ctx_, &batch_tok_}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  // Pairs already cached need no work; a lone pair is not worth a batch.
  const size_t m = batch_ctx_.size(), n = batch_tok_.size();
  if (m * n < 2) return;
  batch_out_.resize(m * n);
  cong_->ScoreMatrix(batch_ctx_.data(), m, batch_tok_.data(), n, batch_out_.data());
  for (size_t i = 0; i < m; ++i) {
    for (size_t j = 0; j < n; ++j) {
      LmCacheEntry& e = lm_cache_[CacheSlot(batch_ctx_[i], batch_tok_[j])];
      if (e.state == batch_ctx_[i] && e.token == batch_tok_[j]) continue;
      e.state = batch_ctx_[i];
      e.token = batch_tok_[j];
      e.logp = batch_out_[i * n + j];
      e.next = kNextUnknown;
    }
  }
}

void BeamSearch::Run(const ModelImpl& model, const std::u32string& text, uint32_t begin, uint32_t end,
                     const std::vector<Node>& nodes, const SearchParams& params, std::vector<Path>* out) {
  out->clear();
  const uint32_t len = end - begin;
  if (buckets_.size() < len + 1) buckets_.resize(len + 1);
  for (uint32_t i = 0; i <= len; ++i) buckets_[i].Clear();
  hist_.clear();
  // Weight 1 switches the tag-class model off: the LM scores alone (and the
  // tag state, constant, no longer splits states that the LM would merge).
  use_tag_lm_ = params.class_lambda < 1.0f;
  log_lambda_ = use_tag_lm_ ? std::log(params.class_lambda) : 0.0f;
  log_rest_ = use_tag_lm_ ? std::log1p(-params.class_lambda) : kNegInf;
  cong_ = params.cong;
  use_lm_cache_ = params.lm_cache;
  simd_map_ = params.simd_state_map;
  match_bytes64_ = kernels::ActiveKernels().match_bytes64;
  root_table_ = params.cong_root_table;
  global_ = params.cong != nullptr ? params.cong_global : nullptr;
  knlm_ = &model.knlm();
  mix_knlm_ = cong_ != nullptr && params.knlm_mix > 0.0f && params.knlm_mix < 1.0f;
  ensemble_cache_ = mix_knlm_ && global_ == nullptr && use_lm_cache_;
  if (mix_knlm_) {
    log_mix_cong_ = std::log1p(-params.knlm_mix);
    log_mix_knlm_ = std::log(params.knlm_mix);
    if (use_lm_cache_ && !ensemble_cache_ && kn_cache_owner_ != knlm_) {
      kn_cache_.assign(kLmCacheSize, LmCacheEntry{});
      kn_cache_owner_ = knlm_;
    }
    // The mixed scores depend on both models and the weight (one model
    // file per analyzer, so knlm_ is fixed once cong_ is).
    if (ensemble_cache_ && (ens_cache_owner_ != cong_ || ens_cache_mix_ != params.knlm_mix)) {
      ens_cache_.assign(kLmCacheSize, EnsembleCacheEntry{});
      ens_cache_owner_ = cong_;
      ens_cache_mix_ = params.knlm_mix;
    }
  }
  win_.assign(1, WinNode{0, 0});  // node 0: the empty window
  const void* owner = cong_ != nullptr ? static_cast<const void*>(cong_) : static_cast<const void*>(knlm_);
  if (lm_cache_owner_ != owner) {
    std::fill(lm_cache_.begin(), lm_cache_.end(), LmCacheEntry{});
    lm_cache_owner_ = owner;
  }
  State start{};
  start.score = 0;
  start.lm_state = cong_ != nullptr ? cong_->bos_state() : knlm_->bos_state();
  start.tag_state = model.tag_lm_table().bos_state();
  start.hist = kNoHist;
  start.win = 0;
  start.last_tok = kLmBos;
  start.kn_state = mix_knlm_ ? knlm_->bos_state() : 0;
  start.last_tag = kNumTags;  // sentence start
  start.space_before = 1;
  Insert(&buckets_[0], start, params.top_n);

  size_t ni = 0;
  State next;
  for (uint32_t p = begin; p <= end; ++p) {
    Bucket& hb = buckets_[p - begin];
    if (p < end && IsSpaceChar(text[p])) {
      // Carry states over whitespace; nodes never span it.
      Bucket& after = buckets_[p - begin + 1];
      for (State s : hb.states) {
        s.space_before = 1;
        Insert(&after, s, params.top_n);
      }
      hb.Clear();
      continue;
    }
    Prune(&hb, params);
    const std::vector<State>& here = hb.states;
    while (ni < nodes.size() && nodes[ni].begin < p) ++ni;
    if (cong_ != nullptr && params.batch_scoring) BatchScore(model, here, nodes, ni, p);
    for (; ni < nodes.size() && nodes[ni].begin == p; ++ni) {
      const Node& n = nodes[ni];
      Bucket& dest = buckets_[n.end - begin];
      for (const State& s : here) {
        // Every term of a step is a log-probability or a cost (<= 0), so a
        // state that starts below the destination's beam can never enter it.
        if (s.score - n.penalty < dest.best - params.beam) continue;
        if (Extend(model, text, begin, s, n, static_cast<uint32_t>(ni), params, &next))
          Insert(&dest, next, params.top_n);
      }
    }
  }

  // End of chunk: close open paths with the LM's end-of-sentence token.
  std::vector<State> finals;
  for (const State& s : buckets_[len].states) {
    if (s.pending != 0) continue;
    State f = s;
    uint32_t lm_state = s.lm_state, dummy;
    if (s.last_tag != static_cast<uint8_t>(PosTag::kSF))
      f.score += params.period_weight * WordLm(lm_state, model.period_lm_id(), &lm_state);
    f.score += WordLm(lm_state, kLmEos, &dummy);
    finals.push_back(f);
  }
  std::sort(finals.begin(), finals.end(), [](const State& a, const State& b) { return a.score > b.score; });
  if (finals.size() > static_cast<size_t>(params.top_n)) finals.resize(params.top_n);

  for (const State& f : finals) {
    Path path;
    path.score = f.score;
    std::vector<uint32_t> steps;
    std::vector<float> step_scores;
    float after = f.score;
    for (uint32_t h = f.hist; h != kNoHist; h = hist_[h].parent) {
      steps.push_back(h);
    }
    std::reverse(steps.begin(), steps.end());
    for (size_t k = 0; k < steps.size(); ++k) {
      const Hist& h = hist_[steps[k]];
      float next_before = k + 1 < steps.size() ? hist_[steps[k + 1]].score_before : after;
      float delta = next_before - h.score_before;
      const Node& n = nodes[h.node];
      if (n.kind != NodeKind::kEntry) {
        uint16_t flags = n.kind == NodeKind::kUnknown ? kTokenUnknown : kTokenPattern;
        path.morphs.push_back({n.entry, n.tag, n.begin, n.end, flags, delta});
        continue;
      }
      const EntryRecord& e = model.entry(n.entry);
      const uint32_t* ms = model.entry_morphs(e);
      if (e.kind() == EntryKind::kHead) {
        // The stem token spans the head and the fused tail that follows.
        uint32_t tail_end = k + 1 < steps.size() ? nodes[hist_[steps[k + 1]].node].end : n.end;
        path.morphs.push_back(
            {ms[0], static_cast<PosTag>(model.morph(ms[0]).tag()), n.begin, tail_end, 0, delta});
        continue;
      }
      const uint32_t count = e.morph_count();
      for (uint32_t j = 0; j < count; ++j) {
        path.morphs.push_back(
            {ms[j], static_cast<PosTag>(model.morph(ms[j]).tag()), n.begin, n.end, 0, delta / count});
      }
    }
    out->push_back(std::move(path));
  }
}

}  // namespace kma::search
