#include "capi/src/model_finder.h"

#include <string>

#include "core/base/os.h"

// Set by capi/CMakeLists.txt from the GNUInstallDirs layout: share/kma
// relative to the library directory and to the program directory, and the
// absolute share/kma of the configured prefix.
#ifndef KMA_MODEL_DIR_FROM_LIBDIR
#define KMA_MODEL_DIR_FROM_LIBDIR "../share/kma"
#endif
#ifndef KMA_MODEL_DIR_FROM_BINDIR
#define KMA_MODEL_DIR_FROM_BINDIR "../share/kma"
#endif
#ifndef KMA_MODEL_DIR_INSTALLED
#define KMA_MODEL_DIR_INSTALLED "/usr/local/share/kma"
#endif
// Set by capi/CMakeLists.txt: the build tree's model and the directory the
// build tree's libkma.so is made in.
#ifndef KMA_BUILD_TREE_MODEL
#define KMA_BUILD_TREE_MODEL ""
#endif
#ifndef KMA_BUILD_TREE_LIBDIR
#define KMA_BUILD_TREE_LIBDIR ""
#endif

// A program may name its package's model by defining this symbol; the CMake
// package does so for every program linking kma::kma_static (a static
// program lives outside any prefix, so rule 3 cannot find the model for it).
#if defined(__ELF__)
extern "C" {
extern const char* const kma_package_model_path __attribute__((weak));
}
#endif

namespace kma::capi {
namespace {

std::string DirName(const std::string& file) {
  const size_t slash = file.find_last_of(os::kPathSeparators);
  if (slash == std::string::npos) return "";
  return slash == 0 ? file.substr(0, 1) : file.substr(0, slash);
}

// The file holding this code: libkma, a binding's native library, or the
// program that links kma statically.
std::string ContainingFile() { return os::ModuleFile(reinterpret_cast<const void*>(&DirName)); }

void AddUnique(std::vector<std::string>* list, const std::string& path) {
  for (const std::string& p : *list) {
    if (p == path) return;
  }
  list->push_back(path);
}

}  // namespace

std::string BinaryDirectory() {
  std::string file = ContainingFile();
  return file.empty() ? "" : DirName(os::RealPath(file));
}

std::vector<std::string> InstalledModelCandidates() {
  std::vector<std::string> out;
  const std::string dir = BinaryDirectory();
  if (!dir.empty()) {
    // The same code runs from lib/ (libkma.so) and from bin/ (the CLI or a
    // program linking libkma.a), whose routes to share/ may differ.
    // (Joined with the system's own separator: the paths appear in messages.)
    for (const char* rel : {KMA_MODEL_DIR_FROM_LIBDIR, KMA_MODEL_DIR_FROM_BINDIR}) {
      AddUnique(&out, os::RealPath(dir + os::kPathSeparators[0] + rel) + os::kPathSeparators[0] + kDefaultModelFile);
    }
  }
  AddUnique(&out, std::string(KMA_MODEL_DIR_INSTALLED) + "/" + kDefaultModelFile);
  return out;
}

std::string ProgramPackageModel() {
#if defined(__ELF__)
  if (&kma_package_model_path != nullptr && kma_package_model_path != nullptr) {
    return kma_package_model_path;
  }
#endif
  return "";
}

std::string BuildTreeModel() {
  if (KMA_BUILD_TREE_MODEL[0] == '\0' || KMA_BUILD_TREE_LIBDIR[0] == '\0') return "";
  const std::string dir = BinaryDirectory();
  return !dir.empty() && dir == os::RealPath(KMA_BUILD_TREE_LIBDIR) ? KMA_BUILD_TREE_MODEL : "";
}

bool FindDefaultModel(const std::string& caller_copy, std::string* path,
                      std::string* error) {
  if (std::string env = os::GetEnv("KMA_MODEL"); !env.empty()) {
    *path = env;
    return true;
  }
  std::string own_copy = caller_copy;
  if (own_copy.empty()) own_copy = ProgramPackageModel();
  if (own_copy.empty()) own_copy = BuildTreeModel();
  std::string tried;
  if (!own_copy.empty()) {
    if (os::IsRegularFile(own_copy)) {
      *path = own_copy;
      return true;
    }
    tried = own_copy;
  }
  for (const std::string& c : InstalledModelCandidates()) {
    if (os::IsRegularFile(c)) {
      *path = c;
      return true;
    }
    tried += (tried.empty() ? "" : ", ") + c;
  }
  *error = "no default model: KMA_MODEL is not set and none of these exists: " + tried;
  return false;
}

}  // namespace kma::capi
