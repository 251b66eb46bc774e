// `kma analyze`: line-by-line morphological analysis, streamed.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/search/analyzer.h"
#include "core/base/thread_pool.h"
#include "tools/kma/cli_args.h"
#include "tools/kma/commands.h"
#include "tools/kma/line_reader.h"
#include "tools/kma/model_locator.h"
#include "tools/kma/output_format.h"

namespace kma::cli {
namespace {

constexpr const char kAnalyzeUsage[] =
    "usage: kma analyze [--model P] [--lm NAME] [--top-n N] [--format morphs|json|tsv]"
    " [--threads N] [FILE...]\n"
    "\n"
    "Analyses each input line (stdin without FILE, or for \"-\").\n"
    "  --model P      model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME      language model of the model file to score with\n"
    "  -n, --top-n N  analyses per line, 1..64 (default 1)\n"
    "  -f, --format F morphs (default): one line \"form/TAG ...\" per input line;\n"
    "                 with --top-n N>1, N lines \"score<TAB>form/TAG ...\" and a blank line\n"
    "                 json: one JSON object per input line (JSON Lines)\n"
    "                 tsv: \"form<TAB>tag<TAB>begin<TAB>length<TAB>score\" per token, then EOS\n"
    "  -t, --threads N analysis threads sharing the model, 0..256 (default 1;\n"
    "                 0: one per online CPU). The output is the same for every N;\n"
    "                 with N>1 input is read and printed in blocks of 512 lines\n"
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
                  {"format", 'f', true},
                  {"threads", 't', true}});
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
  long threads = 1;
  if (!ParseIntInRange(args.Get("threads", "1"), 0, 256, &threads)) {
    return Fail(kExitUsage, "--threads must be an integer in 0..256 (0: all CPUs)");
  }
  if (threads == 0) {
    threads = std::clamp<long>(std::thread::hardware_concurrency(), 1, 256);
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
  AnalyzeOptions opt;
  opt.top_n = static_cast<int>(top_n);
  opt.lm = args.Get("lm");

  // One analyzer per worker over the shared model. Lines are read in blocks,
  // analysed on the pool, then formatted and printed in input order, so the
  // output does not depend on the thread count. With one thread a block is
  // one line: output keeps streaming line by line (interactive use). With
  // more, 512 lines per block keep every worker busy to the end of the block
  // while bounding memory.
  ThreadPool pool(static_cast<size_t>(threads));
  std::vector<std::unique_ptr<Analyzer>> analyzers;
  for (long t = 0; t < threads; ++t) analyzers.push_back(std::make_unique<Analyzer>(model));
  const size_t block = threads == 1 ? 1 : 512;
  std::vector<std::string> lines(block);
  std::vector<std::vector<Analysis>> analyses(block);
  std::vector<Status> statuses(block);

  std::string out;
  for (const std::string& file : files) {
    LineReader reader;
    if (!reader.Open(file, &error)) return Fail(kExitRuntime, error);
    for (;;) {
      size_t n = 0;
      std::string_view line;
      while (n < block && reader.Next(&line)) lines[n++].assign(line);
      if (n == 0) break;
      pool.Run(n, [&](size_t worker, size_t i) {
        statuses[i] = analyzers[worker]->AnalyzeUtf8(lines[i], opt, &analyses[i]);
      });
      const size_t first_line_number = reader.line_number() - n + 1;
      for (size_t i = 0; i < n; ++i) {
        // Lines before a bad one are printed, as with one thread.
        if (!statuses[i].ok()) {
          return Fail(kExitRuntime,
                      LineErrorMessage(reader, first_line_number + i, statuses[i]));
        }
        out.clear();
        FormatLine(format, opt.top_n, lines[i], analyses[i], &out);
        // stdio buffers stdout when it is a pipe and line-buffers a terminal,
        // so writing per line streams without extra flushing logic.
        WriteStdout(out);
      }
      if (n < block) break;  // end of input or a read error
    }
    if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    return Fail(kExitRuntime, "error writing to stdout");
  }
  return kExitOk;
}

}  // namespace kma::cli
