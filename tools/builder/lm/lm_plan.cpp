#include "tools/builder/lm/lm_plan.h"

#include <algorithm>
#include <string_view>

#include "core/lm/factory.h"

namespace kma::build {

const char* LmName(BuiltLm lm) {
  static const char* const kNames[kNumBuiltLms] = {"knlm", "cong", "cong-global", "cong-fp32",
                                                   "cong-global-fp32"};
  return kNames[static_cast<int>(lm)];
}

bool LmPlan::any_cong() const { return has(BuiltLm::kCong) || has(BuiltLm::kCongFp32) || any_global(); }

std::string LmPlan::Names() const {
  std::string names;
  for (int i = 0; i < kNumBuiltLms; ++i) {
    if (!build[i]) continue;
    if (!names.empty()) names += ",";
    names += LmName(static_cast<BuiltLm>(i));
  }
  return names;
}

StatusOr<LmPlan> ParseLmPlan(const std::vector<std::string>& names) {
  LmPlan plan;
  for (const std::string& name : names) {
    int found = -1;
    for (int i = 0; i < kNumBuiltLms; ++i)
      if (name == LmName(static_cast<BuiltLm>(i))) found = i;
    if (found < 0) {
      std::string known;
      for (int i = 0; i < kNumBuiltLms; ++i)
        known += std::string(known.empty() ? "" : ", ") + LmName(BuiltLm(i));
      return Status(StatusCode::kInvalidArgument,
                    "unknown language model '" + name + "' (this version builds: " + known + ")");
    }
    plan.build[found] = true;
  }
  // The distant part of CoNg-Global rides on the local CoNg model.
  if (plan.has(BuiltLm::kCongGlobal)) plan.build[static_cast<int>(BuiltLm::kCong)] = true;
  if (plan.has(BuiltLm::kCongGlobalFp32)) plan.build[static_cast<int>(BuiltLm::kCongFp32)] = true;
  return plan;
}

std::vector<std::string> PartsOf(const std::string& name) {
  // The ensembles of lm::LmRegistry: an int8 CoNg model with knlm.
  if (name == lm::kCongKnlm) return {std::string(lm::kCong), std::string(lm::kKnlm)};
  if (name == lm::kCongGlobalKnlm) return {std::string(lm::kCongGlobal), std::string(lm::kKnlm)};
  return {name};
}

StatusOr<std::string> ResolveDefaultLm(const std::string& default_lm, const std::vector<std::string>& names) {
  const std::string chosen =
      default_lm.empty() ? (names.empty() ? LmName(BuiltLm::kKnlm) : names.back()) : default_lm;
  for (const std::string& part : PartsOf(chosen)) {  // knlm is always built
    if (part != lm::kKnlm && std::find(names.begin(), names.end(), part) == names.end())
      return Status(StatusCode::kInvalidArgument, "default language model '" + chosen + "' is not built");
  }
  return chosen;
}

}  // namespace kma::build
