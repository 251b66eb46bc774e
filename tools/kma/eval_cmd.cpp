// `kma eval`: scores top-1 analyses against gold files (see eval_metrics.h
// for the metric). Reads per-source labels from GOLD's ".sources" sibling.
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/search/analyzer.h"
#include "tools/kma/cli_args.h"
#include "tools/kma/commands.h"
#include "tools/kma/eval_metrics.h"
#include "tools/kma/line_reader.h"
#include "tools/kma/model_locator.h"
#include "tools/kma/output_format.h"

namespace kma::cli {
namespace {

constexpr const char kEvalUsage[] =
    "usage: kma eval [--model P] [--lm NAME] [--json] GOLD...\n"
    "\n"
    "Analyses the raw text of each gold line (top-1) and compares the morphemes\n"
    "with the gold ones by LCS alignment after normalisation. A gold line is\n"
    "raw text, TAB, then per-word columns or one column of \"form/TAG\" morphemes.\n"
    "If GOLD's name with its extension replaced by .sources exists, its lines\n"
    "give each sentence's source and figures are also reported per source.\n"
    "  --model P   model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME   language model of the model file to score with\n"
    "  --json      print one JSON object instead of tables\n"
    "  -h, --help  show this help\n";

constexpr size_t kTopConfusions = 20;

struct FileResult {
  std::string name;
  EvalAccumulator acc;
  double seconds = 0;  // analysis time only
};

bool FileExists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

double MsPerSentence(const EvalCounts& c, double seconds) {
  return c.sentences > 0 ? seconds * 1000.0 / c.sentences : 0.0;
}

// Evaluates one gold file; returns an exit code (errors already printed).
int EvalFile(const std::string& path, Analyzer* analyzer, const AnalyzeOptions& opt,
             FileResult* result) {
  result->name = path;
  std::string error;
  LineReader gold;
  if (!gold.Open(path, &error)) return Fail(kExitRuntime, error);
  LineReader sources;
  const std::string sources_path = SourcesPathFor(path);
  bool has_sources = path != "-" && FileExists(sources_path);
  if (has_sources && !sources.Open(sources_path, &error)) return Fail(kExitRuntime, error);

  std::string raw;
  std::vector<Morph> gold_morphs, pred_morphs;
  std::vector<Analysis> analyses;
  std::string_view line, source_line;
  while (gold.Next(&line)) {
    // Sources align with physical gold lines, blank ones included.
    std::string source;
    if (has_sources) {
      if (!sources.Next(&source_line)) {
        return Fail(kExitRuntime, sources_path + ": fewer lines than " + path);
      }
      source.assign(source_line);
    }
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    if (!ParseGoldLine(line, &raw, &gold_morphs, &error)) {
      return Fail(kExitRuntime, gold.name() + ":" + std::to_string(gold.line_number()) +
                                    ": " + error);
    }
    auto start = std::chrono::steady_clock::now();
    Status st = analyzer->AnalyzeUtf8(raw, opt, &analyses);
    result->seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!st.ok()) return Fail(kExitRuntime, LineErrorMessage(gold, st));
    pred_morphs.clear();
    if (!analyses.empty()) {
      for (const Token& t : analyses[0].tokens) {
        pred_morphs.push_back(Morph{t.form, std::string(TagName(t.tag))});
      }
    }
    // No .sources file: no per-source entry; a blank source line: "(none)".
    if (has_sources && source.empty()) source = "(none)";
    result->acc.AddSentence(gold_morphs, pred_morphs, source);
  }
  if (!gold.error().empty()) return Fail(kExitRuntime, gold.error());
  if (has_sources && sources.Next(&source_line) && !source_line.empty()) {
    return Fail(kExitRuntime, sources_path + ": more lines than " + path);
  }
  return kExitOk;
}

void AppendJsonCounts(const EvalCounts& c, std::string* out) {
  out->append("\"sentences\":" + std::to_string(c.sentences));
  out->append(",\"precision\":");
  AppendJsonNumber(c.precision(), out);
  out->append(",\"recall\":");
  AppendJsonNumber(c.recall(), out);
  out->append(",\"f1\":");
  AppendJsonNumber(c.f1(), out);
  out->append(",\"sentence_accuracy\":");
  AppendJsonNumber(c.sentence_accuracy(), out);
}

// Keys shared by the top-level object and the per-file objects.
void AppendJsonResult(const EvalAccumulator& acc, double seconds, std::string* out) {
  AppendJsonCounts(acc.overall(), out);
  out->append(",\"ms_per_sentence\":");
  AppendJsonNumber(MsPerSentence(acc.overall(), seconds), out);
  out->append(",\"per_source\":{");
  bool first = true;
  for (const auto& [src, c] : acc.per_source()) {
    if (!first) out->push_back(',');
    first = false;
    AppendJsonString(src, out);
    out->append(":{");
    AppendJsonCounts(c, out);
    out->push_back('}');
  }
  out->append("},\"confusions\":[");
  first = true;
  for (const auto& [key, n] : TopConfusions(acc.confusions(), kTopConfusions)) {
    if (!first) out->push_back(',');
    first = false;
    out->append("{\"gold\":");
    AppendJsonString(key.gold, out);
    out->append(",\"predicted\":");
    AppendJsonString(key.predicted, out);
    out->append(key.tag_only ? ",\"tag_only\":true" : ",\"tag_only\":false");
    out->append(",\"count\":" + std::to_string(n) + "}");
  }
  out->push_back(']');
}

void AppendTableRow(const std::string& label, const EvalCounts& c, std::string* out) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "  %-12s %9lld %9.4f %9.4f %9.4f %9.4f\n", label.c_str(),
                static_cast<long long>(c.sentences), c.precision(), c.recall(), c.f1(),
                c.sentence_accuracy());
  out->append(buf);
}

