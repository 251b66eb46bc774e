// Fuzz target: the stop-word list parser (core/search/stop_words.h), through
// the core and through the C ABI's KMA_OPT_STOP_WORD_LIST.
//
// Input: the whole input is a list text. The parser must accept it or reject
// it with kInvalidArgument, "line N: ..." for a line N of the input, leaving
// the list it was given unchanged. An accepted list must match a token of
// every form/TAG entry of the input (read here line by line, independently
// of the parser), and parsing the same text again must give the same size.
// The C option set must agree (the text up to its first NUL, which a C string
// cannot hold): accepted or rejected with KMA_E_INVALID_ARGUMENT, the
// message naming the slot.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/search/stop_words.h"
#include "kma/kma.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

size_t LineCount(std::string_view text) {
  size_t n = 1;
  for (char c : text) n += c == '\n';
  return n;
}

// Checks that `list` matches the entry of every line that looks like one:
// no blank inside, not a comment, a known tag after its last '/'.
void CheckEntries(std::string_view text, const kma::StopWords& list) {
  size_t b = 0;
  while (b <= text.size()) {
    size_t e = text.find('\n', b);
    if (e == std::string_view::npos) e = text.size();
    std::string_view line = text.substr(b, e - b);
    b = e + 1;
    while (!line.empty() && std::strchr(" \t\r\f\v", line.front()) != nullptr) line.remove_prefix(1);
    while (!line.empty() && std::strchr(" \t\r\f\v", line.back()) != nullptr) line.remove_suffix(1);
    if (line.empty() || line.front() == '#' || line.find_first_of(" \t\r\f\v") != std::string_view::npos) continue;
    const size_t slash = line.rfind('/');
    if (slash == std::string_view::npos || slash == 0) continue;
    kma::PosTag tag;
    if (!kma::ParseTag(line.substr(slash + 1), &tag) || tag == kma::PosTag::kUN) continue;
    kma::Token t;
    t.form = std::string(line.substr(0, slash));
    t.tag = tag;
    if (t.form == "*") t.form = "아무";
    FUZZ_CHECK(list.Matches(t), "an accepted list does not match its entry " + std::string(line));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  kma::StopWords list;
  FUZZ_CHECK(kma::StopWords::Parse("보초/NNG", &list).ok(), "the sentinel list does not parse");
  const kma::Status st = kma::StopWords::Parse(text, &list);
  if (!st.ok()) {
    FUZZ_CHECK(st.code() == kma::StatusCode::kInvalidArgument, "parse error of the wrong kind: " + st.message());
    FUZZ_CHECK(st.message().rfind("line ", 0) == 0, "parse error without its line: " + st.message());
    const size_t line = std::strtoul(st.message().c_str() + 5, nullptr, 10);
    FUZZ_CHECK(line >= 1 && line <= LineCount(text), "parse error names a line outside the input: " + st.message());
    FUZZ_CHECK(list.size() == 1, "a rejected parse changed the list");
  } else {
    CheckEntries(text, list);
    kma::StopWords again;
    FUZZ_CHECK(kma::StopWords::Parse(text, &again).ok() && again.size() == list.size(),
               "a second parse of the same text differs");
  }

  const std::string c_text(text.substr(0, text.find('\0')));
  kma::StopWords core;
  const bool core_ok = kma::StopWords::Parse(c_text, &core).ok();
  kma_options* opt = nullptr;
  FUZZ_CHECK(kma_options_new(&opt) == KMA_OK, "kma_options_new failed");
  const kma_status cs = kma_options_set_string(opt, KMA_OPT_STOP_WORD_LIST, c_text.c_str());
  if (core_ok) {
    FUZZ_CHECK(cs == KMA_OK, std::string("the C ABI refused a list the core accepts: ") + kma_last_error_message());
  } else {
    FUZZ_CHECK(cs == KMA_E_INVALID_ARGUMENT, "the C ABI accepted a list the core refuses");
    FUZZ_CHECK(std::strstr(kma_last_error_message(), "KMA_OPT_STOP_WORD_LIST: line ") != nullptr,
               std::string("the C message does not name the slot and line: ") + kma_last_error_message());
  }
  kma_options_free(opt);
  return 0;
}
