#include "tests/fuzz/model_edits.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/model/format.h"

namespace kma::fuzz {
namespace {

constexpr size_t kCountOffset = 12, kSizeOffset = 16;
constexpr size_t kTableOffset = kModelHeaderSize;
constexpr size_t kNameField = kSectionNameField;  // then u64 offset, size, flags

template <typename T>
T Get(const std::string& s, size_t pos) {
  T v{};
  if (pos + sizeof v <= s.size()) std::memcpy(&v, s.data() + pos, sizeof v);
  return v;
}

template <typename T>
void Put(std::string* s, size_t pos, T v) {
  if (pos + sizeof v <= s->size()) std::memcpy(&(*s)[pos], &v, sizeof v);
}

struct Entry {
  size_t at;  // of the table entry
  uint64_t offset, size;
};

// The section table as far as it lies inside the image.
std::vector<Entry> Table(const std::string& s) {
  std::vector<Entry> t;
  const uint32_t count = Get<uint32_t>(s, kCountOffset);
  for (uint32_t i = 0; i < count && kTableOffset + (i + 1) * kSectionEntrySize <= s.size() && i < 256; ++i) {
    const size_t at = kTableOffset + i * kSectionEntrySize;
    t.push_back({at, Get<uint64_t>(s, at + kNameField), Get<uint64_t>(s, at + kNameField + 8)});
  }
  return t;
}

uint64_t Interesting(ByteReader* in, uint64_t old, uint64_t image_size, bool wide) {
  const uint8_t sel = in->U8();
  switch (sel % 16) {
    case 0: return 0;
    case 1: return 1;
    case 2: return old + 1;
    case 3: return old - 1;
    case 4: return wide ? ~uint64_t{0} : 0xFFFFFFFFu;
    case 5: return wide ? 0x7FFFFFFFFFFFFFFFull : 0x7FFFFFFFu;
    case 6: return wide ? 0x8000000000000000ull : 0x80000000u;
    case 7: return old * 2;
    case 8: return old / 2;
    case 9: return old + in->U8();
    case 10: return old ^ (uint64_t{1} << (in->U8() % (wide ? 64 : 32)));
    case 11: return 64;
    case 12: return image_size;
    case 13: return wide ? in->U64() : in->U32();
    case 14: return old + 0x10000;
    default: return old - in->U8();
  }
}

// A position inside some section's payload (or anywhere when the table is
// unusable); `window` > 0 keeps it within the payload's first bytes.
size_t PayloadPos(ByteReader* in, const std::string& s, size_t window, size_t align) {
  const std::vector<Entry> t = Table(s);
  const uint8_t pick = in->U8();
  const uint32_t r = in->U32();
  size_t base = 0, len = s.size();
  if (!t.empty()) {
    const Entry& e = t[pick % t.size()];
    if (e.offset < s.size()) {
      base = e.offset;
      len = std::min<uint64_t>(e.size, s.size() - e.offset);
    }
  }
  if (window > 0) len = std::min(len, window);
  if (len == 0) return base;
  return base + (r % len) / align * align;
}

void EditTableEntry(ByteReader* in, std::string* s, int op) {
  const std::vector<Entry> t = Table(*s);
  if (t.empty()) return;
  const Entry& e = t[in->U8() % t.size()];
  const Entry& other = t[in->U8() % t.size()];
  switch (op) {
    case 0: Put(s, e.at + kNameField, Interesting(in, e.offset, s->size(), true)); break;
    case 1: Put(s, e.at + kNameField + 8, Interesting(in, e.size, s->size(), true)); break;
    case 2: std::memcpy(&(*s)[e.at], s->data() + other.at, kNameField); break;  // duplicate a name
    case 3: (*s)[e.at + in->U8() % kNameField] = static_cast<char>(in->U8()); break;
    default: {  // swap two whole entries
      std::string tmp = s->substr(e.at, kSectionEntrySize);
      std::memmove(&(*s)[e.at], s->data() + other.at, kSectionEntrySize);
      std::memcpy(&(*s)[other.at], tmp.data(), kSectionEntrySize);
    }
  }
}

}  // namespace

void ApplyEdit(ByteReader* in, std::string* s) {
  const uint8_t op = in->U8() % 16;
  const uint64_t n = s->size();
  switch (op) {
    case 0: case 1: {  // u32 in a payload header (nested blob headers, sizes, counts)
      const size_t p = PayloadPos(in, *s, 512, 4);
      Put(s, p, static_cast<uint32_t>(Interesting(in, Get<uint32_t>(*s, p), n, false)));
      break;
    }
    case 2: {  // u32 anywhere in a payload (indices, offsets, table entries)
      const size_t p = PayloadPos(in, *s, 0, 4);
      Put(s, p, static_cast<uint32_t>(Interesting(in, Get<uint32_t>(*s, p), n, false)));
      break;
    }
    case 3: {  // u64 in a payload header
      const size_t p = PayloadPos(in, *s, 512, 8);
      Put(s, p, Interesting(in, Get<uint64_t>(*s, p), n, true));
      break;
    }
    case 4: {  // one byte anywhere in a payload
      const size_t p = PayloadPos(in, *s, 0, 1);
      if (p < s->size()) (*s)[p] = static_cast<char>(in->U8());
      break;
    }
    case 5: case 6: case 7: case 8: case 9: EditTableEntry(in, s, op - 5); break;
    case 10: {  // header: format version or section count
      const size_t p = in->Bit() ? 8 : kCountOffset;
      Put(s, p, static_cast<uint32_t>(Interesting(in, Get<uint32_t>(*s, p), n, false)));
      break;
    }
    case 11: s->resize(n == 0 ? 0 : in->U32() % n); break;  // truncate
    case 12: s->append(in->U8(), static_cast<char>(in->U8())); break;
    case 13: {  // copy a run of bytes over another place
      const size_t from = PayloadPos(in, *s, 0, 1), to = PayloadPos(in, *s, 0, 1);
      const size_t len = std::min<size_t>({in->U8() * 4u, s->size() - std::min(from, s->size()),
                                           s->size() - std::min(to, s->size())});
      if (len > 0) std::memmove(&(*s)[to], s->data() + from, len);
      break;
    }
    case 14: {  // insert bytes: everything after shifts
      const size_t p = n == 0 ? 0 : in->U32() % n;
      s->insert(p, in->U8() % 65, static_cast<char>(in->U8()));
      break;
    }
    default: {  // erase bytes
      const size_t p = n == 0 ? 0 : in->U32() % n;
      s->erase(p, in->U8() % 65);
    }
  }
}

void Reseal(std::string* s) {
  if (s->size() < kModelHeaderSize) return;
  Put<uint64_t>(s, kSizeOffset, s->size());
  Put<uint64_t>(s, kModelChecksumOffset, 0);
  const uint64_t sum = ComputeModelChecksum(reinterpret_cast<const uint8_t*>(s->data()), s->size());
  Put<uint64_t>(s, kModelChecksumOffset, sum);
}

}  // namespace kma::fuzz
