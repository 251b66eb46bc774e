// kma_word_finder / kma_word_list: new-word discovery (core/search/word_discovery.h)
// through the C ABI.
#include <memory>
#include <string>
#include <string_view>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::FromStatus;
using kma::capi::Guard;
using kma::capi::NullArgument;

}  // namespace

extern "C" {

KMA_API kma_status KMA_CALL kma_word_finder_new(kma_word_finder** out) {
  static constexpr const char* fn = "kma_word_finder_new";
  return Guard(fn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(fn, "out");
    *out = nullptr;
    *out = new kma_word_finder();
    return KMA_OK;
  });
}

KMA_API void KMA_CALL kma_word_finder_free(kma_word_finder* finder) {
  kma::capi::GuardVoid("kma_word_finder_free", [&] { delete finder; });
}

KMA_API kma_status KMA_CALL kma_word_finder_add_utf8(kma_word_finder* finder, const char* text, size_t bytes) {
  static constexpr const char* fn = "kma_word_finder_add_utf8";
  return Guard(fn, [&]() -> kma_status {
    if (finder == nullptr) return NullArgument(fn, "finder");
    if (text == nullptr && bytes != 0) return NullArgument(fn, "text");
    const kma::Status st = finder->discovery.Add(std::string_view(text == nullptr ? "" : text, bytes));
    return st.ok() ? KMA_OK : FromStatus(fn, st);
  });
}

KMA_API size_t KMA_CALL kma_word_finder_distinct_words(const kma_word_finder* finder) {
  return finder != nullptr ? finder->discovery.distinct_words() : 0;
}

KMA_API kma_status KMA_CALL kma_word_finder_extract(const kma_word_finder* finder, kma_analyzer* analyzer,
                                                    size_t top, uint32_t min_count, kma_word_list** out) {
  static constexpr const char* fn = "kma_word_finder_extract";
  return Guard(fn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(fn, "out");
    *out = nullptr;
    if (finder == nullptr) return NullArgument(fn, "finder");
    if (analyzer == nullptr) return NullArgument(fn, "analyzer");
    if (min_count == 0) return Fail(KMA_E_INVALID_ARGUMENT, {fn, ": min_count must be at least 1"});
    kma::DiscoveryOptions opt;
    opt.top = top;
    opt.min_count = min_count;
    auto list = std::make_unique<kma_word_list>();
    list->distinct_words = finder->discovery.distinct_words();
    const kma::Status st = finder->discovery.Extract(analyzer->analyzer.get(), opt, &list->words);
    if (!st.ok()) return FromStatus(fn, st);
    *out = list.release();
    return KMA_OK;
  });
}

KMA_API size_t KMA_CALL kma_word_list_count(const kma_word_list* list) {
  return list != nullptr ? list->words.size() : 0;
}

KMA_API kma_status KMA_CALL kma_word_list_get(const kma_word_list* list, size_t index, const char** form,
                                              uint32_t* count, double* score) {
  static constexpr const char* fn = "kma_word_list_get";
  return Guard(fn, [&]() -> kma_status {
    if (list == nullptr) return NullArgument(fn, "list");
    if (index >= list->words.size())
      return Fail(KMA_E_INVALID_ARGUMENT, {fn, ": index ", std::to_string(index), " out of range (",
                                           std::to_string(list->words.size()), " candidates)"});
    const kma::WordCandidate& w = list->words[index];
    if (form != nullptr) *form = w.form.c_str();
    if (count != nullptr) *count = w.count;
    if (score != nullptr) *score = w.score;
    return KMA_OK;
  });
}

KMA_API kma_status KMA_CALL kma_word_list_user_dict(const kma_word_list* list, const char* tag, kma_text** out) {
  static constexpr const char* fn = "kma_word_list_user_dict";
  return Guard(fn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(fn, "out");
    *out = nullptr;
    if (list == nullptr) return NullArgument(fn, "list");
    const std::string_view t = tag == nullptr ? "NNG" : tag;
    if (t != "NNG" && t != "NNP")
      return Fail(KMA_E_INVALID_ARGUMENT, {fn, ": tag must be NNG or NNP, not '", t, "'"});
    auto text = std::make_unique<kma_text>();
    text->bytes = kma::CandidatesAsUserDictionary(list->words, list->distinct_words, t);
    *out = text.release();
    return KMA_OK;
  });
}

KMA_API void KMA_CALL kma_word_list_free(kma_word_list* list) {
  kma::capi::GuardVoid("kma_word_list_free", [&] { delete list; });
}

}  // extern "C"
