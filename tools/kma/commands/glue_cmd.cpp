// `kma glue`: line gluing of whole files (core/search/glue.h), and
// `kma eval --glue`: its decisions scored on paragraphs of a corpus cut at
// seeded places.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/search/analyzer.h"
#include "core/search/glue.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/eval/rng.h"

namespace kma::cli {
namespace {

constexpr const char kGlueUsage[] =
    "usage: kma glue [--decisions] [--model P] [FILE...]\n"
    "\n"
    "Glues the lines of each FILE (stdin without FILE) that a line break cut\n"
    "inside a sentence: a word cut in two is joined without a space, a sentence\n"
    "cut between words with one; line breaks after a sentence, blank lines and\n"
    "empty lines stay. Prints the glued text; a file that is not UTF-8 gets a\n"
    "message FILE:BYTE on stderr and is printed unchanged (exit status 1).\n"
    "  --decisions    print one line per line break instead: LINE<TAB>join|space|keep\n"
    "                 (LINE: the number of the line the break ends)\n"
    "  --model P      model file (default: $KMA_MODEL, else the bundled model)\n"
    "  -h, --help     show this help\n";

constexpr const char kEvalGlueUsage[] =
    "usage: kma eval --glue [--join-margin M[,M...]] [--seed N] [--limit N] [--model P] GOLD\n"
    "\n"
    "Scores kma glue on paragraphs of GOLD's raw text (4 consecutive lines of\n"
    "one source, by GOLD.sources beside it if present), cut at seeded places:\n"
    "half of the sentence ends (gold: keep), a tenth of the spaces inside a\n"
    "sentence (gold: space) and 3% of the places between two characters of a\n"
    "word (gold: join). Prints the decision accuracy, overall and by gold class\n"
    "(and what each class was taken for), per margin.\n"
    "  --join-margin M[,M...]  nats by which joining must outscore a space\n"
    "                          (default 1.6, the built-in value)\n";

const char* Name(GlueDecision d) {
  return d == GlueDecision::kJoin ? "join" : d == GlueDecision::kSpace ? "space" : "keep";
}

bool ReadAll(const std::string& file, std::string* out, std::string* error) {
  if (file == "-") {
    out->assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    *error = file + ": cannot open";
    return false;
  }
  std::ostringstream s;
  s << in.rdbuf();
  *out = s.str();
  return true;
}

size_t LineOf(const std::string& text, uint32_t byte) {
  size_t n = 1;
  for (uint32_t i = 0; i < byte && i < text.size(); ++i) n += text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'));
  return n;
}

// One cut paragraph: its text and the gold decision of each line break.
struct Cut {
  std::string text;
  std::vector<GlueDecision> gold;
};

size_t NextChar(const std::string& s, size_t i) {
  ++i;
  while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  return i;
}

Cut CutParagraph(const std::vector<std::string>& sentences, Rng* rng) {
  Cut c;
  for (size_t k = 0; k < sentences.size(); ++k) {
    if (k > 0) {
      const bool cut = rng->Chance(0.5);
      c.text += cut ? "\n" : " ";
      if (cut) c.gold.push_back(GlueDecision::kKeep);
    }
    const std::string& s = sentences[k];
    for (size_t i = 0; i < s.size();) {
      const size_t j = NextChar(s, i);
      if (s[i] == ' ') {
        const bool cut = rng->Chance(0.1);
        c.text += cut ? "\n" : " ";
        if (cut) c.gold.push_back(GlueDecision::kSpace);
      } else {
        c.text.append(s, i, j - i);
        if (j < s.size() && s[j] != ' ' && rng->Chance(0.03)) {
          c.text += "\n";
          c.gold.push_back(GlueDecision::kJoin);
        }
      }
      i = j;
    }
  }
  return c;
}

int RunGlueEval(const ArgParser& args) {
  long seed = 1, limit = -1;
  if (!ParseIntInRange(args.Get("seed", "1"), 0, 1L << 40, &seed)) return Fail(kExitUsage, "--seed: an integer >= 0");
  if (args.Has("limit") && !ParseIntInRange(args.Get("limit"), 1, 1L << 40, &limit))
    return Fail(kExitUsage, "--limit: an integer >= 1");
  std::vector<float> margins;
  if (!ParseFloatList(args.Get("join-margin", "1.6"), -100.0f, 100.0f, &margins))
    return Fail(kExitUsage, "--join-margin takes numbers in [-100, 100], comma-separated");
  if (args.positionals().size() != 1) return Fail(kExitUsage, "kma eval --glue needs one GOLD file");
  const std::string gold = args.positionals()[0];
  std::string all, sources, error;
  if (!ReadAll(gold, &all, &error)) return Fail(kExitRuntime, error);
  ReadAll(gold.substr(0, gold.rfind('.')) + ".sources", &sources, &error);
  std::istringstream lines(all), srcs(sources);
  std::vector<std::pair<std::string, std::string>> rows;  // text, source
  std::string line, src;
  while (std::getline(lines, line) && (limit < 0 || static_cast<long>(rows.size()) < limit)) {
    if (!std::getline(srcs, src)) src.clear();
    rows.emplace_back(line.substr(0, line.find('\t')), src);
  }
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), "", &model); rc != kExitOk) return rc;
  Analyzer analyzer(model);
  for (float margin : margins) {
    GlueOptions options;
    options.join_margin = margin;
    Rng rng(static_cast<uint64_t>(seed));
    size_t taken[3][3] = {};  // [gold][decision]
    std::vector<GlueBreak> breaks;
    std::string glued;
    for (size_t i = 0; i < rows.size();) {
      std::vector<std::string> para;
      const std::string& s0 = rows[i].second;
      while (i < rows.size() && para.size() < 4 && rows[i].second == s0) para.push_back(rows[i++].first);
      const Cut c = CutParagraph(para, &rng);
      const bool ok = GlueUtf8(&analyzer, c.text, &breaks, &glued, options).ok() && breaks.size() == c.gold.size();
      for (size_t k = 0; k < c.gold.size(); ++k) {
        // A paragraph that failed counts as wrong: taken for the next class.
        const int g = static_cast<int>(c.gold[k]);
        ++taken[g][ok ? static_cast<int>(breaks[k].decision) : (g + 1) % 3];
      }
    }
    size_t n = 0, right = 0;
    for (int g = 0; g < 3; ++g)
      for (int d = 0; d < 3; ++d) n += taken[g][d], right += g == d ? taken[g][d] : 0;
    if (margins.size() > 1) std::printf("join margin %.2f\n", margin);
    std::printf("glue: %zu line breaks, accuracy %.4f\n", n, n ? static_cast<double>(right) / n : 0.0);
    for (int g = 0; g < 3; ++g) {
      const size_t t = taken[g][0] + taken[g][1] + taken[g][2];
      std::printf("  %-6s %6zu breaks  accuracy %.4f  (as join %zu, space %zu, keep %zu)\n",
                  Name(static_cast<GlueDecision>(g)), t, t ? static_cast<double>(taken[g][g]) / t : 0.0, taken[g][0],
                  taken[g][1], taken[g][2]);
    }
  }
  return kExitOk;
}

}  // namespace

