// Fuzz target: line gluing through the C ABI (kma_glue_utf8).
//
// Input: the text (UTF-8 bytes, possibly ill-formed).
// Checks: KMA_E_INVALID_UTF8 exactly for ill-formed text; otherwise one
// decision per line break, each break where the input has one, and a result
// that is valid UTF-8 and differs from the input only in line breaks and
// blanks (every other character in the same order).
#include <cstdint>
#include <string>

#include <kma/kma.h>

#include "core/text/utf.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

std::string Visible(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out.push_back(c);
  return out;
}

size_t Breaks(const std::string& s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\n') ++n;
    else if (s[i] == '\r' && !(i + 1 < s.size() && s[i + 1] == '\n')) ++n;
  }
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  kma_analyzer* analyzer = kma::fuzz::SharedAnalyzer();
  kma_text* out = nullptr;
  const kma_status st = kma_glue_utf8(analyzer, text.data(), text.size(), &out);
  if (!kma::IsValidUtf8(text)) {
    FUZZ_CHECK(st == KMA_E_INVALID_UTF8 && out == nullptr, "ill-formed text not rejected");
    return 0;
  }
  FUZZ_CHECK(st == KMA_OK && out != nullptr, kma_last_error_message());
  const size_t n = kma_text_break_count(out);
  FUZZ_CHECK(n == Breaks(text), "decisions for " + std::to_string(n) + " of " + std::to_string(Breaks(text)) +
                                    " line breaks");
  for (size_t i = 0; i < n; ++i) {
    size_t b = 0, len = 0;
    int32_t d = -1;
    FUZZ_CHECK(kma_text_break(out, i, &b, &len, &d) == KMA_OK, kma_last_error_message());
    FUZZ_CHECK(b + len <= text.size() && (text[b] == '\n' || text[b] == '\r'), "a break where the text has none");
    FUZZ_CHECK(d >= KMA_GLUE_JOIN && d <= KMA_GLUE_KEEP, "unknown decision");
  }
  size_t bytes = 0;
  const char* spaced = kma_text_data(out, &bytes);
  const std::string glued(spaced, bytes);
  kma_text_free(out);
  FUZZ_CHECK(kma::IsValidUtf8(glued), "the result is not valid UTF-8");
  FUZZ_CHECK(Visible(glued) == Visible(text), "gluing changed more than line breaks and blanks");
  return 0;
}
