// `kma split`: sentence splitting, one sentence per output line.
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

constexpr const char kSplitUsage[] =
    "usage: kma split [--model P] [FILE...]\n"
    "\n"
    "Splits each input line (stdin without FILE, or for \"-\") into sentences and\n"
    "prints one sentence per line, without surrounding spaces.\n"
    "  --model P   model file (default: $KMA_MODEL, else the bundled model)\n"
    "  -h, --help  show this help\n";

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

int RunSplit(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) {
    return Fail(kExitUsage, error + " (see 'kma split --help')");
  }
  if (args.help()) {
    std::fputs(kSplitUsage, stdout);
    return kExitOk;
  }
  std::vector<std::string> files = args.positionals();
  if (files.empty()) files.push_back("-");

  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), "", &model); rc != kExitOk) return rc;
  Analyzer analyzer(model);

  std::vector<SentenceSpan> spans;
  std::string out;
  for (const std::string& file : files) {
    LineReader reader;
    if (!reader.Open(file, &error)) return Fail(kExitRuntime, error);
    std::string_view line;
    while (reader.Next(&line)) {
      Status st = analyzer.SplitUtf8(line, &spans);
      if (!st.ok()) return Fail(kExitRuntime, LineErrorMessage(reader, st));
      out.clear();
      for (const SentenceSpan& s : spans) {
        if (s.begin > line.size()) continue;  // defensive: never read past the line
        std::string_view sent = TrimSpaces(line.substr(s.begin, s.length));
        if (sent.empty()) continue;
        out.append(sent);
        out.push_back('\n');
      }
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
