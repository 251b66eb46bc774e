#include "core/model/word_boundary.h"

#include <cmath>
#include <limits>

#include "core/model/model_view.h"
#include "core/model/spacing_table.h"

namespace kma {
namespace {

// 본용언 + 아/어 + 보조용언 is usually written as one word (도와줬어요):
// odds of e^-1 (27%) for a space, so a space the writer put there stays
// when spaces are weighed as evidence.
constexpr float kAuxiliaryAfterConnective = -1.0f;

// The log-odds of a context's counts with the estimate so far as a prior
// of `count` boundaries.
float Shrunk(const SpacingEntry* e, float prior_odds, float count) {
  if (e == nullptr) return prior_odds;
  const float p = 1.0f / (1.0f + std::exp(-prior_odds));
  return std::log((static_cast<float>(e->spaced) + count * p) / (static_cast<float>(e->joined) + count * (1.0f - p)));
}

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

float LexicalWordStartLogOdds(const ModelImpl& model, PosTag prev, std::string_view prev_form, PosTag tag,
                              std::string_view form, bool after_connective, float prior_count) {
  const float rule = WordStartLogOdds(model, prev, tag, after_connective);
  const SpacingTableView& table = model.spacing_table();
  if (table.empty() || !std::isfinite(rule)) return rule;
  // The one-sided contexts each move the rule's odds by what they add, so
  // both count; the pair of forms, the most specific, has the last word.
  // The builder counts every boundary in all three contexts, so the pair
  // was seen only if both sides were: no third search otherwise.
  const SpacingEntry* left = table.Find(SpacingKey(SpacingContext::kLeft, prev_form, prev, form, tag));
  const SpacingEntry* right = table.Find(SpacingKey(SpacingContext::kRight, prev_form, prev, form, tag));
  const float odds = rule + (Shrunk(left, rule, prior_count) - rule) + (Shrunk(right, rule, prior_count) - rule);
  if (left == nullptr || right == nullptr) return odds;
  return Shrunk(table.Find(SpacingKey(SpacingContext::kBoth, prev_form, prev, form, tag)), odds, prior_count);
}

bool IsConnectiveForm(PosTag tag, std::string_view form) {
  return tag == PosTag::kEC && (form == "아" || form == "어" || form == "여");
}

}  // namespace kma
