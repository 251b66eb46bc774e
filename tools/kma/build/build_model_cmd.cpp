// `kma build-model`: builds a model file from the shared training data.
// Only corpus/train.tsv, lexicon/ and the dictionary examples are read;
// dev.tsv is never touched, so that evaluation on it stays honest.
//
// The defaults shown by --help are read from the builder's stage specs
// (tools/builder/model_builder.h), so they are stated in one place.

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/lm/knlm.h"
#include "tools/builder/model_builder.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/build/silver_build.h"

#ifndef KMA_SHARED_DATA_DIR_DEFAULT
#define KMA_SHARED_DATA_DIR_DEFAULT ""
#endif
#ifndef KMA_SOURCE_DIR_DEFAULT
#define KMA_SOURCE_DIR_DEFAULT "."
#endif

namespace kma::cli {
namespace {

// A numeric option that sets one field of the build configuration.
struct NumOption {
  const char* name;
  const char* metavar;
  const char* help;
  double lo, hi;
  int* int_field;  // exactly one of the two is set
  float* float_field;
  bool dev = true;  // a tuning switch, listed by --help-all only
};

std::vector<NumOption> NumOptions(build::BuildConfig* c) {
  build::CongTrainOptions& g = c->cong;
  return {
      {"order", "N", "n-gram order of the knlm model", double(knlm_internal::kMinOrder),
       double(knlm_internal::kMaxOrder), &c->knlm.order, nullptr, false},
      {"knlm-min-expected", "X",
       "prune knlm n-grams (order >= 2) whose expected count is below X; only weighted silver has counts "
       "below 1",
       0, 1000, nullptr, &c->knlm.min_expected_count},
      {"cong-dim", "N", "CoNg embedding size, multiple of 16", 16, 512, &g.dim, nullptr},
      {"cong-context", "N", "longest CoNg context n-gram", 1, 16, &g.max_context_len, nullptr},
      {"cong-min-count", "N", "minimum count of a CoNg context", 1, 1000000, &g.min_count, nullptr},
      {"cong-epochs", "N", "CoNg training epochs", 0, 1000, &g.epochs, nullptr},
      {"cong-lr", "X", "CoNg Adam learning rate", 0, 1000, nullptr, &g.learning_rate},
      {"cong-l2", "X", "L2 weight of the context residuals, in tokens", 0, 1000, nullptr, &g.residual_l2},
      {"cong-sparse-lr", "X", "CoNg Adagrad learning rate of embedding rows", 0, 1000, nullptr,
       &g.sparse_learning_rate},
      {"cong-clip", "X", "cap on one embedding-row step", 0, 1000, nullptr, &g.sparse_clip},
      {"cong-teacher", "X", "share of the CoNg training target taken from a teacher n-gram model", 0, 1,
       nullptr, &g.teacher_weight},
      {"cong-teacher-prior", "X",
       "if > 0, the teacher's share of a context seen n times is scaled by X / (n + X)", 0, 1000, nullptr,
       &g.teacher_prior},
      {"cong-class-lambda", "X",
       "weight of the CoNg LMs against the tag-class model stored in the model, 0 < X <= 1", 0, 1, nullptr,
       &g.class_lambda},
      {"threads", "N", "training threads (the model does not depend on them)", 1, 256, &g.threads, nullptr, false},
  };
}

// Flags that switch a default off.
struct FlagOption {
  const char* name;
  const char* help;
  bool* field;  // set to false by the flag
};

std::vector<FlagOption> FlagOptions(build::BuildConfig* c) {
  return {
      {"cong-wb-teacher",
       "teach with a Witten-Bell estimate over the CoNg contexts instead of the Kneser-Ney model",
       &c->cong.kn_teacher},
      {"cong-no-rotate",
       "quantise the CoNg embeddings as trained, without the random-sign Hadamard rotation that spreads "
       "outliers",
       &c->cong.rotate},
      {"cong-plain-rounding",
       "round each CoNg value to its nearest step instead of rounding rows to keep their log-probabilities "
       "close "
       "to the float model's",
       &c->cong.compensated_rounding},
      {"source-conventions",
       "train on each source's own annotation conventions instead of mapping the corpus and the lexicon to "
       "the standard convention (docs/CONVENTIONS.md)",
       &c->corpus.standard_convention},
  };
}

// One help entry: "  --name ARG" then the text, wrapped at 78 columns with
// continuation lines indented by 18.
void AppendHelp(std::string* out, const std::string& head, const std::string& text) {
  constexpr size_t kIndent = 18, kWidth = 78;
  std::string line = "  " + head;
  line += line.size() + 2 <= kIndent ? std::string(kIndent - line.size(), ' ') : "  ";
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(pos, end - pos);
    if (line.size() + word.size() > kWidth && line.size() > kIndent) {
      line.pop_back();  // the space after the last word
      *out += line + "\n";
      line = std::string(kIndent, ' ');
    }
    line += word + " ";
    pos = end + 1;
  }
  line.pop_back();
  *out += line + "\n";
}

// The help text: the everyday options, or (dev) the tuning switches that
// --help-all adds.
std::string Usage(bool dev) {
  build::BuildConfig defaults;
  std::string u;
  if (!dev) {
    u = "usage: kma build-model [--data DIR] [--rules FILE] [--lm LIST] [--order N]\n"
        "                       [--weak FILE | --no-weak] -o OUT\n"
        "\n"
        "Builds a model file from DIR/corpus/train.tsv and DIR/lexicon/, plus silver\n"
        "analyses of the dictionary usage examples DIR/weak/dict_examples.tsv: a model of\n"
        "the corpus alone (the teacher) analyses each example under its headword, and the\n"
        "model is trained again with these analyses at a small weight.\n";
    AppendHelp(&u, "--data DIR",
               "training data directory (default for the kma of the build tree: " KMA_SHARED_DATA_DIR_DEFAULT
               ")");
    AppendHelp(&u, "--rules FILE",
               "morphological rule file (default for the kma of the build tree: " KMA_SOURCE_DIR_DEFAULT
               "/models/morph_rules.txt)");
    std::string lms;
    for (const std::string& lm : defaults.lms) lms += (lms.empty() ? "" : ",") + lm;
    AppendHelp(&u, "--lm LIST",
               "comma-separated language models to build: knlm (always built), cong, cong-global, cong-fp32, "
               "cong-global-fp32 (default: " +
                   lms + ")");
    AppendHelp(&u, "--default-lm NAME",
               "language model used when none is asked for: a built one, or cong+knlm / cong-global+knlm "
               "(ensembles with knlm) (default: " +
                   defaults.default_lm + "; with --lm, the last one listed)");
  }
  for (const NumOption& o : NumOptions(&defaults)) {
    if (o.dev != dev) continue;
    char value[32];
    if (o.int_field)
      std::snprintf(value, sizeof value, "%d", *o.int_field);
    else
      std::snprintf(value, sizeof value, "%g", double(*o.float_field));
    AppendHelp(&u, std::string("--") + o.name + " " + o.metavar,
               std::string(o.help) + " (default " + value + ")");
  }
  if (dev) {
    for (const FlagOption& f : FlagOptions(&defaults)) AppendHelp(&u, std::string("--") + f.name, f.help);
    return u;
  }
  const ExampleSilverSpec weak_defaults;
  std::string kinds;
  for (int k = 0; k < weak::kNumExampleKinds; ++k) {
    if (weak_defaults.weight[k] <= 0) continue;
    char w[32];
    std::snprintf(w, sizeof w, ":%g", weak_defaults.weight[k]);
    kinds += (kinds.empty() ? "" : ",") + std::string(weak::KindName(static_cast<weak::ExampleKind>(k))) + w;
  }
  AppendHelp(&u, "--weak FILE", "dictionary usage examples (default: DIR/weak/dict_examples.tsv)");
  AppendHelp(&u, "--no-weak", "build from the corpus alone, without the examples");
  AppendHelp(&u, "--teacher FILE",
             "analyse the examples with this model instead of building the teacher: a model of the same DIR "
             "built with the same options and --no-weak (the result is the same file, without the cost)");
  AppendHelp(&u, "--weak-kinds LIST",
             "comma-separated KIND:W, the examples' kinds (sentence, dialogue, phrase) used and their "
             "weights as in --silver (default " + kinds + ")");
  AppendHelp(&u, "--homograph-weight W",
             "weight of the silver of the examples of a homograph pair's words (걸 VV, 걷 VV, 달 VA, ...), "
             "whatever their kind, as in --silver, or 0 for their kind's weight (default 1)");
  AppendHelp(&u, "--homograph-margin M",
             "the largest gap in nats between their constrained and free analyses (default 10; the "
             "other examples' margin is 5)");
  AppendHelp(&u, "--silver LIST",
             "comma-separated silver training files (kma silver output, train.tsv's format), each FILE or "
             "FILE:W with W an integer weight (its sentences count W times; default 1) or a fraction "
             "below 1 (each occurrence counts W in the n-gram models, once elsewhere)");
  AppendHelp(&u, "--gold-weight N", "integer weight of the gold corpus against silver (default 1)");
  AppendHelp(&u, "--no-spacing-table",
             "leave out the lexical spacing table (how often the corpus writes a space between two given "
             "morphemes), which kma space uses; without it kma space spaces by the tag rule alone");
  AppendHelp(&u, "--spacing-from BASE",
             "only add that table, from DIR's corpus, to a copy of the model file BASE (no training)");
  AppendHelp(&u, "-o, --output OUT", "model file to write (required)");
  AppendHelp(&u, "-h, --help", "show this help (--help-all: also the switches below)");
  return u + "Progress is printed to stderr.\n";
}

std::vector<std::string> SplitList(const std::string& s) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t comma = s.find(',', pos);
    if (comma == std::string::npos) comma = s.size();
    if (comma > pos) out.push_back(s.substr(pos, comma - pos));
    pos = comma + 1;
  }
  return out;
}

