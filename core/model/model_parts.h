// The parts of a loaded model that code scoring with them directly reads:
// its language models, the Kneser-Ney view whose vocabulary every LM shares,
// and the class-interpolation weights. For the LM tools
// and the tests that check the search against its models; applications use
// kma::Model and kma::Analyzer, and the layers above the model read it
// whole through core/model/model_view.h.
#ifndef KMA_CORE_MODEL_MODEL_PARTS_H_
#define KMA_CORE_MODEL_MODEL_PARTS_H_

#include <string_view>

#include "core/model/model.h"

namespace kma {

class KnlmView;
namespace lm {
class LmRegistry;
}  // namespace lm

// Every language model of the file, by name (core/lm/factory.h).
const lm::LmRegistry& LanguageModels(const Model& model);
// The Kneser-Ney model (core/lm/knlm.h).
const KnlmView& KnlmOf(const Model& model);
// The class-interpolation weight the model gives LM `lm`, or 0.
float ClassLambda(const Model& model, std::string_view lm);

}  // namespace kma

#endif  // KMA_CORE_MODEL_MODEL_PARTS_H_
