#include "tools/builder/model_metadata.h"

#include <cstdio>

#include "core/base/version.h"
#include "core/lm/cong_global.h"

namespace kma::build {

void WriteMetadata(const MetadataSpec& spec, const BuiltModelFacts& facts, ModelWriter* w) {
  w->SetMetadata("license", spec.license);
  w->SetMetadata("attribution", spec.attribution);
  w->SetMetadata("lms", facts.lms.Names());
  w->SetMetadata("default_lm", facts.default_lm);
  if (facts.lms.any_cong()) {
    const CongTrainOptions& co = *facts.cong;
    if (facts.lms.any_global()) w->SetMetadata("cong_global.window", std::to_string(CongGlobalView::kWindow));
    char lambda[32];
    std::snprintf(lambda, sizeof lambda, "%.3g", co.class_lambda);
    for (BuiltLm lm : {BuiltLm::kCong, BuiltLm::kCongFp32, BuiltLm::kCongGlobal, BuiltLm::kCongGlobalFp32})
      w->SetMetadata(std::string(LmName(lm)) + ".class_lambda", lambda);
    w->SetMetadata("cong.dim", std::to_string(co.dim));
    w->SetMetadata("cong.context_len", std::to_string(co.max_context_len));
    w->SetMetadata("cong.min_count", std::to_string(co.min_count));
    w->SetMetadata("cong.epochs", std::to_string(co.epochs));
    w->SetMetadata("cong.contexts", std::to_string(facts.cong_contexts));
  }
  w->SetMetadata("knlm.order", std::to_string(facts.knlm->order));
  w->SetMetadata("tag_lm.order", std::to_string(facts.tag_model->order));
  w->SetMetadata("builder", std::string("kma ") + kVersionString);
}

}  // namespace kma::build
