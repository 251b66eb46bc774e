// The records `kma analyze` prints (morphs, json, tsv) and writing output.
// The records come from the C ABI's writer (capi/src/result_format.h), the
// one kma_result_format() uses, so the CLI and every binding print the same
// bytes for an analysis.
#ifndef KMA_TOOLS_KMA_OUTPUT_FORMAT_H_
#define KMA_TOOLS_KMA_OUTPUT_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/search/analyzer.h"

namespace kma::cli {

// Appends the record of `text` and its analyses (best first) in `format`, a
// KMA_FORMAT_* value of kma/kma_result.h. Token offsets are the analyses'
// own, so `text` must be UTF-8 and the text they were analysed from.
// `with_lemma` (--lemma) puts the tokens' lemmas in the record, as
// KMA_OPT_LEMMA does for kma_result_format().
void AppendRecord(int32_t format, std::string_view text, const std::vector<Analysis>& analyses,
                  std::string* out, bool with_lemma = false);

// "form/TAG form/TAG ..." for one analysis (the morphs record without its
// newline).
void AppendMorphs(const Analysis& a, std::string* out);

// Writes `s` to stdout in full (fwrite; stdout is buffered by stdio).
// Returns false once a write to stdout has failed, now or before (a full
// disk, a closed pipe): the output is incomplete and a streaming command
// stops there, with StdoutError() as its message.
bool WriteStdout(const std::string& s);
// Flushes stdout; false as WriteStdout.
bool FlushStdout();
// "error writing to stdout: <reason>", the reason of the first failed write.
std::string StdoutError();
// Writes `s` to the file `path`, or to stdout when `path` is empty. Returns
// kExitOk, or kExitRuntime after one "kma: ..." message on stderr.
int WriteOutput(const std::string& path, const std::string& s);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_OUTPUT_FORMAT_H_
