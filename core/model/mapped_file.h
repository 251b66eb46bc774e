// kma::MappedFile: a read-only, immutable view of a whole model file.
//
// The file is mapped read-only and shared (mmap on POSIX, a file mapping on
// Windows; see core/base/os.h): the kernel shares the pages between every
// process that opens the same model, so N analyzer processes cost one copy
// of the model in RAM, and opening is O(1). If mapping is impossible (e.g.
// a pipe, a device or a file system without mmap) the file is read into an
// aligned heap buffer
// instead, in memory bounded by the model's own size: the header is read and
// checked first, then exactly the size it declares. The caller sees the same
// interface either way.
//
// Alignment guarantee: data() is page-aligned (4096) for files and 64-byte
// aligned for CopyOf(), so every 64-byte aligned offset inside the buffer is a
// 64-byte aligned address. The model format relies on this for zero-copy
// access to typed arrays.
#ifndef KMA_CORE_MODEL_MAPPED_FILE_H_
#define KMA_CORE_MODEL_MAPPED_FILE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/base/status.h"

namespace kma {

class MappedFile {
 public:
  /// Alignment of data() for buffers created by CopyOf().
  static constexpr size_t kCopyAlignment = 64;
  /// Alignment of data() for heap buffers created by Open()'s read fallback
  /// (a mapping is always page-aligned, which is at least this).
  static constexpr size_t kReadAlignment = 4096;

  /// Opens and maps (or reads) the whole file at @p path.
  /// @param[in] path  file system path, UTF-8 (on every system).
  /// @return the view, or kIo "cannot open model file '<path>': <reason>"
  ///         (also for directories and read errors), or kOutOfMemory when the
  ///         read fallback cannot allocate its buffer. A file that is read
  ///         (not mapped) is refused as soon as its first bytes show it is no
  ///         model, or when more bytes follow the size its header declares:
  ///         kModelFormat / kModelVersion "'<path>': <ModelFile's message>".
  /// Ownership: the caller owns the returned object; the mapping is released
  /// by its destructor. The file must not be truncated while mapped (POSIX
  /// would raise SIGBUS on access to the vanished pages).
  /// Thread-safety: any thread.
  static StatusOr<std::unique_ptr<MappedFile>> Open(const std::string& path);

  /// Copies @p size bytes from @p data into a new 64-byte aligned buffer.
  /// @param[in] data  source bytes; may be null only when @p size is 0.
  /// @return the copy, or nullptr if the allocation fails (or data is null
  ///         with a non-zero size). Never throws.
  /// Ownership: the caller owns the result; @p data is not retained.
  /// Thread-safety: any thread.
  static std::unique_ptr<MappedFile> CopyOf(const void* data, size_t size);

  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  /// First byte of the file; never null (even for an empty file), aligned as
  /// described above. Valid for the lifetime of this object.
  const uint8_t* data() const { return data_; }
  /// Number of bytes in the file.
  size_t size() const { return size_; }
  /// True when the bytes are an mmap of the file (pages shared between
  /// processes), false for a heap copy.
  bool is_mapped() const { return mapped_; }

 private:
  MappedFile() = default;

  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  bool mapped_ = false;
  // For heap buffers: the allocation (freed with the matching alignment).
  void* heap_ = nullptr;
  size_t heap_alignment_ = 0;
  // For mappings: the base and length passed to os::Unmap.
  const void* map_base_ = nullptr;
  size_t map_length_ = 0;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_MAPPED_FILE_H_
