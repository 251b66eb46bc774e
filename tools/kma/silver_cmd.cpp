// `kma silver`: silver training data from the dictionary usage examples
// (../shared/data/weak/dict_examples.tsv, issue 13). Every example of a
// headword that is not held out (tools/builder/weak/held_out.h) and whose
// text spells the headword is analysed twice: freely, and under a lemma
// constraint holding one of the headword's readings in corpus convention
// (HeadwordConventions::Readings()). The constrained analysis is kept when
// its score is within --margin nats of the free one: a small margin means
// the model itself almost chose the headword's reading, a large one that
// the constraint forced an analysis the model finds implausible (often a
// convention the readings do not cover). Kept analyses are written in
// corpus/train.tsv's format, in input order, for `kma build-model --silver`.
// Held-out headwords never reach the output, so the held-out headword
// agreement (`kma eval --weak --held-out`) stays an honest test.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/base/thread_pool.h"
#include "core/search/analyzer.h"
#include "tools/builder/weak/dict_examples.h"
#include "tools/builder/weak/held_out.h"
#include "tools/builder/weak/surface_presence.h"
#include "tools/kma/cli_args.h"
#include "tools/kma/commands.h"
#include "tools/kma/line_reader.h"
#include "tools/kma/model_locator.h"

namespace kma::cli {
namespace {

constexpr const char kSilverUsage[] =
    "usage: kma silver --weak FILE -o OUT [--model P] [--lm NAME] [-t N] [--kinds LIST]\n"
    "                  [--margin X] [--window N] [--limit N]\n"
    "\n"
    "Writes silver training data (corpus/train.tsv's format) from dictionary usage\n"
    "examples (weak/dict_examples.tsv): each example of a headword that is not held\n"
    "out and whose text spells the headword is analysed under the constraint that\n"
    "the headword appears in corpus convention; the analysis is kept when its score\n"
    "is at most X nats below the unconstrained analysis. Counts go to stderr.\n"
    "  --weak FILE   the examples (text, headword, tags, kind, sense per line)\n"
    "  -o, --output OUT  silver file to write\n"
    "  --model P     model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME     language model of the model file to score with\n"
    "  -t, --threads N  analysis threads, 0..256 (default 1; 0: one per online\n"
    "                CPU); the output is the same for every N\n"
    "  --kinds LIST  comma-separated kinds: sentence, dialogue, phrase (default: all)\n"
    "  --margin X    largest score gap kept, in nats, >= 0 (default 5)\n"
    "  --window N    write only the word holding the headword's reading and N\n"
    "                words on each side, not the whole example (default: the whole\n"
    "                example); the other words are the model's own free choices\n"
    "  --limit N     read only the first N examples of the file\n"
    "  --no-unknown  drop examples whose analysis guesses an unknown word other\n"
    "                than the headword's own morphemes (such guesses would enter\n"
    "                the vocabulary)\n"
    "  -h, --help    show this help\n";

struct Settings {
  std::string file, output, model, lm;
  long threads = 1, limit = -1;
  long window = -1;  // words kept on each side of the headword's word; -1: all
  float margin = 5.0f;
  bool no_unknown = false;
  bool kind_on[weak::kNumExampleKinds] = {true, true, true};
};

int ParseSettings(int argc, char** argv, int first, Settings* s) {
  ArgParser args({{"weak", 0, true}, {"output", 'o', true}, {"model", 0, true}, {"lm", 0, true},
                  {"threads", 't', true}, {"kinds", 0, true}, {"margin", 0, true}, {"limit", 0, true},
                  {"window", 0, true}, {"no-unknown", 0, false}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma silver --help')");
  if (args.help()) {
    std::fputs(kSilverUsage, stdout);
    return kExitOk;
  }
  if (!args.positionals().empty()) return Fail(kExitUsage, "unexpected argument '" + args.positionals()[0] + "'");
  s->file = args.Get("weak");
  s->output = args.Get("output");
  if (s->file.empty() || s->output.empty()) return Fail(kExitUsage, "silver needs --weak FILE and -o OUT");
  if (!ParseIntInRange(args.Get("threads", "1"), 0, 256, &s->threads))
    return Fail(kExitUsage, "--threads must be an integer in 0..256 (0: all CPUs)");
  if (s->threads == 0) s->threads = std::clamp<long>(std::thread::hardware_concurrency(), 1, 256);
  if (args.Has("limit") && !ParseIntInRange(args.Get("limit"), 1, 1L << 40, &s->limit))
    return Fail(kExitUsage, "--limit must be a positive integer");
  if (args.Has("window") && !ParseIntInRange(args.Get("window"), 0, 1000, &s->window))
    return Fail(kExitUsage, "--window must be an integer in 0..1000");
  if (args.Has("margin") && !ParseFloatInRange(args.Get("margin"), 0.0f, 1e6f, &s->margin))
    return Fail(kExitUsage, "--margin must be a number >= 0");
  std::string bad;
  if (args.Has("kinds") && !weak::ParseKindList(args.Get("kinds"), s->kind_on, &bad))
    return Fail(kExitUsage, "--kinds: unknown kind '" + bad + "' (sentence, dialogue, phrase)");
  s->model = args.Get("model");
  s->lm = args.Get("lm");
  s->no_unknown = args.Has("no-unknown");
  return -1;
}

// The examples to analyse, each with the lemma constraint of its entry.
struct Work {
  std::deque<std::string> lines;  // views into its strings stay valid
  std::vector<weak::DictExample> examples;
  std::vector<uint32_t> entry;          // per example: index into constraints
  std::vector<Constraints> constraints; // per entry; empty: no forcible reading
  size_t read = 0, held_out = 0, other_kind = 0, not_spelled = 0;
};

// The headword's readings as one lemma constraint. Readings anchored inside
// a longer morpheme cannot be forced (constraints.h needs the morphemes).
Constraints LemmaConstraintOf(const std::vector<weak::Reading>& readings) {
  Constraints c;
  LemmaConstraint lemma;
  for (const weak::Reading& r : readings) {
    if (r.anchor != weak::Anchor::kMorphemes || r.morphs.empty() || r.morphs.size() > kMaxConstraintMorphs)
      continue;
    std::vector<ConstraintMorph> morphs;
    for (const weak::MorphPattern& p : r.morphs) morphs.push_back({p.form, p.tags});  // same bit per PosTag
    lemma.readings.push_back(std::move(morphs));
  }
  if (!lemma.readings.empty()) c.lemmas.push_back(std::move(lemma));
  return c;
}

int LoadWork(const Settings& s, Work* w) {
  weak::HeadwordConventions conventions;
  LineReader reader;
  std::string error;
  if (!reader.Open(s.file, &error)) return Fail(kExitRuntime, error);
  std::string_view line;
  std::vector<weak::DictExample> all;
  while (reader.Next(&line) && (s.limit < 0 || static_cast<long>(all.size()) < s.limit)) {
    if (weak::IsDictExampleComment(line)) continue;
    w->lines.emplace_back(line);
    weak::DictExample ex;
    if (!weak::ParseDictExample(w->lines.back(), &ex, &error))
      return Fail(kExitRuntime, reader.name() + ":" + std::to_string(reader.line_number()) + ": " + error);
    conventions.AddEntry(ex.headword, ex.tags);
    all.push_back(ex);
  }
  if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  w->read = all.size();
  std::unordered_map<std::string, uint32_t> entry_ids;
  for (const weak::DictExample& ex : all) {
    if (weak::IsHeldOutHeadword(ex.headword)) {
      ++w->held_out;
      continue;
    }
    if (!s.kind_on[static_cast<int>(ex.kind)]) {
      ++w->other_kind;
      continue;
    }
    const weak::HeadwordClass cls = weak::ClassOf(ex.tags);
    if (weak::FindHeadwordSurface(ex.text, ex.headword, weak::ClassInflects(cls, ex.tags),
                                  cls == weak::HeadwordClass::kEnding)
            .empty()) {
      ++w->not_spelled;
      continue;
    }
    std::string key(ex.headword);
    key += '\t' + std::to_string(ex.tags);
    auto [it, added] = entry_ids.emplace(key, static_cast<uint32_t>(w->constraints.size()));
    if (added) w->constraints.push_back(LemmaConstraintOf(conventions.Readings(ex.headword, ex.tags)));
    w->examples.push_back(ex);
    w->entry.push_back(it->second);
  }
  return kExitOk;
}

// What became of one example.
enum class Fate { kKept, kNoReading, kUnsatisfiable, kTooFar, kUnknown };
constexpr int kNumFates = 5;

// True if `t` is an unknown-word guess that is not one of the morphemes of
// the constraint's readings.
bool IsForeignUnknown(const Token& t, const Constraints& c) {
  if (!(t.flags & kTokenUnknown)) return false;
  for (const auto& reading : c.lemmas[0].readings)
    for (const ConstraintMorph& m : reading)
      if (m.form == t.form && (m.tags & TagSetOf(t.tag))) return false;
  return true;
}

// Index of the first token of a forced reading of the lemma constraint in
// `tokens` (consecutive tokens with its forms and allowed tags), and its
// length; tokens.size() if none is found.
size_t FindReading(const std::vector<Token>& tokens, const Constraints& c, size_t* length) {
  for (size_t i = 0; i < tokens.size(); ++i)
    for (const auto& reading : c.lemmas[0].readings) {
      if (i + reading.size() > tokens.size()) continue;
      size_t k = 0;
      while (k < reading.size() && tokens[i + k].form == reading[k].form &&
             (reading[k].tags & TagSetOf(tokens[i + k].tag)))
        ++k;
      if (k == reading.size()) {
        *length = k;
        return i;
      }
    }
  return tokens.size();
}

// [*first, *last): the tokens of the words holding the headword's reading
// and `window` words on each side. Only the reading is backed by the
// dictionary; the rest of the example is the model's own free choice,
// which a student would learn back, errors included. Unchanged when no
// reading is found (cannot happen for a satisfied constraint).
void WindowAroundReading(const std::vector<Token>& tokens, const Constraints& c, size_t window, size_t* first,
                         size_t* last) {
  size_t length = 0;
  const size_t at = FindReading(tokens, c, &length);
  if (at == tokens.size()) return;
  auto word_of = [&](size_t i) { return std::pair(tokens[i].sentence, tokens[i].word); };
  size_t b = at, e = at + length, seen = 0;
  while (b > 0 && word_of(b - 1) == word_of(b)) --b;
  for (; b > 0 && seen <= window; --b)
    if (word_of(b - 1) != word_of(b) && ++seen > window) break;
  while (e < tokens.size() && word_of(e) == word_of(e - 1)) ++e;
  for (seen = 0; e < tokens.size() && seen <= window; ++e)
    if (word_of(e) != word_of(e - 1) && ++seen > window) break;
  *first = b;
  *last = e;
}

// Analyses one example (on a pool worker); sets *out to its train.tsv line
// when kept.
Status Silver(Analyzer& analyzer, const AnalyzeOptions& opt, const Settings& s, const weak::DictExample& ex,
              const Constraints& c, Fate* fate, std::string* out) {
  out->clear();
  if (c.empty()) {
    *fate = Fate::kNoReading;
    return Status::Ok();
  }
  thread_local std::vector<Analysis> free, forced;
  KMA_RETURN_IF_ERROR(analyzer.AnalyzeUtf8(ex.text, opt, &free));
  const Status st = analyzer.AnalyzeUtf8(ex.text, opt, c, &forced);
  if (st.code() == StatusCode::kUnsatisfiable || (st.ok() && forced.empty())) {
    *fate = Fate::kUnsatisfiable;
    return Status::Ok();
  }
  KMA_RETURN_IF_ERROR(st);
  if (free.empty() || free[0].score - forced[0].score > s.margin) {
    *fate = Fate::kTooFar;
    return Status::Ok();
  }
  if (s.no_unknown)
    for (const Token& t : forced[0].tokens)
      if (IsForeignUnknown(t, c)) {
        *fate = Fate::kUnknown;
        return Status::Ok();
      }
  *fate = Fate::kKept;
  const std::vector<Token>& tokens = forced[0].tokens;
  size_t first = 0, last = tokens.size();
  if (s.window >= 0) WindowAroundReading(tokens, c, static_cast<size_t>(s.window), &first, &last);
  if (s.window < 0 || last == first) {
    first = 0;
    last = tokens.size();
    out->assign(ex.text);
  } else {
    const size_t b = tokens[first].begin, e = tokens[last - 1].begin + tokens[last - 1].length;
    out->assign(ex.text.substr(b, e > b ? e - b : 0));
  }
  uint32_t word = UINT32_MAX;
  for (size_t i = first; i < last; ++i) {
    const Token& t = tokens[i];
    *out += t.word != word ? '\t' : ' ';
    word = t.word;
    *out += t.form;
    *out += '/';
    *out += TagName(t.tag);
  }
  *out += '\n';
  return Status::Ok();
}

int Run(const Settings& s, const Work& w) {
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(s.model, s.lm, &model); rc != kExitOk) return rc;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(s.output.c_str(), "wb"), std::fclose);
  if (!out) return Fail(kExitRuntime, "cannot write " + s.output + ": " + std::strerror(errno));
  AnalyzeOptions opt;
  opt.lm = s.lm;
  ThreadPool pool(static_cast<size_t>(s.threads));
  std::vector<std::unique_ptr<Analyzer>> analyzers;
  for (size_t t = 0; t < pool.size(); ++t) analyzers.push_back(std::make_unique<Analyzer>(model));
  constexpr size_t kBlock = 4096;
  std::vector<std::string> lines(kBlock);
  std::vector<Fate> fates(kBlock);
  std::vector<Status> status(kBlock);
  size_t counts[weak::kNumExampleKinds][kNumFates] = {};
  for (size_t b = 0; b < w.examples.size(); b += kBlock) {
    const size_t n = std::min(kBlock, w.examples.size() - b);
    pool.Run(n, [&](size_t worker, size_t i) {
      status[i] = Silver(*analyzers[worker], opt, s, w.examples[b + i], w.constraints[w.entry[b + i]],
                         &fates[i], &lines[i]);
    });
    for (size_t i = 0; i < n; ++i) {
      if (!status[i].ok())
        return Fail(kExitRuntime, "example '" + std::string(w.examples[b + i].text) + "': " + status[i].message());
      ++counts[static_cast<int>(w.examples[b + i].kind)][static_cast<int>(fates[i])];
      if (std::fwrite(lines[i].data(), 1, lines[i].size(), out.get()) != lines[i].size())
        return Fail(kExitRuntime, "error writing " + s.output);
    }
  }
  if (std::fclose(out.release()) != 0) return Fail(kExitRuntime, "error writing " + s.output);
  std::fprintf(stderr,
               "kma silver: %zu examples read, %zu of held-out headwords, %zu of other kinds, %zu not "
               "spelling the headword; analysed:\n",
               w.read, w.held_out, w.other_kind, w.not_spelled);
  std::fprintf(stderr, "%-10s %9s %10s %13s %9s %9s\n", "kind", "kept", "no-reading", "unsatisfiable", "too-far",
               "unknown");
  for (int k = 0; k < weak::kNumExampleKinds; ++k)
    std::fprintf(stderr, "%-10s %9zu %10zu %13zu %9zu %9zu\n",
                 std::string(weak::KindName(static_cast<weak::ExampleKind>(k))).c_str(), counts[k][0], counts[k][1],
                 counts[k][2], counts[k][3], counts[k][4]);
  return kExitOk;
}

}  // namespace

int RunSilver(int argc, char** argv, int first) {
  Settings s;
  if (int rc = ParseSettings(argc, argv, first, &s); rc >= 0) return rc;
  Work w;
  if (int rc = LoadWork(s, &w); rc != kExitOk) return rc;
  return Run(s, w);
}

}  // namespace kma::cli
