// kma_result getters and part-of-speech tag names. Results are immutable, so
// none of this needs locking.
#include <cstring>
#include <string>
#include <string_view>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "core/base/pos_tag.h"
#include "core/search/lemma.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::Guard;
using kma::capi::NullArgument;

bool ValidAnalysis(const kma_result* r, size_t analysis) {
  return r != nullptr && analysis < r->scores.size();
}

}  // namespace

void KMA_CALL kma_result_free(kma_result* result) {
  kma::capi::GuardVoid("kma_result_free", [&] { delete result; });
}

size_t KMA_CALL kma_result_analysis_count(const kma_result* result) {
  return result != nullptr ? result->scores.size() : 0;
}

float KMA_CALL kma_result_analysis_score(const kma_result* result,
                                         size_t analysis) {
  return ValidAnalysis(result, analysis) ? result->scores[analysis] : 0.0f;
}

size_t KMA_CALL kma_result_token_count(const kma_result* result,
                                       size_t analysis) {
  if (!ValidAnalysis(result, analysis)) return 0;
  return result->starts[analysis + 1] - result->starts[analysis];
}

const kma_token* KMA_CALL kma_result_tokens(const kma_result* result,
                                            size_t analysis) {
  if (kma_result_token_count(result, analysis) == 0) return nullptr;
  return result->tokens.data() + result->starts[analysis];
}

const char* KMA_CALL kma_result_token_form(const kma_result* result,
                                           const kma_token* token) {
  if (result == nullptr || token == nullptr) return nullptr;
  // Only the pool reference is checked, not that `token` points into this
  // result: bindings marshal tokens into their own copies and pass those.
  const size_t begin = token->form_offset;
  const size_t end = begin + token->form_length;
  if (end >= result->pool.size() || result->pool[end] != '\0') return "";
  return result->pool.c_str() + begin;
}

const char* KMA_CALL kma_result_token_lemma(const kma_result* result,
                                            const kma_token* token) {
  const char* form = kma_result_token_form(result, token);
  if (form == nullptr || *form == '\0') return form;
  if (!kma::HasLemmaEnding(static_cast<kma::PosTag>(token->tag < kma::kNumTags ? token->tag : 0)))
    return form;
  // BuildResult put the lemma right after the form's NUL: the form again,
  // then the ending. A record that does not lead to one there (a forged or
  // edited tag) gets "" as a foreign token does.
  const std::string_view pool = result->pool;
  const size_t begin = size_t{token->form_offset} + token->form_length + 1;
  const size_t end = begin + token->form_length + kma::kLemmaEnding.size();
  if (end >= pool.size() || pool[end] != '\0' ||
      pool.compare(begin, token->form_length, form, token->form_length) != 0 ||
      pool.compare(begin + token->form_length, kma::kLemmaEnding.size(), kma::kLemmaEnding) != 0)
    return "";
  return result->pool.c_str() + begin;
}

size_t KMA_CALL kma_result_sentence_count(const kma_result* result) {
  return result != nullptr ? result->sentences.size() : 0;
}

kma_status KMA_CALL kma_result_sentence(const kma_result* result, size_t index,
                                        kma_span* out) {
  static constexpr char kFn[] = "kma_result_sentence";
  return Guard(kFn, [&]() -> kma_status {
    if (result == nullptr) return NullArgument(kFn, "result");
    if (out == nullptr) return NullArgument(kFn, "out");
    if (index >= result->sentences.size()) {
      return Fail(KMA_E_INVALID_ARGUMENT,
                  {kFn, ": sentence index ", std::to_string(index),
                   " is out of range (count ",
                   std::to_string(result->sentences.size()), ")"});
    }
    *out = result->sentences[index];
    return KMA_OK;
  });
}

const char* KMA_CALL kma_tag_name(uint16_t tag) {
  // TagName views string literals, so data() is NUL-terminated static text.
  if (tag >= kma::kNumTags) tag = 0;
  return kma::TagName(static_cast<kma::PosTag>(tag)).data();
}

uint16_t KMA_CALL kma_tag_count(void) {
  return static_cast<uint16_t>(kma::kNumTags);
}

kma_status KMA_CALL kma_tag_from_name(const char* name, uint16_t* out) {
  static constexpr char kFn[] = "kma_tag_from_name";
  return Guard(kFn, [&]() -> kma_status {
    if (name == nullptr) return NullArgument(kFn, "name");
    if (out == nullptr) return NullArgument(kFn, "out");
    kma::PosTag tag;
    if (!kma::ParseTag(name, &tag)) {
      return Fail(KMA_E_INVALID_ARGUMENT, {kFn, ": unknown tag '", name, "'"});
    }
    *out = static_cast<uint16_t>(tag);
    return KMA_OK;
  });
}