int RunGlue(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true}, {"decisions", 0, false}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma glue --help')");
  if (args.help()) {
    std::fputs(kGlueUsage, stdout);
    return kExitOk;
  }
  std::vector<std::string> files = args.positionals();
  if (files.empty()) files.push_back("-");
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), "", &model); rc != kExitOk) return rc;
  Analyzer analyzer(model);
  bool failed = false;
  std::vector<GlueBreak> breaks;
  std::string text, glued;
  for (const std::string& file : files) {
    if (!ReadAll(file, &text, &error)) {
      Fail(kExitRuntime, error);
      failed = true;
      continue;
    }
    const Status st = GlueUtf8(&analyzer, text, &breaks, &glued);
    if (!st.ok()) {
      failed = true;
      Fail(kExitRuntime, file + ":" + std::to_string(st.offset() + 1) + ": " + st.message() + "; printed unchanged");
      std::fwrite(text.data(), 1, text.size(), stdout);
      continue;
    }
    if (!args.Has("decisions")) {
      std::fwrite(glued.data(), 1, glued.size(), stdout);
      continue;
    }
    for (const GlueBreak& b : breaks) std::printf("%zu\t%s\n", LineOf(text, b.begin + b.length), Name(b.decision));
  }
  std::fflush(stdout);
  return failed ? kExitRuntime : kExitOk;
}

int RunEvalGlue(int argc, char** argv, int first) {
  ArgParser args({{"glue", 0, false}, {"model", 0, true}, {"seed", 0, true}, {"limit", 0, true},
                  {"join-margin", 0, true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma eval --glue --help')");
  if (args.help()) {
    std::fputs(kEvalGlueUsage, stdout);
    return kExitOk;
  }
  return RunGlueEval(args);
}

}  // namespace kma::cli