ArgParser MakeParser() {
  std::vector<OptionSpec> specs = {
      {"data", 0, true}, {"rules", 0, true}, {"lm", 0, true}, {"default-lm", 0, true}, {"output", 'o', true},
      {"silver", 0, true}, {"gold-weight", 0, true}, {"weak", 0, true}, {"no-weak", 0, false},
      {"weak-kinds", 0, true}, {"teacher", 0, true}, {"homograph-weight", 0, true}, {"homograph-margin", 0, true},
      {"no-spacing-table", 0, false}, {"spacing-from", 0, true}};
  build::BuildConfig scratch;
  for (const NumOption& o : NumOptions(&scratch)) specs.push_back({o.name, 0, true});
  for (const FlagOption& f : FlagOptions(&scratch)) specs.push_back({f.name, 0, false});
  return ArgParser(std::move(specs));
}

// A silver weight: an integer count in 1..100 or a fraction in 0.001..0.999.
bool ParseSilverWeight(const std::string& w, double* out) {
  long n;
  float f = 0;
  if (ParseIntInRange(w, 1, 100, &n)) {
    *out = static_cast<double>(n);
    return true;
  }
  if (!ParseFloatInRange(w, 0.001f, 0.999f, &f)) return false;
  *out = f;
  return true;
}

