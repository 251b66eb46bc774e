// Dictionary morphemes by form and tag, for constraints that name morphemes
// in writing ("걷/VV"). Built on first use (one sort of the morpheme ids,
// 4 bytes per morpheme) by the analyzer that needs it: unconstrained
// analysis never pays for it.
#ifndef KMA_CORE_SEARCH_MORPH_LOOKUP_H_
#define KMA_CORE_SEARCH_MORPH_LOOKUP_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/model/model_view.h"

namespace kma::search {

class MorphLookup {
 public:
  // The id of morpheme form/tag in `model`, or 0 if the dictionary lacks it.
  // The first call indexes the model; later calls must pass the same model.
  uint32_t Find(const ModelImpl& model, std::string_view form, PosTag tag);

 private:
  const ModelImpl* model_ = nullptr;
  std::vector<uint32_t> by_form_;  // ids sorted by (form, tag, id)
};

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_MORPH_LOOKUP_H_
