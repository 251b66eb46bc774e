// The language-model seam: everything that scores morpheme sequences (the
// beam search, the gold scorer of `kma eval`, next-morpheme prediction) goes
// through these two interfaces, so a model scores a sentence the same way
// everywhere.
//
//   LanguageModel  immutable, owned by the Model, shared by threads; makes
//                  scorers.
//   LmScorer       one per analyzer (one thread at a time): holds caches and
//                  per-sentence scratch such as CoNg-Global's windows.
//
// The implementations are the Kneser-Ney model (knlm_model.h), CoNg
// (cong_model.h), CoNg-Global (cong_global_model.h), a linear mixture of two
// models (mixture_model.h) and a caching decorator (cache.h);
// factory.h builds one from its name.
#ifndef KMA_CORE_LM_LANGUAGE_MODEL_H_
#define KMA_CORE_LM_LANGUAGE_MODEL_H_

#include <cstdint>
#include <memory>

namespace kma::lm {

// A model's state after a history, as the search carries it (by value, in
// every beam state). `key` decides what the model predicts next: two states
// with equal keys score every continuation alike, so the search merges them.
// `aux` is a handle into the scorer's per-sentence scratch that does not
// take part in merging (CoNg-Global's window of distant morphemes, which is
// approximated by the best path's). Unused words are 0.
struct LmState {
  uint32_t key[2] = {0, 0};
  uint32_t aux = 0;
  bool SameKey(const LmState& o) const { return key[0] == o.key[0] && key[1] == o.key[1]; }
};

// How many words of LmState a model uses; composites check that their parts
// fit (see mixture_model.h).
struct LmStateShape {
  int key_words = 1;     // 1 or 2
  bool uses_aux = false;
};

class LmScorer {
 public:
  virtual ~LmScorer() = default;

  // Begins a sentence: drops per-sentence scratch (states of an earlier
  // sentence become invalid) and returns the state after <s>.
  virtual LmState Start() = 0;
  // Natural-log probability of `token` after `*state`; advances `*state`
  // past it. A token >= vocab_size() scores a very low finite value
  // (-100) and moves to the empty context.
  virtual float Step(LmState* state, uint32_t token) = 0;
  // log P(t | state) for every token t < vocab_size(), into out[t].
  virtual void Predict(const LmState& state, float* out) = 0;
};

class LanguageModel {
 public:
  virtual ~LanguageModel() = default;

  virtual uint32_t vocab_size() const = 0;
  virtual LmStateShape state_shape() const = 0;
  // A new scorer. Thread-safety: any thread; the scorer is then used by one
  // thread at a time and must not outlive this model.
  virtual std::unique_ptr<LmScorer> NewScorer() const = 0;
  // Number of history tokens the state's context covers (CoNg: the
  // context row's length; Kneser-Ney: the n-gram context's). For a mixture,
  // its first part's.
  virtual int ContextLength(const LmState& state) const = 0;
};

}  // namespace kma::lm

#endif  // KMA_CORE_LM_LANGUAGE_MODEL_H_