// --weak-kinds KIND:W,... into `spec`; a usage error message, or "".
std::string ApplyWeakKinds(const std::string& list, ExampleSilverSpec* spec) {
  for (double& w : spec->weight) w = 0;
  for (const std::string& item : SplitList(list)) {
    const size_t colon = item.rfind(':');
    weak::ExampleKind kind;
    if (colon == std::string::npos || !weak::ParseKind(item.substr(0, colon), &kind))
      return "--weak-kinds: '" + item + "' is not KIND:W with KIND sentence, dialogue or phrase";
    if (!ParseSilverWeight(item.substr(colon + 1), &spec->weight[static_cast<int>(kind)]))
      return "--weak-kinds: the weight after ':' in '" + item +
             "' must be an integer in 1..100 or a fraction in 0.001..0.999";
  }
  for (double w : spec->weight)
    if (w > 0) return "";
  return "--weak-kinds needs at least one KIND:W (or use --no-weak)";
}

// --silver FILE[:W],... and --gold-weight N into `spec`; a usage error
// message, or "".
std::string ApplySilver(const ArgParser& args, build::CorpusSpec* spec) {
  long n;
  if (args.Has("gold-weight")) {
    if (!ParseIntInRange(args.Get("gold-weight"), 1, 100, &n)) return "--gold-weight must be an integer in 1..100";
    spec->gold_weight = static_cast<int>(n);
  }
  for (const std::string& item : SplitList(args.Get("silver"))) {
    build::CorpusSpec::Silver s;
    s.path = item;
    const size_t colon = item.rfind(':');
    if (colon != std::string::npos) {
      if (!ParseSilverWeight(item.substr(colon + 1), &s.weight)) {
        return "--silver: the weight after ':' in '" + item + "' must be an integer in 1..100 or a fraction in "
               "0.001..0.999";
      }
      s.path = item.substr(0, colon);
    }
    if (!IsFile(s.path)) return "--silver: '" + s.path + "' is not a file";
    spec->silver.push_back(s);
  }
  return "";
}