void AppendTextResult(const std::string& title, const EvalAccumulator& acc, double seconds,
                      const std::string& lm, bool with_confusions, std::string* out) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "== %s (lm %s, %.3f ms/sentence)\n", title.c_str(),
                lm.c_str(), MsPerSentence(acc.overall(), seconds));
  out->append(buf);
  std::snprintf(buf, sizeof buf, "  %-12s %9s %9s %9s %9s %9s\n", "", "sentences",
                "precision", "recall", "f1", "sent.acc");
  out->append(buf);
  AppendTableRow("all", acc.overall(), out);
  for (const auto& [src, c] : acc.per_source()) AppendTableRow(src, c, out);
  if (!with_confusions) return;
  out->append("  top confusions (gold -> predicted):\n");
  for (const auto& [key, n] : TopConfusions(acc.confusions(), kTopConfusions)) {
    std::snprintf(buf, sizeof buf, "  %8lld  ", static_cast<long long>(n));
    out->append(buf);
    if (key.tag_only) out->append("[tag] ");
    out->append(key.gold + " -> " + key.predicted + "\n");
  }
}

}  // namespace

int RunEval(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true}, {"lm", 0, true}, {"json", 0, false}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) {
    return Fail(kExitUsage, error + " (see 'kma eval --help')");
  }
  if (args.help()) {
    std::fputs(kEvalUsage, stdout);
    return kExitOk;
  }
  if (args.positionals().empty()) {
    return Fail(kExitUsage, "eval needs at least one GOLD file (see 'kma eval --help')");
  }
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), args.Get("lm"), &model); rc != kExitOk) {
    return rc;
  }
  Analyzer analyzer(model);
  AnalyzeOptions opt;
  opt.top_n = 1;
  opt.lm = args.Get("lm");
  const std::string lm = opt.lm.empty() ? model->default_lm() : opt.lm;

  std::vector<FileResult> results(args.positionals().size());
  EvalAccumulator total;
  double total_seconds = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    if (int rc = EvalFile(args.positionals()[i], &analyzer, opt, &results[i]);
        rc != kExitOk) {
      return rc;
    }
    total.Merge(results[i].acc);
    total_seconds += results[i].seconds;
  }

  std::string out;
  if (args.Has("json")) {
    out.append("{");
    AppendJsonResult(total, total_seconds, &out);
    out.append(",\"lm\":");
    AppendJsonString(lm, &out);
    out.append(",\"files\":[");
    for (size_t i = 0; i < results.size(); ++i) {
      if (i > 0) out.push_back(',');
      out.append("{\"file\":");
      AppendJsonString(results[i].name, &out);
      out.push_back(',');
      AppendJsonResult(results[i].acc, results[i].seconds, &out);
      out.push_back('}');
    }
    out.append("]}\n");
  } else {
    const bool many = results.size() > 1;
    for (const FileResult& r : results) {
      AppendTextResult(r.name, r.acc, r.seconds, lm, !many, &out);
    }
    if (many) AppendTextResult("overall", total, total_seconds, lm, true, &out);
  }
  WriteStdout(out);
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    return Fail(kExitRuntime, "error writing to stdout");
  }
  return kExitOk;
}

}  // namespace kma::cli
