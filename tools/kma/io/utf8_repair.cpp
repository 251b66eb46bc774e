#include "tools/kma/io/utf8_repair.h"

#include <cstdint>

#include "core/text/utf.h"

namespace kma::cli {
namespace {

constexpr char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

size_t ReplaceInvalidUtf8(std::string_view in, std::string* out) {
  out->clear();
  out->reserve(in.size());
  size_t replaced = 0;
  size_t i = 0;
  while (i < in.size()) {
    const Utf8Lead lead = Utf8LeadOf(static_cast<uint8_t>(in[i]));
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
