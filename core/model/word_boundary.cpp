#include "core/model/word_boundary.h"

#include <limits>

#include "core/model/model_view.h"

namespace kma {
namespace {

// 본용언 + 아/어 + 보조용언 is usually written as one word (도와줬어요):
// odds of e^-1 (27%) for a space, so a space the writer put there stays
// when spaces are weighed as evidence.
constexpr float kAuxiliaryAfterConnective = -1.0f;

}  // namespace

bool AlwaysAttached(PosTag t) {
  return IsEnding(t) || IsParticle(t) || t == PosTag::kVCP || t == PosTag::kXSN || t == PosTag::kXSV ||
         t == PosTag::kXSA;
}

float WordStartLogOdds(const ModelImpl& model, PosTag prev, PosTag tag, bool after_connective) {
  if (AlwaysAttached(tag)) return -std::numeric_limits<float>::infinity();
  if (tag == PosTag::kVX && after_connective) return kAuxiliaryAfterConnective;
  const int p = static_cast<int>(prev), t = static_cast<int>(tag);
  return model.BoundaryLogp(p, t, true) - model.BoundaryLogp(p, t, false);
}

bool IsConnectiveForm(PosTag tag, std::string_view form) {
  return tag == PosTag::kEC && (form == "아" || form == "어" || form == "여");
}

}  // namespace kma
