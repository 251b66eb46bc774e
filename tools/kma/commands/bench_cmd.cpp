// `kma bench`: load time, throughput, memory and ISA of the analyzer.
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/kernels/isa_info.h"
#include "core/search/analyzer.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/json_report.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/io/output_format.h"
#include "tools/kma/options/search_switches.h"
#include "tools/kma/options/user_dict_options.h"

namespace kma::cli {
namespace {

constexpr const char kBenchUsage[] =
    "usage: kma bench [--model P] [--lm NAME] [--typos] [--user-dict F] [--threads N] [--repeat R] [--split]\n"
    "                 [--whole] [--json] FILE\n"
    "\n"
    "Loads the model, reads FILE into memory (at most 256 MiB of text) and times\n"
    "the top-1 analysis of all its lines. Reports KB/s, sentences/s and\n"
    "ms/sentence (sentences = non-empty lines, bytes = their UTF-8 bytes), load\n"
    "ms (open + first analysis), peak RSS and the active ISA.\n"
    "  --model P        model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME        language model of the model file to score with\n"
    "  --typos          typo-tolerant analysis (see 'kma analyze --help')\n"
    "  --user-dict F    analyse with this user dictionary; its load time (read,\n"
    "                   check, compile) is reported as user_dict_ms (CPU time:\n"
    "                   user_dict_cpu_ms)\n"
    "  -t, --threads N  analysis threads sharing the model, 1..256 (default 1)\n"
    "  -r, --repeat R   passes over the input, 1..1000 (default 1)\n"
    "  --split          split into sentences instead of analysing (an analysis\n"
    "                   plus the splitter's pass)\n"
    "  --whole          one input: all lines joined by \"\\n\" (one long document;\n"
    "                   it counts as one sentence)\n"
    "  --json           print one JSON object; cpu_kb_per_s and cpu_seconds are\n"
    "                   the passes' process CPU time (user + system), which\n"
    "                   other jobs on a shared machine disturb less than wall\n"
    "                   time\n"
    "  -h, --help       show this help (--help-all: also the switches below)\n";


using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// CPU time (user + system) of the whole process, in seconds.
double ProcessCpuSeconds() {
  struct timespec ts;
  if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double PeakRssMb() {
  struct rusage ru;
  if (::getrusage(RUSAGE_SELF, &ru) != 0) return 0;
  return static_cast<double>(ru.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

// Coarse-to-fine search: the lattice nodes the first pass saw and kept.
struct PruneCounts {
  uint64_t seen = 0, kept = 0;
};

// Analyses lines[next..] in blocks taken from a shared atomic counter, so
// threads that get short lines simply take more blocks.
void Worker(const std::shared_ptr<const Model>& model, const std::shared_ptr<const UserDictionary>& user,
            const AnalyzeOptions& opt, bool split,
            const std::vector<std::string>& lines, std::atomic<size_t>* next,
            std::mutex* mu, std::string* first_error, PruneCounts* pruned) {
  constexpr size_t kBlock = 16;
  Analyzer analyzer(model, user);
  std::vector<Analysis> analyses;
  std::vector<SentenceSpan> spans;
  struct AddCounts {  // the analyzer's pruning counts, however the loop ends
    const Analyzer& a;
    std::mutex* mu;
    PruneCounts* out;
    ~AddCounts() {
      uint64_t seen, kept;
      a.PruneCounts(&seen, &kept);
      std::lock_guard<std::mutex> lock(*mu);
      out->seen += seen;
      out->kept += kept;
    }
  } add_counts{analyzer, mu, pruned};
  for (;;) {
    size_t begin = next->fetch_add(kBlock);
    if (begin >= lines.size()) return;
    size_t end = std::min(lines.size(), begin + kBlock);
    for (size_t i = begin; i < end; ++i) {
      Status st = split ? analyzer.SplitUtf8(lines[i], opt, &spans) : analyzer.AnalyzeUtf8(lines[i], opt, &analyses);
      if (!st.ok()) {
        std::lock_guard<std::mutex> lock(*mu);
        if (first_error->empty()) {
          *first_error = "line " + std::to_string(i + 1) + ": " + st.message();
        }
        return;
      }
    }
  }
}

// The benchmark input is held in memory for its passes, up to this much text.
constexpr size_t kMaxBenchBytes = size_t{256} << 20;

// The benchmark input: the non-empty lines of `path` (empty ones would
// inflate the sentence rate without doing work), or with `whole` one input
// of them all joined by "\n". Returns an exit code (errors already printed).
int ReadBenchLines(const std::string& path, bool whole, std::vector<std::string>* lines, size_t* bytes) {
  std::string error;
  LineReader reader;
  if (!reader.Open(path, &error)) return Fail(kExitUsage, error);
  std::string_view line;
  while (reader.Next(&line)) {
    if (line.empty()) continue;
    *bytes += line.size();
    if (*bytes > kMaxBenchBytes)
      return Fail(kExitRuntime, path + ": more than " + std::to_string(kMaxBenchBytes) +
                                    " bytes of text (a benchmark input is held in memory)");
    lines->emplace_back(line);
  }
  if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  if (lines->empty()) return Fail(kExitRuntime, path + ": no input lines");
  if (whole) {
    std::string all;
    for (const std::string& l : *lines) all.append(all.empty() ? "" : "\n").append(l);
    lines->assign(1, std::move(all));
  }
  return kExitOk;
}

// Load time as a user sees it: open, first analyzer, first sentence.
// Returns an exit code (errors already printed).
int LoadAndWarm(const std::string& path, const AnalyzeOptions& opt, std::shared_ptr<const Model>* model,
                double* load_ms) {
  auto load_start = Clock::now();
  if (int rc = OpenModel(path, opt.lm, model); rc != kExitOk) return rc;
  {
    Analyzer warm(*model);
    std::vector<Analysis> analyses;
    Status st = warm.AnalyzeUtf8("나는 밥을 먹었다.", opt, &analyses);
    if (!st.ok()) return Fail(kExitRuntime, "first analysis failed: " + st.message());
  }
  *load_ms = Seconds(load_start) * 1000.0;
  return kExitOk;
}

// Runs `repeat` passes over `lines` on `threads` threads; the seconds taken
// (and the process CPU seconds in `*cpu_seconds`).
// The first error stops the passes and is left in `*first_error`.
double TimePasses(const std::shared_ptr<const Model>& model, const std::shared_ptr<const UserDictionary>& user,
                  const AnalyzeOptions& opt, bool split, const std::vector<std::string>& lines, long threads,
                  long repeat, std::string* first_error, double* cpu_seconds, PruneCounts* pruned) {
  std::mutex mu;
  const double cpu_start = ProcessCpuSeconds();
  auto start = Clock::now();
  for (long r = 0; r < repeat && first_error->empty(); ++r) {
    std::atomic<size_t> next{0};
    std::vector<std::thread> pool;
    for (long t = 1; t < threads; ++t)
      pool.emplace_back(Worker, std::cref(model), std::cref(user), std::cref(opt), split, std::cref(lines), &next, &mu,
                        first_error, pruned);
    Worker(model, user, opt, split, lines, &next, &mu, first_error, pruned);
    for (auto& th : pool) th.join();
  }
  *cpu_seconds = ProcessCpuSeconds() - cpu_start;
  return Seconds(start);
}

// What one run measured, and how.
struct BenchResult {
  std::string file, lm;
  long threads = 1, repeat = 1;
  bool split = false, whole = false;
  size_t bytes = 0, lines = 0;  // of one pass
  double load_ms = 0, seconds = 0, cpu_seconds = 0;
  double user_dict_ms = 0, user_dict_cpu_ms = 0;  // read, check and compile the user dictionary
  PruneCounts pruned;  // over all passes; zero without pruning
};

std::string BenchReport(const BenchResult& b, bool json) {
  const double total_bytes = static_cast<double>(b.bytes) * b.repeat;
  const double sentences = static_cast<double>(b.lines) * b.repeat;
  const double kb_per_s = b.seconds > 0 ? total_bytes / 1024.0 / b.seconds : 0;
  const double sent_per_s = b.seconds > 0 ? sentences / b.seconds : 0;
  const double ms_per_sent = b.seconds * 1000.0 / sentences;
  const double rss = PeakRssMb();
  std::string out;
  if (json) {
    const Json report = {
        {"kb_per_s", JsonNumber(kb_per_s)},
        {"sentences_per_s", JsonNumber(sent_per_s)},
        {"ms_per_sentence", JsonNumber(ms_per_sent)},
        {"load_ms", JsonNumber(b.load_ms)},
        {"user_dict_ms", JsonNumber(b.user_dict_ms)},
        {"user_dict_cpu_ms", JsonNumber(b.user_dict_cpu_ms)},
        {"peak_rss_mb", JsonNumber(rss)},
        {"isa", ActiveIsaName()},
        {"threads", b.threads},
        {"lm", b.lm},
        // Counts as exact integers (JsonNumber would round them).
        {"bytes", static_cast<uint64_t>(b.bytes) * b.repeat},
        {"sentences", static_cast<uint64_t>(b.lines) * b.repeat},
        {"seconds", JsonNumber(b.seconds)},
        {"cpu_seconds", JsonNumber(b.cpu_seconds)},
        {"cpu_kb_per_s", JsonNumber(b.cpu_seconds > 0 ? total_bytes / 1024.0 / b.cpu_seconds : 0)},
        {"repeat", b.repeat},
        {"task", b.split ? "split" : "analyze"},
        {"whole", b.whole},
        {"prune_nodes", b.pruned.seen},
        {"prune_kept", b.pruned.kept}};
    return JsonText(report) + "\n";
  }
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "file            %s\n"
                "isa             %s\n"
                "lm              %s\n"
                "threads         %ld\n"
                "load            %.1f ms\n"
                "input           %.0f bytes, %.0f sentences (%ld pass%s)\n"
                "time            %.3f s\n"
                "throughput      %.1f KB/s, %.1f sentences/s\n"
                "latency         %.4f ms/sentence\n"
                "peak RSS        %.1f MB\n",
                b.file.c_str(), ActiveIsaName(), b.lm.c_str(), b.threads, b.load_ms, total_bytes, sentences,
                b.repeat, b.repeat == 1 ? "" : "es", b.seconds, kb_per_s, sent_per_s, ms_per_sent, rss);
  return out.append(buf);
}

}  // namespace

int RunBench(int argc, char** argv, int first) {
  std::vector<OptionSpec> specs = {{"model", 0, true},   {"lm", 0, true},          {"split", 0, false},
                                   {"whole", 0, false},  {"threads", 't', true},   {"repeat", 'r', true},
                                   {"json", 0, false},   {"user-dict", 0, true}};
  for (const OptionSpec& s : SearchSwitchSpecs()) specs.push_back(s);
  ArgParser args(std::move(specs));
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma bench --help')");
  if (args.help()) return PrintHelp(args, "bench", kBenchUsage, SearchSwitchHelp().c_str());
  BenchResult b;
  if (!ParseIntInRange(args.Get("threads", "1"), 1, 256, &b.threads))
    return Fail(kExitUsage, "--threads must be an integer in 1..256");
  if (!ParseIntInRange(args.Get("repeat", "1"), 1, 1000, &b.repeat))
    return Fail(kExitUsage, "--repeat must be an integer in 1..1000");
  if (args.positionals().size() != 1) return Fail(kExitUsage, "bench needs exactly one FILE (see 'kma bench --help')");
  AnalyzeOptions opt;
  opt.top_n = 1;
  opt.lm = args.Get("lm");
  if (!ApplySearchSwitches(args, &opt, &error)) return Fail(kExitUsage, error);
  std::shared_ptr<const Model> model;
  if (int rc = LoadAndWarm(args.Get("model"), opt, &model, &b.load_ms); rc != kExitOk) return rc;
  const auto dict_start = Clock::now();
  const double dict_cpu_start = ProcessCpuSeconds();
  std::shared_ptr<const UserDictionary> user;
  if (int rc = LoadUserDictOptions(model, args.Get("user-dict"), "", &user); rc != kExitOk) return rc;
  b.user_dict_ms = Seconds(dict_start) * 1000.0;
  b.user_dict_cpu_ms = (ProcessCpuSeconds() - dict_cpu_start) * 1000.0;
  b.lm = opt.lm.empty() ? model->default_lm() : opt.lm;
  b.file = args.positionals()[0];
  b.split = args.Has("split");
  b.whole = args.Has("whole");
  std::vector<std::string> lines;
  if (int rc = ReadBenchLines(b.file, b.whole, &lines, &b.bytes); rc != kExitOk) return rc;
  b.lines = lines.size();
  std::string first_error;
  b.seconds = TimePasses(model, user, opt, b.split, lines, b.threads, b.repeat, &first_error, &b.cpu_seconds, &b.pruned);
  if (!first_error.empty()) return Fail(kExitRuntime, b.file + ": " + first_error);
  WriteStdout(BenchReport(b, args.Has("json")));
  if (!FlushStdout()) return Fail(kExitRuntime, StdoutError());
  return kExitOk;
}

}  // namespace kma::cli
