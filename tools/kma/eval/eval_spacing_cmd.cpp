// `kma eval --spacing`: spacing correction (core/search/spacer.h) scored
// against the spacing of correctly written text, in three variants of it:
//   - every space removed;
//   - noisy: each space removed with probability 0.2, and a space inserted
//     between two characters of a word with probability 0.05 (seeded);
//   - as written (the text should come back unchanged).
// Word boundaries are the positions between two non-space characters where
// the text has a space; precision, recall and F1 count them over the whole
// file, exact match counts sentences whose boundaries all agree.
#include <time.h>

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
#include "tools/kma/eval/rng.h"

namespace kma::cli {
namespace {

constexpr const char kEvalSpacingUsage[] =
    "usage: kma eval --spacing [--weight W[,W...]] [--seed N] [--limit N] [--show N] [--model P] FILE...\n"
    "\n"
    "Scores spacing correction against the spacing of FILE's text (the first\n"
    "tab-separated column of each line: a gold corpus's raw text, or plain\n"
    "text), in three variants: every space removed; 20% of the spaces removed\n"
    "and a space inserted at 5% of the places between two characters of a\n"
    "word (seeded); and as written, which should come back unchanged.\n"
    "Prints word-boundary precision, recall, F1, sentence exact match, the\n"
    "share of lines returned unchanged and the throughput (per CPU second of\n"
    "the one analysing thread), per weight.\n"
    "  --weight W[,W...]  weights of the writer's spaces to score (default 0.8)\n"
    "  --seed N       seed of the noisy variant (default 1)\n"
    "  --limit N      score the first N lines only\n"
    "  --show N       print N wrong lines per variant on stderr\n"
    "  --model P      model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --threshold T  tuning: the log-odds a word start must beat\n"
    "  --evidence-nats N  tuning: what the writer's space counts at weight 1\n"
    "  --no-space-nats N  tuning: what its absence counts against a word start\n"
    "  --lexical-prior N  tuning: how many boundaries the estimate before a\n"
    "                 context of the lexical spacing table weighs as (default 5)\n"
    "  -h, --help     show this help\n";

// CPU time of this thread: the machine may be shared, and the figure
// should not depend on what else runs.
double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

bool IsBlankByte(char c) { return c == ' ' || c == '\t'; }

// The text's characters without spaces, and the byte offsets into them
// where a space stood (between two characters).
struct Spacing {
  std::string chars;
  std::vector<uint32_t> bounds;
};

Spacing SpacingOf(std::string_view s) {
  Spacing sp;
  bool pending = false;
  for (char c : s) {
    if (IsBlankByte(c)) {
      pending = !sp.chars.empty();
      continue;
    }
    if (pending) sp.bounds.push_back(static_cast<uint32_t>(sp.chars.size()));
    pending = false;
    sp.chars.push_back(c);
  }
  return sp;
}

std::string NoSpaces(std::string_view s) { return SpacingOf(s).chars; }

// 20% of the spaces removed, a space at 5% of the places inside a word.
std::string Noisy(std::string_view s, uint64_t seed) {
  Rng rng(seed);
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (IsBlankByte(s[i])) {
      size_t j = i;
      while (j < s.size() && IsBlankByte(s[j])) ++j;
      if (!rng.Chance(0.2)) out.append(s, i, j - i);
      i = j;
      continue;
    }
    size_t j = i + 1;  // the next character (UTF-8)
    while (j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) ++j;
    out.append(s, i, j - i);
    if (j < s.size() && !IsBlankByte(s[j]) && rng.Chance(0.05)) out.push_back(' ');
    i = j;
  }
  return out;
}

struct Score {
  double tp = 0, predicted = 0, gold = 0;
  size_t lines = 0, exact = 0, unchanged = 0, changed_text = 0, errors = 0;
  double seconds = 0, bytes = 0;
  long shown = 0;
};

void Add(const Spacing& gold, std::string_view in, std::string_view out, long show, const char* variant, Score* s) {
  const Spacing got = SpacingOf(out);
  ++s->lines;
  s->gold += static_cast<double>(gold.bounds.size());
  s->predicted += static_cast<double>(got.bounds.size());
  if (out == in) ++s->unchanged;
  if (got.chars != gold.chars) {
    ++s->changed_text;
    return;
  }
  size_t a = 0, b = 0, tp = 0;
  while (a < gold.bounds.size() && b < got.bounds.size()) {
    if (gold.bounds[a] == got.bounds[b]) ++tp, ++a, ++b;
    else if (gold.bounds[a] < got.bounds[b]) ++a;
    else ++b;
  }
  s->tp += static_cast<double>(tp);
  const bool exact = tp == gold.bounds.size() && tp == got.bounds.size();
  s->exact += exact;
  if (!exact && s->shown < show) {
    ++s->shown;
    std::fprintf(stderr, "[%s]\n  in:  %.*s\n  out: %.*s\n", variant, static_cast<int>(in.size()), in.data(),
                 static_cast<int>(out.size()), out.data());
  }
}

void Print(const char* name, const Score& s) {
  const double p = s.predicted > 0 ? s.tp / s.predicted : 0, r = s.gold > 0 ? s.tp / s.gold : 0;
  const double f = p + r > 0 ? 2 * p * r / (p + r) : 0;
  const double n = s.lines > 0 ? static_cast<double>(s.lines) : 1.0;
  std::printf("  %-12s P %.4f  R %.4f  F1 %.4f  exact %.4f  unchanged %.4f  %6.0f lines/s %5.0f KB/s (CPU)%s\n", name, p,
              r, f, s.exact / n, s.unchanged / n, s.seconds > 0 ? s.lines / s.seconds : 0,
              s.seconds > 0 ? s.bytes / 1024 / s.seconds : 0,
              s.changed_text + s.errors ? (" (text changed on " + std::to_string(s.changed_text) + " lines, " +
                                           std::to_string(s.errors) + " errors)")
                                              .c_str()
                                        : "");
}

bool ReadTexts(const std::vector<std::string>& files, long limit, std::vector<std::string>* out) {
  for (const std::string& file : files) {
    LineReader reader;
    std::string error;
    if (!reader.Open(file, &error)) return Fail(kExitRuntime, error), false;
    std::string_view line;
    while (reader.Next(&line) && (limit < 0 || static_cast<long>(out->size()) < limit)) {
      const std::string_view text = line.substr(0, line.find('\t'));
      if (!NoSpaces(text).empty()) out->emplace_back(text);
    }
    if (!reader.error().empty()) return Fail(kExitRuntime, reader.error()), false;
  }
  return true;
}

void Measure(Analyzer* analyzer, const SpaceOptions& opt, const std::string& in, const Spacing& gold, long show,
             const char* variant, Score* s) {
  std::string out;
  const double t0 = ThreadCpuSeconds();
  const Status st = SpaceUtf8(analyzer, in, opt, &out);
  s->seconds += ThreadCpuSeconds() - t0;
  s->bytes += static_cast<double>(in.size());
  if (!st.ok()) ++s->errors;
  Add(gold, in, out, show, variant, s);
}

}  // namespace

