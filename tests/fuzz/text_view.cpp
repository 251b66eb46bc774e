#include "tests/fuzz/text_view.h"

#include "core/text/utf.h"

namespace kma::fuzz {
namespace {

// Length of the well-formed sequence at s[i], or 0.
size_t SequenceAt(const std::string& s, size_t i) {
  const Utf8Lead l = Utf8LeadOf(static_cast<uint8_t>(s[i]));
  if (l.length <= 1) return l.length;
  if (i + l.length > s.size()) return 0;
  const uint8_t b1 = static_cast<uint8_t>(s[i + 1]);
  if (b1 < l.lo || b1 > l.hi) return 0;
  for (size_t k = 2; k < l.length; ++k) {
    const uint8_t b = static_cast<uint8_t>(s[i + k]);
    if (b < 0x80 || b > 0xBF) return 0;
  }
  return l.length;
}

char32_t DecodeAt(const std::string& s, size_t i, size_t len) {
  static const uint8_t kLeadMask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  char32_t cp = static_cast<uint8_t>(s[i]) & kLeadMask[len];
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<uint8_t>(s[i + k]) & 0x3F);
  return cp;
}

}  // namespace

TextView ViewUtf8(const std::string& bytes) {
  TextView v;
  v.units = bytes.size();
  v.cp_at.assign(v.units + 1, 0);
  v.starts_char.assign(v.units + 1, 0);
  size_t i = 0;
  while (i < bytes.size()) {
    const size_t len = SequenceAt(bytes, i);
    if (len == 0) {
      v.bad_offset = static_cast<int64_t>(i);
      return v;
    }
    v.starts_char[i] = 1;
    for (size_t k = 0; k < len; ++k) v.cp_at[i + k] = static_cast<uint32_t>(v.cps.size());
    v.cps.push_back(DecodeAt(bytes, i, len));
    i += len;
  }
  v.valid = true;
  v.starts_char[v.units] = 1;
  v.cp_at[v.units] = static_cast<uint32_t>(v.cps.size());
  return v;
}

TextView ViewUtf16(const std::u16string& units) {
  TextView v;
  v.utf16 = true;
  v.units = units.size();
  v.cp_at.assign(v.units + 1, 0);
  v.starts_char.assign(v.units + 1, 0);
  size_t i = 0;
  while (i < units.size()) {
    const char16_t u = units[i];
    const bool high = u >= 0xD800 && u < 0xDC00, low = u >= 0xDC00 && u < 0xE000;
    const bool paired = high && i + 1 < units.size() && units[i + 1] >= 0xDC00 && units[i + 1] < 0xE000;
    if (low || (high && !paired)) {
      v.bad_offset = static_cast<int64_t>(i);
      return v;
    }
    v.starts_char[i] = 1;
    v.cp_at[i] = static_cast<uint32_t>(v.cps.size());
    if (paired) {
      v.cp_at[i + 1] = v.cp_at[i];
      v.cps.push_back(0x10000 + ((char32_t{u} - 0xD800) << 10) + (char32_t{units[i + 1]} - 0xDC00));
      i += 2;
    } else {
      v.cps.push_back(u);
      i += 1;
    }
  }
  v.valid = true;
  v.starts_char[v.units] = 1;
  v.cp_at[v.units] = static_cast<uint32_t>(v.cps.size());
  return v;
}

std::u16string UnitsFromBytes(const std::string& bytes) {
  std::u16string u(bytes.size() / 2, u'\0');
  for (size_t i = 0; i < u.size(); ++i)
    u[i] = static_cast<char16_t>(static_cast<uint8_t>(bytes[2 * i]) | (static_cast<uint8_t>(bytes[2 * i + 1]) << 8));
  return u;
}

std::u16string ToUtf16(const std::u32string& cps) {
  std::u16string out;
  for (char32_t c : cps) {
    if (c < 0x10000) {
      out.push_back(static_cast<char16_t>(c));
    } else {
      out.push_back(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
    }
  }
  return out;
}

std::string ToUtf8(const std::u32string& cps) {
  std::string out;
  for (char32_t c : cps) {
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      continue;
    }
    const int len = c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    static const uint8_t kLead[5] = {0, 0, 0xC0, 0xE0, 0xF0};
    out.push_back(static_cast<char>(kLead[len] | (c >> (6 * (len - 1)))));
    for (int k = len - 2; k >= 0; --k) out.push_back(static_cast<char>(0x80 | ((c >> (6 * k)) & 0x3F)));
  }
  return out;
}

bool IsValidUtf8(const std::string& s) { return ViewUtf8(s).valid; }

}  // namespace kma::fuzz
