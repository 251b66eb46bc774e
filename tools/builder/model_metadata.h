// Metadata stage of the model builder: the key=value entries of the model's
// "meta" section (license, which LMs it holds and their settings, builder
// version). Keys are read by core/model/model.cpp and shown by `kma --version`.
#ifndef KMA_TOOLS_BUILDER_MODEL_METADATA_H_
#define KMA_TOOLS_BUILDER_MODEL_METADATA_H_

#include <cstdint>
#include <string>

#include "core/model/format.h"
#include "tools/builder/lm/cong_trainer.h"
#include "tools/builder/lm/knlm_builder.h"
#include "tools/builder/lm/lm_plan.h"
#include "tools/builder/lm/tag_model.h"

namespace kma::build {

struct MetadataSpec {
  // A model trained from the corpus is a derived work of CC BY-SA data
  // (docs/DATA.md, "Licenses"; LICENSE-MODEL.md).
  std::string license = "CC-BY-SA-4.0";
  std::string attribution =
      "Trained on the KAIST treebank, UD Korean GSD and UD Korean KSL (CC BY-SA 4.0); lexicon from "
      "mecab-ko-dic, KOMORAN and khaiii resources (Apache-2.0) and the NIKL Basic Korean Dictionary "
      "via hunspell-dict-ko (CC BY-SA)";
};

// What the stages settled on, as the metadata records it.
struct BuiltModelFacts {
  LmPlan lms;
  std::string default_lm;
  const KnlmBuildOptions* knlm = nullptr;
  const TagModelSpec* tag_model = nullptr;
  const CongTrainOptions* cong = nullptr;
  uint32_t cong_contexts = 0;
};

void WriteMetadata(const MetadataSpec& spec, const BuiltModelFacts& facts, ModelWriter* w);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_MODEL_METADATA_H_
