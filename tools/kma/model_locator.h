// Finding and opening the model file for the kma subcommands.
//
// Without --model the lookup order is: $KMA_MODEL, the build tree's bundled
// model (KMA_BUILD_MODEL_PATH, baked in at compile time), then the installed
// locations <exe dir>/../share/kma/kma-default.kmam and
// <exe dir>/../models/kma-default.kmam.
#ifndef KMA_TOOLS_KMA_MODEL_LOCATOR_H_
#define KMA_TOOLS_KMA_MODEL_LOCATOR_H_

#include <memory>
#include <string>
#include <vector>

#include "core/model/model.h"

namespace kma::cli {

// The candidate paths in lookup order, excluding $KMA_MODEL (which is
// handled separately because it is an explicit user choice).
std::vector<std::string> DefaultModelCandidates();

// Resolves the model path. `explicit_path` (from --model) wins; then
// $KMA_MODEL if set and non-empty (used as given, even if missing, so that a
// typo is reported rather than silently ignored); then the first existing
// default candidate. Returns false with a message when nothing is found.
bool LocateModel(const std::string& explicit_path, std::string* path,
                 std::string* error);

// Locates and opens the model and checks that `lm` (if non-empty) is one of
// its language models. Returns kExitOk, or prints the one-line error and
// returns the exit code.
int OpenModel(const std::string& explicit_path, const std::string& lm,
              std::shared_ptr<const Model>* out, std::string* path_out = nullptr);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_MODEL_LOCATOR_H_
