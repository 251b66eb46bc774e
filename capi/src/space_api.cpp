// kma_space_utf8: spacing correction (core/search/spacer.h) through the C ABI.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "core/search/glue.h"
#include "core/search/spacer.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::FromStatus;
using kma::capi::Guard;
using kma::capi::NullArgument;

}  // namespace

extern "C" {

KMA_API kma_status KMA_CALL kma_space_utf8(kma_analyzer* analyzer, const char* text, size_t bytes, double weight,
                                           kma_text** out) {
  static constexpr const char* fn = "kma_space_utf8";
  return Guard(fn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(fn, "out");
    *out = nullptr;
    if (analyzer == nullptr) return NullArgument(fn, "analyzer");
    if (text == nullptr && bytes != 0) return NullArgument(fn, "text");
    if (std::isnan(weight) || weight > 1.0)
      return Fail(KMA_E_INVALID_ARGUMENT, {fn, ": weight must be in [0, 1] (or negative for the default)"});
    kma::SpaceOptions opt;
    opt.analysis = analyzer->options;
    if (weight >= 0.0) opt.weight = static_cast<float>(weight);
    auto t = std::make_unique<kma_text>();
    struct Releaser {
      kma_analyzer* a;
      // Leaving by an exception (out of memory): the analyzer gives its
      // buffers back, or it would stay at the edge of the memory.
      ~Releaser() {
        if (std::uncaught_exceptions() > 0) a->analyzer->ReleaseMemory();
      }
    } releaser{analyzer};
    const kma::Status st = kma::SpaceUtf8(analyzer->analyzer.get(), std::string_view(text == nullptr ? "" : text, bytes),
                                          opt, &t->bytes);
    if (!st.ok()) return FromStatus(fn, st);
    *out = t.release();
    return KMA_OK;
  });
}

KMA_API kma_status KMA_CALL kma_glue_utf8(kma_analyzer* analyzer, const char* text, size_t bytes, kma_text** out) {
  static constexpr const char* fn = "kma_glue_utf8";
  return Guard(fn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(fn, "out");
    *out = nullptr;
    if (analyzer == nullptr) return NullArgument(fn, "analyzer");
    if (text == nullptr && bytes != 0) return NullArgument(fn, "text");
    auto t = std::make_unique<kma_text>();
    const kma::Status st =
        kma::GlueUtf8(analyzer->analyzer.get(), std::string_view(text == nullptr ? "" : text, bytes), &t->breaks,
                      &t->bytes);
    if (!st.ok()) return FromStatus(fn, st);
    *out = t.release();
    return KMA_OK;
  });
}

KMA_API size_t KMA_CALL kma_text_break_count(const kma_text* text) {
  return text != nullptr ? text->breaks.size() : 0;
}

KMA_API kma_status KMA_CALL kma_text_break(const kma_text* text, size_t index, size_t* begin, size_t* length,
                                           int32_t* decision) {
  static constexpr const char* fn = "kma_text_break";
  return Guard(fn, [&]() -> kma_status {
    if (text == nullptr) return NullArgument(fn, "text");
    if (begin == nullptr || length == nullptr || decision == nullptr) return NullArgument(fn, "begin/length/decision");
    if (index >= text->breaks.size()) return Fail(KMA_E_INVALID_ARGUMENT, {fn, ": index out of range"});
    const kma::GlueBreak& b = text->breaks[index];
    *begin = b.begin;
    *length = b.length;
    *decision = static_cast<int32_t>(b.decision);
    return KMA_OK;
  });
}

KMA_API const char* KMA_CALL kma_text_data(const kma_text* text, size_t* bytes) {
  if (bytes != nullptr) *bytes = text != nullptr ? text->bytes.size() : 0;
  return text != nullptr ? text->bytes.c_str() : "";
}

KMA_API void KMA_CALL kma_text_free(kma_text* text) { delete text; }

}  // extern "C"
