#include "core/model/mapped_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>
#include <system_error>
#include <utility>

#if defined(__unix__) || defined(__APPLE__)
#define KMA_HAVE_MMAP 1
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#else
#define KMA_HAVE_MMAP 0
#endif

namespace kma {
namespace {

// strerror() is not thread-safe and strerror_r has two incompatible variants;
// std::error_code gives the same text portably.
std::string ErrnoText(int err) {
  return std::error_code(err, std::generic_category()).message();
}

Status OpenError(const std::string& path, const std::string& reason) {
  return Status(StatusCode::kIo,
                "cannot open model file '" + path + "': " + reason);
}

// Aligned allocation that reports failure instead of throwing. At least one
// byte is allocated so that data() is never null, even for empty files.
void* AllocAligned(size_t size, size_t alignment) {
  return ::operator new(size == 0 ? 1 : size, std::align_val_t(alignment),
                        std::nothrow);
}

void FreeAligned(void* p, size_t alignment) {
  ::operator delete(p, std::align_val_t(alignment));
}

}  // namespace

MappedFile::~MappedFile() {
#if KMA_HAVE_MMAP
  if (map_base_ != nullptr) munmap(map_base_, map_length_);
#endif
  if (heap_ != nullptr) FreeAligned(heap_, heap_alignment_);
}

std::unique_ptr<MappedFile> MappedFile::CopyOf(const void* data, size_t size) {
  if (data == nullptr && size != 0) return nullptr;
  void* buf = AllocAligned(size, kCopyAlignment);
  if (buf == nullptr) return nullptr;
  if (size != 0) std::memcpy(buf, data, size);
  std::unique_ptr<MappedFile> f(new (std::nothrow) MappedFile());
  if (f == nullptr) {
    FreeAligned(buf, kCopyAlignment);
    return nullptr;
  }
  f->heap_ = buf;
  f->heap_alignment_ = kCopyAlignment;
  f->data_ = static_cast<const uint8_t*>(buf);
  f->size_ = size;
  return f;
}

#if KMA_HAVE_MMAP

namespace {

// Reads everything from `fd` into a page-aligned heap buffer. `expected` is
// the size from fstat for regular files (the buffer grows if the file turns
// out longer, e.g. for pipes whose st_size is 0).
Status ReadAll(int fd, size_t expected, void** out_buf, size_t* out_size,
               const std::string& path) {
  const size_t kAlign = MappedFile::kReadAlignment;
  size_t capacity = expected > 0 ? expected : 1 << 16;
  void* buf = AllocAligned(capacity, kAlign);
  if (buf == nullptr) {
    return Status(StatusCode::kOutOfMemory,
                  "out of memory reading model file '" + path + "'");
  }
  size_t size = 0;
  for (;;) {
    if (size == capacity) {
      // Only reached for non-regular files or files that grew; double.
      size_t new_capacity = capacity * 2;
      void* grown = AllocAligned(new_capacity, kAlign);
      if (grown == nullptr) {
        FreeAligned(buf, kAlign);
        return Status(StatusCode::kOutOfMemory,
                      "out of memory reading model file '" + path + "'");
      }
      std::memcpy(grown, buf, size);
      FreeAligned(buf, kAlign);
      buf = grown;
      capacity = new_capacity;
    }
    ssize_t n = ::read(fd, static_cast<uint8_t*>(buf) + size, capacity - size);
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      FreeAligned(buf, kAlign);
      return OpenError(path, ErrnoText(err));
    }
    if (n == 0) break;
    size += static_cast<size_t>(n);
  }
  *out_buf = buf;
  *out_size = size;
  return Status::Ok();
}

}  // namespace

StatusOr<std::unique_ptr<MappedFile>> MappedFile::Open(const std::string& path) {
  int fd;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return OpenError(path, ErrnoText(errno));

  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    return OpenError(path, ErrnoText(err));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return OpenError(path, ErrnoText(EISDIR));
  }

  std::unique_ptr<MappedFile> f(new (std::nothrow) MappedFile());
  if (f == nullptr) {
    ::close(fd);
    return Status(StatusCode::kOutOfMemory, "out of memory");
  }

  const bool regular = S_ISREG(st.st_mode);
  const size_t file_size = regular ? static_cast<size_t>(st.st_size) : 0;
  // mmap of length 0 is an error, so empty files take the heap path.
  if (regular && file_size > 0) {
    void* p = ::mmap(nullptr, file_size, PROT_READ, MAP_SHARED, fd, 0);
    if (p != MAP_FAILED) {
      ::close(fd);  // the mapping keeps its own reference to the file
      f->map_base_ = p;
      f->map_length_ = file_size;
      f->data_ = static_cast<const uint8_t*>(p);
      f->size_ = file_size;
      f->mapped_ = true;
      return f;
    }
    // Fall through: some file systems (and sandboxes) refuse mmap.
  }

  void* buf = nullptr;
  size_t size = 0;
  Status st_read = ReadAll(fd, file_size, &buf, &size, path);
  ::close(fd);
  if (!st_read.ok()) return st_read;
  f->heap_ = buf;
  f->heap_alignment_ = kReadAlignment;
  f->data_ = static_cast<const uint8_t*>(buf);
  f->size_ = size;
  return f;
}

#else  // !KMA_HAVE_MMAP: portable read-everything fallback.

StatusOr<std::unique_ptr<MappedFile>> MappedFile::Open(const std::string& path) {
  std::FILE* fp = std::fopen(path.c_str(), "rb");
  if (fp == nullptr) return OpenError(path, ErrnoText(errno));
  std::string bytes;
  char chunk[1 << 16];
  size_t n;
  try {
    while ((n = std::fread(chunk, 1, sizeof(chunk), fp)) > 0) bytes.append(chunk, n);
  } catch (const std::bad_alloc&) {
    std::fclose(fp);
    return Status(StatusCode::kOutOfMemory,
                  "out of memory reading model file '" + path + "'");
  }
  const bool failed = std::ferror(fp) != 0;
  std::fclose(fp);
  if (failed) return OpenError(path, "read error");
  void* buf = AllocAligned(bytes.size(), kReadAlignment);
  std::unique_ptr<MappedFile> f(new (std::nothrow) MappedFile());
  if (buf == nullptr || f == nullptr) {
    if (buf != nullptr) FreeAligned(buf, kReadAlignment);
    return Status(StatusCode::kOutOfMemory,
                  "out of memory reading model file '" + path + "'");
  }
  std::memcpy(buf, bytes.data(), bytes.size());
  f->heap_ = buf;
  f->heap_alignment_ = kReadAlignment;
  f->data_ = static_cast<const uint8_t*>(buf);
  f->size_ = bytes.size();
  return f;
}

#endif  // KMA_HAVE_MMAP

}  // namespace kma
