// Output formatting for `kma analyze` (morphs, json, tsv) and the JSON
// helpers the other subcommands use. Written by hand: no JSON library.
#ifndef KMA_TOOLS_KMA_OUTPUT_FORMAT_H_
#define KMA_TOOLS_KMA_OUTPUT_FORMAT_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/search/analyzer.h"

namespace kma::cli {

// Appends `s` as a JSON string literal (with quotes). Control characters,
// '"' and '\\' are escaped; other bytes (UTF-8) pass through unchanged.
void AppendJsonString(std::string_view s, std::string* out);
// Appends a JSON number; non-finite values become null (JSON has no NaN).
void AppendJsonNumber(double v, std::string* out);

// "form/TAG form/TAG ..." for one analysis.
void AppendMorphs(const Analysis& a, std::string* out);
// One JSON Lines object for one input line and its analyses (no newline).
void AppendJsonLine(std::string_view text, const std::vector<Analysis>& analyses,
                    std::string* out);
// "form\tTAG\tbegin\tlength\tscore\n" per token, then "EOS\n".
void AppendTsv(const Analysis& a, std::string* out);

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
