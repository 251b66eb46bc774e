// `kma analyze`: line-by-line morphological analysis, streamed.
#include <cstdio>
#include <string>
#include <vector>

#include "core/search/analyzer.h"
#include "tools/kma/cli_args.h"
#include "tools/kma/commands.h"
#include "tools/kma/line_reader.h"
#include "tools/kma/model_locator.h"
#include "tools/kma/output_format.h"

namespace kma::cli {
namespace {

constexpr const char kAnalyzeUsage[] =
    "usage: kma analyze [--model P] [--lm NAME] [--top-n N] [--format morphs|json|tsv]"
    " [FILE...]\n"
    "\n"
    "Analyses each input line (stdin without FILE, or for \"-\").\n"
    "  --model P      model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME      language model of the model file to score with\n"
    "  -n, --top-n N  analyses per line, 1..64 (default 1)\n"
    "  -f, --format F morphs (default): one line \"form/TAG ...\" per input line;\n"
    "                 with --top-n N>1, N lines \"score<TAB>form/TAG ...\" and a blank line\n"
    "                 json: one JSON object per input line (JSON Lines)\n"
    "                 tsv: \"form<TAB>tag<TAB>begin<TAB>length<TAB>score\" per token, then EOS\n"
    "  -h, --help     show this help\n";

enum class Format { kMorphs, kJson, kTsv };

void FormatLine(Format format, int top_n, std::string_view text,
                const std::vector<Analysis>& analyses, std::string* out) {
  switch (format) {
    case Format::kMorphs:
      if (top_n == 1) {
        if (!analyses.empty()) AppendMorphs(analyses[0], out);
        out->push_back('\n');
        return;
      }
      // An empty line has nothing to rank: emit only the block separator.
      if (!text.empty()) {
        for (const Analysis& a : analyses) {
          char buf[32];
          std::snprintf(buf, sizeof buf, "%.4f\t", a.score);
          out->append(buf);
          AppendMorphs(a, out);
          out->push_back('\n');
        }
      }
      out->push_back('\n');
      return;
    case Format::kJson:
      AppendJsonLine(text, analyses, out);
      out->push_back('\n');
      return;
    case Format::kTsv:
      if (analyses.empty()) {
        out->append("EOS\n");
      } else {
        AppendTsv(analyses[0], out);
      }
      return;
  }
}

}  // namespace

int RunAnalyze(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true},
                  {"lm", 0, true},
                  {"top-n", 'n', true},
                  {"format", 'f', true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) {
    return Fail(kExitUsage, error + " (see 'kma analyze --help')");
  }
  if (args.help()) {
    std::fputs(kAnalyzeUsage, stdout);
    return kExitOk;
  }
  long top_n = 1;
  if (!ParseIntInRange(args.Get("top-n", "1"), 1, 64, &top_n)) {
    return Fail(kExitUsage, "--top-n must be an integer in 1..64");
  }
  std::string fmt = args.Get("format", "morphs");
  Format format;
  if (fmt == "morphs") {
    format = Format::kMorphs;
  } else if (fmt == "json") {
    format = Format::kJson;
  } else if (fmt == "tsv") {
    format = Format::kTsv;
  } else {
    return Fail(kExitUsage, "unknown --format '" + fmt + "' (morphs, json or tsv)");
  }
  std::vector<std::string> files = args.positionals();
  if (files.empty()) files.push_back("-");

  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), args.Get("lm"), &model); rc != kExitOk) {
    return rc;
  }
  Analyzer analyzer(model);
  AnalyzeOptions opt;
  opt.top_n = static_cast<int>(top_n);
  opt.lm = args.Get("lm");

  std::vector<Analysis> analyses;
  std::string out;
  for (const std::string& file : files) {
    LineReader reader;
    if (!reader.Open(file, &error)) return Fail(kExitRuntime, error);
    std::string_view line;
    while (reader.Next(&line)) {
      Status st = analyzer.AnalyzeUtf8(line, opt, &analyses);
      if (!st.ok()) return Fail(kExitRuntime, LineErrorMessage(reader, st));
      out.clear();
      FormatLine(format, opt.top_n, line, analyses, &out);
      // stdio buffers stdout when it is a pipe and line-buffers a terminal,
      // so writing per line streams without extra flushing logic.
      WriteStdout(out);
    }
    if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    return Fail(kExitRuntime, "error writing to stdout");
  }
  return kExitOk;
}

}  // namespace kma::cli
