// `kma eval --split`: scores sentence splitting against split gold files
// (format in split_gold.h; `kma split-set` writes them).
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/base/text_file.h"
#include "core/search/analyzer.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/json_report.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/io/output_format.h"
#include "tools/kma/eval/split_gold.h"

namespace kma::cli {
namespace {

constexpr const char kEvalSplitUsage[] =
    "usage: kma eval --split [--model P] [--lm NAME] [--punct-only] [--show-errors N] [--json] GOLD...\n"
    "\n"
    "Splits the text of each document of the split gold files into sentences\n"
    "and scores the result per gold sentence: exact match (the same span, up to\n"
    "surrounding whitespace) and overlap F1 (the best 2|g&p|/(|g|+|p|) over the\n"
    "predicted sentences p that share characters with gold sentence g, counting\n"
    "non-whitespace characters), overall and per construction label, plus the\n"
    "precision and recall of the sentence boundaries. A gold file holds one\n"
    "sentence per line (\"sentence TAB label [TAB join]\") and blank lines\n"
    "between documents; 'kma split-set' builds one from a corpus. A gold file\n"
    "is read whole, up to 256 MiB.\n"
    "  --model P        model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME        language model of the model file to analyse with\n"
    "  --punct-only     score a baseline instead of kma: a sentence ends after a\n"
    "                   run of . ! ? (with the closing quotes and brackets after\n"
    "                   it) followed by whitespace, and at line breaks\n"
    "  --show-errors N  also print up to N documents that were split wrongly\n"
    "  --json           print one JSON object instead of tables\n"
    "  -h, --help       show this help\n";

// A split gold file is read whole (documents span lines), up to this size.
constexpr uint64_t kMaxSplitGoldBytes = uint64_t{256} << 20;

bool IsSpaceByte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The --punct-only baseline: what a splitter without analysis does.
void PunctuationSpans(const std::string& text, std::vector<ByteSpan>* out) {
  out->clear();
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const bool line = text[i] == '\n';
    size_t end = i;
    if (!line) {
      if (text[i] != '.' && text[i] != '!' && text[i] != '?') continue;
      while (end < text.size() && std::strchr(".!?\"')]", text[end]) != nullptr) ++end;
      if (end < text.size() && !IsSpaceByte(text[end])) {
        i = end - 1;
        continue;
      }
    }
    out->push_back({start, end});
    start = end;
    i = end > i ? end - 1 : i;
  }
  out->push_back({start, text.size()});
}

struct SplitFileResult {
  std::string name;
  SplitAccumulator acc;
  double seconds = 0;  // splitting time only
};

// "line N:" then the gold and the predicted sentences, " | " between them.
void AppendError(const SplitGoldDoc& doc, const std::string& text, const std::vector<ByteSpan>& pred,
                 std::string* out) {
  out->append("line " + std::to_string(doc.line) + ":\n  gold: ");
  for (size_t i = 0; i < doc.sentences.size(); ++i) out->append(i ? " | " : "").append(doc.sentences[i].text);
  out->append("\n  kma:  ");
  for (size_t i = 0; i < pred.size(); ++i) {
    const ByteSpan s = TrimSpan(text, pred[i]);
    out->append(i ? " | " : "").append(text, s.begin, s.end - s.begin);
  }
  out->push_back('\n');
}

// `analyzer` null: the --punct-only baseline.
int EvalSplitFile(const std::string& path, Analyzer* analyzer, const AnalyzeOptions& opt, long* errors_left,
                  SplitFileResult* result, std::string* errors) {
  std::string content, error;
  const std::string file = path == "-" ? "/dev/stdin" : path;
  if (!CanOpenFile(file, &error)) return Fail(kExitUsage, error);
  if (Status st = ReadTextFile(file, kMaxSplitGoldBytes, "split gold file", &content); !st.ok())
    return Fail(kExitRuntime, st.message());
  std::vector<SplitGoldDoc> docs;
  if (!ParseSplitGold(content, &docs, &error)) return Fail(kExitRuntime, path + ": " + error);
  result->name = path;
  std::vector<ByteSpan> gold, pred;
  std::vector<SentenceSpan> spans;
  for (const SplitGoldDoc& doc : docs) {
    const std::string text = DocumentText(doc, &gold);
    const auto start = std::chrono::steady_clock::now();
    if (analyzer == nullptr) {
      PunctuationSpans(text, &pred);
    } else {
      const Status st = analyzer->SplitUtf8(text, opt, &spans);
      if (!st.ok()) return Fail(kExitRuntime, path + ":" + std::to_string(doc.line) + ": " + st.message());
      pred.clear();
      for (const SentenceSpan& s : spans) pred.push_back({s.begin, size_t{s.begin} + s.length});
    }
    result->seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const SplitCounts before = result->acc.overall();
    result->acc.AddDocument(text, doc, gold, pred);
    const bool all_exact = result->acc.overall().exact - before.exact == int64_t(doc.sentences.size());
    if (!all_exact && *errors_left > 0) {
      --*errors_left;
      AppendError(doc, text, pred, errors);
    }
  }
  return kExitOk;
}

Json JsonCounts(const SplitCounts& c) {
  return {{"sentences", c.sentences},
          {"exact_match", JsonNumber(c.exact_rate())},
          {"overlap_f1", JsonNumber(c.mean_f1())}};
}

// The keys of the report and of each file's entry, after `into`'s own.
void AddJson(const SplitAccumulator& a, double seconds, Json* into) {
  Json& j = *into;
  j["documents"] = a.documents();
  j["overall"] = JsonCounts(a.overall());
  Json per_label = Json::object();
  for (const auto& [label, c] : a.per_label()) per_label[label] = JsonCounts(c);
  j["per_construction"] = std::move(per_label);
  const BoundaryCounts& b = a.boundaries();
  j["boundaries"] = {{"gold", b.gold},
                     {"predicted", b.predicted},
                     {"precision", JsonNumber(b.precision())},
                     {"recall", JsonNumber(b.recall())},
                     {"f1", JsonNumber(b.f1())}};
  j["seconds"] = JsonNumber(seconds);
}

void AppendRow(const std::string& label, const SplitCounts& c, std::string* out) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-14s %9lld %8.4f %11.4f\n", label.c_str(), static_cast<long long>(c.sentences),
                c.exact_rate(), c.mean_f1());
  out->append(buf);
}

