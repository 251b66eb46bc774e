// `kma build-model`: builds a model file from the shared training data.
// Only corpus/train.tsv and lexicon/ are read; dev.tsv is never touched, so
// that evaluation on it stays honest.
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <utility>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/builder/model_builder.h"
#include "tools/kma/cli_args.h"
#include "tools/kma/commands.h"
#include "tools/kma/model_locator.h"

#ifndef KMA_SHARED_DATA_DIR_DEFAULT
#define KMA_SHARED_DATA_DIR_DEFAULT ""
#endif
#ifndef KMA_SOURCE_DIR_DEFAULT
#define KMA_SOURCE_DIR_DEFAULT "."
#endif

namespace kma::cli {
namespace {

constexpr const char kBuildUsage[] =
    "usage: kma build-model [--data DIR] [--rules FILE] [--lm LIST] [--order N] -o OUT\n"
    "\n"
    "Builds a model file from DIR/corpus/train.tsv and DIR/lexicon/.\n"
    "  --data DIR      training data directory (default for the kma of the build\n"
    "                  tree: " KMA_SHARED_DATA_DIR_DEFAULT ")\n"
    "  --rules FILE    morphological rule file (default for the kma of the build\n"
    "                  tree: " KMA_SOURCE_DIR_DEFAULT "/models/morph_rules.txt)\n"
    "  --lm LIST       comma-separated language models to build: knlm (always\n"
    "                  built), cong, cong-global, cong-fp32, cong-global-fp32\n"
    "                  (default: knlm,cong,cong-global)\n"
    "  --default-lm NAME  language model used when none is asked for: a built\n"
    "                  one, or cong+knlm / cong-global+knlm (ensembles with knlm)\n"
    "                  (default: cong+knlm; with --lm, the last one listed)\n"
    "  --order N       n-gram order of the knlm model, 1..8 (default 3)\n"
    "  --threads N     training threads (default 2; the model depends on it)\n"
    "  -o, --output OUT  model file to write (required)\n"
    "  -h, --help      show this help (--help-all: also the switches below)\n"
    "Progress is printed to stderr.\n";

constexpr const char kBuildDevSwitches[] =
    "  --cong-dim N    CoNg embedding size, multiple of 16 (default 32)\n"
    "  --cong-context N  longest CoNg context n-gram, 1..16 (default 3)\n"
    "  --cong-min-count N  minimum count of a CoNg context (default 3)\n"
    "  --cong-epochs N  CoNg training epochs (default 6)\n"
    "  --cong-lr X     CoNg Adam learning rate (default 0.005)\n"
    "  --cong-l2 X     L2 weight of the context residuals, in tokens (default 1)\n"
    "  --cong-sparse-lr X  CoNg Adagrad learning rate of embedding rows (default 0.1)\n"
    "  --cong-clip X   cap on one embedding-row step (default 1)\n"
    "  --cong-teacher X  share of the CoNg training target taken from a\n"
    "                  teacher n-gram model, 0..1 (default 1)\n"
    "  --cong-class-lambda X  weight of the CoNg LMs against the tag-class model\n"
    "                  stored in the model, 0 < X <= 1 (default 0.7)\n"
    "  --cong-teacher-prior X  if > 0, the teacher's share of a context seen n\n"
    "                  times is scaled by X / (n + X) (default 10)\n"
    "  --no-join-motion-compounds  keep the training data's split motion\n"
    "                  compounds (들/VV 어/EC 가/VX) instead of joining them\n"
    "                  into one verb (들어가/VV)\n"
    "  --cong-no-rotate  quantise the CoNg embeddings as trained, without the\n"
    "                  random-sign Hadamard rotation that spreads outliers\n"
    "  --cong-plain-rounding  round each CoNg value to its nearest step instead\n"
    "                  of rounding rows to keep their log-probabilities close\n"
    "                  to the float model's\n"
    "  --cong-storage V  how the CoNg rows are stored: a '+'-joined value\n"
    "                  format int8 (default), int7, int6, int5 (values of\n"
    "                  fewer bits, still one byte each) or packed4 (4-bit,\n"
    "                  groups of 8 with a local zero point and scale), and/or\n"
    "                  a 50% sparsity pattern sparse50 (smallest magnitudes),\n"
    "                  block4, block8 (aligned blocks), block4u, block8u\n"
    "                  (blocks starting anywhere); e.g. packed4+sparse50\n"
    "  --cong-wb-teacher  teach with a Witten-Bell estimate over the CoNg\n"
    "                  contexts instead of the Kneser-Ney model\n";

bool IsDir(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}
bool IsFile(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
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

}  // namespace

int RunBuildModel(int argc, char** argv, int first) {
  ArgParser args({{"data", 0, true},
                  {"rules", 0, true},
                  {"lm", 0, true},
                  {"order", 0, true},
                  {"default-lm", 0, true},
                  {"cong-dim", 0, true},
                  {"cong-context", 0, true},
                  {"cong-min-count", 0, true},
                  {"cong-epochs", 0, true},
                  {"cong-lr", 0, true},
                  {"cong-l2", 0, true},
                  {"cong-sparse-lr", 0, true},
                  {"cong-clip", 0, true},
                  {"cong-teacher", 0, true},
                  {"cong-wb-teacher", 0, false},
                  {"cong-no-rotate", 0, false},
                  {"cong-plain-rounding", 0, false},
                  {"no-join-motion-compounds", 0, false},
                  {"cong-storage", 0, true},
                  {"cong-class-lambda", 0, true},
                  {"cong-teacher-prior", 0, true},
                  {"threads", 0, true},
                  {"output", 'o', true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) {
    return Fail(kExitUsage, error + " (see 'kma build-model --help')");
  }
  if (args.help()) return PrintHelp(args, "build-model", kBuildUsage, kBuildDevSwitches);
  if (!args.positionals().empty()) {
    return Fail(kExitUsage, "unexpected argument '" + args.positionals()[0] + "'");
  }
  build::BuildConfig config;
  config.output_path = args.Get("output");
  if (config.output_path.empty()) {
    return Fail(kExitUsage, "build-model needs -o OUT (see 'kma build-model --help')");
  }
  long order = 3;
  if (!ParseIntInRange(args.Get("order", "3"), 1, 8, &order)) {
    return Fail(kExitUsage, "--order must be an integer in 1..8");
  }
  config.knlm_order = static_cast<int>(order);
  if (args.Has("lm")) {
    config.lms = SplitList(args.Get("lm"));
    if (config.lms.empty()) return Fail(kExitUsage, "--lm needs at least one name");
    config.default_lm.clear();  // the last one listed, unless --default-lm says
  }

  if (args.Has("default-lm")) config.default_lm = args.Get("default-lm");
  config.cong_kn_teacher = !args.Has("cong-wb-teacher");
  config.cong.rotate = !args.Has("cong-no-rotate");
  config.cong.compensated_rounding = !args.Has("cong-plain-rounding");
  config.join_motion_compounds = !args.Has("no-join-motion-compounds");
  if (args.Has("cong-storage")) {
    auto storage = build::ParseCongStorage(args.Get("cong-storage"));
    if (!storage.ok()) return Fail(kExitUsage, "--cong-storage: " + storage.status().message());
    config.cong.storage = storage.value();
  }
  struct IntOpt {
    const char* name;
    long lo, hi;
    int* dst;
  };
  const IntOpt int_opts[] = {{"cong-dim", 16, 512, &config.cong.dim},
                             {"cong-context", 1, 16, &config.cong.max_context_len},
                             {"cong-min-count", 1, 1000000, &config.cong.min_count},
                             {"cong-epochs", 0, 1000, &config.cong.epochs},
                             {"threads", 1, 256, &config.cong.threads}};
  for (const IntOpt& io : int_opts) {
    if (!args.Has(io.name)) continue;
    long v;
    if (!ParseIntInRange(args.Get(io.name), io.lo, io.hi, &v))
      return Fail(kExitUsage, std::string("--") + io.name + " must be an integer in " + std::to_string(io.lo) + ".." +
                                  std::to_string(io.hi));
    *io.dst = static_cast<int>(v);
  }
  if (config.cong.dim % 16 != 0) return Fail(kExitUsage, "--cong-dim must be a multiple of 16");
  for (auto [name, dst] : {std::pair<const char*, float*>{"cong-lr", &config.cong.learning_rate},
                           std::pair<const char*, float*>{"cong-l2", &config.cong.residual_l2},
                           std::pair<const char*, float*>{"cong-sparse-lr", &config.cong.sparse_learning_rate},
                           std::pair<const char*, float*>{"cong-clip", &config.cong.sparse_clip},
                           std::pair<const char*, float*>{"cong-teacher", &config.cong.teacher_weight},
                           std::pair<const char*, float*>{"cong-class-lambda", &config.cong_class_lambda},
                           std::pair<const char*, float*>{"cong-teacher-prior", &config.cong.teacher_prior}}) {
    if (!args.Has(name)) continue;
    char* end = nullptr;
    std::string v = args.Get(name);
    double d = std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !(d >= 0) || d > 1000)
      return Fail(kExitUsage, std::string("--") + name + " must be a number in 0..1000");
    *dst = static_cast<float>(d);
  }

  // The defaults point into the source tree beside the build: only the kma
  // of that build tree uses them, never an installed one.
  const bool dev_tree = RunningFromBuildTree();
  const std::string data = args.Get("data", dev_tree ? KMA_SHARED_DATA_DIR_DEFAULT : "");
  if (data.empty() || !IsDir(data)) {
    return Fail(kExitRuntime, "training data directory '" + data +
                                  "' not found (use --data DIR)");
  }
  config.train_path = data + "/corpus/train.tsv";
  config.lexicon_dir = data + "/lexicon";
  config.rules_path =
      args.Get("rules", dev_tree ? std::string(KMA_SOURCE_DIR_DEFAULT) + "/models/morph_rules.txt"
                                 : std::string());
  if (!IsFile(config.train_path)) {
    return Fail(kExitRuntime, config.train_path + ": training corpus not found");
  }
  if (!IsDir(config.lexicon_dir)) {
    return Fail(kExitRuntime, config.lexicon_dir + ": lexicon directory not found");
  }
  if (config.rules_path.empty()) return Fail(kExitUsage, "no rule file given (use --rules FILE)");
  if (!IsFile(config.rules_path)) {
    return Fail(kExitRuntime, config.rules_path + ": rule file not found (use --rules FILE)");
  }
  config.log = [](const std::string& msg) {
    std::fprintf(stderr, "kma build-model: %s\n", msg.c_str());
  };

  auto start = std::chrono::steady_clock::now();
  Status st = build::BuildModel(config);
  if (!st.ok()) return Fail(kExitRuntime, "build-model failed: " + st.message());
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr, "kma build-model: done in %.1f s\n", seconds);
  return kExitOk;
}

}  // namespace kma::cli
