// Fuzz target: kma_result_format and kma_result_format_utf16, the records of
// `kma analyze` (morphs, N-best morphs, JSON, TSV), with the text the result
// was made from and with another one.
//
// Input layout (ByteReader; missing bytes read as 0):
//   [0] flags: bit 0 analyse the text as UTF-16; bit 1 also format with a
//       second text (the payload cut at byte [1]); bit 2 KMA_OPT_TOP_N 3;
//       bit 3 KMA_OPT_TYPOS 1
//   [1] where the payload is cut (percent of its length, mod 101)
//   [2..] the payload: UTF-8 bytes, or UTF-16LE units (a last odd byte
//       dropped)
//
// Checked: with its own text every format succeeds, in either encoding, with
// the same bytes (offsets are UTF-8 whatever the result was analysed from);
// the record is UTF-8, ends with a newline, and fits exactly a buffer of its
// length + 1 (one byte less is KMA_E_BUFFER_TOO_SMALL, nothing written); a
// TSV line's begin/length are the UTF-8 bytes of its token's code points.
// With another text: an invalid one is KMA_E_INVALID_UTF8/16 at its first
// bad unit, one shorter than a token's end KMA_E_INVALID_ARGUMENT, else
// success. An analysis that failed (invalid text) is formatted as the
// result of "".
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <kma/kma.h>

#include "tests/fuzz/fuzz_util.h"
#include "tests/fuzz/text_view.h"

