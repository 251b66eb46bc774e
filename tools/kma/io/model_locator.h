// Finding and opening the model file for the kma subcommands.
//
// --model wins; otherwise the CLI applies the rule every kma surface shares
// (capi/src/model_finder.h): $KMA_MODEL, then its own copy, then the model
// installed in the prefix of the running kma, then the configured prefix.
// Its "own copy" is the build tree's model, and only when this very
// executable is the build tree's: an installed kma never reads a build or
// source tree, even while one exists.
#ifndef KMA_TOOLS_KMA_MODEL_LOCATOR_H_
#define KMA_TOOLS_KMA_MODEL_LOCATOR_H_

#include <memory>
#include <string>

#include "core/model/model.h"

namespace kma::cli {

// True when the running executable is the one in the build tree that
// compiled it (so build- and source-tree defaults apply).
bool RunningFromBuildTree();

// Resolves the model path: `explicit_path` (from --model) when non-empty,
// else the shared rule above. Returns false with a message naming the
// places tried when nothing is found.
bool LocateModel(const std::string& explicit_path, std::string* path,
                 std::string* error);

// Locates and opens the model and checks that `lm` (if non-empty) is one of
// its language models. Returns kExitOk, or prints the one-line error and
// returns the exit code: kExitUsage for an `explicit_path` that cannot be
// opened or an unknown `lm`, kExitRuntime for a file that is no model.
int OpenModel(const std::string& explicit_path, const std::string& lm,
              std::shared_ptr<const Model>* out, std::string* path_out = nullptr);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_MODEL_LOCATOR_H_
