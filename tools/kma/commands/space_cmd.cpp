// `kma space`: spacing correction of each input line (core/search/spacer.h).
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/search/analyzer.h"
#include "core/search/spacer.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/options/user_dict_options.h"

namespace kma::cli {
namespace {

constexpr const char kSpaceUsage[] =
    "usage: kma space [--weight W] [--model P] [--user-dict F] [--typos] [--max-line-bytes N] [FILE...]\n"
    "\n"
    "Corrects the spacing of each input line (stdin without FILE): one output\n"
    "line per input line. Particles, endings and suffixes attach to the word\n"
    "before them; other morphemes start a word where the model's boundary\n"
    "statistics say so. The writer's spaces are evidence, weighed by --weight.\n"
    "A bad line (invalid UTF-8) gets a message FILE:LINE:COLUMN on stderr and\n"
    "an empty output line; the exit status is then 1.\n"
    "  --weight W     how much the writer's spaces count, 0 (ignored: as if the\n"
    "                 text had none) to 1 (trusted); default 0.8\n"
    "  --model P      model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --user-dict F  a user dictionary (its words are analysed as such)\n"
    "  --typos        analyse with typo tolerance\n"
    "@MAXLINE@"
    "  -h, --help     show this help\n";

int SpaceLines(Analyzer* analyzer, const SpaceOptions& opt, const std::vector<std::string>& files,
               uint64_t max_line_bytes) {
  bool failed = false;
  std::string out;
  for (const std::string& file : files) {
    LineReader reader;
    std::string error;
    if (!reader.Open(file, &error)) {
      Fail(kExitRuntime, error);
      failed = true;
      continue;
    }
    reader.set_max_line_bytes(max_line_bytes);
    std::string_view line;
    while (reader.Next(&line)) {
      const std::string where = file + ":" + std::to_string(reader.line_number());
      if (reader.too_long()) {
        std::fwrite("\n", 1, 1, stdout);
        failed = true;
        Fail(kExitRuntime, where + ": " + reader.TooLongMessage("--max-line-bytes") + "; its output line is empty");
        continue;
      }
      const Status st = SpaceUtf8(analyzer, line, opt, &out);
      out.push_back('\n');
      std::fwrite(out.data(), 1, out.size(), stdout);
      if (!st.ok()) {
        failed = true;
        const std::string col = st.offset() >= 0 ? ":" + std::to_string(st.offset() + 1) : "";
        Fail(kExitRuntime, where + col + ": " + st.message() + "; its output line is empty");
      }
    }
    if (!reader.error().empty()) {
      Fail(kExitRuntime, reader.error());
      failed = true;
    }
  }
  std::fflush(stdout);
  return failed ? kExitRuntime : kExitOk;
}

}  // namespace

int RunSpace(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true}, {"user-dict", 0, true}, {"weight", 0, true}, {"typos", 0, false},
                  {"max-line-bytes", 0, true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma space --help')");
  if (args.help()) {
    std::fputs(WithMaxLineHelp(kSpaceUsage).c_str(), stdout);
    return kExitOk;
  }
  SpaceOptions opt;
  if (args.Has("weight") && !ParseFloatInRange(args.Get("weight"), 0.0f, 1.0f, &opt.weight))
    return Fail(kExitUsage, "--weight must be a number in [0, 1]");
  opt.analysis.typos = args.Has("typos");
  uint64_t max_line_bytes = 0;
  if (!ParseMaxLineBytes(args.Get("max-line-bytes"), &max_line_bytes, &error)) return Fail(kExitUsage, error);
  std::vector<std::string> files = args.positionals();
  if (files.empty()) files.push_back("-");
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), "", &model); rc != kExitOk) return rc;
  std::shared_ptr<const UserDictionary> user;
  if (int rc = LoadUserDictOptions(model, args.Get("user-dict"), "", &user); rc != kExitOk) return rc;
  Analyzer analyzer(model, user);
  return SpaceLines(&analyzer, opt, files, max_line_bytes);
}

}  // namespace kma::cli
