// `kma typo-set`: writes a synthetic typo version of a gold corpus (see
// typo_set.h for the catalogue of misspellings).

#include <cstdio>
#include <string>
#include <vector>

#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/eval/eval_metrics.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/output_format.h"
#include "tools/kma/eval/typo_set.h"

namespace kma::cli {
namespace {

constexpr const char kTypoSetUsage[] =
    "usage: kma typo-set [--seed N] [--rate X] [--kinds K,...] [-o OUT] CORPUS\n"
    "\n"
    "Writes CORPUS (gold lines: raw text, TAB, morphemes) with misspelled raw\n"
    "text and the gold morphemes unchanged, for 'kma eval' with and without\n"
    "--typos. Each sentence gets a random number of typos (mean X), each of a\n"
    "kind drawn by its weight among those that apply, at a random place; words\n"
    "and spaces are kept. With -o, CORPUS's .sources sibling is copied beside\n"
    "OUT. The counts per kind go to stderr. Deterministic for a given corpus,\n"
    "options and seed. A set built from a CC BY-SA corpus is a derived work\n"
    "under the same license.\n"
    "  --seed N         random seed, 0..2^63 (default 1)\n"
    "  --rate X         mean typos per sentence, 0..4 (default 1)\n"
    "  --kinds K,...    only these kinds (default: all)\n"
    "  -o, --output OUT output file (default: stdout)\n"
    "  -h, --help       show this help\n"
    "kinds (weight: example):\n";

std::string Usage() {
  std::string u = kTypoSetUsage;
  for (const TypoKind& k : TypoKinds())
    u += "  " + std::string(k.name) + " (" + std::to_string(static_cast<int>(k.weight)) + "): " + k.example + "\n";
  return u;
}

bool ParseKinds(const std::string& list, std::vector<bool>* out, std::string* error) {
  const std::vector<TypoKind>& kinds = TypoKinds();
  out->assign(kinds.size(), false);
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    if (comma == std::string::npos) comma = list.size();
    const std::string name = list.substr(pos, comma - pos);
    bool found = false;
    for (size_t i = 0; i < kinds.size(); ++i)
      if (name == kinds[i].name) (*out)[i] = found = true;
    if (!found) {
      *error = "unknown typo kind '" + name + "' (see 'kma typo-set --help')";
      return false;
    }
    pos = comma + 1;
  }
  return true;
}

// Copies the lines of `from` to `to`; false with *error set on failure.
bool CopyLines(const std::string& from, const std::string& to, std::string* error) {
  LineReader in;
  if (!in.Open(from, error)) return false;
  std::string data;
  std::string_view line;
  while (in.Next(&line)) data.append(line).push_back('\n');
  if (!in.error().empty()) {
    *error = in.error();
    return false;
  }
  std::FILE* f = std::fopen(to.c_str(), "wb");
  if (f == nullptr) {
    *error = to + ": cannot open for writing";
    return false;
  }
  const bool ok = std::fwrite(data.data(), 1, data.size(), f) == data.size();
  if (std::fclose(f) != 0 || !ok) {
    *error = to + ": write error";
    return false;
  }
  return true;
}

}  // namespace

int RunTypoSet(int argc, char** argv, int first) {
  ArgParser args({{"seed", 0, true}, {"rate", 0, true}, {"kinds", 0, true}, {"output", 'o', true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma typo-set --help')");
  if (args.help()) {
    std::fputs(Usage().c_str(), stdout);
    return kExitOk;
  }
  if (args.positionals().size() != 1) return Fail(kExitUsage, "typo-set needs exactly one CORPUS file");
  TypoSetOptions opt;
  long seed = 1;
  float rate = 1.0f;
  if (!ParseIntInRange(args.Get("seed", "1"), 0, 0x7FFFFFFFFFFFFFFFL, &seed))
    return Fail(kExitUsage, "--seed must be a non-negative integer");
  if (!ParseFloatInRange(args.Get("rate", "1"), 0.0f, 4.0f, &rate)) return Fail(kExitUsage, "--rate must be a number in 0..4");
  if (args.Has("kinds") && !ParseKinds(args.Get("kinds"), &opt.kinds, &error)) return Fail(kExitUsage, error);
  opt.seed = static_cast<uint64_t>(seed);
  opt.rate = rate;

  const std::string& path = args.positionals()[0];
  LineReader gold;
  if (!gold.Open(path, &error)) return Fail(kExitUsage, error);
  Rng rng(opt.seed);
  std::vector<int> applied;
  std::string out;
  std::string_view line;
  size_t sentences = 0;
  while (gold.Next(&line)) {
    const size_t tab = line.find('\t');
    if (line.find_first_not_of(" \t") == std::string_view::npos || tab == std::string_view::npos) {
      if (line.find_first_not_of(" \t") != std::string_view::npos)
        return Fail(kExitRuntime, gold.name() + ":" + std::to_string(gold.line_number()) + ": expected raw text, a TAB and morphemes");
      out.append(line).push_back('\n');
      continue;
    }
    ++sentences;
    out += AddTypos(line.substr(0, tab), opt, &rng, &applied);
    out.append(line.substr(tab)).push_back('\n');
  }
  if (!gold.error().empty()) return Fail(kExitRuntime, gold.error());

  std::vector<size_t> counts(TypoKinds().size(), 0);
  for (int k : applied) ++counts[static_cast<size_t>(k)];
  std::string summary = "kma typo-set: " + std::to_string(applied.size()) + " typos in " +
                        std::to_string(sentences) + " sentences:";
  for (size_t k = 0; k < counts.size(); ++k)
    if (counts[k] > 0) summary += " " + std::string(TypoKinds()[k].name) + " " + std::to_string(counts[k]);
  std::fprintf(stderr, "%s\n", summary.c_str());

  if (!args.Has("output")) return WriteOutput(std::string(), out);
  const std::string out_path = args.Get("output");
  if (const int rc = WriteOutput(out_path, out); rc != kExitOk) return rc;
  const std::string sources = SourcesPathFor(path);
  if (path != "-" && IsFile(sources) && !CopyLines(sources, SourcesPathFor(out_path), &error))
    return Fail(kExitRuntime, error);
  return kExitOk;
}

}  // namespace kma::cli
