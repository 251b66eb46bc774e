// Tests for the little-endian byte writer and the bounds-checked reader
// (core/base/byte_io.h).
#include "core/base/byte_io.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace kma {
namespace {

using Bytes = std::vector<uint8_t>;

TEST(ByteIo, LoadAndStoreAreLittleEndian) {
  uint8_t b[8] = {0};
  StoreLE(b, 0x0102030405060708ull, 8);
  EXPECT_EQ(b[0], 0x08);
  EXPECT_EQ(b[7], 0x01);
  EXPECT_EQ(LoadLE(b, 8), 0x0102030405060708ull);
  EXPECT_EQ(LoadLE(b, 2), 0x0708u);  // only the first n bytes
  StoreLE(b, 0xAABBCCDDu, 3);        // the low 3 bytes; the rest untouched
  EXPECT_EQ(LoadLE(b, 4), 0x05BBCCDDu);
}

TEST(ByteReader, RoundTripsEveryType) {
  ByteWriter w;
  w.U8(0xAB);
  w.U16(0xBEEF);
  w.U32(0xDEADBEEFu);
  w.U64(0x0123456789ABCDEFull);
  w.F32(-1.5f);
  w.Str("형태소");
  w.Str("");
  w.Bytes("raw", 3);
  w.Align(8);
  const uint32_t arr[3] = {1, 2, 0xFFFFFFFFu};
  for (uint32_t v : arr) w.U32(v);
  EXPECT_EQ(w.size() % 4, 0u);

  // An aligned copy, as a section of a mapped model would be.
  alignas(64) uint8_t buf[64];
  ASSERT_LE(w.size(), sizeof(buf));
  std::memcpy(buf, w.buffer().data(), w.size());
  ByteReader r(buf, w.size());
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  uint64_t u64;
  float f32;
  std::string_view s1, s2;
  const uint8_t* raw;
  const uint32_t* a;
  ASSERT_TRUE(r.U8(&u8));
  ASSERT_TRUE(r.U16(&u16));
  ASSERT_TRUE(r.U32(&u32));
  ASSERT_TRUE(r.U64(&u64));
  ASSERT_TRUE(r.F32(&f32));
  ASSERT_TRUE(r.Str(&s1));
  ASSERT_TRUE(r.Str(&s2));
  ASSERT_TRUE(r.Bytes(3, &raw));
  ASSERT_TRUE(r.Align(8));
  ASSERT_TRUE(r.Array(3, &a));
  EXPECT_EQ(u8, 0xAB);
  EXPECT_EQ(u16, 0xBEEF);
  EXPECT_EQ(u32, 0xDEADBEEFu);
  EXPECT_EQ(u64, 0x0123456789ABCDEFull);
  EXPECT_EQ(f32, -1.5f);
  EXPECT_EQ(s1, "형태소");
  EXPECT_EQ(s2, "");
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(raw), 3), "raw");
  EXPECT_EQ(a[0], 1u);
  EXPECT_EQ(a[2], 0xFFFFFFFFu);
  EXPECT_EQ(r.remaining(), 0u);
  EXPECT_EQ(r.pos(), w.size());
}

TEST(ByteReader, EncodingIsLittleEndian) {
  ByteWriter w;
  w.U32(0x01020304u);
  w.U16(0x0506);
  w.F32(1.0f);  // 0x3F800000
  w.Str("ab");
  const std::string expected("\x04\x03\x02\x01\x06\x05\x00\x00\x80\x3F\x02\x00\x00\x00"
                             "ab",
                             16);
  EXPECT_EQ(w.buffer(), expected);
}

TEST(ByteReader, FailedReadsLeaveStateUnchanged) {
  const uint8_t data[6] = {1, 2, 3, 4, 5, 6};
  ByteReader r(data, sizeof(data));
  uint64_t u64 = 77;
  EXPECT_FALSE(r.U64(&u64));
  EXPECT_EQ(u64, 77u);
  EXPECT_EQ(r.pos(), 0u);
  uint32_t u32;
  ASSERT_TRUE(r.U32(&u32));
  EXPECT_EQ(u32, 0x04030201u);
  EXPECT_FALSE(r.U32(&u32));
  EXPECT_FALSE(r.Align(0));
  EXPECT_FALSE(r.Align(16));  // would skip past the end
  EXPECT_EQ(r.pos(), 4u);
  EXPECT_TRUE(r.Align(2));   // already aligned: no-op
  EXPECT_EQ(r.pos(), 4u);
  const uint8_t* p = nullptr;
  EXPECT_FALSE(r.Bytes(3, &p));
  EXPECT_EQ(p, nullptr);
  EXPECT_TRUE(r.Bytes(2, &p));
  EXPECT_EQ(p, data + 4);
  EXPECT_EQ(r.remaining(), 0u);
  uint8_t u8;
  EXPECT_FALSE(r.U8(&u8));
  EXPECT_TRUE(r.Bytes(0, &p));  // zero-length read at the end is fine
}