// The options' values into `config`; a usage error message, or "".
std::string ApplyOptions(const ArgParser& args, build::BuildConfig* config) {
  if (args.Has("lm")) {
    config->lms = SplitList(args.Get("lm"));
    if (config->lms.empty()) return "--lm needs at least one name";
    config->default_lm.clear();  // the last one listed, unless --default-lm says
  }
  if (args.Has("default-lm")) config->default_lm = args.Get("default-lm");
  for (const FlagOption& f : FlagOptions(config))
    if (args.Has(f.name)) *f.field = false;
  for (const NumOption& o : NumOptions(config)) {
    if (!args.Has(o.name)) continue;
    char range[64];
    std::snprintf(range, sizeof range, "%g..%g", o.lo, o.hi);
    long i;
    float f;
    if (o.int_field && ParseIntInRange(args.Get(o.name), long(o.lo), long(o.hi), &i)) {
      *o.int_field = static_cast<int>(i);
    } else if (o.float_field && ParseFloatInRange(args.Get(o.name), float(o.lo), float(o.hi), &f)) {
      *o.float_field = f;
    } else {
      return std::string("--") + o.name + " must be " + (o.int_field ? "an integer" : "a number") + " in " +
             range;
    }
  }
  if (config->cong.dim % 16 != 0) return "--cong-dim must be a multiple of 16";
  return ApplySilver(args, &config->corpus);
}

// The input paths from --data and --rules into `config`; kExitOk, or the exit
// code after printing the error. The defaults point into the source tree
// beside the build: only the kma of that build tree uses them, never an
// installed one.
int ResolveInputs(const ArgParser& args, build::BuildConfig* config, std::string* examples) {
  const bool dev_tree = RunningFromBuildTree();
  const std::string data = args.Get("data", dev_tree ? KMA_SHARED_DATA_DIR_DEFAULT : "");
  // A directory or file an option names that is not there is a usage
  // error; one the data directory should hold, a data error.
  if (data.empty() || !IsDir(data))
    return Fail(kExitUsage, "training data directory '" + data + "' not found (use --data DIR)");
  config->train_path = data + "/corpus/train.tsv";
  config->lexicon_dir = data + "/lexicon";
  config->rules_path = args.Get(
      "rules", dev_tree ? std::string(KMA_SOURCE_DIR_DEFAULT) + "/models/morph_rules.txt" : std::string());
  if (!IsFile(config->train_path)) return Fail(kExitRuntime, config->train_path + ": training corpus not found");
  // The sources of the corpus lines: the convention mapping counts its
  // rewrites per source.
  if (const std::string sources = data + "/corpus/train.sources"; IsFile(sources))
    config->corpus.sources_path = sources;
  if (!IsDir(config->lexicon_dir)) return Fail(kExitRuntime, config->lexicon_dir + ": lexicon directory not found");
  if (config->rules_path.empty()) return Fail(kExitUsage, "no rule file given (use --rules FILE)");
  if (!IsFile(config->rules_path))
    return Fail(args.Has("rules") ? kExitUsage : kExitRuntime,
                config->rules_path + ": rule file not found (use --rules FILE)");
  examples->clear();
  // --spacing-from trains nothing: the examples are not read.
  if (args.Has("no-weak") || args.Has("spacing-from")) return kExitOk;
  *examples = args.Get("weak", data + "/weak/dict_examples.tsv");
  if (!IsFile(*examples))
    return Fail(args.Has("weak") ? kExitUsage : kExitRuntime,
                *examples + ": dictionary examples not found (use --weak FILE, or --no-weak to "
                            "build from the corpus alone)");
  return kExitOk;
}

}  // namespace

