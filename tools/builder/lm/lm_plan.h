// Which language models a build writes. The names are listed once here (the
// model's "lms" metadata and its "lm.<name>" sections use them); knlm is
// always built, and the -fp32 variants are float copies of the int8 CoNg
// models for measuring quantisation (docs/ACCURACY.md, "Language
// models": int8 against float rows).
#ifndef KMA_TOOLS_BUILDER_LM_LM_PLAN_H_
#define KMA_TOOLS_BUILDER_LM_LM_PLAN_H_

#include <string>
#include <vector>

#include "core/base/status.h"

namespace kma::build {

enum class BuiltLm { kKnlm, kCong, kCongGlobal, kCongFp32, kCongGlobalFp32 };
inline constexpr int kNumBuiltLms = 5;

// The LM's name ("knlm", "cong", ...).
const char* LmName(BuiltLm lm);

struct LmPlan {
  bool build[kNumBuiltLms] = {true, false, false, false, false};

  bool has(BuiltLm lm) const { return build[static_cast<int>(lm)]; }
  // Anything CoNg: the local CoNg model is trained.
  bool any_cong() const;
  bool any_global() const { return has(BuiltLm::kCongGlobal) || has(BuiltLm::kCongGlobalFp32); }
  // The built names, comma-separated in BuiltLm order ("knlm,cong,...").
  std::string Names() const;
};

// Parses `kma build-model --lm` names (cong-global implies cong, its -fp32
// variant cong-fp32). kInvalidArgument names an unknown one.
StatusOr<LmPlan> ParseLmPlan(const std::vector<std::string>& names);

// The built LMs that the LM `name` scores with: an ensemble "<cong LM>+knlm"
// its CoNg model and knlm, any other LM itself.
std::vector<std::string> PartsOf(const std::string& name);

// Checks that `default_lm` is a built LM or an ensemble "<cong LM>+knlm" of
// a built int8 CoNg model; empty means the last of `names`.
StatusOr<std::string> ResolveDefaultLm(const std::string& default_lm, const std::vector<std::string>& names);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_LM_PLAN_H_
