// `kma eval --weak FILE`: see eval_weak.h.
#include "tools/kma/eval/eval_weak.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <cerrno>
#include <cstring>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/base/thread_pool.h"
#include "core/search/analyzer.h"
#include "core/search/search_defaults.h"
#include "tools/builder/weak/dict_examples.h"
#include "tools/builder/weak/held_out.h"
#include "tools/builder/weak/homograph_agreement.h"
#include "tools/builder/weak/homograph_set.h"
#include "tools/builder/weak/surface_presence.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/eval/homograph_inputs.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/io/output_format.h"

namespace kma::cli {
namespace {

constexpr const char kWeakUsage[] =
    "usage: kma eval --weak FILE [--model P] [--lm NAME] [-t N] [--held-out]\n"
    "                [--kinds LIST] [--limit N] [--plain] [--unfiltered]\n"
    "                [--dump OUT] [--json]\n"
    "       kma eval --weak FILE --conventions TRAIN [--held-out] [--kinds LIST] [--plain] [--json]\n"
    "       kma eval --weak FILE --homographs [--lexicon DIR] [--rules FILE] [--model P] [--lm NAME]\n"
    "                [-t N] [--kinds LIST] [--limit N] [--dump OUT] [--json]\n"
    "\n"
    "Headword agreement on dictionary usage examples (weak/dict_examples.tsv:\n"
    "text, headword, tags, kind, sense per line): the share of examples whose\n"
    "top-1 analysis holds the example's headword in the corpus convention\n"
    "(tools/builder/weak/headword_convention.h), overall, per headword class and\n"
    "per kind, with the rule that found it. Only examples whose text spells the\n"
    "headword are scored (a dialogue turn often has it in the other turn).\n"
    "  --model P     model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME     language model of the model file to score with\n"
    "  -t, --threads N  analysis threads sharing the model, 0..256 (default 1;\n"
    "                0: one per online CPU); the figures are the same for every N\n"
    "  --held-out    score only the held-out headwords (one in ten, see\n"
    "                tools/builder/weak/held_out.h), never trained on\n"
    "  --kinds LIST  comma-separated kinds to score: sentence, dialogue, phrase\n"
    "                (default: all)\n"
    "  --limit N     score only the first N examples left after the filters\n"
    "  --plain       the plain match instead of the measured convention:\n"
    "                the headword with one of its tags, or X하/X되 as X + 하/되\n"
    "                (XSV or XSA)\n"
    "  --unfiltered  also score examples whose text does not spell the headword\n"
    "  --homographs  homograph agreement on the held-out homograph examples\n"
    "                (tools/builder/weak/homograph_set.h: examples whose headword is\n"
    "                spelled like another word, half of them held out of training):\n"
    "                the analysis holds the headword and not the rival reading,\n"
    "                overall, per kind and per homograph pair\n"
    "%s"
    "  --conventions TRAIN  no analysis: count how the gold file TRAIN (per-word\n"
    "                columns, as corpus/train.tsv) writes the examples'\n"
    "                headwords, per class and rule\n"
    "  --dump OUT    write one line per example to OUT: line number, class, kind,\n"
    "                scored (1/0), the rule credited (- for none), every rule\n"
    "                found, headword, tags, the top-1 analysis (--homographs: line\n"
    "                number, kind, agreed, headword found (1/0), the entry, its\n"
    "                rivals as NAME=found (1/0), the top-1 analysis)\n"
    "  --json        print one JSON object instead of tables\n"
    "  -h, --help    show this help\n";

// The examples of the file, filtered, with the readings of their entries.
struct Loaded {
  std::deque<std::string> lines;  // a deque: views into its strings stay valid
  std::vector<weak::DictExample> examples;
  std::vector<uint32_t> entry;    // per example: index into readings
  std::vector<size_t> line;       // per example: its line number in the file
  std::vector<std::vector<weak::Reading>> readings;
  // --homographs: the set and, per example, why it is in it.
  std::unique_ptr<weak::HomographSet> homographs;
  std::vector<weak::HomographSet::Match> matches;
  HomographSetInfo set_info;
};

struct Settings {
  std::string file, model, lm, conventions, dump;
  long threads = 1, limit = -1;
  bool held_out = false, plain = false, unfiltered = false, json = false, homographs = false;
  HomographInputs inputs;
  bool kind_on[weak::kNumExampleKinds] = {true, true, true};
  float prune_margin = search::kDefaultPruneMargin;
};

int ParseSettings(int argc, char** argv, int first, Settings* s) {
  ArgParser args({{"weak", 0, true}, {"model", 0, true}, {"lm", 0, true}, {"threads", 't', true},
                  {"held-out", 0, false}, {"kinds", 0, true}, {"limit", 0, true}, {"plain", 0, false},
                  {"unfiltered", 0, false}, {"conventions", 0, true}, {"dump", 0, true},
                  {"json", 0, false}, {"homographs", 0, false}, {"prune-margin", 0, true},
                  {"no-prune", 0, false}, kLexiconOption,
                  kRulesOption});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma eval --weak --help')");
  if (args.help()) {
    std::printf(kWeakUsage, kHomographInputsHelp);
    std::fputs(PruneHelp().c_str(), stdout);
    return kExitOk;
  }
  if (!args.positionals().empty())
    return Fail(kExitUsage, "eval --weak takes no GOLD files (unexpected '" + args.positionals()[0] + "')");
  s->file = args.Get("weak");
  if (s->file.empty()) return Fail(kExitUsage, "--weak needs a file (weak/dict_examples.tsv)");
  if (!ParseIntInRange(args.Get("threads", "1"), 0, 256, &s->threads))
    return Fail(kExitUsage, "--threads must be an integer in 0..256 (0: all CPUs)");
  if (s->threads == 0) s->threads = std::clamp<long>(std::thread::hardware_concurrency(), 1, 256);
  if (args.Has("limit") && !ParseIntInRange(args.Get("limit"), 1, 1L << 40, &s->limit))
    return Fail(kExitUsage, "--limit must be a positive integer");
  std::string bad;
  if (args.Has("kinds") && !weak::ParseKindList(args.Get("kinds"), s->kind_on, &bad))
    return Fail(kExitUsage, "--kinds: unknown kind '" + bad + "' (sentence, dialogue, phrase)");
  if (!ParsePruneSwitches(args, &s->prune_margin, &error)) return Fail(kExitUsage, error);
  s->model = args.Get("model");
  s->lm = args.Get("lm");
  s->conventions = args.Get("conventions");
  s->dump = args.Get("dump");
  s->held_out = args.Has("held-out");
  s->plain = args.Has("plain");
  s->unfiltered = args.Has("unfiltered");
  s->json = args.Has("json");
  s->homographs = args.Has("homographs");
  if (s->homographs && (s->held_out || s->plain || s->unfiltered || !s->conventions.empty()))
    return Fail(kExitUsage, "--homographs cannot be combined with --held-out, --plain, --unfiltered or --conventions");
  if (s->homographs)
    if (int rc = ResolveHomographInputs(args, &s->inputs); rc != kExitOk) return rc;
  return -1;
}

// Reads the file: every entry declared to `conventions`, the examples the
// filters keep into *out.
int LoadExamples(const Settings& s, weak::HeadwordConventions* conventions, Loaded* out) {
  LineReader reader;
  std::string error;
  if (!reader.Open(s.file, &error)) return Fail(kExitUsage, error);
  std::string_view line;
  std::vector<weak::DictExample> all;
  std::vector<size_t> numbers;
  while (reader.Next(&line)) {
    if (weak::IsDictExampleComment(line)) continue;
    out->lines.emplace_back(line);
    weak::DictExample ex;
    if (!weak::ParseDictExample(out->lines.back(), &ex, &error))
      return Fail(kExitRuntime, reader.name() + ":" + std::to_string(reader.line_number()) + ": " + error);
    conventions->AddEntry(ex.headword, ex.tags);
    all.push_back(ex);
    numbers.push_back(reader.line_number());
  }
  if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  if (s.homographs) {
    const Status st = weak::LoadHomographSet(all, s.inputs.lexicon_dir, s.inputs.rules_path, &out->homographs);
    if (!st.ok()) return Fail(kExitRuntime, st.message());
  }
  std::vector<weak::HomographSet::Match> matches;
  if (s.homographs) matches = out->homographs->FindAll(all, static_cast<size_t>(s.threads));
  std::set<weak::HomographPair> pairs, held_pairs;
  std::unordered_map<std::string, uint32_t> entry_ids;
  for (size_t i = 0; i < all.size(); ++i) {
    const weak::DictExample& ex = all[i];
    weak::HomographSet::Match match;
    if (s.homographs) {
      if (matches[i].rivals.empty()) continue;
      match = std::move(matches[i]);
      const bool held = weak::IsHeldOutHomographText(ex.text);
      ++out->set_info.examples;
      out->set_info.held_out += held;
      for (uint32_t r : match.rivals)
        (held ? held_pairs : pairs).insert({std::min(match.entry, r), std::max(match.entry, r)});
      if (!held) continue;
    }
    if (!s.kind_on[static_cast<int>(ex.kind)] || (s.held_out && !weak::IsHeldOutHeadword(ex.headword))) continue;
    if (s.limit > 0 && static_cast<long>(out->examples.size()) >= s.limit) continue;
    if (s.homographs) out->matches.push_back(std::move(match));
    std::string key(ex.headword);
    key += '\t' + std::to_string(ex.tags);
    auto [it, added] = entry_ids.emplace(key, static_cast<uint32_t>(out->readings.size()));
    if (added) out->readings.push_back(conventions->Readings(ex.headword, ex.tags));
    out->examples.push_back(ex);
    out->entry.push_back(it->second);
    out->line.push_back(numbers[i]);
  }
  out->set_info.held_out_pairs = held_pairs.size();
  pairs.insert(held_pairs.begin(), held_pairs.end());
  out->set_info.pairs = pairs.size();
  return kExitOk;
}

// One example on its way through a block.
struct Slot {
  Status status;
  weak::ExampleOutcome outcome;
  weak::HomographOutcome homograph;  // --homographs
  std::string dump;  // --dump: its line
};

// The --dump line of an example scored for headword agreement: class, kind,
// scored, the rule credited ("-": none), every rule found, headword, tags,
// the analysis.
void AppendWeakDump(const Settings& s, const weak::DictExample& ex, const weak::ExampleOutcome& o,
                    const std::vector<Analysis>& analyses, std::string* d) {
  const int first = weak::FirstAcceptedRule(o.rules, s.plain);
  d->assign(weak::ClassName(o.cls));
  *d += '\t';
  *d += weak::KindName(o.kind);
  *d += o.scored ? "\t1\t" : "\t0\t";
  *d += first >= 0 ? weak::RuleName(static_cast<weak::Rule>(first)) : "-";
  *d += '\t';
  for (int r = 0, n = 0; r < weak::kNumRules; ++r)
    if (o.rules & (weak::RuleMask{1} << r)) (n++ ? *d += ',' : *d) += weak::RuleName(static_cast<weak::Rule>(r));
  *d += '\t';
  *d += ex.headword;
  *d += '\t';
  *d += weak::TagListName(ex.tags);
  *d += '\t';
  if (!analyses.empty()) AppendMorphs(analyses[0], d);
  *d += '\n';
}

// The --dump line of a homograph example: kind, agreed, headword found, the
// entry, its rivals as NAME=found, the analysis.
void AppendHomographDump(const weak::HomographSet& set, const weak::HomographOutcome& h,
                         const std::vector<Analysis>& analyses, std::string* d) {
  bool rival = false;
  for (const auto& r : h.rivals) rival |= r.second;
  d->assign(weak::KindName(h.kind));
  *d += h.headword && !rival ? "\t1" : "\t0";
  *d += h.headword ? "\t1\t" : "\t0\t";
  *d += set.entry(h.entry).name;
  *d += '\t';
  for (size_t i = 0; i < h.rivals.size(); ++i) {
    if (i) *d += ',';
    *d += set.entry(h.rivals[i].first).name;
    *d += h.rivals[i].second ? "=1" : "=0";
  }
  *d += '\t';
  if (!analyses.empty()) AppendMorphs(analyses[0], d);
  *d += '\n';
}

// Scores one example with `analyzer` (on a pool worker); `match` is its
// homograph match under --homographs, else null.
void Score(Analyzer& analyzer, const AnalyzeOptions& opt, const Settings& s, const weak::DictExample& ex,
           const std::vector<weak::Reading>& readings, const weak::HomographSet* set,
           const weak::HomographSet::Match* match, Slot* slot) {
  thread_local std::vector<Analysis> analyses;
  thread_local std::vector<weak::MorphView> morphs;
  slot->status = analyzer.AnalyzeUtf8(ex.text, opt, &analyses);
  if (!slot->status.ok()) return;
  weak::ExampleOutcome& o = slot->outcome;
  o = weak::ExampleOutcome();
  o.cls = weak::ClassOf(ex.tags);
  o.kind = ex.kind;
  const std::vector<weak::ByteSpan> surface = weak::FindHeadwordSurface(
      ex.text, ex.headword, weak::ClassInflects(o.cls, ex.tags), o.cls == weak::HeadwordClass::kEnding);
  o.scored = s.unfiltered || !surface.empty();
  morphs.clear();
  if (!analyses.empty())
    for (const Token& t : analyses[0].tokens)
      morphs.push_back({t.form, t.tag, t.word, {t.begin, t.begin + t.length}});
  if (o.scored) o.rules = weak::MatchReadings(morphs, readings, surface);
  if (match) {
    weak::HomographOutcome& h = slot->homograph;
    h = weak::HomographOutcome();
    h.entry = match->entry;
    h.kind = ex.kind;
    h.headword = weak::FirstAcceptedRule(o.rules, false) >= 0;
    for (uint32_t r : match->rivals)
      h.rivals.emplace_back(r, weak::RivalFound(morphs, match->words, set->entry(r).readings, surface));
    if (!s.dump.empty()) AppendHomographDump(*set, h, analyses, &slot->dump);
  } else if (!s.dump.empty()) {
    AppendWeakDump(s, ex, o, analyses, &slot->dump);
  }
}

int RunAgreement(const Settings& s, const Loaded& data, WeakRunInfo* info) {
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(s.model, s.lm, &model); rc != kExitOk) return rc;
  info->lm = s.lm.empty() ? model->default_lm() : s.lm;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> dump(nullptr, std::fclose);
  if (!s.dump.empty()) {
    dump.reset(std::fopen(s.dump.c_str(), "wb"));
    if (!dump) return Fail(kExitRuntime, "cannot write " + s.dump + ": " + std::strerror(errno));
  }
  AnalyzeOptions opt;
  opt.top_n = 1;
  opt.lm = s.lm;
  opt.prune_margin = s.prune_margin;
  ThreadPool pool(static_cast<size_t>(s.threads));
  std::vector<std::unique_ptr<Analyzer>> analyzers;
  for (size_t t = 0; t < pool.size(); ++t) analyzers.push_back(std::make_unique<Analyzer>(model));
  weak::AgreementTally tally(s.plain);
  weak::HomographTally homographs;
  std::vector<Slot> slots(4096);
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  for (size_t b = 0; b < data.examples.size(); b += slots.size()) {
    const size_t n = std::min(slots.size(), data.examples.size() - b);
    pool.Run(n, [&](size_t worker, size_t i) {
      Score(*analyzers[worker], opt, s, data.examples[b + i], data.readings[data.entry[b + i]],
            data.homographs.get(), s.homographs ? &data.matches[b + i] : nullptr, &slots[i]);
    });
    for (size_t i = 0; i < n; ++i) {
      if (!slots[i].status.ok())
        return Fail(kExitRuntime, s.file + ":" + std::to_string(data.line[b + i]) + ": " + slots[i].status.message());
      tally.Add(slots[i].outcome);
      if (s.homographs) homographs.Add(slots[i].homograph);
      if (dump && (std::fprintf(dump.get(), "%zu\t", data.line[b + i]) < 0 ||
                   std::fwrite(slots[i].dump.data(), 1, slots[i].dump.size(), dump.get()) != slots[i].dump.size()))
        return Fail(kExitRuntime, "error writing " + s.dump);
    }
  }
  info->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  info->cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  if (dump && std::fclose(dump.release()) != 0) return Fail(kExitRuntime, "error writing " + s.dump);
  if (s.homographs)
    WriteStdout(s.json ? FormatHomographJson(*info, data.set_info, *data.homographs, homographs)
                       : FormatHomographText(*info, data.set_info, *data.homographs, homographs));
  else
    WriteStdout(s.json ? FormatWeakJson(*info, tally) : FormatWeakText(*info, tally));
  return kExitOk;
}

int RunConventions(const Settings& s, const Loaded& data, const weak::HeadwordConventions& conventions,
                   WeakRunInfo* info) {
  const auto start = std::chrono::steady_clock::now();
  weak::CorpusUsage usage(conventions);
  for (const weak::DictExample& ex : data.examples) usage.AddEntry(ex.headword, ex.tags);
  LineReader reader;
  std::string error;
  if (!reader.Open(s.conventions, &error)) return Fail(kExitUsage, error);
  std::string_view line;
  while (reader.Next(&line)) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    if (!usage.AddGoldLine(line, &error))
      return Fail(kExitRuntime, reader.name() + ":" + std::to_string(reader.line_number()) + ": " + error);
  }
  if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  info->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WriteStdout(s.json ? FormatUsageJson(*info, usage, s.plain) : FormatUsageText(*info, usage, s.plain));
  return kExitOk;
}

}  // namespace

