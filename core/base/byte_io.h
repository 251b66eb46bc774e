// Little-endian byte encoding: a writer that appends to a buffer and a
// bounds-checked reader over bytes it does not own. The model container
// (core/model/format.h) and the sections inside it are written and read
// with these; so is anything else kma stores as bytes.
#ifndef KMA_CORE_BASE_BYTE_IO_H_
#define KMA_CORE_BASE_BYTE_IO_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace kma {

/// The n (<= 8) bytes at p as a little-endian unsigned integer. Explicit
/// little-endian encoding keeps a format identical on every host; compilers
/// turn these loops into single loads and stores on little-endian machines.
inline uint64_t LoadLE(const uint8_t* p, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(p[i]) << (8 * i);
  return v;
}

/// Stores the low n (<= 8) bytes of v at p, little-endian.
inline void StoreLE(uint8_t* p, uint64_t v, size_t n) {
  for (size_t i = 0; i < n; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

/// Append-only little-endian binary writer for section payloads.
/// Thread-safety: one thread per writer at a time.
class ByteWriter {
 public:
  void U8(uint8_t v);
  void U16(uint16_t v);
  void U32(uint32_t v);
  void U64(uint64_t v);
  /// IEEE-754 binary32 bits, little-endian.
  void F32(float v);
  void Bytes(const void* data, size_t n);
  /// u32 byte length, then the bytes (no terminator). Strings longer than
  /// 4 GiB - 1 are not representable; callers must not pass them.
  void Str(std::string_view s);
  /// Zero-pads until size() is a multiple of @p a (relative to the buffer
  /// start; a section starts 64-byte aligned, so for a <= 64 this is also
  /// alignment in memory). a == 0 or 1 is a no-op.
  void Align(size_t a);
  std::string& buffer() { return buf_; }
  size_t size() const { return buf_.size(); }

 private:
  std::string buf_;
};

/// Bounds-checked little-endian reader over a byte range it does not own.
/// Every method returns false on failure and then leaves the position and
/// the outputs unchanged; it never reads outside [data, data + size).
/// Thread-safety: one thread per reader at a time.
class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size)
      : data_(data), size_(data == nullptr ? 0 : size) {}

  bool U8(uint8_t* v);
  bool U16(uint16_t* v);
  bool U32(uint32_t* v);
  bool U64(uint64_t* v);
  bool F32(float* v);
  /// Returns a pointer to the next @p n bytes and skips them.
  bool Bytes(size_t n, const uint8_t** out);
  /// Reads a u32 length and that many bytes (as written by ByteWriter::Str);
  /// the view points into the buffer.
  bool Str(std::string_view* out);
  /// Skips to the next multiple of @p a relative to the reader's start
  /// (mirrors ByteWriter::Align). False if a == 0 or past the end.
  bool Align(size_t a);

  /// Returns a pointer to @p n elements of T stored in host byte order, if
  /// they are in bounds and the address is aligned for T; then skips them.
  /// kma only supports little-endian hosts for multi-byte arrays: on a
  /// big-endian host this returns false for sizeof(T) > 1.
  template <typename T>
  bool Array(size_t n, const T** out);

  size_t pos() const { return pos_; }
  size_t remaining() const { return size_ - pos_; }

 private:
  bool Fixed(void* out, size_t n);  // little-endian integer of n bytes

  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

template <typename T>
bool ByteReader::Array(size_t n, const T** out) {
  static_assert(std::is_trivially_copyable<T>::value,
                "Array<T> needs a trivially copyable T");
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  if (sizeof(T) > 1) return false;
#endif
  if (n > remaining() / sizeof(T)) return false;  // also guards n * sizeof(T)
  const uint8_t* p = data_ + pos_;
  if (reinterpret_cast<uintptr_t>(p) % alignof(T) != 0) return false;
  *out = reinterpret_cast<const T*>(p);
  pos_ += n * sizeof(T);
  return true;
}

}  // namespace kma

#endif  // KMA_CORE_BASE_BYTE_IO_H_
