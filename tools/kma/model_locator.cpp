#include "tools/kma/model_locator.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "tools/kma/cli_args.h"

#ifndef KMA_BUILD_MODEL_PATH
#define KMA_BUILD_MODEL_PATH ""
#endif

namespace kma::cli {
namespace {

bool IsRegularFile(const std::string& path) {
  struct stat st;
  return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Directory of the running executable, from /proc/self/exe; empty if unknown.
std::string ExeDir() {
  char buf[4096];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "";
  std::string path(buf, static_cast<size_t>(n));
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? "" : path.substr(0, slash);
}

}  // namespace

std::vector<std::string> DefaultModelCandidates() {
  std::vector<std::string> c;
  if (KMA_BUILD_MODEL_PATH[0] != '\0') c.emplace_back(KMA_BUILD_MODEL_PATH);
  std::string dir = ExeDir();
  if (!dir.empty()) {
    c.push_back(dir + "/../share/kma/kma-default.kmam");
    c.push_back(dir + "/../models/kma-default.kmam");
  }
  return c;
}

bool LocateModel(const std::string& explicit_path, std::string* path,
                 std::string* error) {
  if (!explicit_path.empty()) {
    *path = explicit_path;
    return true;
  }
  const char* env = std::getenv("KMA_MODEL");
  if (env != nullptr && env[0] != '\0') {
    *path = env;
    return true;
  }
  for (const std::string& c : DefaultModelCandidates()) {
    if (IsRegularFile(c)) {
      *path = c;
      return true;
    }
  }
  *error = "no model found (use --model PATH or set KMA_MODEL)";
  return false;
}

int OpenModel(const std::string& explicit_path, const std::string& lm,
              std::shared_ptr<const Model>* out, std::string* path_out) {
  std::string path, error;
  if (!LocateModel(explicit_path, &path, &error)) return Fail(kExitRuntime, error);
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