TEST(ByteReader, StrWithLengthPastEndFails) {
  ByteWriter w;
  w.U32(1000);  // claims 1000 bytes
  w.Bytes("abc", 3);
  const Bytes b(w.buffer().begin(), w.buffer().end());
  ByteReader r(b.data(), b.size());
  std::string_view s = "keep";
  EXPECT_FALSE(r.Str(&s));
  EXPECT_EQ(s, "keep");
  EXPECT_EQ(r.pos(), 0u);  // the length prefix is not consumed either
  ByteWriter huge;
  huge.U32(0xFFFFFFFFu);
  const Bytes h(huge.buffer().begin(), huge.buffer().end());
  ByteReader rh(h.data(), h.size());
  EXPECT_FALSE(rh.Str(&s));
}

TEST(ByteReader, ArrayChecksBoundsAlignmentAndOverflow) {
  alignas(8) uint8_t data[32] = {0};
  ByteReader r(data, sizeof(data));
  const uint32_t* a = nullptr;
  EXPECT_TRUE(r.Array(8, &a));
  EXPECT_EQ(r.remaining(), 0u);

  ByteReader r2(data, sizeof(data));
  EXPECT_FALSE(r2.Array(9, &a));  // 36 bytes > 32
  // n * sizeof(T) would overflow size_t to a small number.
  EXPECT_FALSE(r2.Array(std::numeric_limits<size_t>::max() / 4 + 1, &a));
  EXPECT_FALSE(r2.Array(std::numeric_limits<size_t>::max(), &a));
  uint8_t skip;
  ASSERT_TRUE(r2.U8(&skip));
  a = nullptr;
  EXPECT_FALSE(r2.Array(1, &a));  // misaligned for uint32_t
  EXPECT_EQ(a, nullptr);
  EXPECT_EQ(r2.pos(), 1u);
  const uint8_t* bytes;
  EXPECT_TRUE(r2.Array(3, &bytes));  // uint8_t has no alignment needs
  EXPECT_TRUE(r2.Array(1, &a));      // at 4
  const uint64_t* a64 = nullptr;
  EXPECT_TRUE(r2.Array(1, &a64));    // at 8: aligned for uint64_t
  ASSERT_TRUE(r2.U8(&skip));         // at 17
  a64 = nullptr;
  EXPECT_FALSE(r2.Array(1, &a64));
  EXPECT_EQ(a64, nullptr);
  EXPECT_EQ(r2.pos(), 17u);
}

TEST(ByteReader, NullAndEmptyInputs) {
  ByteReader r(nullptr, 100);  // null data is treated as empty
  EXPECT_EQ(r.remaining(), 0u);
  uint8_t v;
  EXPECT_FALSE(r.U8(&v));
  const uint8_t* p;
  EXPECT_TRUE(r.Bytes(0, &p));
  const uint32_t* a;
  EXPECT_TRUE(r.Array(0, &a));
}

TEST(ByteReader, NeverReadsOutOfBoundsOnAnyPrefix) {
  // A record stream read back from every prefix of its encoding: each read
  // must either succeed entirely within the prefix or fail. The prefix is an
  // exact-size heap buffer so ASan reports any overread.
  ByteWriter w;
  for (int i = 0; i < 4; ++i) {
    w.U8(static_cast<uint8_t>(i));
    w.Str(std::string(static_cast<size_t>(i * 3), 'k'));
    w.Align(4);
    w.U32(static_cast<uint32_t>(i));
    w.U64(static_cast<uint64_t>(i) << 40);
    w.F32(static_cast<float>(i) / 3);
    w.U16(static_cast<uint16_t>(i));
  }
  const std::string full = w.buffer();
  for (size_t len = 0; len <= full.size(); ++len) {
    const Bytes prefix(full.begin(), full.begin() + len);
    ByteReader r(prefix.data(), prefix.size());
    bool ok = true;
    int records = 0;
    for (int i = 0; i < 4 && ok; ++i) {
      uint8_t u8;
      std::string_view s;
      uint32_t u32;
      uint64_t u64;
      float f;
      uint16_t u16;
      ok = r.U8(&u8) && r.Str(&s) && r.Align(4) && r.U32(&u32) && r.U64(&u64) &&
           r.F32(&f) && r.U16(&u16);
      if (ok) {
        ++records;
        EXPECT_EQ(u8, i);
        EXPECT_EQ(s.size(), static_cast<size_t>(i * 3));
        EXPECT_EQ(u64, static_cast<uint64_t>(i) << 40);
      }
      ASSERT_LE(r.pos(), len);
    }
    EXPECT_EQ(records == 4, len == full.size()) << "length " << len;
  }
}

}  // namespace
}  // namespace kma
