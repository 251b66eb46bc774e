// `kma split`: sentence splitting, per line or per document (--doc), as text
// (one sentence per line), TSV or JSON Lines with byte and code-point offsets.
#include <cstdio>
#include <string>
#include <vector>

#include "capi/src/result_format.h"
#include "core/search/analyzer.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/io/output_format.h"

namespace kma::cli {
namespace {

constexpr const char kSplitUsage[] =
    "usage: kma split [--model P] [--lm NAME] [--doc] [-f text|tsv|json] [--max-line-bytes N]\n"
    "                 [FILE...]\n"
    "\n"
    "Splits text (stdin without FILE, or for \"-\") into sentences. A sentence\n"
    "ends after final punctuation, after a final or nominal ending written\n"
    "without punctuation (맛있었어요 | 다음에, 했음 | 내일은), after emoticons\n"
    "and laughter, at a line break after a complete clause and at a blank line;\n"
    "a quotation is never split (\"...했다. 그래서...\"라고 말했다).\n"
    "  --model P    model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME    language model of the model file to analyse with\n"
    "  --doc        document mode: blank lines separate documents, the lines of a\n"
    "               document are split together (a sentence may go on over a line\n"
    "               break), and a blank line separates the documents' output\n"
    "  -f, --format text (default): one sentence per line, line breaks inside a\n"
    "               sentence written as spaces;\n"
    "               tsv: LINE TAB BEGIN TAB LENGTH TAB SENTENCE per sentence;\n"
    "               json: one object per input line (per document with --doc):\n"
    "               {\"line\":N,\"sentences\":[{\"begin\",\"length\",\"cp_begin\",\n"
    "               \"cp_length\",\"text\"}]}\n"
    "               LINE is the 1-based number of the line (of the document's first\n"
    "               line); offsets are in UTF-8 bytes and code points from its start,\n"
    "               a document's lines joined by \"\\n\".\n"
    "@MAXLINE@"
    "  -h, --help   show this help\n"
    "A line that cannot be split (invalid UTF-8, longer than --max-line-bytes)\n"
    "stops the run with a message naming it (exit 1).\n";

enum class SplitFormat { kText, kTsv, kJson };

// Documents longer than this are split in pieces at line breaks, the last
// sentence of a piece carried over to the next, so memory stays bounded.
constexpr size_t kMaxPieceBytes = size_t{1} << 20;

bool IsBlank(std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; }

// A document (or one line) being split, and where its text came from.
struct Unit {
  std::string text;               // what is left to split
  size_t line = 0;                // 1-based number of its first line
  size_t base = 0, cp_base = 0;   // bytes and code points of it already written
  size_t flush_at = kMaxPieceBytes;
  size_t written = 0;             // sentences written (JSON: the object is open when > 0)
  // (document offset, line number) of each line start still in `text`.
  std::vector<std::pair<size_t, size_t>> lines;
};

class Splitter {
 public:
  Splitter(Analyzer* analyzer, AnalyzeOptions opt, SplitFormat format)
      : analyzer_(analyzer), opt_(std::move(opt)), format_(format) {}

  // Splits u.text. Unless `final`, keeps its last sentence in u.text (it may
  // go on in the next piece) and writes the others; a document written in
  // pieces is still one JSON object. Returns the analyzer's status.
  Status Split(Unit* u, bool final, std::string* out) {
    KMA_RETURN_IF_ERROR(analyzer_->SplitUtf8(u->text, opt_, &spans_));
    size_t keep = spans_.size();
    if (!final && spans_.size() > 1) keep = spans_.size() - 1;
    // One sentence so far: wait for more text, unless it is very long.
    if (!final && spans_.size() <= 1 && u->text.size() < 2 * kMaxPieceBytes) keep = 0;
    Write(u, keep, final, out);
    size_t cut = u->text.size(), cp_cut = 0;
    if (keep < spans_.size()) {
      cut = spans_[keep].begin;
      cp_cut = spans_[keep].cp_begin;
    }
    u->base += cut;
    u->cp_base += cp_cut;
    u->text.erase(0, cut);
    u->flush_at = u->text.size() + kMaxPieceBytes;
    // Keep the start of the line the remaining text begins in.
    size_t drop = 0;
    while (drop + 1 < u->lines.size() && u->lines[drop + 1].first <= u->base) ++drop;
    u->lines.erase(u->lines.begin(), u->lines.begin() + static_cast<std::ptrdiff_t>(drop));
    return Status::Ok();
  }

 private:
  void Write(Unit* up, size_t count, bool final, std::string* out) {
    const Unit& u = *up;
    if (format_ == SplitFormat::kJson && up->written == 0 && (count > 0 || final)) {
      out->append("{\"line\":" + std::to_string(u.line) + ",\"sentences\":[");
    }
    for (size_t i = 0; i < count; ++i) {
      const SentenceSpan& s = spans_[i];
      if (s.begin > u.text.size()) continue;  // defensive: never read past the text
      std::string sent = u.text.substr(s.begin, s.length);
      if (format_ == SplitFormat::kJson) {
        out->append(up->written++ ? ",{\"begin\":" : "{\"begin\":");
        out->append(std::to_string(u.base + s.begin) + ",\"length\":" + std::to_string(s.length));
        out->append(",\"cp_begin\":" + std::to_string(u.cp_base + s.cp_begin));
        out->append(",\"cp_length\":" + std::to_string(s.cp_length) + ",\"text\":");
        capi::AppendJsonString(sent, out);
        out->push_back('}');
        continue;
      }
      for (char& c : sent) {
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
      }
      if (format_ == SplitFormat::kTsv) {
        out->append(std::to_string(u.line) + "\t" + std::to_string(u.base + s.begin) + "\t" +
                    std::to_string(s.length) + "\t");
      }
      out->append(sent).push_back('\n');
    }
    if (format_ == SplitFormat::kJson && final) out->append("]}\n");
  }

