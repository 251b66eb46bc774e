// kma::os: the little the library needs from the operating system, in one
// place: reading, mapping and replacing files, the file a piece of code was
// loaded from, and the environment. os_posix.cpp implements it for Linux,
// macOS and the BSDs, os_win32.cpp for Windows (each compiles to nothing on
// the other), so no other file of the library names a system header.
//
// Paths are UTF-8 on every system (on Windows they are converted to UTF-16
// for the wide API, so any file name works). Errors come back as a short
// reason a user can act on ("No such file or directory"); the same cases
// give the same text everywhere.
#ifndef KMA_CORE_BASE_OS_H_
#define KMA_CORE_BASE_OS_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace kma::os {

// The characters that separate a path's components.
#ifdef _WIN32
inline constexpr char kPathSeparators[] = "\\/";
#else
inline constexpr char kPathSeparators[] = "/";
#endif

// A file opened for reading. Not copyable; closed by its destructor.
// Thread-safety: one thread at a time per object.
class InputFile {
 public:
  InputFile() = default;
  ~InputFile() { Close(); }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Opens `path`. Returns "" or why it cannot be read; a directory is
  // refused ("Is a directory").
  std::string Open(const std::string& path);
  // A regular file, whose size() is known (not a pipe or a device).
  bool regular() const { return regular_; }
  // The size of a regular file when it was opened, else 0.
  uint64_t size() const { return size_; }
  // Reads up to `n` bytes: their count, 0 at the end of the input, or -1
  // with the reason in *error. Interrupted reads are retried.
  int64_t Read(void* buf, size_t n, std::string* error);
  // Maps the whole of a regular, non-empty file read-only, its pages shared
  // between every process that maps it; null when the system refuses (the
  // caller then reads). The mapping outlives the file: release it with
  // Unmap(base, size()).
  const void* Map();
  void Close();

 private:
  intptr_t handle_ = -1;  // a file descriptor, or a Windows HANDLE
  bool regular_ = false;
  uint64_t size_ = 0;
};

// Releases a mapping made by InputFile::Map.
void Unmap(const void* base, size_t length);

// std::fopen of a UTF-8 path; null with the reason in *error.
std::FILE* OpenStdio(const std::string& path, const char* mode, std::string* error);
// Makes what was written to `fp` durable (fsync): "" or the reason.
std::string SyncFile(std::FILE* fp);
// Renames `from` to `to`, replacing `to` if it exists: "" or the reason.
std::string RenameReplacing(const std::string& from, const std::string& to);
// Removes a file, if it exists (no error).
void RemoveFile(const std::string& path);

// True when `path` names an existing regular file (after symlinks).
bool IsRegularFile(const std::string& path);
// `path` made absolute, with "." and ".." (and, where the system resolves
// them, symbolic links) resolved; `path` itself when that fails.
std::string RealPath(const std::string& path);
// The file (shared library, DLL or program) whose code holds `address`;
// empty if the system cannot tell.
std::string ModuleFile(const void* address);
// The environment variable `name`, or "" when it is not set.
std::string GetEnv(const char* name);

}  // namespace kma::os

#endif  // KMA_CORE_BASE_OS_H_
