#include "core/model/mapped_file.h"

#include "core/base/os.h"
#include "core/model/format.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>

namespace kma {
namespace {

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
  if (map_base_ != nullptr) os::Unmap(map_base_, map_length_);
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

namespace {

Status ReadOutOfMemory(const std::string& path) {
  return Status(StatusCode::kOutOfMemory, "out of memory reading model file '" + path + "'");
}

// Reads a model from a stream in memory bounded by the model's own size: the
// header first, which must be a model's (magic, version), then exactly the
// size it declares, then one more byte to see that nothing follows. So
// /dev/zero, a FIFO of anything else or a directory costs 64 bytes, never
// its whole stream. `read_some(buf, n, &error)` returns the bytes read (0 at
// the end of input) or -1 with the reason in error; short reads are fine. `known_size` is the
// size of a regular file (0 if unknown): the buffer is allocated once at
// that size when the header declares it.
template <typename ReadSome>
Status ReadModelStream(ReadSome read_some, uint64_t known_size, const std::string& path,
                       void** out_buf, size_t* out_size) {
  const size_t kAlign = MappedFile::kReadAlignment;
  // Reads until `want` bytes are in [buf, buf + want) or the input ends.
  auto fill = [&](uint8_t* buf, size_t have, size_t want, size_t* got) -> Status {
    while (have < want) {
      std::string error;
      const int64_t n = read_some(buf + have, want - have, &error);
      if (n < 0) return OpenError(path, error);
      if (n == 0) break;
      have += static_cast<size_t>(n);
    }
    *got = have;
    return Status::Ok();
  };
  uint8_t header[kModelHeaderSize];
  size_t got = 0;
  KMA_RETURN_IF_ERROR(fill(header, 0, sizeof header, &got));
  uint64_t declared = 0;
  if (Status st = ModelFile::CheckPrefix(header, got, &declared); !st.ok())
    return Status(st.code(), "'" + path + "': " + st.message(), st.offset());
  if (declared < kModelHeaderSize || declared > SIZE_MAX / 2) {
    return Status(StatusCode::kModelFormat, "'" + path + "': the header declares an impossible size of " +
                                                std::to_string(declared) + " bytes", 16);
  }
  // Grows as the bytes arrive (doubling, from 1 MiB), so a header that
  // declares more than the stream holds costs what the stream holds.
  size_t capacity = known_size == declared ? static_cast<size_t>(declared)
                                           : static_cast<size_t>(std::min<uint64_t>(declared, 1u << 20));
  uint8_t* buf = static_cast<uint8_t*>(AllocAligned(capacity, kAlign));
  if (buf == nullptr) return ReadOutOfMemory(path);
  std::memcpy(buf, header, got);
  size_t size = got;
  Status st;
  for (;;) {
    st = fill(buf, size, capacity, &size);
    if (!st.ok() || size < capacity || capacity == declared) break;
    const size_t grown_capacity = static_cast<size_t>(std::min<uint64_t>(declared, uint64_t{capacity} * 2));
    auto* grown = static_cast<uint8_t*>(AllocAligned(grown_capacity, kAlign));
    if (grown == nullptr) {
      st = ReadOutOfMemory(path);
      break;
    }
    std::memcpy(grown, buf, size);
    FreeAligned(buf, kAlign);
    buf = grown;
    capacity = grown_capacity;
  }
  uint8_t extra = 0;
  size_t after = 0;
  if (st.ok() && size == declared) st = fill(&extra, 0, 1, &after);
  if (st.ok() && after != 0) {
    st = Status(StatusCode::kModelFormat, "'" + path + "': model file size mismatch: header declares " +
                                              std::to_string(declared) + " bytes but more follow (trailing bytes)",
                static_cast<int64_t>(declared));
  }
  if (!st.ok()) {
    FreeAligned(buf, kAlign);
    return st;
  }
  // A short stream is left to ModelFile::Parse, which names it "truncated".
  *out_buf = buf;
  *out_size = size;
  return Status::Ok();
}

}  // namespace

// Maps the file; where it cannot be mapped (a FIFO, a device, a file system
// without mmap), reads it in bounded memory.
StatusOr<std::unique_ptr<MappedFile>> MappedFile::Open(const std::string& path) {
  os::InputFile file;
  if (std::string why = file.Open(path); !why.empty()) return OpenError(path, why);
  std::unique_ptr<MappedFile> f(new (std::nothrow) MappedFile());
  if (f == nullptr) return Status(StatusCode::kOutOfMemory, "out of memory");
  if (const void* p = file.Map(); p != nullptr) {
    f->map_base_ = p;
    f->map_length_ = static_cast<size_t>(file.size());
    f->data_ = static_cast<const uint8_t*>(p);
    f->size_ = f->map_length_;
    f->mapped_ = true;
    return f;
  }
  void* buf = nullptr;
  size_t size = 0;
  auto read_some = [&file](uint8_t* p, size_t n, std::string* error) { return file.Read(p, n, error); };
  KMA_RETURN_IF_ERROR(ReadModelStream(read_some, file.size(), path, &buf, &size));
  f->heap_ = buf;
  f->heap_alignment_ = kReadAlignment;
  f->data_ = static_cast<const uint8_t*>(buf);
  f->size_ = size;
  return f;
}

}  // namespace kma
