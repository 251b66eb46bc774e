// kma_analyzer: C handle over kma::Analyzer, and conversion of the core's
// analyses into immutable kma_result objects.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "core/search/lemma.h"
#include "core/search/sentence_splitter.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::FromStatus;
using kma::capi::Guard;
using kma::capi::NullArgument;

constexpr size_t kMaxUnits = std::numeric_limits<uint32_t>::max();
// Scratch vectors larger than this are released after a call, so one huge
// input does not pin its memory in a long-lived analyzer.
constexpr size_t kKeepSpanCapacity = size_t{1} << 16;

// Copies the LM choice etc. from `opt` after checking the LM name against
// the model, so errors surface at configuration time, not on first use.
kma_status ApplyOptions(const char* fn, const kma_options* opt,
                        const std::vector<std::string>& lm_names,
                        kma::AnalyzeOptions* target) {
  kma::AnalyzeOptions chosen = opt != nullptr ? opt->analyze : kma::AnalyzeOptions();
  if (!chosen.lm.empty() &&
      std::find(lm_names.begin(), lm_names.end(), chosen.lm) == lm_names.end()) {
    std::string known;
    for (const std::string& n : lm_names) {
      if (!known.empty()) known += ", ";
      known += n;
    }
    return Fail(KMA_E_INVALID_ARGUMENT,
                {fn, ": KMA_OPT_LM names unknown language model '", chosen.lm,
                 "' (the model has: ", known, ")"});
  }
  *target = std::move(chosen);
  return KMA_OK;
}

void ToSpan(const kma::SentenceSpan& s, kma_span* out) {
  out->begin = s.begin;
  out->length = s.length;
  out->cp_begin = s.cp_begin;
  out->cp_length = s.cp_length;
}

// Flattens the analyzer's analyses and spans into a new result. Forms are
// copied into one NUL-separated pool, so the result owns a handful of
// allocations instead of one per token.
kma_status BuildResult(const char* fn, kma_analyzer* a, kma_result** out) {
  auto r = std::make_unique<kma_result>();
  size_t token_total = 0;
  size_t pool_total = 0;
  for (const kma::Analysis& an : a->analyses) {
    token_total += an.tokens.size();
    for (const kma::Token& t : an.tokens) {
      pool_total += t.form.size() + 1;
      if (kma::HasLemmaEnding(t.tag)) pool_total += t.form.size() + kma::kLemmaEnding.size() + 1;
    }
  }
  if (pool_total > kMaxUnits) {
    return Fail(KMA_E_INPUT_TOO_LONG,
                {fn, ": the analysis is too large for 32-bit form offsets"});
  }
  r->tokens.reserve(token_total);
  r->pool.reserve(pool_total);
  r->starts.reserve(a->analyses.size() + 1);
  r->scores.reserve(a->analyses.size());
  for (const kma::Analysis& an : a->analyses) {
    r->starts.push_back(r->tokens.size());
    r->scores.push_back(an.score);
    for (const kma::Token& t : an.tokens) {
      kma_token k;
      k.begin = t.begin;
      k.length = t.length;
      k.cp_begin = t.cp_begin;
      k.cp_length = t.cp_length;
      k.morph_id = t.morph_id;
      k.tag = static_cast<uint16_t>(t.tag);
      k.flags = t.flags;
      k.score = t.score;
      k.form_offset = static_cast<uint32_t>(r->pool.size());
      k.form_length = static_cast<uint32_t>(t.form.size());
      k.sentence = t.sentence;
      k.word = t.word;
      r->pool.append(t.form);
      r->pool.push_back('\0');
      if (kma::HasLemmaEnding(t.tag)) {
        kma::AppendLemma(t.form, t.tag, &r->pool);
        r->pool.push_back('\0');
      }
      r->tokens.push_back(k);
    }
  }
  if (!a->analyses.empty()) r->starts.push_back(r->tokens.size());
  r->lemma_records = a->options.lemma;
  r->sentences.resize(a->spans.size());
  for (size_t i = 0; i < a->spans.size(); ++i) ToSpan(a->spans[i], &r->sentences[i]);
  *out = r.release();
  return KMA_OK;
}

