// Fuzz target: sentence splitting.
//
// Input layout (ByteReader; missing bytes read as 0):
//   [0] mode: bit 2 clear: kma_analyzer_split_utf8/16 on the text
//         bit 0 UTF-16 input; bit 1 also analyse the text (default options)
//         and require the same sentence spans as the split
//       bit 2 set: the splitter itself (core/search/sentence_splitter.h) on
//         a token sequence built from the rest of the input, 3 bytes per
//         token: tag, word step (bit 0), begin step (bits 1..3; 0 = shares
//         the previous token's span, only allowed in the same word)
//   [1..] the text (UTF-8 bytes or UTF-16LE units), or the tokens
#include <cstdint>
#include <string>
#include <vector>

#include <kma/kma.h>

#include "core/base/pos_tag.h"
#include "core/search/analyzer.h"
#include "core/search/sentence_splitter.h"
#include "tests/fuzz/fuzz_util.h"
#include "tests/fuzz/result_check.h"
#include "tests/fuzz/text_view.h"

namespace {

using kma::fuzz::ByteReader;

std::string N(uint64_t v) { return std::to_string(v); }

std::vector<kma::Token> SyntheticTokens(ByteReader* in, bool* strictly_increasing) {
  std::vector<kma::Token> tokens;
  uint32_t begin = 0, word = 0;
  *strictly_increasing = true;
  while (in->remaining() >= 3 && tokens.size() < 4096) {
    kma::Token t;
    t.tag = static_cast<kma::PosTag>(in->U8() % kma::kNumTags);
    const uint8_t steps = in->U8();
    const uint32_t begin_step = (in->U8() >> 1) & 7;
    const bool new_word = !tokens.empty() && (steps & 1);
    if (new_word) ++word;
    if (!tokens.empty()) {
      const uint32_t step = new_word ? begin_step + 1 : begin_step;  // a new word never shares a span
      begin += step == 0 ? 0 : tokens.back().length + step - 1;
      *strictly_increasing &= step != 0;
    }
    t.begin = t.cp_begin = begin;
    t.length = t.cp_length = 1 + (steps >> 5);
    t.word = word;
    t.form = "x";
    tokens.push_back(t);
  }
  return tokens;
}

// AssignSentences numbers from 0 in steps of at most 1; SentenceSpans gives
// one span per sentence holding exactly its tokens; renumbering by those
// spans stays in range, and is the identity when no two tokens share a start.
void CheckSplitter(ByteReader* in) {
  bool strict = false;
  std::vector<kma::Token> tokens = SyntheticTokens(in, &strict);
  kma::search::AssignSentences(&tokens);
  for (size_t i = 0; i < tokens.size(); ++i) {
    const uint32_t prev = i == 0 ? 0 : tokens[i - 1].sentence;
    FUZZ_CHECK(tokens[i].sentence == prev || tokens[i].sentence == prev + 1,
               "token " + N(i) + ": sentence " + N(tokens[i].sentence) + " after " + N(prev));
  }
  std::vector<kma::SentenceSpan> spans;
  kma::search::SentenceSpans(tokens, &spans);
  const size_t want = tokens.empty() ? 0 : tokens.back().sentence + 1;
  FUZZ_CHECK(spans.size() == want, N(spans.size()) + " spans for " + N(want) + " sentences");
  for (size_t i = 0; i < tokens.size(); ++i) {
    const kma::SentenceSpan& s = spans[tokens[i].sentence];
    FUZZ_CHECK(tokens[i].begin >= s.begin && tokens[i].begin + tokens[i].length <= s.begin + s.length,
               "token " + N(i) + " outside the span of its sentence");
  }
  std::vector<kma::Token> renumbered = tokens;
  kma::search::NumberBySpans(spans, &renumbered);
  for (size_t i = 0; i < tokens.size(); ++i) {
    FUZZ_CHECK(renumbered[i].sentence < spans.size(), "renumbered token " + N(i) + " past the last span");
    if (strict) FUZZ_CHECK(renumbered[i].sentence == tokens[i].sentence, "renumbering changed token " + N(i));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  const uint8_t mode = in.U8();
  if (mode & 4) {
    CheckSplitter(&in);
    return 0;
  }
  kma_analyzer* analyzer = kma::fuzz::SharedAnalyzer();
  const bool utf16 = mode & 1;
  const std::string bytes = in.Rest();
  const std::u16string units = kma::fuzz::UnitsFromBytes(bytes);
  const kma::fuzz::TextView view = utf16 ? kma::fuzz::ViewUtf16(units) : kma::fuzz::ViewUtf8(bytes);
  const auto* u16 = reinterpret_cast<const uint16_t*>(units.data());
  kma_result* r = nullptr;
  const kma_status st = utf16 ? kma_analyzer_split_utf16(analyzer, u16, units.size(), &r)
                              : kma_analyzer_split_utf8(analyzer, bytes.data(), bytes.size(), &r);
  kma::fuzz::CheckStatus(st, r, view);
  if (r == nullptr) return 0;
  FUZZ_CHECK(kma_result_analysis_count(r) == 0, "a split result holds analyses");
  kma::fuzz::CheckSpans(r, view);
  if (mode & 2) {
    kma_result* a = nullptr;
    const kma_status ast = utf16 ? kma_analyzer_analyze_utf16(analyzer, u16, units.size(), &a)
                                 : kma_analyzer_analyze_utf8(analyzer, bytes.data(), bytes.size(), &a);
    FUZZ_CHECK(ast == KMA_OK, kma_last_error_message());
    const size_t n = kma_result_sentence_count(r);
    FUZZ_CHECK(kma_result_sentence_count(a) == n, "split and analysis disagree on the sentence count");
    for (size_t i = 0; i < n; ++i) {
      kma_span x{}, y{};
      kma_result_sentence(r, i, &x);
      kma_result_sentence(a, i, &y);
      FUZZ_CHECK(x.begin == y.begin && x.length == y.length, "span " + N(i) + " differs from the analysis'");
    }
    kma_result_free(a);
  }
  kma_result_free(r);
  return 0;
}