bool WantsEvalWeak(int argc, char** argv, int first) {
  for (int i = first; i < argc; ++i) {
    if (std::strcmp(argv[i], "--") == 0) return false;
    if (std::strcmp(argv[i], "--weak") == 0 || std::strncmp(argv[i], "--weak=", 7) == 0) return true;
  }
  return false;
}

int RunEvalWeak(int argc, char** argv, int first) {
  Settings s;
  if (int rc = ParseSettings(argc, argv, first, &s); rc >= 0) return rc;
  // Diagnostic rules are matched too, to report what they would add.
  weak::HeadwordConventions conventions({s.plain, !s.plain});
  Loaded data;
  if (int rc = LoadExamples(s, &conventions, &data); rc != kExitOk) return rc;
  WeakRunInfo info;
  info.file = s.file;
  info.plain = s.plain;
  info.held_out = s.held_out;
  info.homographs = s.homographs;
  info.unfiltered = s.unfiltered;
  info.threads = s.threads;
  for (int k = 0; k < weak::kNumExampleKinds; ++k)
    if (s.kind_on[k]) info.kinds.emplace_back(weak::KindName(static_cast<weak::ExampleKind>(k)));
  const int rc = s.conventions.empty() ? RunAgreement(s, data, &info) : RunConventions(s, data, conventions, &info);
  if (rc != kExitOk) return rc;
  if (!FlushStdout()) return Fail(kExitRuntime, StdoutError());
  return kExitOk;
}

}  // namespace kma::cli