  Analyzer* analyzer_;
  AnalyzeOptions opt_;
  SplitFormat format_;
  std::vector<SentenceSpan> spans_;
};

std::string UnitError(const LineReader& reader, const Unit& u, const Status& st) {
  if (st.code() == StatusCode::kInvalidUtf8 && st.offset() >= 0 && !u.lines.empty()) {
    const size_t at = u.base + static_cast<size_t>(st.offset());
    size_t i = 0;
    while (i + 1 < u.lines.size() && u.lines[i + 1].first <= at) ++i;
    return reader.name() + ":" + std::to_string(u.lines[i].second) + ": invalid UTF-8 at byte " +
           std::to_string(at - u.lines[i].first);
  }
  return reader.name() + ":" + std::to_string(u.line) + ": " + st.message();
}

std::string TooLongError(const LineReader& reader) {
  return reader.name() + ":" + std::to_string(reader.line_number()) + ": " + reader.TooLongMessage("--max-line-bytes");
}

// Document mode over one input: returns an exit code.
int SplitDocuments(LineReader* reader, Splitter* splitter, bool* first_doc, SplitFormat format) {
  Unit u;
  std::string out;
  std::string_view line;
  auto flush = [&](bool final) -> bool {
    if (u.text.empty()) return true;
    if (final && format == SplitFormat::kText && !*first_doc) out.push_back('\n');
    const Status st = splitter->Split(&u, final, &out);
    if (!st.ok()) {
      Fail(kExitRuntime, UnitError(*reader, u, st));
      return false;
    }
    if (final) *first_doc = false;
    if (!WriteStdout(out)) {
      Fail(kExitRuntime, StdoutError() + "; stopped at " + reader->name() + ":" + std::to_string(u.line));
      return false;
    }
    out.clear();
    return true;
  };
  while (reader->Next(&line)) {
    if (reader->too_long()) {
      // The document so far is written; the run stops at the line.
      if (!flush(true)) return kExitRuntime;
      Fail(kExitRuntime, TooLongError(*reader));
      return kExitRuntime;
    }
    if (IsBlank(line)) {
      if (!flush(true)) return kExitRuntime;
      u = Unit();
      continue;
    }
    if (u.line == 0) u.line = reader->line_number();
    if (!u.text.empty()) u.text.push_back('\n');
    u.lines.emplace_back(u.base + u.text.size(), reader->line_number());
    u.text.append(line);
    if (u.text.size() >= u.flush_at && !flush(false)) return kExitRuntime;
  }
  return flush(true) ? kExitOk : kExitRuntime;
}

}  // namespace

int RunSplit(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true}, {"lm", 0, true}, {"doc", 0, false}, {"format", 'f', true},
                  {"max-line-bytes", 0, true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) {
    return Fail(kExitUsage, error + " (see 'kma split --help')");
  }
  if (args.help()) {
    std::fputs(WithMaxLineHelp(kSplitUsage).c_str(), stdout);
    return kExitOk;
  }
  uint64_t max_line_bytes = 0;
  if (!ParseMaxLineBytes(args.Get("max-line-bytes"), &max_line_bytes, &error)) return Fail(kExitUsage, error);
  const std::string fmt = args.Get("format", "text");
  SplitFormat format = SplitFormat::kText;
  if (fmt == "tsv") format = SplitFormat::kTsv;
  else if (fmt == "json") format = SplitFormat::kJson;
  else if (fmt != "text") return Fail(kExitUsage, "--format must be text, tsv or json, not '" + fmt + "'");
  std::vector<std::string> files = args.positionals();
  if (files.empty()) files.push_back("-");

  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), args.Get("lm"), &model); rc != kExitOk) return rc;
  Analyzer analyzer(model);
  AnalyzeOptions opt;
  opt.lm = args.Get("lm");
  Splitter splitter(&analyzer, opt, format);
  bool first_doc = true;
  for (const std::string& file : files) {
    LineReader reader;
    if (!reader.Open(file, &error)) return Fail(kExitUsage, error);
    reader.set_max_line_bytes(max_line_bytes);
    if (args.Has("doc")) {
      if (int rc = SplitDocuments(&reader, &splitter, &first_doc, format); rc != kExitOk) return rc;
    } else {
      std::string_view line;
      std::string out;
      while (reader.Next(&line)) {
        if (reader.too_long()) return Fail(kExitRuntime, TooLongError(reader));
        Unit u;
        u.text.assign(line);
        u.line = reader.line_number();
        u.lines.emplace_back(0, u.line);
        const Status st = splitter.Split(&u, true, &out);
        if (!st.ok()) return Fail(kExitRuntime, UnitError(reader, u, st));
        if (!WriteStdout(out)) return Fail(kExitRuntime, StdoutError() + "; stopped at " + reader.name() + ":" +
                                                             std::to_string(u.line));
        out.clear();
      }
    }
    if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  }
  if (!FlushStdout()) return Fail(kExitRuntime, StdoutError());
  return kExitOk;
}

}  // namespace kma::cli