int RunBuildModel(int argc, char** argv, int first) {
  ArgParser args = MakeParser();
  std::string error;
  if (!args.Parse(argc, argv, first, &error))
    return Fail(kExitUsage, error + " (see 'kma build-model --help')");
  if (args.help()) return PrintHelp(args, "build-model", Usage(false).c_str(), Usage(true).c_str());
  if (!args.positionals().empty())
    return Fail(kExitUsage, "unexpected argument '" + args.positionals()[0] + "'");
  build::BuildConfig config;
  config.output_path = args.Get("output");
  if (config.output_path.empty())
    return Fail(kExitUsage, "build-model needs -o OUT (see 'kma build-model --help')");
  error = ApplyOptions(args, &config);
  ExampleSilverSpec weak_spec;
  if (error.empty() && args.Has("no-weak") &&
      (args.Has("weak") || args.Has("weak-kinds") || args.Has("teacher") || args.Has("homograph-weight") ||
       args.Has("homograph-margin")))
    error = "--no-weak cannot be combined with --weak, --weak-kinds, --teacher or --homograph-*";
  if (error.empty() && args.Has("homograph-weight") && args.Get("homograph-weight") == "0")
    weak_spec.pair_weight = 0;
  else if (error.empty() && args.Has("homograph-weight") &&
           !ParseSilverWeight(args.Get("homograph-weight"), &weak_spec.pair_weight))
    error = "--homograph-weight must be 0, an integer in 1..100 or a fraction in 0.001..0.999";
  if (error.empty() && args.Has("homograph-margin")) {
    if (weak_spec.pair_weight == 0) error = "--homograph-margin needs a --homograph-weight above 0";
    else if (!ParseFloatInRange(args.Get("homograph-margin"), 0.0f, 1000.0f, &weak_spec.pair_margin))
      error = "--homograph-margin must be a number in [0, 1000]";
  }
  weak_spec.teacher_path = args.Get("teacher");
  if (error.empty() && args.Has("weak-kinds")) error = ApplyWeakKinds(args.Get("weak-kinds"), &weak_spec);
  if (!error.empty()) return Fail(kExitUsage, error);
  std::string examples;
  if (const int exit_code = ResolveInputs(args, &config, &examples); exit_code != kExitOk) return exit_code;
  config.log = [](const std::string& msg) { std::fprintf(stderr, "kma build-model: %s\n", msg.c_str()); };
  config.spacing_table = !args.Has("no-spacing-table");
  if (args.Has("spacing-from")) {
    Status st = build::AddSpacingTable(config, args.Get("spacing-from"));
    if (!st.ok()) return Fail(kExitRuntime, "build-model failed: " + st.message());
    return kExitOk;
  }

  const auto start = std::chrono::steady_clock::now();
  Status st = examples.empty() ? build::BuildModel(config) : BuildModelWithSilver(config, examples, weak_spec);
  if (!st.ok()) return Fail(kExitRuntime, "build-model failed: " + st.message());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr, "kma build-model: done in %.1f s\n", seconds);
  return kExitOk;
}

}  // namespace kma::cli
