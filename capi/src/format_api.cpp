// kma_result_format(): the records of `kma analyze` for a kma_result. The
// writing itself is AppendRecord (result_format.cpp), shared with the CLI;
// this file checks the text against the result and turns the tokens'
// code-point spans into UTF-8 byte offsets, so a result analysed from
// UTF-16 prints the same record as the CLI.
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "capi/src/result_format.h"
#include "core/text/utf.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::Guard;
using kma::capi::NullArgument;
using kma::capi::RecordAnalysis;
using kma::capi::RecordToken;

// The text as UTF-8 and where each of its code points starts in it
// (code points + 1 entries, the last one the byte length).
struct Utf8Text {
  std::string_view bytes;
  std::string owned;  // the encoding of a UTF-16 text
  std::vector<uint32_t> cp_begin;
};

kma_status DecodeText(const char* fn, const char* text, size_t length, Utf8Text* out) {
  std::u32string cps;
  const kma::Status st = kma::DecodeUtf8({text, length}, &cps, &out->cp_begin);
  if (!st.ok()) return kma::capi::FromStatus(fn, st);
  out->bytes = {text, length};
  return KMA_OK;
}

kma_status DecodeText(const char* fn, const uint16_t* text, size_t units, Utf8Text* out) {
  std::u32string cps;
  const kma::Status st =
      kma::DecodeUtf16(reinterpret_cast<const char16_t*>(text), units, &cps, nullptr);
  if (!st.ok()) return kma::capi::FromStatus(fn, st);
  out->cp_begin.reserve(cps.size() + 1);
  for (char32_t c : cps) {
    out->cp_begin.push_back(static_cast<uint32_t>(out->owned.size()));
    kma::AppendUtf8(c, &out->owned);
  }
  out->cp_begin.push_back(static_cast<uint32_t>(out->owned.size()));
  out->bytes = out->owned;
  return KMA_OK;
}

// The record's view of analysis `a`'s tokens, appended to *tokens; fails
// for a token that ends beyond the text.
kma_status ViewTokens(const char* fn, const kma_result& r, size_t a, const Utf8Text& text,
                      std::vector<RecordToken>* tokens) {
  const size_t cps = text.cp_begin.size() - 1;
  for (size_t i = r.starts[a]; i < r.starts[a + 1]; ++i) {
    const kma_token& k = r.tokens[i];
    const uint64_t end = uint64_t{k.cp_begin} + k.cp_length;
    if (end > cps) {
      return Fail(KMA_E_INVALID_ARGUMENT,
                  {fn, ": token ", std::to_string(i - r.starts[a]), " of analysis ",
                   std::to_string(a), " spans code points [", std::to_string(k.cp_begin), ", ",
                   std::to_string(end), ") but the text has ", std::to_string(cps),
                   ": it is not the text the result was analysed from"});
    }
    RecordToken t;
    t.form = std::string_view(r.pool).substr(k.form_offset, k.form_length);
    t.tag = kma_tag_name(k.tag);
    if (r.lemma_records) t.lemma = kma_result_token_lemma(&r, &k);
    t.begin = text.cp_begin[k.cp_begin];
    t.length = text.cp_begin[end] - t.begin;
    t.cp_begin = k.cp_begin;
    t.cp_length = k.cp_length;
    t.sentence = k.sentence;
    t.word = k.word;
    t.score = k.score;
    t.flags = k.flags;
    tokens->push_back(t);
  }
  return KMA_OK;
}

template <typename Unit>
kma_status Format(const char* fn, const kma_result* result, int32_t format, const Unit* text,
                  size_t units, char* buffer, size_t capacity, size_t* written) {
  if (written == nullptr) return NullArgument(fn, "written");
  *written = 0;
  if (result == nullptr) return NullArgument(fn, "result");
  if (text == nullptr && units != 0) {
    return Fail(KMA_E_INVALID_ARGUMENT,
                {fn, ": argument 'text' is NULL but its length is ", std::to_string(units)});
  }
  if (buffer == nullptr && capacity != 0) {
    return Fail(KMA_E_INVALID_ARGUMENT,
                {fn, ": argument 'buffer' is NULL but its capacity is ", std::to_string(capacity)});
  }
  if (!kma::capi::IsRecordFormat(format)) {
    return Fail(KMA_E_UNSUPPORTED, {fn, ": unknown format ", std::to_string(format)});
  }
  static const Unit kEmpty[1] = {0};
  Utf8Text t;
  if (kma_status st = DecodeText(fn, text != nullptr ? text : kEmpty, units, &t); st != KMA_OK) {
    return st;
  }
  const size_t count = result->scores.size();
  std::vector<RecordToken> tokens;
  tokens.reserve(result->tokens.size());
  for (size_t a = 0; a < count; ++a) {
    if (kma_status st = ViewTokens(fn, *result, a, t, &tokens); st != KMA_OK) return st;
  }
  std::vector<RecordAnalysis> analyses(count);
  for (size_t a = 0; a < count; ++a) {
    analyses[a].score = result->scores[a];
    analyses[a].tokens = tokens.data() + result->starts[a];
    analyses[a].token_count = result->starts[a + 1] - result->starts[a];
    analyses[a].lemma = result->lemma_records;
  }
  std::string record;
  kma::capi::AppendRecord(format, t.bytes, analyses.data(), count, &record);
  *written = record.size();
  if (capacity <= record.size()) {
    return Fail(KMA_E_BUFFER_TOO_SMALL,
                {fn, ": the record needs ", std::to_string(record.size() + 1),
                 " bytes with its NUL, the buffer has ", std::to_string(capacity)});
  }
  std::memcpy(buffer, record.data(), record.size());
  buffer[record.size()] = '\0';
  return KMA_OK;
}

}  // namespace

kma_status KMA_CALL kma_result_format(const kma_result* result, int32_t format, const char* text,
                                      size_t length, char* buffer, size_t capacity,
                                      size_t* written) {
  static constexpr char kFn[] = "kma_result_format";
  return Guard(kFn, [&] {
    return Format(kFn, result, format, text, length, buffer, capacity, written);
  });
}

kma_status KMA_CALL kma_result_format_utf16(const kma_result* result, int32_t format,
                                            const uint16_t* text, size_t units, char* buffer,
                                            size_t capacity, size_t* written) {
  static constexpr char kFn[] = "kma_result_format_utf16";
  return Guard(kFn, [&] {
    return Format(kFn, result, format, text, units, buffer, capacity, written);
  });
}
