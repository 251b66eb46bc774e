#include "tests/fuzz/result_check.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <utf8proc.h>

#include "core/search/lattice.h"
#include "tests/fuzz/fuzz_util.h"

namespace kma::fuzz {
namespace {

std::string Num(uint64_t v) { return std::to_string(v); }

std::string Where(size_t analysis, size_t token) {
  return "analysis " + Num(analysis) + " token " + Num(token);
}

// Number of maximal runs of non-space code points: an upper bound of the
// word count (normalization never splits a character into two words).
uint32_t WordBound(const TextView& text) {
  uint32_t words = 0;
  bool in_word = false;
  for (char32_t c : text.cps) {
    const bool space = search::IsSpaceChar(c);
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

// "form/TAG@begin+length#morph!flags ..." of one analysis, for messages.
std::string Describe(const kma_result* r, size_t a) {
  std::string out;
  const kma_token* t = kma_result_tokens(r, a);
  for (size_t i = 0; i < kma_result_token_count(r, a); ++i) {
    out += std::string(i ? " " : "") + kma_result_token_form(r, &t[i]) + "/" + kma_tag_name(t[i].tag) + "@" +
           Num(t[i].begin) + "+" + Num(t[i].length) + "#" + Num(t[i].morph_id) + "!" + Num(t[i].flags);
  }
  return out;
}

void CheckToken(const kma_result* r, const kma_token& t, const TextView& text, const std::string& at,
                unsigned more_flags) {
  const uint64_t end = uint64_t{t.begin} + t.length;
  FUZZ_CHECK(t.length > 0 && end <= text.units, at + ": span " + Num(t.begin) + "+" + Num(t.length) + " of " +
                                                    Num(text.units) + " units");
  FUZZ_CHECK(text.starts_char[t.begin] && text.starts_char[end], at + ": span not on character boundaries");
  FUZZ_CHECK(t.cp_begin == text.cp_at[t.begin] && t.cp_begin + t.cp_length == text.cp_at[end],
             at + ": code points " + Num(t.cp_begin) + "+" + Num(t.cp_length) + " do not match units " +
                 Num(t.begin) + "+" + Num(t.length));
  FUZZ_CHECK(t.tag < kma_tag_count(), at + ": tag " + Num(t.tag));
  const unsigned known = KMA_TOKEN_UNKNOWN | KMA_TOKEN_PATTERN | KMA_TOKEN_CORRECTED | more_flags;
  FUZZ_CHECK((t.flags & ~known) == 0, at + ": flags " + Num(t.flags));
  FUZZ_CHECK(std::isfinite(t.score), at + ": score not finite");
  const char* form = kma_result_token_form(r, &t);
  FUZZ_CHECK(form != nullptr && std::strlen(form) == t.form_length && t.form_length > 0,
             at + ": form missing, empty or of the wrong length");
  FUZZ_CHECK(IsValidUtf8(std::string(form, t.form_length)), at + ": form is not UTF-8");
}

// Tokens of one analysis: each valid, in order, covering every non-space
// character, with sentence and word indices in range and non-decreasing.
void CheckTokens(const kma_result* r, size_t a, const TextView& text, size_t sentences, uint32_t words,
                 unsigned more_flags) {
  const size_t n = kma_result_token_count(r, a);
  const kma_token* toks = kma_result_tokens(r, a);
  FUZZ_CHECK((n == 0) == (toks == nullptr), "analysis " + Num(a) + ": token array and count disagree");
  std::vector<uint8_t> covered(text.cps.size() + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    const kma_token& t = toks[i];
    const std::string at = Where(a, i);
    CheckToken(r, t, text, at, more_flags);
    FUZZ_CHECK(t.sentence < sentences, at + ": sentence " + Num(t.sentence) + " of " + Num(sentences));
    FUZZ_CHECK(t.word < words, at + ": word " + Num(t.word) + " of at most " + Num(words));
    if (i > 0) {
      const kma_token& p = toks[i - 1];
      FUZZ_CHECK(t.begin >= p.begin, at + ": begins before the previous token");
      FUZZ_CHECK(t.sentence >= p.sentence && t.word >= p.word, at + ": sentence or word index decreases");
    }
    for (uint32_t c = t.cp_begin; c < t.cp_begin + t.cp_length; ++c) covered[c] = 1;
  }
  for (size_t c = 0; c < text.cps.size(); ++c) {
    FUZZ_CHECK(covered[c] || search::IsSpaceChar(text.cps[c]),
               "analysis " + Num(a) + ": code point " + Num(c) + " (decimal " + Num(text.cps[c]) +
                   ") is in no token:\n  " + Describe(r, a));
  }
}

// The best analysis' tokens lie inside the span of their sentence.
void CheckTokensInSpans(const kma_result* r, size_t sentences) {
  const size_t n = kma_result_token_count(r, 0);
  const kma_token* toks = kma_result_tokens(r, 0);
  for (size_t i = 0; i < n; ++i) {
    kma_span s{};
    FUZZ_CHECK(toks[i].sentence < sentences && kma_result_sentence(r, toks[i].sentence, &s) == KMA_OK,
               Where(0, i) + ": no span for its sentence");
    FUZZ_CHECK(toks[i].begin >= s.begin && toks[i].begin + toks[i].length <= s.begin + s.length,
               Where(0, i) + ": outside the span of its sentence");
  }
}

// Two analyses a user cannot tell apart: the same forms, tags and spans
// (a dictionary word and an unknown-word guess of the same form and tag
// count as the same: the finding nbest-duplicate-unknown).
bool SameTokens(const kma_result* r, size_t a, size_t b) {
  const size_t n = kma_result_token_count(r, a);
  if (n != kma_result_token_count(r, b)) return false;
  const kma_token* x = kma_result_tokens(r, a);
  const kma_token* y = kma_result_tokens(r, b);
  for (size_t i = 0; i < n; ++i) {
    if (x[i].begin != y[i].begin || x[i].length != y[i].length || x[i].tag != y[i].tag ||
        std::strcmp(kma_result_token_form(r, &x[i]), kma_result_token_form(r, &y[i])) != 0)
      return false;
  }
  return true;
}

}  // namespace

void CheckStatus(kma_status status, const kma_result* result, const TextView& text) {
  if (text.valid) {
    FUZZ_CHECK(status == KMA_OK && result != nullptr,
               "valid input failed with " + std::to_string(status) + ": " + kma_last_error_message());
    return;
  }
  const kma_status want = text.utf16 ? KMA_E_INVALID_UTF16 : KMA_E_INVALID_UTF8;
  FUZZ_CHECK(status == want && result == nullptr, "invalid input gave status " + std::to_string(status));
  FUZZ_CHECK(kma_last_error_offset() == text.bad_offset, "error offset " + std::to_string(kma_last_error_offset()) +
                                                              ", expected " + std::to_string(text.bad_offset));
}

void CheckSpans(const kma_result* r, const TextView& text) {
  const size_t n = kma_result_sentence_count(r);
  uint64_t prev_end = 0;
  for (size_t i = 0; i < n; ++i) {
    kma_span s{};
    FUZZ_CHECK(kma_result_sentence(r, i, &s) == KMA_OK, "span " + Num(i) + " not readable");
    const uint64_t end = uint64_t{s.begin} + s.length;
    const std::string at = "span " + Num(i) + " " + Num(s.begin) + "+" + Num(s.length);
    FUZZ_CHECK(s.length > 0 && end <= text.units && s.begin >= prev_end, at + ": empty, outside or overlapping");
    FUZZ_CHECK(text.starts_char[s.begin] && text.starts_char[end], at + ": not on character boundaries");
    FUZZ_CHECK(s.cp_begin == text.cp_at[s.begin] && s.cp_begin + s.cp_length == text.cp_at[end],
               at + ": code points do not match");
    // A span never ends on whitespace. A format character that extends the
    // grapheme cluster before it (a variation selector, a joiner: UAX #29)
    // is part of that cluster, which a token may hold whole.
    const uint32_t last = text.cp_at[end] - 1;
    const bool attached =
        last > s.cp_begin && !utf8proc_grapheme_break(static_cast<utf8proc_int32_t>(text.cps[last - 1]),
                                                       static_cast<utf8proc_int32_t>(text.cps[last]));
    FUZZ_CHECK(!search::IsSpaceChar(text.cps[s.cp_begin]) && (!search::IsSpaceChar(text.cps[last]) || attached),
               at + ": starts or ends with a space");
    prev_end = end;
  }
  kma_span unused{};
  FUZZ_CHECK(kma_result_sentence(r, n, &unused) == KMA_E_INVALID_ARGUMENT, "span past the count is readable");
}

void CheckAnalysis(const kma_result* r, const TextView& text, int top_n, unsigned more_flags) {
  const size_t count = kma_result_analysis_count(r);
  FUZZ_CHECK(count >= 1 && count <= static_cast<size_t>(top_n),
             Num(count) + " analyses for top_n " + std::to_string(top_n));
  const size_t sentences = kma_result_sentence_count(r);
  const uint32_t words = WordBound(text);
  FUZZ_CHECK((sentences == 0) == (words == 0), Num(sentences) + " sentences, " + Num(words) + " words");
  CheckSpans(r, text);
  for (size_t a = 0; a < count; ++a) {
    const float score = kma_result_analysis_score(r, a);
    FUZZ_CHECK(std::isfinite(score), "analysis " + Num(a) + ": score not finite");
    if (a > 0) {
      FUZZ_CHECK(score <= kma_result_analysis_score(r, a - 1), "analysis " + Num(a) + ": better than the previous");
    }
    CheckTokens(r, a, text, sentences, words, more_flags);
    for (size_t b = 0; b < a; ++b) {
      FUZZ_CHECK(!SameTokens(r, a, b), "analyses " + Num(b) + " and " + Num(a) + " are identical:\n  " +
                                           Describe(r, b) + "\n  " + Describe(r, a));
    }
  }
  CheckTokensInSpans(r, sentences);
  FUZZ_CHECK(kma_result_token_count(r, count) == 0 && kma_result_tokens(r, count) == nullptr,
             "tokens of an analysis past the count");
}

void CheckSameAnalyses(const kma_result* a, const kma_result* b) {
  const size_t count = kma_result_analysis_count(a);
  FUZZ_CHECK(count == kma_result_analysis_count(b),
             Num(count) + " vs " + Num(kma_result_analysis_count(b)) + " analyses");
  for (size_t i = 0; i < count; ++i) {
    FUZZ_CHECK(kma_result_analysis_score(a, i) == kma_result_analysis_score(b, i),
               "analysis " + Num(i) + ": scores differ");
    const size_t n = kma_result_token_count(a, i);
    FUZZ_CHECK(n == kma_result_token_count(b, i), "analysis " + Num(i) + ": token counts differ");
    const kma_token* x = kma_result_tokens(a, i);
    const kma_token* y = kma_result_tokens(b, i);
    for (size_t k = 0; k < n; ++k) {
      const bool same = x[k].cp_begin == y[k].cp_begin && x[k].cp_length == y[k].cp_length &&
                        x[k].tag == y[k].tag && x[k].flags == y[k].flags && x[k].morph_id == y[k].morph_id &&
                        x[k].score == y[k].score && x[k].sentence == y[k].sentence && x[k].word == y[k].word &&
                        std::strcmp(kma_result_token_form(a, &x[k]), kma_result_token_form(b, &y[k])) == 0;
      FUZZ_CHECK(same, Where(i, k) + ": differs between the two results");
    }
  }
  const size_t sentences = kma_result_sentence_count(a);
  FUZZ_CHECK(sentences == kma_result_sentence_count(b), "sentence counts differ");
  for (size_t i = 0; i < sentences; ++i) {
    kma_span x{}, y{};
    kma_result_sentence(a, i, &x);
    kma_result_sentence(b, i, &y);
    FUZZ_CHECK(x.cp_begin == y.cp_begin && x.cp_length == y.cp_length, "span " + Num(i) + " differs");
  }
}

}  // namespace kma::fuzz
