// Fuzz target: the user dictionary file parser, the pattern compiler and
// matcher, compiling a dictionary and analysing with it, and the joiner.
//
// Input layout: byte [0] picks the mode, the rest is the payload.
//   mode % 4 == 0  ParseUserDictTsv(payload): an error names "f.tsv:LINE:COL"
//                  with LINE within the text and its offset inside it;
//   mode % 4 == 1  the payload as a dictionary file through the C ABI: a
//                  failed load adds nothing; a loaded one derives a model
//                  that analyses fixed sentences and the payload itself
//                  under every result invariant (result_check.h);
//   mode % 4 == 2  payload = REGEX '\n' TEXT: compile, then match at every
//                  character (a match never exceeds the text or 64 chars);
//   mode % 4 == 3  payload as morphemes for the joiner (bad input: an error
//                  with an offset inside the text, never a crash), then
//                  each line "form/TAG" one at a time (kma_joiner_add, the
//                  line number picking the placement): a refused one
//                  leaves the text as it was.
// A broken invariant aborts. Built as a plain replay program (ctest replays
// corpus/user_dict, tests/fuzz/CMakeLists.txt) and, with -DKMA_FUZZ=ON, as a
// libFuzzer executable.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <kma/kma.h>

#include "core/userdict/user_dict_tsv.h"
#include "core/userdict/user_pattern.h"
#include "core/text/utf.h"
#include "tests/fuzz/result_check.h"
#include "tests/fuzz/text_view.h"

namespace {

void Check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz_user_dict: invariant broken: %s\n", what);
  std::abort();
}

kma_model* Model() {
  static kma_model* model = [] {
    kma_model* m = nullptr;
    Check(kma_model_open_file(&m, KMA_FUZZ_DEFAULT_MODEL, nullptr) == KMA_OK, "open the bundled model");
    return m;
  }();
  return model;
}

void FuzzParse(std::string_view text) {
  std::vector<kma::UserDictLine> lines;
  const kma::Status st = kma::ParseUserDictTsv(text, "f.tsv", &lines);
  if (st.ok()) return;
  Check(st.message().rfind("f.tsv:", 0) == 0, "message starts with the name");
  const long line = std::strtol(st.message().c_str() + 6, nullptr, 10);
  long newlines = 0;
  for (char c : text) newlines += c == '\n';
  Check(line >= 1 && line <= newlines + 1, "line number inside the text");
  Check(st.offset() >= 0 && static_cast<size_t>(st.offset()) <= text.size(), "offset inside the text");
}

// Every result invariant of the analysis targets (result_check.h): offsets,
// sentence spans and indices, scores. Pre-analysed entries give morphemes
// that share their characters, which the spans must respect: no sentence
// boundary falls between them.
void Analyze(const kma_model* m, std::string_view text) {
  kma_analyzer* a = nullptr;
  Check(kma_analyzer_new(&a, m, nullptr) == KMA_OK, "analyzer");
  kma_result* r = nullptr;
  const kma_status st = kma_analyzer_analyze_utf8(a, text.data(), text.size(), &r);
  const kma::fuzz::TextView view = kma::fuzz::ViewUtf8(std::string(text));
  kma::fuzz::CheckStatus(st, r, view);
  if (st == KMA_OK) kma::fuzz::CheckAnalysis(r, view, 1, KMA_TOKEN_USER);  // forms non-empty too
  kma_result_free(r);
  kma_analyzer_free(a);
}

void FuzzLoad(std::string_view text) {
  kma_user_dict* d = nullptr;
  Check(kma_user_dict_new(&d, Model()) == KMA_OK, "user dict");
  const kma_status st = kma_user_dict_load_utf8(d, text.data(), text.size(), "f.tsv");
  if (st != KMA_OK) {
    Check(kma_user_dict_size(d) == 0, "a failed load adds nothing");
    Check(std::strstr(kma_last_error_message(), "f.tsv:") != nullptr, "the error names the file");
  } else {
    kma_model* derived = nullptr;
    if (kma_model_with_user_dict(&derived, Model(), d) == KMA_OK) {
      Analyze(derived, "아버지가방에들어가신다. 오늘 날씨가 좋네요 AB-123 ㅋㅋ");
      Analyze(derived, text.substr(0, 2048));
      kma_model_free(derived);
    }
  }
  kma_user_dict_free(d);
}

void FuzzPattern(std::string_view payload) {
  const size_t nl = payload.find('\n');
  const std::string_view regex = payload.substr(0, nl);
  auto p = kma::UserPattern::Compile(regex);
  if (!p.ok() || nl == std::string_view::npos) return;
  std::u32string text;
  if (!kma::Utf8ToU32(payload.substr(nl + 1, 4096), &text)) return;
  kma::UserPattern::Scratch scratch;
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t n = p.value().LongestMatch(text.data() + i, text.size() - i, &scratch);
    Check(n <= text.size() - i && n <= kma::UserPattern::kMaxMatchChars, "match inside the text");
  }
}

void FuzzJoin(std::string_view text) {
  kma_joiner* j = nullptr;
  if (kma_joiner_new(&j, Model()) != KMA_OK) return;  // a model without conjugation data
  const kma_status st = kma_joiner_add_morphs(j, text.data(), text.size());
  if (st != KMA_OK) {
    Check(st == KMA_E_INVALID_ARGUMENT, "bad morphemes are an invalid argument");
    Check(kma_last_error_offset() >= 0 && static_cast<size_t>(kma_last_error_offset()) <= text.size(),
          "offset inside the text");
  }
  std::u32string out;
  Check(kma::Utf8ToU32(kma_joiner_text(j), &out), "joined text is UTF-8");
  kma_joiner_clear(j);
  size_t line = 0;
  for (size_t at = 0; at <= text.size() && line < 256; ++line) {
    const size_t nl = std::min(text.find('\n', at), text.size());
    const std::string_view piece = text.substr(at, nl - at);
    at = nl + 1;
    const size_t slash = piece.rfind('/');
    const std::string form(piece.substr(0, slash == std::string_view::npos ? piece.size() : slash));
    const std::string tag(slash == std::string_view::npos ? "" : piece.substr(slash + 1));
    const std::string before = kma_joiner_text(j);
    const kma_status one = kma_joiner_add(j, form.c_str(), tag.c_str(), static_cast<int32_t>(line % 4));
    if (one != KMA_OK) {
      Check(one == KMA_E_INVALID_ARGUMENT, "a bad morpheme is an invalid argument");
      Check(before == kma_joiner_text(j), "a refused morpheme changes nothing");
    }
  }
  Check(kma::Utf8ToU32(kma_joiner_text(j), &out), "joined text is UTF-8");
  kma_joiner_free(j);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view payload(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0: FuzzParse(payload); break;
    case 1: FuzzLoad(payload); break;
    case 2: FuzzPattern(payload); break;
    default: FuzzJoin(payload); break;
  }
  return 0;
}
