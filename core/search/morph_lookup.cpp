#include "core/search/morph_lookup.h"

#include <algorithm>
#include <tuple>

namespace kma::search {

uint32_t MorphLookup::Find(const ModelImpl& model, std::string_view form, PosTag tag) {
  auto key = [&model](uint32_t id) { return std::make_tuple(model.morph_form(id), model.morph(id).tag(), id); };
  if (model_ != &model) {
    model_ = &model;
    by_form_.clear();
    // Id 0 is reserved (unknown words and patterns).
    for (uint32_t id = 1; id < model.morph_count(); ++id) by_form_.push_back(id);
    std::sort(by_form_.begin(), by_form_.end(), [&](uint32_t a, uint32_t b) { return key(a) < key(b); });
  }
  const auto want = std::make_tuple(form, static_cast<uint8_t>(tag), uint32_t{0});
  auto it = std::lower_bound(by_form_.begin(), by_form_.end(), want,
                             [&](uint32_t id, const auto& w) { return key(id) < w; });
  if (it == by_form_.end() || model.morph_form(*it) != form || model.morph(*it).tag() != static_cast<uint8_t>(tag))
    return 0;
  return *it;
}

}  // namespace kma::search
