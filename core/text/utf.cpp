#include "core/text/utf.h"

#include <limits>

namespace kma {
namespace {

// Where and why decoding stopped. reason == nullptr means success.
struct DecodeError {
  size_t offset = 0;
  const char* reason = nullptr;
};

inline bool IsCont(uint8_t b) { return (b & 0xC0) == 0x80; }

// Shared strict decoder. Kept free of Status so the trusted-input path
// (Utf8ToU32) does not build strings. `unit_begin` may be null, and so may
// `cps` (validation only: nothing is stored).
DecodeError DecodeUtf8Impl(std::string_view text, std::u32string* cps,
                           std::vector<uint32_t>* unit_begin) {
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const size_t n = text.size();
  // Non-continuation bytes bound the code point count (exact for valid
  // text), so one cheap pre-pass sizes the outputs without regrowth and
  // without reserving 4x for Hangul-heavy text.
  size_t expected = 0;
  if (cps != nullptr) {
    for (size_t k = 0; k < n; ++k) expected += !IsCont(p[k]);
    cps->clear();
    cps->reserve(expected);
  }
  if (unit_begin != nullptr) {
    unit_begin->clear();
    unit_begin->reserve(expected + 1);
  }
  size_t i = 0;
  while (i < n) {
    const uint8_t b0 = p[i];
    if (b0 < 0x80) {  // ASCII fast path
      if (cps != nullptr) cps->push_back(b0);
      if (unit_begin != nullptr) unit_begin->push_back(static_cast<uint32_t>(i));
      ++i;
      continue;
    }
    size_t len;
    char32_t cp;
    char32_t min_cp;
    if (b0 < 0xC0) return {i, "unexpected continuation byte"};
    if (b0 < 0xE0) {
      len = 2; cp = b0 & 0x1F; min_cp = 0x80;
    } else if (b0 < 0xF0) {
      len = 3; cp = b0 & 0x0F; min_cp = 0x800;
    } else if (b0 < 0xF8) {
      len = 4; cp = b0 & 0x07; min_cp = 0x10000;
    } else {
      return {i, "invalid lead byte"};
    }
    for (size_t k = 1; k < len; ++k) {
      if (i + k >= n || !IsCont(p[i + k])) return {i, "truncated sequence"};
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if (cp < min_cp) return {i, "overlong encoding"};
    if (cp >= 0xD800 && cp <= 0xDFFF) return {i, "surrogate code point"};
    if (cp > 0x10FFFF) return {i, "code point above U+10FFFF"};
    if (cps != nullptr) cps->push_back(cp);
    if (unit_begin != nullptr) unit_begin->push_back(static_cast<uint32_t>(i));
    i += len;
  }
  if (unit_begin != nullptr) unit_begin->push_back(static_cast<uint32_t>(n));
  return {};
}

}  // namespace

Status DecodeUtf8(std::string_view text, std::u32string* cps,
                  std::vector<uint32_t>* unit_begin) {
  if (cps == nullptr) {
    return Status(StatusCode::kInvalidArgument, "DecodeUtf8: cps is null");
  }
  if (text.size() > std::numeric_limits<uint32_t>::max()) {
    return Status(StatusCode::kInputTooLong,
                  "input longer than 4 GiB cannot be addressed by 32-bit offsets");
  }
  const DecodeError e = DecodeUtf8Impl(text, cps, unit_begin);
  if (e.reason == nullptr) return Status::Ok();
  return Status(StatusCode::kInvalidUtf8,
                "invalid UTF-8 at byte " + std::to_string(e.offset) + ": " + e.reason,
                static_cast<int64_t>(e.offset));
}

Status DecodeUtf16(const char16_t* text, size_t units, std::u32string* cps,
                   std::vector<uint32_t>* unit_begin) {
  if (cps == nullptr || (text == nullptr && units != 0)) {
    return Status(StatusCode::kInvalidArgument, "DecodeUtf16: null argument");
  }
  if (units > std::numeric_limits<uint32_t>::max()) {
    return Status(StatusCode::kInputTooLong,
                  "input longer than 2^32 units cannot be addressed by 32-bit offsets");
  }
  cps->clear();
  cps->reserve(units);
  if (unit_begin != nullptr) {
    unit_begin->clear();
    unit_begin->reserve(units + 1);
  }
  const char* reason = nullptr;
  size_t i = 0;
  while (i < units) {
    const char16_t u = text[i];
    char32_t cp = u;
    size_t len = 1;
    if (u >= 0xD800 && u <= 0xDBFF) {
      if (i + 1 >= units || text[i + 1] < 0xDC00 || text[i + 1] > 0xDFFF) {
        reason = "unpaired high surrogate";
        break;
      }
      cp = 0x10000 + ((static_cast<char32_t>(u) - 0xD800) << 10) +
           (static_cast<char32_t>(text[i + 1]) - 0xDC00);
      len = 2;
    } else if (u >= 0xDC00 && u <= 0xDFFF) {
      reason = "unpaired low surrogate";
      break;
    }
    cps->push_back(cp);
    if (unit_begin != nullptr) unit_begin->push_back(static_cast<uint32_t>(i));
    i += len;
  }
  if (reason != nullptr) {
    return Status(StatusCode::kInvalidUtf16,
                  "invalid UTF-16 at unit " + std::to_string(i) + ": " + reason,
                  static_cast<int64_t>(i));
  }
  if (unit_begin != nullptr) unit_begin->push_back(static_cast<uint32_t>(units));
  return Status::Ok();
}

size_t EncodeUtf8(char32_t cp, char* buf) {
  if (cp < 0x80) {
    buf[0] = static_cast<char>(cp);
    return 1;
  }
  if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) cp = 0xFFFD;
  if (cp < 0x800) {
    buf[0] = static_cast<char>(0xC0 | (cp >> 6));
    buf[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    buf[0] = static_cast<char>(0xE0 | (cp >> 12));
    buf[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  buf[0] = static_cast<char>(0xF0 | (cp >> 18));
  buf[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  buf[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  buf[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

void AppendUtf8(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
    return;
  }
  char buf[4];
  out->append(buf, EncodeUtf8(cp, buf));
}

std::string ToUtf8(std::u32string_view s) {
  std::string out;
  size_t bytes = 0;
  for (char32_t c : s) bytes += Utf8Length(c);
  out.reserve(bytes);
  for (char32_t c : s) AppendUtf8(c, &out);
  return out;
}

bool IsValidUtf8(std::string_view s) { return DecodeUtf8Impl(s, nullptr, nullptr).reason == nullptr; }

bool Utf8ToU32(std::string_view s, std::u32string* out) {
  if (out == nullptr) return false;
  return DecodeUtf8Impl(s, out, nullptr).reason == nullptr;
}

}  // namespace kma
