#include "core/lm/mixture_model.h"

#include <cmath>
#include <vector>

#include "core/base/log_add.h"

namespace kma::lm {
namespace {

class MixtureScorer final : public LmScorer {
 public:
  MixtureScorer(std::unique_ptr<LmScorer> first, std::unique_ptr<LmScorer> second, float weight, uint32_t vocab)
      : first_(std::move(first)),
        second_(std::move(second)),
        log_first_(std::log1p(-weight)),
        log_second_(std::log(weight)),
        vocab_(vocab) {}

  LmState Start() override { return Join(first_->Start(), second_->Start()); }

  float Step(LmState* state, uint32_t token) override {
    LmState a = First(*state), b = Second(*state);
    const float la = first_->Step(&a, token);
    const float lb = second_->Step(&b, token);
    *state = Join(a, b);
    return LogAdd(la + log_first_, lb + log_second_);
  }

  void Predict(const LmState& state, float* out) override {
    first_->Predict(First(state), out);
    std::vector<float> second(vocab_);
    second_->Predict(Second(state), second.data());
    for (uint32_t t = 0; t < vocab_; ++t) out[t] = LogAdd(out[t] + log_first_, second[t] + log_second_);
  }

 private:
  static LmState First(const LmState& s) {
    LmState a;
    a.key[0] = s.key[0];
    a.aux = s.aux;
    return a;
  }
  static LmState Second(const LmState& s) {
    LmState b;
    b.key[0] = s.key[1];
    return b;
  }
  static LmState Join(const LmState& a, const LmState& b) {
    LmState s;
    s.key[0] = a.key[0];
    s.key[1] = b.key[0];
    s.aux = a.aux;
    return s;
  }
  std::unique_ptr<LmScorer> first_, second_;
  float log_first_, log_second_;
  uint32_t vocab_;
};

}  // namespace

StatusOr<std::unique_ptr<MixtureModel>> MixtureModel::Make(const LanguageModel* first, const LanguageModel* second,
                                                           float weight) {
  if (!(weight > 0.0f && weight < 1.0f))
    return Status(StatusCode::kInvalidArgument, "mixture weight must be in (0, 1)");
  const LmStateShape a = first->state_shape(), b = second->state_shape();
  if (a.key_words != 1 || b.key_words != 1 || b.uses_aux)
    return Status(StatusCode::kInvalidArgument, "mixture parts must have one-word states (the second without aux)");
  if (first->vocab_size() != second->vocab_size())
    return Status(StatusCode::kInvalidArgument, "mixture parts have different vocabularies");
  return std::unique_ptr<MixtureModel>(new MixtureModel(first, second, weight));
}

std::unique_ptr<LmScorer> MixtureModel::NewScorer() const {
  return std::make_unique<MixtureScorer>(first_->NewScorer(), second_->NewScorer(), weight_, vocab_size());
}

}  // namespace kma::lm
