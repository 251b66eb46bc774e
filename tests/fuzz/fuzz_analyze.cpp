// Fuzz target: analysis through the C ABI, in UTF-8 and UTF-16, with every
// option (in and out of bounds) and every language model of the model, and
// every result invariant checked (result_check.h).
//
// Input layout (ByteReader; missing bytes read as 0):
//   [0] flags: bit 0 UTF-16 input; bit 1 cross-check: analyse the same text
//       in the other encoding too (valid text only) and require identical
//       analyses; bit 2 analyse twice with one analyzer (determinism);
//       bits 3-4 KMA_OPT_TYPOS = 0, 1, 2, -1 (valid 0..1); bit 5
//       KMA_OPT_JOIN_DERIVATIONS, bit 6 KMA_OPT_LEMMA, bit 7
//       KMA_OPT_NO_SPECIAL = "all" (output options that keep every
//       character covered, so every invariant still holds)
//   [1] KMA_OPT_TOP_N: bits 6 and 7 set: byte % 70 - 2 (-2..67; valid
//       1..64), else 1 + (byte & 3). Large N costs much more, so three
//       inputs in four keep it small. Bits 4-5: KMA_OPT_PRUNE_MARGIN = 0,
//       4, 8, -1 (valid 0..1000).
//   [2] KMA_OPT_BEAM       = byte / 8 below 240, else a special value
//                            (-1, 0, 1000, 1000.5, NaN, +inf, ...)
//   [3] KMA_OPT_MAX_UNKNOWN_LENGTH = byte % 70 - 2  (valid 1..64)
//   [4] KMA_OPT_LM: "" (default), a name of the model, or an unknown name
//   [5..] the text: UTF-8 bytes, or UTF-16LE units (a last odd byte dropped)
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include <kma/kma.h>

#include "tests/fuzz/fuzz_util.h"
#include "tests/fuzz/result_check.h"
#include "tests/fuzz/text_view.h"

