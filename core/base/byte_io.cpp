#include "core/base/byte_io.h"

#include <cstring>

namespace kma {

void ByteWriter::U8(uint8_t v) { buf_.push_back(static_cast<char>(v)); }

void ByteWriter::U16(uint16_t v) {
  uint8_t b[2];
  StoreLE(b, v, 2);
  Bytes(b, 2);
}

void ByteWriter::U32(uint32_t v) {
  uint8_t b[4];
  StoreLE(b, v, 4);
  Bytes(b, 4);
}

void ByteWriter::U64(uint64_t v) {
  uint8_t b[8];
  StoreLE(b, v, 8);
  Bytes(b, 8);
}

void ByteWriter::F32(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof(bits));
  U32(bits);
}

void ByteWriter::Bytes(const void* data, size_t n) {
  if (n != 0) buf_.append(static_cast<const char*>(data), n);
}

void ByteWriter::Str(std::string_view s) {
  U32(static_cast<uint32_t>(s.size()));
  Bytes(s.data(), s.size());
}

void ByteWriter::Align(size_t a) {
  if (a > 1 && buf_.size() % a != 0) buf_.append(a - buf_.size() % a, '\0');
}

bool ByteReader::Fixed(void* out, size_t n) {
  if (remaining() < n) return false;
  const uint64_t v = LoadLE(data_ + pos_, n);
  // Narrow to the caller's width; n is the exact size of *out.
  switch (n) {
    case 1: *static_cast<uint8_t*>(out) = static_cast<uint8_t>(v); break;
    case 2: *static_cast<uint16_t*>(out) = static_cast<uint16_t>(v); break;
    case 4: *static_cast<uint32_t*>(out) = static_cast<uint32_t>(v); break;
    default: *static_cast<uint64_t*>(out) = v; break;
  }
  pos_ += n;
  return true;
}

bool ByteReader::U8(uint8_t* v) { return Fixed(v, 1); }
bool ByteReader::U16(uint16_t* v) { return Fixed(v, 2); }
bool ByteReader::U32(uint32_t* v) { return Fixed(v, 4); }
bool ByteReader::U64(uint64_t* v) { return Fixed(v, 8); }

bool ByteReader::F32(float* v) {
  uint32_t bits;
  if (!U32(&bits)) return false;
  std::memcpy(v, &bits, sizeof(bits));
  return true;
}

bool ByteReader::Bytes(size_t n, const uint8_t** out) {
  if (remaining() < n) return false;
  *out = data_ + pos_;
  pos_ += n;
  return true;
}

bool ByteReader::Str(std::string_view* out) {
  const size_t start = pos_;
  uint32_t len;
  const uint8_t* p;
  if (!U32(&len)) return false;
  if (!Bytes(len, &p)) {
    pos_ = start;  // keep the "no change on failure" contract
    return false;
  }
  *out = std::string_view(reinterpret_cast<const char*>(p), len);
  return true;
}

bool ByteReader::Align(size_t a) {
  if (a == 0) return false;
  const size_t pad = (a - pos_ % a) % a;
  if (remaining() < pad) return false;
  pos_ += pad;
  return true;
}

}  // namespace kma
