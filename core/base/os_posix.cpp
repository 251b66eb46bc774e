// kma::os for POSIX systems (Linux, macOS, the BSDs); see os.h.
#ifndef _WIN32

#include "core/base/os.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <link.h>
#endif

#include <cerrno>
#include <system_error>

namespace kma::os {
namespace {

// strerror() is not thread-safe and strerror_r has two incompatible variants;
// std::error_code gives the same text portably.
std::string ErrnoText(int err) { return std::error_code(err, std::generic_category()).message(); }

}  // namespace

std::string InputFile::Open(const std::string& path) {
  Close();
  int fd;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return ErrnoText(errno);
  handle_ = fd;
  struct stat st;
  if (::fstat(fd, &st) != 0) return ErrnoText(errno);
  if (S_ISDIR(st.st_mode)) return ErrnoText(EISDIR);
  regular_ = S_ISREG(st.st_mode);
  size_ = regular_ ? static_cast<uint64_t>(st.st_size) : 0;
  return "";
}

int64_t InputFile::Read(void* buf, size_t n, std::string* error) {
  for (;;) {
    const ssize_t got = ::read(static_cast<int>(handle_), buf, n);
    if (got >= 0) return got;
    if (errno != EINTR) {
      *error = ErrnoText(errno);
      return -1;
    }
  }
}

const void* InputFile::Map() {
  if (!regular_ || size_ == 0 || size_ > SIZE_MAX) return nullptr;  // mmap of length 0 fails
  void* p = ::mmap(nullptr, static_cast<size_t>(size_), PROT_READ, MAP_SHARED, static_cast<int>(handle_), 0);
  // Some file systems (and sandboxes) refuse mmap.
  return p == MAP_FAILED ? nullptr : p;
}

void InputFile::Close() {
  if (handle_ >= 0) ::close(static_cast<int>(handle_));
  handle_ = -1;
  regular_ = false;
  size_ = 0;
}

void Unmap(const void* base, size_t length) { ::munmap(const_cast<void*>(base), length); }

std::FILE* OpenStdio(const std::string& path, const char* mode, std::string* error) {
  std::FILE* fp = std::fopen(path.c_str(), mode);
  if (fp == nullptr) *error = ErrnoText(errno);
  return fp;
}

std::string SyncFile(std::FILE* fp) { return ::fsync(::fileno(fp)) == 0 ? "" : ErrnoText(errno); }

std::string RenameReplacing(const std::string& from, const std::string& to) {
  return std::rename(from.c_str(), to.c_str()) == 0 ? "" : ErrnoText(errno);
}

void RemoveFile(const std::string& path) { std::remove(path.c_str()); }

bool IsRegularFile(const std::string& path) {
  struct stat st;
  return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string RealPath(const std::string& path) {
  char buf[PATH_MAX];
  return ::realpath(path.c_str(), buf) != nullptr ? std::string(buf) : path;
}

#if defined(__linux__)
namespace {

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
      q->is_main_program = index == 0 || info->dlpi_name == nullptr || info->dlpi_name[0] == '\0';
      if (!q->is_main_program) q->name = info->dlpi_name;
      return 1;  // stop iterating
    }
  }
  return 0;
}

}  // namespace

std::string ModuleFile(const void* address) {
  ObjectQuery q;
  q.address = reinterpret_cast<uintptr_t>(address);
  dl_iterate_phdr(VisitObject, &q);
  if (!q.found) return "";
  if (!q.is_main_program) return q.name;
  // The main program's own name is argv[0]-like (maybe relative, maybe
  // found through PATH); the kernel knows the real file.
  char buf[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : "";
}
#else
std::string ModuleFile(const void* address) {
  Dl_info info;
  if (dladdr(address, &info) != 0 && info.dli_fname != nullptr) return info.dli_fname;
  return "";
}
#endif

std::string GetEnv(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

}  // namespace kma::os

#endif  // !_WIN32
