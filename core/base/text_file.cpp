#include "core/base/text_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#define KMA_TEXT_FILE_POSIX 1
#else
#define KMA_TEXT_FILE_POSIX 0
#endif

namespace kma {
namespace {

constexpr size_t kChunk = 64 << 10;

Status ReadError(std::string_view what, const std::string& path, int err) {
  return Status(StatusCode::kIo, "cannot read " + std::string(what) + " '" + path +
                                     "': " + std::error_code(err, std::generic_category()).message());
}

// "PATH:LINE:COLUMN: NUL byte (a WHAT is text)" for a NUL right after `before`.
Status NulError(std::string_view what, const std::string& path, const std::string& before) {
  const size_t line_start = before.rfind('\n') == std::string::npos ? 0 : before.rfind('\n') + 1;
  const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
  return Status(StatusCode::kInvalidArgument,
                path + ":" + std::to_string(line) + ":" + std::to_string(before.size() - line_start + 1) +
                    ": NUL byte (a " + std::string(what) + " is text)",
                static_cast<int64_t>(before.size()));
}

// The file as a byte source: Read returns the bytes read (0 at its end) or
// -1 with errno set.
class Source {
 public:
  ~Source() { Close(); }
  int Open(const std::string& path);  // 0 or an errno value
  long Read(char* buf, size_t n);

 private:
  void Close();
#if KMA_TEXT_FILE_POSIX
  int fd_ = -1;
#else
  std::FILE* fp_ = nullptr;
#endif
};

#if KMA_TEXT_FILE_POSIX
int Source::Open(const std::string& path) {
  do {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd_ < 0 && errno == EINTR);
  if (fd_ < 0) return errno;
  struct stat st;
  if (::fstat(fd_, &st) != 0) return errno;
  return S_ISDIR(st.st_mode) ? EISDIR : 0;
}

long Source::Read(char* buf, size_t n) {
  for (;;) {
    const ssize_t got = ::read(fd_, buf, n);
    if (got >= 0 || errno != EINTR) return static_cast<long>(got);
  }
}

void Source::Close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}
#else
int Source::Open(const std::string& path) {
  fp_ = std::fopen(path.c_str(), "rb");
  return fp_ == nullptr ? errno : 0;
}

long Source::Read(char* buf, size_t n) {
  const size_t got = std::fread(buf, 1, n, fp_);
  if (got == 0 && std::ferror(fp_)) {
    if (errno == 0) errno = EIO;
    return -1;
  }
  return static_cast<long>(got);
}

void Source::Close() {
  if (fp_ != nullptr) std::fclose(fp_);
  fp_ = nullptr;
}
#endif

}  // namespace

Status ReadTextFile(const std::string& path, uint64_t max_bytes, std::string_view what, std::string* out) {
  out->clear();
  Source src;
  if (const int err = src.Open(path); err != 0) return ReadError(what, path, err);
  char chunk[kChunk];
  // A failed read keeps nothing, not even the memory.
  auto fail = [out](Status st) {
    std::string().swap(*out);
    return st;
  };
  for (;;) {
    const long n = src.Read(chunk, sizeof chunk);
    if (n < 0) return fail(ReadError(what, path, errno));
    if (n == 0) return Status::Ok();
    if (const void* nul = std::memchr(chunk, '\0', static_cast<size_t>(n)); nul != nullptr) {
      out->append(chunk, static_cast<size_t>(static_cast<const char*>(nul) - chunk));
      return fail(NulError(what, path, *out));
    }
    if (out->size() + static_cast<uint64_t>(n) > max_bytes) {
      return fail(Status(StatusCode::kInputTooLong, std::string(what) + " '" + path +
                                                        "' is larger than the limit of " +
                                                        std::to_string(max_bytes) + " bytes"));
    }
    out->append(chunk, static_cast<size_t>(n));
  }
}

}  // namespace kma
