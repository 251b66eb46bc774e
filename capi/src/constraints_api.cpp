// kma_constraints: the C handle over kma::Constraints (kma_constraints.h).
// The constrained analyze calls live beside the others in analyzer_api.cpp.
#include <string>
#include <string_view>
#include <utility>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::FromStatus;
using kma::capi::Guard;
using kma::capi::NullArgument;

// The text argument of an add/parse call, checked.
kma_status TextArg(const char* fn, const char* arg, const char* text, size_t bytes,
                   std::string_view* out) {
  if (text == nullptr && bytes != 0) {
    return Fail(KMA_E_INVALID_ARGUMENT,
                {fn, ": argument '", arg, "' is NULL but its length is ", std::to_string(bytes)});
  }
  *out = text == nullptr ? std::string_view() : std::string_view(text, bytes);
  return KMA_OK;
}

}  // namespace

kma_status KMA_CALL kma_constraints_new(kma_constraints** out) {
  static constexpr char kFn[] = "kma_constraints_new";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = new kma_constraints();
    return KMA_OK;
  });
}

void KMA_CALL kma_constraints_free(kma_constraints* c) {
  kma::capi::GuardVoid("kma_constraints_free", [&] { delete c; });
}

void KMA_CALL kma_constraints_clear(kma_constraints* c) {
  kma::capi::GuardVoid("kma_constraints_clear", [&] {
    if (c != nullptr) c->constraints.Clear();
  });
}

size_t KMA_CALL kma_constraints_count(const kma_constraints* c) {
  if (c == nullptr) return 0;
  return c->constraints.spans.size() + c->constraints.lemmas.size();
}

kma_status KMA_CALL kma_constraints_add_span(kma_constraints* c, uint32_t cp_begin,
                                             uint32_t cp_end, const char* morphs,
                                             size_t bytes) {
  static constexpr char kFn[] = "kma_constraints_add_span";
  return Guard(kFn, [&]() -> kma_status {
    if (c == nullptr) return NullArgument(kFn, "c");
    std::string_view text;
    if (kma_status st = TextArg(kFn, "morphs", morphs, bytes, &text); st != KMA_OK) return st;
    if (cp_end <= cp_begin) {
      return Fail(KMA_E_INVALID_ARGUMENT, {kFn, ": empty span ", std::to_string(cp_begin), ":",
                                           std::to_string(cp_end), " (cp_end must be > cp_begin)"});
    }
    kma::SpanConstraint sc;
    sc.begin = cp_begin;
    sc.end = cp_end;
    kma::Status st = kma::ParseSpanMorphs(text, &sc.morphs);
    if (!st.ok()) return FromStatus(kFn, st);
    c->constraints.spans.push_back(std::move(sc));
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_constraints_add_lemma(kma_constraints* c, const char* readings,
                                              size_t bytes, uint32_t cp_begin,
                                              uint32_t cp_end) {
  static constexpr char kFn[] = "kma_constraints_add_lemma";
  return Guard(kFn, [&]() -> kma_status {
    if (c == nullptr) return NullArgument(kFn, "c");
    std::string_view text;
    if (kma_status st = TextArg(kFn, "readings", readings, bytes, &text); st != KMA_OK) return st;
    kma::LemmaConstraint lc;
    lc.anywhere = cp_end == 0;
    lc.begin = cp_begin;
    lc.end = cp_end;
    if (!lc.anywhere && cp_end <= cp_begin) {
      return Fail(KMA_E_INVALID_ARGUMENT, {kFn, ": empty span ", std::to_string(cp_begin), ":",
                                           std::to_string(cp_end), " (cp_end must be > cp_begin, or 0)"});
    }
    if (c->constraints.lemmas.size() >= kma::kMaxLemmaConstraints) {
      return Fail(KMA_E_INVALID_ARGUMENT, {kFn, ": at most ", std::to_string(kma::kMaxLemmaConstraints),
                                           " lemma constraints per list"});
    }
    kma::Status st = kma::ParseReadings(text, &lc.readings);
    if (!st.ok()) return FromStatus(kFn, st);
    c->constraints.lemmas.push_back(std::move(lc));
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_constraints_parse(kma_constraints* c, const char* text,
                                          size_t bytes) {
  static constexpr char kFn[] = "kma_constraints_parse";
  return Guard(kFn, [&]() -> kma_status {
    if (c == nullptr) return NullArgument(kFn, "c");
    std::string_view view;
    if (kma_status st = TextArg(kFn, "text", text, bytes, &view); st != KMA_OK) return st;
    // Parsed into a copy, so a syntax error leaves the list unchanged.
    kma::Constraints parsed = c->constraints;
    kma::Status st = kma::ParseConstraints(view, &parsed);
    if (!st.ok()) return FromStatus(kFn, st);
    c->constraints = std::move(parsed);
    return KMA_OK;
  });
}
