#include "tools/kma/io/model_locator.h"

#include <limits.h>
#include <stdlib.h>

#include "capi/src/model_finder.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/io/line_reader.h"

// Both set by tools/CMakeLists.txt: the build tree's model and the directory
// the kma executable is built in.
#ifndef KMA_BUILD_MODEL_PATH
#define KMA_BUILD_MODEL_PATH ""
#endif
#ifndef KMA_BUILD_TOOLS_DIR
#define KMA_BUILD_TOOLS_DIR ""
#endif

namespace kma::cli {

bool RunningFromBuildTree() {
  static const bool from_build_tree = [] {
    if (KMA_BUILD_TOOLS_DIR[0] == '\0') return false;
    char buf[PATH_MAX];
    if (::realpath(KMA_BUILD_TOOLS_DIR, buf) == nullptr) return false;
    return capi::BinaryDirectory() == buf;
  }();
  return from_build_tree;
}

bool LocateModel(const std::string& explicit_path, std::string* path,
                 std::string* error) {
  if (!explicit_path.empty()) {
    *path = explicit_path;
    return true;
  }
  const std::string own = RunningFromBuildTree() ? KMA_BUILD_MODEL_PATH : "";
  if (capi::FindDefaultModel(own, path, error)) return true;
  *error += " (use --model PATH or set KMA_MODEL)";
  return false;
}

int OpenModel(const std::string& explicit_path, const std::string& lm,
              std::shared_ptr<const Model>* out, std::string* path_out) {
  std::string path, error;
  if (!LocateModel(explicit_path, &path, &error)) return Fail(kExitRuntime, error);
  // A --model that cannot be opened is a usage error; a file that opens but
  // is no model, a data error.
  if (!explicit_path.empty() && !CanOpenFile(explicit_path, &error))
    return Fail(kExitUsage, "--model: " + error);
  auto model = Model::OpenFile(path);
  if (!model.ok()) {
    return Fail(kExitRuntime, path + ": cannot open model: " + model.status().message());
  }
  if (!lm.empty()) {
    std::vector<std::string> names = (*model)->lm_names();
    bool found = false;
    std::string list;
    for (const auto& n : names) {
      found = found || n == lm;
      list += (list.empty() ? "" : ", ") + n;
    }
    if (!found) {
      return Fail(kExitUsage, "model " + path + " has no language model '" + lm +
                                  "' (available: " + list + ")");
    }
  }
  *out = std::move(model.value());
  if (path_out) *path_out = path;
  return kExitOk;
}

}  // namespace kma::cli
