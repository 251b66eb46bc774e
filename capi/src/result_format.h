// The records `kma analyze --format` prints for one analysed text (morphs,
// N-best morphs, JSON Lines, TSV), written once for everyone: the C ABI's
// kma_result_format() (format_api.cpp) and the kma CLI both call
// AppendRecord, so the bindings and the CLI give the same bytes.
//
// A library of its own (kma_result_format) because the CLI, which runs the
// C++ core directly, uses it too. It depends on nothing but the C headers.
#ifndef KMA_CAPI_SRC_RESULT_FORMAT_H_
#define KMA_CAPI_SRC_RESULT_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace kma::capi {

// One token as the records show it. begin/length are UTF-8 byte offsets in
// the text; flags are KMA_TOKEN_* bits.
struct RecordToken {
  std::string_view form;
  std::string_view tag;
  std::string_view lemma;  // shown only when RecordAnalysis::lemma is set
  uint32_t begin = 0, length = 0;
  uint32_t cp_begin = 0, cp_length = 0;
  uint32_t sentence = 0, word = 0;
  float score = 0;
  uint16_t flags = 0;
};

struct RecordAnalysis {
  float score = 0;
  const RecordToken* tokens = nullptr;
  size_t token_count = 0;
  // KMA_OPT_LEMMA: the tokens' lemmas in the record (morphs print them
  // instead of the forms, JSON adds a "lemma" key, TSV a sixth column).
  bool lemma = false;
};

// Appends `s` as a JSON string literal, as the records write them: '"',
// '\\' and control bytes escaped (DEL too), other bytes unchanged. (kma
// split's JSON Lines use it for their sentences.)
void AppendJsonString(std::string_view s, std::string* out);

// True for the KMA_FORMAT_* values AppendRecord knows.
bool IsRecordFormat(int32_t format);

// Appends the record of `text` (UTF-8, as analysed) and its analyses, best
// first, in `format` (a KMA_FORMAT_* value; IsRecordFormat must hold).
void AppendRecord(int32_t format, std::string_view text, const RecordAnalysis* analyses,
                  size_t count, std::string* out);

}  // namespace kma::capi

#endif  // KMA_CAPI_SRC_RESULT_FORMAT_H_