namespace {

using kma::fuzz::ByteReader;
using kma::fuzz::TextView;

const int32_t kFormats[] = {KMA_FORMAT_MORPHS, KMA_FORMAT_MORPHS_NBEST, KMA_FORMAT_JSON, KMA_FORMAT_TSV};

// A text in both encodings (the UTF-16 one only for the UTF-16 input, or
// when the UTF-8 one is valid) and its view in the encoding it came in.
struct Text {
  std::string utf8;
  std::u16string utf16;
  bool is_utf16 = false;
  TextView view;
};

Text MakeText(const std::string& bytes, bool utf16) {
  Text t;
  t.is_utf16 = utf16;
  if (utf16) {
    t.utf16 = kma::fuzz::UnitsFromBytes(bytes);
    t.view = kma::fuzz::ViewUtf16(t.utf16);
    if (t.view.valid) t.utf8 = kma::fuzz::ToUtf8(t.view.cps);
  } else {
    t.utf8 = bytes;
    t.view = kma::fuzz::ViewUtf8(bytes);
    if (t.view.valid) t.utf16 = kma::fuzz::ToUtf16(t.view.cps);
  }
  return t;
}

// Formats r with t in t's own encoding; the status, and the record in *out.
kma_status Format(const kma_result* r, int32_t format, const Text& t, bool as_utf16, std::string* out) {
  size_t n = 0;
  char probe = 'x';
  const auto call = [&](char* buf, size_t cap) {
    return as_utf16 ? kma_result_format_utf16(r, format, reinterpret_cast<const uint16_t*>(t.utf16.data()),
                                              t.utf16.size(), buf, cap, &n)
                    : kma_result_format(r, format, t.utf8.data(), t.utf8.size(), buf, cap, &n);
  };
  kma_status st = call(&probe, 1);
  if (st != KMA_OK && st != KMA_E_BUFFER_TOO_SMALL) return st;
  FUZZ_CHECK((st == KMA_OK) == (n == 0), "status and length disagree for a 1-byte buffer");
  out->assign(n + 1, '\xAA');
  if (n > 0) {
    FUZZ_CHECK(call(&(*out)[0], n) == KMA_E_BUFFER_TOO_SMALL, "a buffer without room for the NUL was accepted");
    FUZZ_CHECK((*out)[0] == '\xAA', "a too small buffer was written to");
  }
  const size_t want = n;
  st = call(&(*out)[0], want + 1);
  FUZZ_CHECK(st == KMA_OK && n == want, "the record changed size between calls");
  FUZZ_CHECK((*out)[want] == '\0', "no NUL after the record");
  out->resize(want);
  return st;
}

// The UTF-8 byte offset of every code point of t (and the end).
std::vector<uint32_t> ByteOffsets(const Text& t) {
  std::vector<uint32_t> at;
  uint32_t b = 0;
  for (char32_t c : t.view.cps) {
    at.push_back(b);
    b += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  at.push_back(b);
  return at;
}

// TSV lines of the best analysis: begin/length are the UTF-8 bytes of the
// token's code points.
void CheckTsvOffsets(const kma_result* r, const std::string& tsv, const Text& t) {
  const std::vector<uint32_t> at = ByteOffsets(t);
  const kma_token* tokens = kma_result_tokens(r, 0);
  size_t pos = 0;
  for (size_t i = 0; i < kma_result_token_count(r, 0); ++i) {
    const size_t end = tsv.find('\n', pos);
    FUZZ_CHECK(end != std::string::npos, "a TSV line is missing");
    std::string line = tsv.substr(pos, end - pos);
    pos = end + 1;
    // form TAB tag TAB begin TAB length TAB score: the form may hold tabs,
    // so the fields are taken from the right.
    size_t tab4 = line.rfind('\t'), tab3 = line.rfind('\t', tab4 - 1), tab2 = line.rfind('\t', tab3 - 1);
    const uint32_t b = at[tokens[i].cp_begin], len = at[tokens[i].cp_begin + tokens[i].cp_length] - b;
    FUZZ_CHECK(line.substr(tab2 + 1, tab3 - tab2 - 1) == std::to_string(b), "TSV begin: " + line);
    FUZZ_CHECK(line.substr(tab3 + 1, tab4 - tab3 - 1) == std::to_string(len), "TSV length: " + line);
  }
  FUZZ_CHECK(tsv.compare(pos, std::string::npos, "EOS\n") == 0, "the TSV record does not end with EOS");
}

// Every format with the result's own text, in both encodings.
void CheckOwnText(const kma_result* r, const Text& t) {
  for (int32_t f : kFormats) {
    std::string from8, from16;
    FUZZ_CHECK(Format(r, f, t, false, &from8) == KMA_OK, kma_last_error_message());
    FUZZ_CHECK(Format(r, f, t, true, &from16) == KMA_OK, kma_last_error_message());
    FUZZ_CHECK(from8 == from16, "UTF-8 and UTF-16 text give different records");
    FUZZ_CHECK(!from8.empty() && from8.back() == '\n', "a record without its newline");
    FUZZ_CHECK(kma::fuzz::IsValidUtf8(from8), "a record that is not UTF-8");
    if (f == KMA_FORMAT_JSON) FUZZ_CHECK(from8.compare(0, 9, "{\"text\":\"") == 0, "JSON record: " + from8);
    if (f == KMA_FORMAT_TSV && kma_result_analysis_count(r) > 0) CheckTsvOffsets(r, from8, t);
  }
}

// Another text: the status follows from its validity and length.
void CheckOtherText(const kma_result* r, const Text& other) {
  uint64_t longest = 0;
  for (size_t a = 0; a < kma_result_analysis_count(r); ++a) {
    for (size_t i = 0; i < kma_result_token_count(r, a); ++i) {
      const kma_token& k = kma_result_tokens(r, a)[i];
      if (k.cp_begin + uint64_t{k.cp_length} > longest) longest = k.cp_begin + uint64_t{k.cp_length};
    }
  }
  for (int32_t f : kFormats) {
    std::string record;
    const kma_status st = Format(r, f, other, other.is_utf16, &record);
    if (!other.view.valid) {
      FUZZ_CHECK(st == (other.is_utf16 ? KMA_E_INVALID_UTF16 : KMA_E_INVALID_UTF8), kma_last_error_message());
      FUZZ_CHECK(kma_last_error_offset() == other.view.bad_offset, "wrong offset of the bad unit");
    } else if (longest > other.view.cps.size()) {
      FUZZ_CHECK(st == KMA_E_INVALID_ARGUMENT, "a text shorter than a token was accepted");
      FUZZ_CHECK(std::strstr(kma_last_error_message(), "not the text") != nullptr, kma_last_error_message());
    } else {
      FUZZ_CHECK(st == KMA_OK, kma_last_error_message());
    }
  }
}

kma_analyzer* AnalyzerFor(bool top3, bool typos) {
  static kma_analyzer* analyzers[4] = {};
  kma_analyzer*& a = analyzers[(top3 ? 1 : 0) + (typos ? 2 : 0)];
  if (a == nullptr) {
    kma_options* opt = nullptr;
    FUZZ_CHECK(kma_options_new(&opt) == KMA_OK, "kma_options_new failed");
    kma_options_set_int(opt, KMA_OPT_TOP_N, top3 ? 3 : 1);
    kma_options_set_int(opt, KMA_OPT_TYPOS, typos ? 1 : 0);
    FUZZ_CHECK(kma_analyzer_new(&a, kma::fuzz::SharedModel(), opt) == KMA_OK, kma_last_error_message());
    kma_options_free(opt);
  }
  return a;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  const uint8_t flags = in.U8();
  const uint8_t cut_percent = in.U8() % 101;
  const std::string payload = in.Rest();
  const bool second = flags & 2;
  const size_t cut = second ? payload.size() * cut_percent / 100 : payload.size();
  const Text text = MakeText(payload.substr(0, cut), flags & 1);
  kma_analyzer* analyzer = AnalyzerFor(flags & 4, flags & 8);
  kma_result* r = nullptr;
  const kma_status st = text.is_utf16
      ? kma_analyzer_analyze_utf16(analyzer, reinterpret_cast<const uint16_t*>(text.utf16.data()),
                                   text.utf16.size(), &r)
      : kma_analyzer_analyze_utf8(analyzer, text.utf8.data(), text.utf8.size(), &r);
  if (st == KMA_OK) {
    CheckOwnText(r, text);
  } else {
    FUZZ_CHECK(!text.view.valid || st == KMA_E_INPUT_TOO_LONG, kma_last_error_message());
    FUZZ_CHECK(kma_analyzer_analyze_utf8(analyzer, "", 0, &r) == KMA_OK, kma_last_error_message());
    CheckOtherText(r, text);  // the invalid text itself
  }
  if (second) CheckOtherText(r, MakeText(payload.substr(cut), flags & 1));
  kma_result_free(r);
  return 0;
}
