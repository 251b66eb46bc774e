#include "core/model/model_parts.h"

#include "core/model/model_view.h"

namespace kma {

const lm::LmRegistry& LanguageModels(const Model& model) { return model.impl().lms(); }
const KnlmView& KnlmOf(const Model& model) { return model.impl().knlm(); }
float ClassLambda(const Model& model, std::string_view lm) { return model.impl().class_lambda(lm); }

}  // namespace kma