int RunEvalSpacing(int argc, char** argv, int first) {
  ArgParser args({{"spacing", 0, false}, {"model", 0, true}, {"weight", 0, true}, {"seed", 0, true},
                  {"limit", 0, true}, {"show", 0, true}, {"threshold", 0, true},
                  {"evidence-nats", 0, true}, {"no-space-nats", 0, true}, {"lexical-prior", 0, true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma eval --spacing --help')");
  if (args.help()) {
    std::fputs(kEvalSpacingUsage, stdout);
    return kExitOk;
  }
  std::vector<float> weights;
  if (!ParseFloatList(args.Get("weight", "0.8"), 0.0f, 1.0f, &weights))
    return Fail(kExitUsage, "--weight takes numbers in [0, 1], comma-separated");
  float threshold = kWordStartThreshold, evidence = kSpaceEvidenceNats, absence = kNoSpaceEvidenceNats;
  if (args.Has("threshold") && !ParseFloatInRange(args.Get("threshold"), -20.0f, 20.0f, &threshold))
    return Fail(kExitUsage, "--threshold: a number in [-20, 20]");
  if (args.Has("evidence-nats") && !ParseFloatInRange(args.Get("evidence-nats"), 0.0f, 100.0f, &evidence))
    return Fail(kExitUsage, "--evidence-nats: a number in [0, 100]");
  if (args.Has("no-space-nats") && !ParseFloatInRange(args.Get("no-space-nats"), 0.0f, 100.0f, &absence))
    return Fail(kExitUsage, "--no-space-nats: a number in [0, 100]");
  float lexical_prior = kSpacingPriorCount;
  if (args.Has("lexical-prior") && !ParseFloatInRange(args.Get("lexical-prior"), 0.01f, 1000.0f, &lexical_prior))
    return Fail(kExitUsage, "--lexical-prior: a number in [0.01, 1000]");
  long seed = 1, limit = -1, show = 0;
  if (!ParseIntInRange(args.Get("seed", "1"), 0, 1L << 40, &seed)) return Fail(kExitUsage, "--seed: an integer >= 0");
  if (args.Has("limit") && !ParseIntInRange(args.Get("limit"), 1, 1L << 40, &limit))
    return Fail(kExitUsage, "--limit: an integer >= 1");
  if (!ParseIntInRange(args.Get("show", "0"), 0, 1000000, &show)) return Fail(kExitUsage, "--show: 0..1000000");
  if (args.positionals().empty()) return Fail(kExitUsage, "kma eval --spacing needs a FILE");
  std::vector<std::string> texts;
  if (!ReadTexts(args.positionals(), limit, &texts)) return kExitRuntime;
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), "", &model); rc != kExitOk) return rc;
  Analyzer analyzer(model);
  std::printf("spacing: %zu lines, noisy variant seed %ld\n", texts.size(), seed);
  for (float w : weights) {
    SpaceOptions opt;
    opt.weight = w;
    opt.threshold = threshold;
    opt.evidence_nats = evidence;
    opt.no_space_nats = absence;
    opt.lexical_prior = lexical_prior;
    Score none, noisy, written;
    for (size_t i = 0; i < texts.size(); ++i) {
      const Spacing gold = SpacingOf(texts[i]);
      Measure(&analyzer, opt, gold.chars, gold, show, "no spaces", &none);
      Measure(&analyzer, opt, Noisy(texts[i], static_cast<uint64_t>(seed) * 1000003u + i), gold, show, "noisy", &noisy);
      Measure(&analyzer, opt, texts[i], gold, show, "as written", &written);
    }
    std::printf("weight %.2f\n", w);
    Print("no spaces", none);
    Print("20%-/5%+", noisy);
    Print("as written", written);
  }
  return kExitOk;
}

}  // namespace kma::cli
