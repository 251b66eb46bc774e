// `kma extract-words`: candidate nouns of raw text (core/search/word_discovery.h),
// written as a user dictionary.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/search/analyzer.h"
#include "core/search/word_discovery.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/options/cli_args.h"

namespace kma::cli {
namespace {

constexpr const char kUsage[] =
    "usage: kma extract-words [--model P] [--top K] [--min-count N] [--tag TAG] [--scores] [-o OUT] CORPUS...\n"
    "\n"
    "Finds candidate nouns in the raw text of CORPUS (UTF-8, any number of lines; '-'\n"
    "for stdin): leading runs of Hangul syllables of words that particles or nothing\n"
    "follow, that are not part of a longer word, and that the model does not already\n"
    "know. Writes the best K as a user dictionary (docs/USER_DICTIONARY.md), best\n"
    "first: FORM<TAB>TAG per line after a '#' header line.\n"
    "  --top K        candidates written (default 200; 0: all)\n"
    "  --min-count N  occurrences at the start of a word a candidate needs (default 5)\n"
    "  --tag TAG      tag of the entries, NNG or NNP (default NNG)\n"
    "  --scores       write FORM<TAB>COUNT<TAB>PARTICLE_SHARE<TAB>COHESION<TAB>SCORE instead\n"
    "  -o OUT         write to OUT instead of stdout\n"
    "  --model P      model file (default: $KMA_MODEL, else the bundled model)\n"
    "A line that is not UTF-8 is an error FILE:LINE on stderr and is skipped (exit 1).\n";

}  // namespace

int RunExtractWords(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true}, {"top", 0, true}, {"min-count", 0, true}, {"tag", 0, true},
                  {"scores", 0, false}, {"output", 'o', true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma extract-words --help')");
  if (args.help()) {
    std::fputs(kUsage, stdout);
    return kExitOk;
  }
  DiscoveryOptions opt;
  long n = 0;
  if (!ParseIntInRange(args.Get("top", "200"), 0, 1L << 30, &n)) return Fail(kExitUsage, "--top: an integer >= 0");
  opt.top = static_cast<size_t>(n);
  if (!ParseIntInRange(args.Get("min-count", "5"), 1, 1L << 30, &n))
    return Fail(kExitUsage, "--min-count: an integer >= 1");
  opt.min_count = static_cast<uint32_t>(n);
  const std::string tag = args.Get("tag", "NNG");
  if (tag != "NNG" && tag != "NNP") return Fail(kExitUsage, "--tag: NNG or NNP");
  if (args.positionals().empty()) return Fail(kExitUsage, "kma extract-words needs a CORPUS file (or '-')");

  WordDiscovery discovery;
  bool failed = false;
  for (const std::string& file : args.positionals()) {
    LineReader reader;
    if (!reader.Open(file, &error)) return Fail(kExitRuntime, error);
    std::string_view line;
    while (reader.Next(&line)) {
      if (const Status st = discovery.Add(line); !st.ok()) {
        Fail(kExitRuntime, reader.name() + ":" + std::to_string(reader.line_number()) + ": " + st.message() +
                               "; line skipped");
        failed = true;
      }
    }
    if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  }
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), "", &model); rc != kExitOk) return rc;
  Analyzer analyzer(model);
  std::vector<WordCandidate> found;
  if (const Status st = discovery.Extract(&analyzer, opt, &found); !st.ok())
    return Fail(kExitRuntime, "extract-words failed: " + st.message());

  std::FILE* out = stdout;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(nullptr, std::fclose);
  if (args.Has("output")) {
    file.reset(std::fopen(args.Get("output").c_str(), "wb"));
    if (!file) return Fail(kExitRuntime, args.Get("output") + ": cannot write");
    out = file.get();
  }
  if (args.Has("scores")) {
    std::fprintf(out, "# form\tcount\tparticle_share\tcohesion\tscore\n");
    for (const WordCandidate& w : found)
      std::fprintf(out, "%s\t%u\t%.4f\t%.4f\t%.4f\n", w.form.c_str(), w.count, w.particle_share, w.cohesion,
                   w.score);
  } else {
    const std::string text = CandidatesAsUserDictionary(found, discovery.distinct_words(), tag);
    std::fwrite(text.data(), 1, text.size(), out);
  }
  if (std::fflush(out) != 0) return Fail(kExitRuntime, "error writing the output");
  return failed ? kExitRuntime : kExitOk;
}

}  // namespace kma::cli
