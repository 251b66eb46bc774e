#include "core/model/model_parts.h"

#include "core/model/model_view.h"
#include "core/model/morph_lookup.h"

namespace kma {

const lm::LmRegistry& LanguageModels(const Model& model) { return model.impl().lms(); }
const KnlmView& KnlmOf(const Model& model) { return model.impl().knlm(); }
float ClassLambda(const Model& model, std::string_view lm) { return model.impl().class_lambda(lm); }
const Conjugation* ConjugationOf(const Model& model) { return model.impl().conjugation(); }
uint32_t ModelMorphCount(const Model& model) { return model.impl().morph_count(); }

ModelMorphInfo ModelMorph(const Model& model, uint32_t id) {
  const ModelImpl& m = model.impl();
  const MorphRecord& r = m.morph(id);
  return ModelMorphInfo{m.morph_form(id), static_cast<PosTag>(r.tag()), r.socket_key, r.lm_id() >= kLmFirstWord,
                        m.morph_scores(r).tag_logp};
}

uint32_t ModelMorphId(const Model& model, std::string_view form, PosTag tag) {
  return FindModelMorph(model.impl(), NormalizeMorphForm(form), tag);
}

}  // namespace kma