void AppendText(const std::string& title, const SplitAccumulator& a, double seconds, std::string* out) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s: %lld documents, %lld gold sentences, split in %.2f s\n", title.c_str(),
                static_cast<long long>(a.documents()), static_cast<long long>(a.overall().sentences), seconds);
  out->append(buf);
  out->append("construction   sentences    exact  overlap F1\n");
  AppendRow("all", a.overall(), out);
  for (const auto& [label, c] : a.per_label()) AppendRow(label, c, out);
  const BoundaryCounts& b = a.boundaries();
  std::snprintf(buf, sizeof buf, "boundaries: %lld gold, %lld predicted, precision %.4f, recall %.4f, F1 %.4f\n\n",
                static_cast<long long>(b.gold), static_cast<long long>(b.predicted), b.precision(), b.recall(),
                b.f1());
  out->append(buf);
}

}  // namespace

int RunEvalSplit(int argc, char** argv, int first) {
  ArgParser args({{"split", 0, false}, {"model", 0, true}, {"lm", 0, true}, {"punct-only", 0, false},
                  {"show-errors", 0, true}, {"json", 0, false}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma eval --split --help')");
  if (args.help()) {
    std::fputs(kEvalSplitUsage, stdout);
    return kExitOk;
  }
  if (args.positionals().empty()) return Fail(kExitUsage, "eval --split needs at least one GOLD file");
  long errors_left = 0;
  if (!ParseIntInRange(args.Get("show-errors", "0"), 0, 1000000, &errors_left))
    return Fail(kExitUsage, "--show-errors must be an integer in 0..1000000");
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), args.Get("lm"), &model); rc != kExitOk) return rc;
  Analyzer analyzer(model);
  AnalyzeOptions opt;
  opt.lm = args.Get("lm");

  std::vector<SplitFileResult> results(args.positionals().size());
  SplitAccumulator total;
  double total_seconds = 0;
  std::string errors;
  for (size_t i = 0; i < results.size(); ++i) {
    Analyzer* splitter = args.Has("punct-only") ? nullptr : &analyzer;
    if (int rc = EvalSplitFile(args.positionals()[i], splitter, opt, &errors_left, &results[i], &errors);
        rc != kExitOk)
      return rc;
    total.Merge(results[i].acc);
    total_seconds += results[i].seconds;
  }
  std::string out;
  if (args.Has("json")) {
    Json report = Json::object();
    AddJson(total, total_seconds, &report);
    Json files = Json::array();
    for (const SplitFileResult& r : results) {
      Json f = {{"file", r.name}};
      AddJson(r.acc, r.seconds, &f);
      files.push_back(std::move(f));
    }
    report["files"] = std::move(files);
    out = JsonText(report) + "\n";
  } else {
    for (const SplitFileResult& r : results) AppendText(r.name, r.acc, r.seconds, &out);
    if (results.size() > 1) AppendText("overall", total, total_seconds, &out);
    out.append(errors);
  }
  WriteStdout(out);
  if (!FlushStdout()) return Fail(kExitRuntime, StdoutError());
  return kExitOk;
}

}  // namespace kma::cli
