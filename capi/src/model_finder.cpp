#include "capi/src/model_finder.h"

#include <sys/stat.h>

#if defined(__linux__) || defined(__unix__) || defined(__APPLE__)
#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>
#define KMA_HAVE_DLADDR 1
#endif
#if defined(__linux__)
#include <link.h>
#endif

#include <cstdint>
#include <cstdlib>

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

bool IsRegularFile(const std::string& path) {
  struct stat st;
  return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string DirName(const std::string& file) {
  size_t slash = file.find_last_of('/');
  if (slash == std::string::npos) return "";
  return slash == 0 ? "/" : file.substr(0, slash);
}

// Makes `path` absolute and free of symlinks where possible, so that the
// "../share" steps start from where the file really is.
std::string RealPath(const std::string& path) {
#ifdef KMA_HAVE_DLADDR
  char buf[PATH_MAX];
  if (::realpath(path.c_str(), buf) != nullptr) return buf;
#endif
  return path;
}

#if defined(__linux__)
// Finds the loaded object whose segments contain `address`. The first object
// dl_iterate_phdr reports is the main program, whose name is empty.
struct ObjectQuery {
  uintptr_t address = 0;
  bool found = false;
  bool is_main_program = false;
  std::string name;
  int index = 0;
};

int VisitObject(struct dl_phdr_info* info, size_t, void* data) {
  auto* q = static_cast<ObjectQuery*>(data);
  const int index = q->index++;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD) continue;
    uintptr_t begin = info->dlpi_addr + ph.p_vaddr;
    if (q->address >= begin && q->address < begin + ph.p_memsz) {
      q->found = true;
      q->is_main_program = index == 0 || info->dlpi_name == nullptr ||
                           info->dlpi_name[0] == '\0';
      if (!q->is_main_program) q->name = info->dlpi_name;
      return 1;  // stop iterating
    }
  }
  return 0;
}
#endif

std::string ContainingFile() {
#if defined(__linux__)
  ObjectQuery q;
  q.address = reinterpret_cast<uintptr_t>(&ContainingFile);
  dl_iterate_phdr(VisitObject, &q);
  if (q.found) {
    if (!q.is_main_program) return q.name;
    // The main program's own name is argv[0]-like (maybe relative, maybe
    // found through PATH); the kernel knows the real file.
    char buf[PATH_MAX];
    ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) return std::string(buf, static_cast<size_t>(n));
  }
  return "";
#elif defined(KMA_HAVE_DLADDR)
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&ContainingFile), &info) != 0 &&
      info.dli_fname != nullptr) {
    return info.dli_fname;
  }
  return "";
#else
  return "";
#endif
}

void AddUnique(std::vector<std::string>* list, const std::string& path) {
  for (const std::string& p : *list) {
    if (p == path) return;
  }
  list->push_back(path);
}

}  // namespace

std::string BinaryDirectory() {
  std::string file = ContainingFile();
  return file.empty() ? "" : DirName(RealPath(file));
}

std::vector<std::string> InstalledModelCandidates() {
  std::vector<std::string> out;
  const std::string dir = BinaryDirectory();
  if (!dir.empty()) {
    // The same code runs from lib/ (libkma.so) and from bin/ (the CLI or a
    // program linking libkma.a), whose routes to share/ may differ.
    for (const char* rel : {KMA_MODEL_DIR_FROM_LIBDIR, KMA_MODEL_DIR_FROM_BINDIR}) {
      AddUnique(&out, RealPath(dir + "/" + rel) + "/" + kDefaultModelFile);
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
  return !dir.empty() && dir == RealPath(KMA_BUILD_TREE_LIBDIR) ? KMA_BUILD_TREE_MODEL : "";
}

bool FindDefaultModel(const std::string& caller_copy, std::string* path,
                      std::string* error) {
  const char* env = std::getenv("KMA_MODEL");
  if (env != nullptr && env[0] != '\0') {
    *path = env;
    return true;
  }
  std::string own_copy = caller_copy;
  if (own_copy.empty()) own_copy = ProgramPackageModel();
  if (own_copy.empty()) own_copy = BuildTreeModel();
  std::string tried;
  if (!own_copy.empty()) {
    if (IsRegularFile(own_copy)) {
      *path = own_copy;
      return true;
    }
    tried = own_copy;
  }
  for (const std::string& c : InstalledModelCandidates()) {
    if (IsRegularFile(c)) {
      *path = c;
      return true;
    }
    tried += (tried.empty() ? "" : ", ") + c;
  }
  *error = "no default model: KMA_MODEL is not set and none of these exists: " + tried;
  return false;
}

}  // namespace kma::capi
