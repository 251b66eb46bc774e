// `kma silver`: silver training data from the dictionary usage examples
// (weak/dict_examples.tsv of the training data, docs/DATA.md), written for
// `kma build-model --silver`; what is kept and why is silver_maker.h's.
// `kma build-model --weak` runs the same steps itself.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>

#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/eval/homograph_inputs.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/build/silver_maker.h"

namespace kma::cli {
namespace {

constexpr const char kSilverUsage[] =
    "usage: kma silver --weak FILE -o OUT [--model P] [--lm NAME] [-t N] [--kinds LIST]\n"
    "                  [--margin X] [--window N] [--limit N] [--lexicon DIR] [--rules FILE]\n"
    "\n"
    "Writes silver training data (corpus/train.tsv's format) from dictionary usage\n"
    "examples (weak/dict_examples.tsv): each example that is not held out (neither\n"
    "of a held-out headword nor a held-out homograph example) and whose text spells\n"
    "the headword is analysed under the constraint that\n"
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
    "  --limit N     use only the first N examples of the file (the homograph set\n"
    "                is the whole file's)\n"
    "  --no-unknown  drop examples whose analysis guesses an unknown word other\n"
    "                than the headword's own morphemes (such guesses would enter\n"
    "                the vocabulary)\n"
    "%s"
    "  -h, --help    show this help\n";

struct Settings : SilverSettings {
  std::string file, output, model;
};

int ParseSettings(int argc, char** argv, int first, Settings* s) {
  ArgParser args({{"weak", 0, true}, {"output", 'o', true}, {"model", 0, true}, {"lm", 0, true},
                  {"threads", 't', true}, {"kinds", 0, true}, {"margin", 0, true}, {"limit", 0, true},
                  {"window", 0, true}, {"no-unknown", 0, false}, kLexiconOption, kRulesOption});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma silver --help')");
  if (args.help()) {
    std::printf(kSilverUsage, kHomographInputsHelp);
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
  HomographInputs inputs;
  if (int rc = ResolveHomographInputs(args, &inputs); rc != kExitOk) return rc;
  s->lexicon_dir = inputs.lexicon_dir;
  s->rules_path = inputs.rules_path;
  return -1;
}

}  // namespace

int RunSilver(int argc, char** argv, int first) {
  Settings s;
  if (int rc = ParseSettings(argc, argv, first, &s); rc >= 0) return rc;
  SilverExamples w;
  if (std::string why; s.file != "-" && !CanOpenFile(s.file, &why)) return Fail(kExitUsage, why);
  if (Status st = LoadSilverExamples(s.file, s, &w); !st.ok()) return Fail(kExitRuntime, st.message());
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(s.model, s.lm, &model); rc != kExitOk) return rc;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(s.output.c_str(), "wb"), std::fclose);
  if (!out) return Fail(kExitRuntime, "cannot write " + s.output + ": " + std::strerror(errno));
  std::FILE* const outs[weak::kNumExampleKinds] = {out.get(), out.get(), out.get()};
  SilverCounts counts;
  if (Status st = WriteSilver(model, s, w, outs, &counts); !st.ok())
    return Fail(kExitRuntime, st.code() == StatusCode::kIo ? "error writing " + s.output : st.message());
  if (std::fclose(out.release()) != 0) return Fail(kExitRuntime, "error writing " + s.output);
  std::fprintf(stderr, "kma silver: %s", SilverReport(w, counts).c_str());
  return kExitOk;
}

}  // namespace kma::cli
