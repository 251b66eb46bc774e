// Fuzz target: spacing correction through the C ABI (kma_space.h).
//
// Input layout (ByteReader; missing bytes read as 0):
//   [0] the weight: 0..200 -> byte / 200, above -> the default
//   [1..] the text (UTF-8 bytes, possibly ill-formed)
// Checks: the status is KMA_E_INVALID_UTF8 exactly for ill-formed text, with
// the offset of the first bad byte; otherwise the result is valid UTF-8 and
// differs from the input only in horizontal white space (every other
// character, line breaks included, in the same order).
#include <cstdint>
#include <string>

#include <kma/kma.h>

#include "core/text/utf.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

bool IsHorizontalSpace(char32_t c) {
  return c == U' ' || c == U'\t' || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F ||
         c == 0x205F || c == 0x3000;
}

std::u32string WithoutSpaces(const std::string& s) {
  std::u32string u, out;
  kma::Utf8ToU32(s, &u);
  for (char32_t c : u)
    if (!IsHorizontalSpace(c)) out.push_back(c);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  kma::fuzz::ByteReader in(data, size);
  const uint8_t w = in.U8();
  const double weight = w <= 200 ? w / 200.0 : KMA_SPACE_WEIGHT_DEFAULT;
  const std::string text = in.Rest();
  kma_analyzer* analyzer = kma::fuzz::SharedAnalyzer();
  kma_text* out = nullptr;
  const kma_status st = kma_space_utf8(analyzer, text.data(), text.size(), weight, &out);
  if (!kma::IsValidUtf8(text)) {
    FUZZ_CHECK(st == KMA_E_INVALID_UTF8 && out == nullptr, "ill-formed text not rejected");
    std::u32string cps;
    std::vector<uint32_t> units;
    const kma::Status want = kma::DecodeUtf8(text, &cps, &units);
    FUZZ_CHECK(kma_last_error_offset() == want.offset(), "wrong offset for ill-formed text");
    return 0;
  }
  FUZZ_CHECK(st == KMA_OK && out != nullptr, kma_last_error_message());
  size_t bytes = 0;
  const char* s = kma_text_data(out, &bytes);
  const std::string spaced(s, bytes);
  kma_text_free(out);
  FUZZ_CHECK(kma::IsValidUtf8(spaced), "the result is not valid UTF-8");
  FUZZ_CHECK(WithoutSpaces(spaced) == WithoutSpaces(text), "spacing changed more than spaces");
  return 0;
}
