// Fuzz target for the constraint parser and constrained analysis. The input
// is constraint text, optionally followed by a NUL byte and a text to
// analyse under those constraints (else a fixed sentence). Checks: parsing
// never crashes and reports errors inside the text; what parses prints back
// (MorphsText) and parses again to the same morphemes; an analysis that
// succeeds holds every span constraint as one run of constrained tokens
// covering exactly its code points (whitespace at the ends aside) and every
// lemma constraint; failures are the documented codes.
//
// Uses the C++ core directly (kma::Analyzer with kma::Constraints, the entry
// point bulk tools use); the C ABI's constraint calls are thin wrappers
// tested in tests/capi/constraints_test.c.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/model.h"
#include "core/search/analyzer.h"
#include "core/search/constraints.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

[[noreturn]] void Die(const std::string& what, std::string_view input) {
  kma::fuzz::FailCheck(__FILE__, __LINE__, what.c_str(), "input: " + std::string(input));
}

kma::Analyzer* SharedAnalyzer() {
  static std::unique_ptr<kma::Analyzer> analyzer = [] {
    auto m = kma::Model::OpenFile(KMA_FUZZ_DEFAULT_MODEL);
    if (!m.ok()) Die("cannot open the model " KMA_FUZZ_DEFAULT_MODEL ": " + m.status().message(), "");
    return std::make_unique<kma::Analyzer>(m.value());
  }();
  return analyzer.get();
}

void CheckRoundTrip(const kma::Constraints& c, std::string_view input) {
  for (const kma::SpanConstraint& s : c.spans) {
    // Forms holding syntax characters print unescaped: only plain ones
    // round-trip through MorphsText.
    const std::string text = kma::MorphsText(s.morphs);
    if (text.find_first_of("\\ ;|\n\t\r") != std::string::npos) continue;
    if (std::count(text.begin(), text.end(), '+') + 1 != static_cast<long>(s.morphs.size())) continue;
    std::vector<kma::ConstraintMorph> again;
    if (!kma::ParseSpanMorphs(text, &again).ok() || kma::MorphsText(again) != text)
      Die("span morphemes do not round-trip: " + text, input);
  }
}

bool Holds(const std::vector<kma::Token>& tokens, const std::vector<kma::ConstraintMorph>& r, uint32_t b,
           uint32_t e) {
  for (size_t i = 0; i + r.size() <= tokens.size(); ++i) {
    bool ok = true;
    for (size_t k = 0; k < r.size() && ok; ++k) {
      const kma::Token& t = tokens[i + k];
      ok = t.form == r[k].form && (r[k].tags & kma::TagSetOf(t.tag)) != 0 && t.word == tokens[i].word &&
           t.cp_begin >= b && t.cp_begin + t.cp_length <= e;
    }
    if (ok) return true;
  }
  return false;
}

void CheckAnalysis(const kma::Constraints& c, const std::vector<kma::Analysis>& out, std::string_view input) {
  if (out.empty()) Die("success without an analysis", input);
  for (const kma::Analysis& a : out) {
    for (const kma::LemmaConstraint& l : c.lemmas) {
      bool any = false;
      for (const auto& r : l.readings) any |= Holds(a.tokens, r, l.anywhere ? 0 : l.begin, l.anywhere ? ~0u : l.end);
      if (!any) Die("an analysis lacks a lemma constraint", input);
    }
    for (const kma::SpanConstraint& s : c.spans) {
      size_t n = 0;
      for (const kma::Token& t : a.tokens) {
        const bool inside = t.cp_begin >= s.begin && t.cp_begin + t.cp_length <= s.end;
        if ((t.flags & kma::kTokenConstrained) != 0 && inside) ++n;
        else if (t.cp_begin < s.end && t.cp_begin + t.cp_length > s.begin) Die("a token crosses a span", input);
      }
      if (n != s.morphs.size()) Die("a span constraint's morphemes are not all there", input);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  const std::string_view spec = input.substr(0, nul);
  const std::string_view text = nul == std::string_view::npos ? "철수가 밥을 먹었다. 카카오뱅크 계좌를 열었다."
                                                              : input.substr(nul + 1);
  kma::Constraints c;
  kma::Status st = kma::ParseConstraints(spec, &c);
  if (!st.ok()) {
    if (st.code() != kma::StatusCode::kInvalidArgument || st.offset() < 0 ||
        static_cast<size_t>(st.offset()) > spec.size())
      Die("parse error without a valid offset: " + st.message(), input);
    return 0;
  }
  CheckRoundTrip(c, input);
  if (text.size() > 4096) return 0;  // the search is not what is fuzzed here
  std::vector<kma::Analysis> out;
  kma::AnalyzeOptions opt;
  opt.top_n = 1 + static_cast<int>(size % 3);
  st = SharedAnalyzer()->AnalyzeUtf8(text, opt, c, &out);
  switch (st.code()) {
    case kma::StatusCode::kOk: CheckAnalysis(c, out, input); break;
    case kma::StatusCode::kInvalidArgument:
    case kma::StatusCode::kUnsatisfiable:
    case kma::StatusCode::kInvalidUtf8: break;
    default: Die("unexpected status: " + st.message(), input);
  }
  return 0;
}