namespace {

using kma::fuzz::ByteReader;

float BeamFromByte(uint8_t b) {
  static const float kSpecial[] = {-1.0f, 0.0f, 1000.0f, 1000.5f, std::numeric_limits<float>::quiet_NaN(),
                                   std::numeric_limits<float>::infinity(), -0.0f, 1e-30f};
  return b < 240 ? b / 8.0f : kSpecial[(b - 240) % 8];
}

bool InBounds(int32_t option, double v) {
  double lo = 0, hi = 0;
  FUZZ_CHECK(kma_option_bounds(option, &lo, &hi) == KMA_OK, "no bounds for option " + std::to_string(option));
  return v >= lo && v <= hi;  // false for NaN
}

// Applies one int option and checks the setter against the bounds; the
// value the options hold afterwards is returned.
int32_t SetInt(kma_options* opt, int32_t option, int32_t value) {
  int32_t before = 0, after = 0;
  kma_options_get_int(opt, option, &before);
  const kma_status st = kma_options_set_int(opt, option, value);
  const bool ok = InBounds(option, value);
  FUZZ_CHECK(st == (ok ? KMA_OK : KMA_E_INVALID_ARGUMENT), "set_int(" + std::to_string(option) + ", " +
                                                               std::to_string(value) + ") gave " + std::to_string(st));
  kma_options_get_int(opt, option, &after);
  FUZZ_CHECK(after == (ok ? value : before), "a rejected value changed the option");
  return after;
}

// Sets a float option; out of bounds it must be refused and leave the
// value as it was.
void SetFloat(kma_options* opt, int32_t option, float value) {
  float before = 0, after = 0;
  kma_options_get_float(opt, option, &before);
  const kma_status st = kma_options_set_float(opt, option, value);
  const bool ok = InBounds(option, value);
  FUZZ_CHECK(st == (ok ? KMA_OK : KMA_E_INVALID_ARGUMENT),
             "set_float(" + std::to_string(option) + ") gave " + std::to_string(st));
  kma_options_get_float(opt, option, &after);
  FUZZ_CHECK(ok ? after == value : std::memcmp(&after, &before, sizeof after) == 0,
             "float option " + std::to_string(option) + " holds a wrong value");
}

kma_result* Analyze(kma_analyzer* a, const std::string& utf8, const std::u16string& utf16, bool use_utf16,
                    kma_status* status) {
  kma_result* r = reinterpret_cast<kma_result*>(uintptr_t{1});  // must be reset
  *status = use_utf16 ? kma_analyzer_analyze_utf16(a, reinterpret_cast<const uint16_t*>(utf16.data()), utf16.size(), &r)
                      : kma_analyzer_analyze_utf8(a, utf8.data(), utf8.size(), &r);
  if (*status != KMA_OK) FUZZ_CHECK(r == nullptr, "a failed analysis left *out set");
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  kma_model* model = kma::fuzz::SharedModel();
  kma_analyzer* analyzer = kma::fuzz::SharedAnalyzer();
  ByteReader in(data, size);
  const uint8_t flags = in.U8();
  kma_options* opt = nullptr;
  FUZZ_CHECK(kma_options_new(&opt) == KMA_OK, "kma_options_new failed");
  const uint8_t n_byte = in.U8();
  const int32_t top_n = SetInt(opt, KMA_OPT_TOP_N, (n_byte & 0xC0) == 0xC0 ? n_byte % 70 - 2 : 1 + (n_byte & 3));
  SetFloat(opt, KMA_OPT_BEAM, BeamFromByte(in.U8()));
  SetInt(opt, KMA_OPT_MAX_UNKNOWN_LENGTH, in.U8() % 70 - 2);
  static const int32_t kTypos[] = {0, 1, 2, -1};
  const bool typos = SetInt(opt, KMA_OPT_TYPOS, kTypos[(flags >> 3) & 3]) != 0;
  SetInt(opt, KMA_OPT_JOIN_DERIVATIONS, (flags >> 5) & 1);
  SetInt(opt, KMA_OPT_LEMMA, (flags >> 6) & 1);
  FUZZ_CHECK(kma_options_set_string(opt, KMA_OPT_NO_SPECIAL, (flags & 0x80) ? "all" : "") == KMA_OK,
             "set_string(NO_SPECIAL) failed");
  // Coarse-to-fine search: off, two margins, out of bounds.
  static const float kPrune[] = {0.0f, 4.0f, 8.0f, -1.0f};
  SetFloat(opt, KMA_OPT_PRUNE_MARGIN, kPrune[(n_byte >> 4) & 3]);
  const uint8_t lm_pick = in.U8();
  const bool unknown_lm = lm_pick >= 250;
  const std::string lm = unknown_lm ? "no-such-lm" : kma::fuzz::LmChoice(model, lm_pick);
  FUZZ_CHECK(kma_options_set_string(opt, KMA_OPT_LM, lm.c_str()) == KMA_OK, "set_string(LM) failed");
  const kma_status set = kma_analyzer_set_options(analyzer, opt);
  kma_options_free(opt);
  if (unknown_lm) {
    FUZZ_CHECK(set == KMA_E_INVALID_ARGUMENT && std::strstr(kma_last_error_message(), "no-such-lm") != nullptr,
               "an unknown language model was accepted");
    return 0;
  }
  FUZZ_CHECK(set == KMA_OK, kma_last_error_message());

  const bool utf16 = flags & 1;
  const std::string bytes = in.Rest();
  const std::u16string units = utf16 ? kma::fuzz::UnitsFromBytes(bytes) : std::u16string();
  const kma::fuzz::TextView view = utf16 ? kma::fuzz::ViewUtf16(units) : kma::fuzz::ViewUtf8(bytes);
  kma_status st;
  kma_result* r = Analyze(analyzer, bytes, units, utf16, &st);
  kma::fuzz::CheckStatus(st, r, view);
  if (r == nullptr) return 0;
  kma::fuzz::CheckAnalysis(r, view, top_n);
  if (!typos) {
    // Only typo-tolerant analysis reads corrected spellings.
    for (size_t a = 0; a < kma_result_analysis_count(r); ++a)
      for (size_t i = 0; i < kma_result_token_count(r, a); ++i)
        FUZZ_CHECK(!(kma_result_tokens(r, a)[i].flags & KMA_TOKEN_CORRECTED), "a corrected token without KMA_OPT_TYPOS");
  }
  if ((flags & 2) && view.valid) {
    // The same text in the other encoding: identical analyses.
    const std::string utf8_text = utf16 ? kma::fuzz::ToUtf8(view.cps) : std::string();
    const std::u16string other16 = utf16 ? std::u16string() : kma::fuzz::ToUtf16(view.cps);
    const kma::fuzz::TextView other_view = utf16 ? kma::fuzz::ViewUtf8(utf8_text) : kma::fuzz::ViewUtf16(other16);
    kma_result* o = Analyze(analyzer, utf8_text, other16, !utf16, &st);
    kma::fuzz::CheckStatus(st, o, other_view);
    kma::fuzz::CheckAnalysis(o, other_view, top_n);
    kma::fuzz::CheckSameAnalyses(r, o);
    kma_result_free(o);
  }
  if (flags & 4) {
    kma_result* again = Analyze(analyzer, bytes, units, utf16, &st);
    FUZZ_CHECK(st == KMA_OK, "a second analysis of the same text failed");
    kma::fuzz::CheckSameAnalyses(r, again);
    kma_result_free(again);
  }
  kma_result_free(r);
  return 0;
}
