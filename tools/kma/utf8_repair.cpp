#include "tools/kma/utf8_repair.h"

#include <cstdint>

namespace kma::cli {
namespace {

constexpr char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD

// Length of the well-formed sequence a lead byte starts (0: none), and the
// range its second byte must lie in (Unicode Table 3-7). The narrower
// second-byte ranges exclude overlongs (E0, F0), surrogates (ED) and values
// above U+10FFFF (F4).
struct Lead {
  int length;
  uint8_t lo, hi;
};

Lead Classify(uint8_t b) {
  if (b < 0x80) return {1, 0, 0};
  if (b >= 0xC2 && b <= 0xDF) return {2, 0x80, 0xBF};
  if (b == 0xE0) return {3, 0xA0, 0xBF};
  if (b == 0xED) return {3, 0x80, 0x9F};
  if (b >= 0xE1 && b <= 0xEF) return {3, 0x80, 0xBF};
  if (b == 0xF0) return {4, 0x90, 0xBF};
  if (b >= 0xF1 && b <= 0xF3) return {4, 0x80, 0xBF};
  if (b == 0xF4) return {4, 0x80, 0x8F};
  return {0, 0, 0};  // 80..C1, F5..FF never start a sequence
}

}  // namespace

size_t ReplaceInvalidUtf8(std::string_view in, std::string* out) {
  out->clear();
  out->reserve(in.size());
  size_t replaced = 0;
  size_t i = 0;
  while (i < in.size()) {
    const Lead lead = Classify(static_cast<uint8_t>(in[i]));
    if (lead.length == 1) {
      out->push_back(in[i++]);
      continue;
    }
    // Count how many bytes continue the sequence correctly; a shorter run is
    // a maximal subpart and becomes one U+FFFD.
    size_t good = lead.length == 0 ? 0 : 1;
    while (good > 0 && good < static_cast<size_t>(lead.length) && i + good < in.size()) {
      const uint8_t b = static_cast<uint8_t>(in[i + good]);
      const bool ok = good == 1 ? (b >= lead.lo && b <= lead.hi) : (b >= 0x80 && b <= 0xBF);
      if (!ok) break;
      ++good;
    }
    if (lead.length > 0 && good == static_cast<size_t>(lead.length)) {
      out->append(in.substr(i, good));
    } else {
      out->append(kReplacement);
      ++replaced;
    }
    i += good == 0 ? 1 : good;
  }
  return replaced;
}

}  // namespace kma::cli