void ReleaseScratch(kma_analyzer* a) {
  a->analyses.clear();  // frees every token; keeps only the outer vector
  a->spans.clear();
  if (a->spans.capacity() > kKeepSpanCapacity) a->spans.shrink_to_fit();
}

// Shared body of the four analyze/split entry points. `analyze` and `split`
// run the core on the caller's text in its own encoding.
template <typename Unit, typename AnalyzeFn, typename SplitFn>
kma_status Run(const char* fn, kma_analyzer* a, const Unit* text, size_t units,
               kma_result** out, bool with_analysis, AnalyzeFn&& analyze,
               SplitFn&& split) {
  static_assert(sizeof(Unit) == 1 || sizeof(Unit) == 2, "UTF-8 or UTF-16 units");
  if (out == nullptr) return NullArgument(fn, "out");
  *out = nullptr;
  if (a == nullptr) return NullArgument(fn, "analyzer");
  if (text == nullptr && units != 0) {
    return Fail(KMA_E_INVALID_ARGUMENT,
                {fn, ": argument 'text' is NULL but its length is ",
                 std::to_string(units)});
  }
  if (units > kMaxUnits) {
    return Fail(KMA_E_INPUT_TOO_LONG,
                {fn, ": input of ", std::to_string(units),
                 " code units exceeds the limit of 4294967295"});
  }
  // The core may see a null pointer for empty input; give it a real one.
  static const Unit kEmpty[1] = {0};
  if (text == nullptr) text = kEmpty;

  struct ScratchReleaser {
    kma_analyzer* a;
    ~ScratchReleaser() {
      ReleaseScratch(a);
      // Leaving by an exception (KMA_E_OUT_OF_MEMORY): the analyzer's own
      // buffers go too, or it would stay at the edge of the memory.
      if (std::uncaught_exceptions() > 0) a->analyzer->ReleaseMemory();
    }
  } releaser{a};
  a->analyses.clear();
  a->spans.clear();
  if (with_analysis) {
    kma::Status st = analyze(text, units);
    if (!st.ok()) return FromStatus(fn, st);
    // The core numbers every analysis' sentences with the text's line
    // breaks in view (core/search/sentence_splitter.h); the spans are those
    // of the best analysis, so analysing and splitting agree. The other
    // analyses were numbered by their own endings (낮/VA 아/EF ... would be
    // two sentences): their tokens are renumbered by these spans, so that
    // every token's sentence index is below kma_result_sentence_count().
    if (!a->analyses.empty()) {
      kma::search::SentenceSpans(a->analyses.front().tokens, &a->spans);
      for (size_t i = 1; i < a->analyses.size(); ++i)
        kma::search::NumberBySpans(a->spans, &a->analyses[i].tokens);
    }
  } else {
    kma::Status st = split(text, units);
    if (!st.ok()) return FromStatus(fn, st);
  }
  return BuildResult(fn, a, out);
}

// `constraints`: NULL for the plain calls (kma_constraints.h otherwise).
kma_status RunUtf8(const char* fn, kma_analyzer* a, const char* text,
                   size_t bytes, kma_result** out, bool with_analysis,
                   const kma_constraints* constraints = nullptr) {
  return Run(
      fn, a, text, bytes, out, with_analysis,
      [&](const char* t, size_t n) {
        if (constraints != nullptr) {
          return a->analyzer->AnalyzeUtf8(std::string_view(t, n), a->options,
                                          constraints->constraints, &a->analyses);
        }
        return a->analyzer->AnalyzeUtf8(std::string_view(t, n), a->options,
                                        &a->analyses);
      },
      [&](const char* t, size_t n) {
        return a->analyzer->SplitUtf8(std::string_view(t, n), a->options, &a->spans);
      });
}

// uint16_t and char16_t have the same size and representation; the caller's
// buffer is only read, so it is passed through without a copy.
const char16_t* AsChar16(const uint16_t* p) {
  static_assert(sizeof(char16_t) == sizeof(uint16_t), "char16_t must be 16-bit");
  return reinterpret_cast<const char16_t*>(p);
}

