#include "core/search/step_builder.h"

namespace kma::search {
namespace {

constexpr float kNegInf = -1e30f;

}  // namespace

void StepBuilder::Begin(const ModelImpl& model, lm::LmScorer* scorer, const Lattice* lattice,
                        const StepParams& params) {
  model_ = &model;
  scorer_ = scorer;
  lattice_ = lattice;
  params_ = &params;
  // Weight 1 switches the tag-class model off: the LM scores alone (and the
  // tag state, constant, no longer splits states that the LM would merge).
  use_tag_lm_ = params.class_lambda < 1.0f;
  log_lambda_ = use_tag_lm_ ? std::log(params.class_lambda) : 0.0f;
  log_rest_ = use_tag_lm_ ? std::log1p(-params.class_lambda) : kNegInf;
}

State StepBuilder::Start() const {
  State start{};
  start.lm_state = scorer_->Start();
  start.tag_state = model_->tag_lm_table().bos_state();
  start.hist = State::kNoHist;
  start.last_tag = kNumTags;  // sentence start
  start.space_before = 1;
  return start;
}

void StepBuilder::Close(State* f) {
  if (f->last_tag != static_cast<uint8_t>(PosTag::kSF)) {
    const float period = scorer_->Step(&f->lm_state, model_->period_lm_id());
    f->score += params_->period_weight * period;
    f->lm += period;
  }
  const float eos = scorer_->Step(&f->lm_state, kLmEos);
  f->score += eos;
  f->lm += eos;
}

}  // namespace kma::search
