// The parts of a loaded model that code scoring with them directly reads:
// its language models, the Kneser-Ney view whose vocabulary every LM shares,
// and the class-interpolation weights; and the dictionary's morphemes and
// conjugation data, which `kma eval` maps gold analyses with. For the LM tools
// and the tests that check the search against its models; applications use
// kma::Model and kma::Analyzer, and the layers above the model read it
// whole through core/model/model_view.h.
#ifndef KMA_CORE_MODEL_MODEL_PARTS_H_
#define KMA_CORE_MODEL_MODEL_PARTS_H_

#include <cstdint>
#include <string_view>

#include "core/base/pos_tag.h"
#include "core/model/model.h"

namespace kma {

class Conjugation;
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

// The conjugation data (core/morph/conjugation.h), or nullptr for a model
// built without it.
const Conjugation* ConjugationOf(const Model& model);
// One dictionary morpheme, id 1 .. ModelMorphCount() - 1.
struct ModelMorphInfo {
  std::string_view form;  // UTF-8, as the model stores it
  PosTag tag = PosTag::kUN;
  uint32_t socket_key = 0;      // its conjugation class (Conjugation::IrregularOf)
  bool own_lm_token = false;    // the training corpus used it (an LM token of its own)
  float tag_logp = 0;           // log P(morpheme | tag)
};
uint32_t ModelMorphCount(const Model& model);
ModelMorphInfo ModelMorph(const Model& model, uint32_t id);
// The id of the morpheme with this form (UTF-8, normalized as the builder
// keys it) and tag, or 0.
uint32_t ModelMorphId(const Model& model, std::string_view form, PosTag tag);

}  // namespace kma

#endif  // KMA_CORE_MODEL_MODEL_PARTS_H_