kma_status RunUtf16(const char* fn, kma_analyzer* a, const uint16_t* text,
                    size_t units, kma_result** out, bool with_analysis,
                    const kma_constraints* constraints = nullptr) {
  return Run(
      fn, a, text, units, out, with_analysis,
      [&](const uint16_t* t, size_t n) {
        if (constraints != nullptr) {
          return a->analyzer->AnalyzeUtf16(AsChar16(t), n, a->options,
                                           constraints->constraints, &a->analyses);
        }
        return a->analyzer->AnalyzeUtf16(AsChar16(t), n, a->options,
                                         &a->analyses);
      },
      [&](const uint16_t* t, size_t n) {
        return a->analyzer->SplitUtf16(AsChar16(t), n, a->options, &a->spans);
      });
}

}  // namespace

kma_status KMA_CALL kma_analyzer_new(kma_analyzer** out, const kma_model* model,
                                     const kma_options* opt) {
  static constexpr char kFn[] = "kma_analyzer_new";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    if (model == nullptr) return NullArgument(kFn, "model");
    auto a = std::make_unique<kma_analyzer>();
    a->lm_names = model->lm_names;
    kma_status st = ApplyOptions(kFn, opt, a->lm_names, &a->options);
    if (st != KMA_OK) return st;
    // The core analyzer shares ownership of the model: this is what keeps
    // the model alive after kma_model_free().
    a->analyzer = std::make_unique<kma::Analyzer>(model->model, model->user);
    *out = a.release();
    return KMA_OK;
  });
}

void KMA_CALL kma_analyzer_free(kma_analyzer* analyzer) {
  kma::capi::GuardVoid("kma_analyzer_free", [&] { delete analyzer; });
}

kma_status KMA_CALL kma_analyzer_set_options(kma_analyzer* analyzer,
                                             const kma_options* opt) {
  static constexpr char kFn[] = "kma_analyzer_set_options";
  return Guard(kFn, [&]() -> kma_status {
    if (analyzer == nullptr) return NullArgument(kFn, "analyzer");
    return ApplyOptions(kFn, opt, analyzer->lm_names, &analyzer->options);
  });
}

kma_status KMA_CALL kma_analyzer_analyze_utf8(kma_analyzer* analyzer,
                                              const char* text, size_t bytes,
                                              kma_result** out) {
  static constexpr char kFn[] = "kma_analyzer_analyze_utf8";
  return Guard(kFn, [&] {
    return RunUtf8(kFn, analyzer, text, bytes, out, true);
  });
}

kma_status KMA_CALL kma_analyzer_analyze_utf16(kma_analyzer* analyzer,
                                               const uint16_t* text,
                                               size_t units, kma_result** out) {
  static constexpr char kFn[] = "kma_analyzer_analyze_utf16";
  return Guard(kFn, [&] {
    return RunUtf16(kFn, analyzer, text, units, out, true);
  });
}

kma_status KMA_CALL kma_analyzer_split_utf8(kma_analyzer* analyzer,
                                            const char* text, size_t bytes,
                                            kma_result** out) {
  static constexpr char kFn[] = "kma_analyzer_split_utf8";
  return Guard(kFn, [&] {
    return RunUtf8(kFn, analyzer, text, bytes, out, false);
  });
}

kma_status KMA_CALL kma_analyzer_split_utf16(kma_analyzer* analyzer,
                                             const uint16_t* text,
                                             size_t units, kma_result** out) {
  static constexpr char kFn[] = "kma_analyzer_split_utf16";
  return Guard(kFn, [&] {
    return RunUtf16(kFn, analyzer, text, units, out, false);
  });
}

kma_status KMA_CALL kma_analyzer_analyze_constrained_utf8(
    kma_analyzer* analyzer, const char* text, size_t bytes,
    const kma_constraints* constraints, kma_result** out) {
  static constexpr char kFn[] = "kma_analyzer_analyze_constrained_utf8";
  return Guard(kFn, [&] {
    return RunUtf8(kFn, analyzer, text, bytes, out, true, constraints);
  });
}

kma_status KMA_CALL kma_analyzer_analyze_constrained_utf16(
    kma_analyzer* analyzer, const uint16_t* text, size_t units,
    const kma_constraints* constraints, kma_result** out) {
  static constexpr char kFn[] = "kma_analyzer_analyze_constrained_utf16";
  return Guard(kFn, [&] {
    return RunUtf16(kFn, analyzer, text, units, out, true, constraints);
  });
}
