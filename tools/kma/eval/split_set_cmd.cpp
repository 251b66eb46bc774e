// `kma split-set`: writes a sentence-split evaluation set built from a
// morpheme-annotated corpus (see split_set.h for the constructions).
#include <cstdio>
#include <string>
#include <vector>

#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/eval/eval_metrics.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/output_format.h"
#include "tools/kma/eval/split_set.h"

namespace kma::cli {
namespace {

constexpr const char kSplitSetUsage[] =
    "usage: kma split-set [--seed N] [--max-sentences N] [-o OUT] CORPUS\n"
    "\n"
    "Builds a sentence-split gold set for 'kma eval --split' from a corpus of\n"
    "gold lines (raw text, TAB, per-word morpheme columns) kept in document\n"
    "order. Consecutive sentences of one source (CORPUS's .sources sibling, if\n"
    "present) are joined into documents of 1..N sentences, each sentence\n"
    "written as people write it: with or without final punctuation, in or\n"
    "around quotes, followed by an emoticon, or with a nominal ending (~했음).\n"
    "The output is deterministic for a given corpus and seed. A set built from\n"
    "a CC BY-SA corpus is a derived work under the same license.\n"
    "  --seed N           random seed, 0..2^63 (default 1)\n"
    "  --max-sentences N  longest document, 1..100 sentences (default 6)\n"
    "  -o, --output OUT   output file (default: stdout)\n"
    "  -h, --help         show this help\n";

bool ReadCorpus(const std::string& path, std::vector<CorpusSentence>* out, std::string* error) {
  LineReader gold, sources;
  if (!gold.Open(path, error)) return false;
  const std::string sources_path = SourcesPathFor(path);
  std::FILE* probe = path == "-" ? nullptr : std::fopen(sources_path.c_str(), "rb");
  const bool has_sources = probe != nullptr;
  if (probe != nullptr) std::fclose(probe);
  if (has_sources && !sources.Open(sources_path, error)) return false;
  std::string_view line, source;
  while (gold.Next(&line)) {
    CorpusSentence s;
    if (has_sources) {
      if (!sources.Next(&source)) {
        *error = sources_path + ": fewer lines than " + path;
        return false;
      }
      s.source.assign(source);
    }
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    if (!ParseCorpusSentence(line, &s)) {
      *error = gold.name() + ":" + std::to_string(gold.line_number()) + ": expected raw text, a TAB and morphemes";
      return false;
    }
    if (s.raw.find_first_not_of(' ') == std::string::npos) continue;
    out->push_back(std::move(s));
  }
  if (!gold.error().empty()) *error = gold.error();
  return gold.error().empty();
}

}  // namespace

int RunSplitSet(int argc, char** argv, int first) {
  ArgParser args({{"seed", 0, true}, {"max-sentences", 0, true}, {"output", 'o', true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma split-set --help')");
  if (args.help()) {
    std::fputs(kSplitSetUsage, stdout);
    return kExitOk;
  }
  if (args.positionals().size() != 1) return Fail(kExitUsage, "split-set needs exactly one CORPUS file");
  SplitSetOptions opt;
  long seed = 1, max_sentences = 6;
  if (!ParseIntInRange(args.Get("seed", "1"), 0, 0x7FFFFFFFFFFFFFFFL, &seed))
    return Fail(kExitUsage, "--seed must be a non-negative integer");
  if (!ParseIntInRange(args.Get("max-sentences", "6"), 1, 100, &max_sentences))
    return Fail(kExitUsage, "--max-sentences must be an integer in 1..100");
  opt.seed = static_cast<uint64_t>(seed);
  opt.max_sentences = static_cast<int>(max_sentences);

  std::vector<CorpusSentence> corpus;
  const std::string& path = args.positionals()[0];
  if (path != "-" && !CanOpenFile(path, &error)) return Fail(kExitUsage, error);
  if (!ReadCorpus(path, &corpus, &error)) return Fail(kExitRuntime, error);
  const std::vector<SplitGoldDoc> docs = MakeSplitSet(corpus, opt);
  std::string out = "# kma split-set --seed " + std::to_string(seed) + " --max-sentences " +
                    std::to_string(max_sentences) + " " + path + "\n";
  AppendSplitGold(docs, &out);
  return WriteOutput(args.Has("output") ? args.Get("output") : std::string(), out);
}

}  // namespace kma::cli
