#include "core/search/lemma.h"

namespace kma {

void AppendLemma(std::string_view form, PosTag tag, std::string* out) {
  out->append(form);
  if (HasLemmaEnding(tag)) out->append(kLemmaEnding);
}

}  // namespace kma
