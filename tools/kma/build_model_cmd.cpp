// `kma build-model`: builds a model file from the shared training data.
// Only corpus/train.tsv and lexicon/ are read; dev.tsv is never touched, so
// that evaluation on it stays honest.
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/builder/model_builder.h"
#include "tools/kma/cli_args.h"
#include "tools/kma/commands.h"

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
    "  --data DIR      training data directory (default: " KMA_SHARED_DATA_DIR_DEFAULT ")\n"
    "  --rules FILE    morphological rule file\n"
    "                  (default: " KMA_SOURCE_DIR_DEFAULT "/models/morph_rules.txt)\n"
    "  --lm LIST       comma-separated language models to build (default: knlm)\n"
    "  --order N       n-gram order of the knlm model, 1..8 (default 3)\n"
    "  -o, --output OUT  model file to write (required)\n"
    "  -h, --help      show this help\n"
    "Progress is printed to stderr.\n";

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
                  {"output", 'o', true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) {
    return Fail(kExitUsage, error + " (see 'kma build-model --help')");
  }
  if (args.help()) {
    std::fputs(kBuildUsage, stdout);
    return kExitOk;
  }
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
  }

  const std::string data = args.Get("data", KMA_SHARED_DATA_DIR_DEFAULT);
  if (data.empty() || !IsDir(data)) {
    return Fail(kExitRuntime, "training data directory '" + data +
                                  "' not found (use --data DIR)");
  }
  config.train_path = data + "/corpus/train.tsv";
  config.lexicon_dir = data + "/lexicon";
  config.rules_path =
      args.Get("rules", std::string(KMA_SOURCE_DIR_DEFAULT) + "/models/morph_rules.txt");
  if (!IsFile(config.train_path)) {
    return Fail(kExitRuntime, config.train_path + ": training corpus not found");
  }
  if (!IsDir(config.lexicon_dir)) {
    return Fail(kExitRuntime, config.lexicon_dir + ": lexicon directory not found");
  }
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
