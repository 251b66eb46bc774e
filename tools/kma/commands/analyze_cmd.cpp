// `kma analyze`: line-by-line morphological analysis, streamed.
//
// Every input line gives exactly one output record, so output line N always
// belongs to input line N: a line that cannot be analysed (invalid UTF-8)
// gets a message on stderr and an error record (an empty line in morphs),
// and the run goes on (exit status 1 at the end), unless --on-error says
// otherwise.
#include <sys/stat.h>

#include <algorithm>
#include <initializer_list>
#include <cstdio>
#include <memory>
#include <new>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "capi/src/result_format.h"
#include "core/base/text_file.h"
#include "core/base/thread_pool.h"
#include "core/search/analyzer.h"
#include "core/search/stop_words.h"
#include "core/text/pretokenizer.h"
#include "kma/kma_result.h"
#include "tools/kma/options/constraint_input.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/io/output_format.h"
#include "tools/kma/io/progress.h"
#include "tools/kma/options/user_dict_options.h"
#include "tools/kma/io/utf8_repair.h"

namespace kma::cli {
namespace {

constexpr const char kAnalyzeUsage[] =
    "usage: kma analyze [--model P] [--lm NAME] [--typos] [--top-n N] [--format morphs|json|tsv]\n"
    "                   [--user-dict F] [--block LIST] [--tags LIST] [--lemma]\n"
    "                   [--join-derivations] [--stop-words] [--stop-word-list F]\n"
    "                   [--no-special LIST]\n"
    "                   [--threads N] [--on-error skip|stop|replace] [--max-line-bytes N]\n"
    "                   [--memory-budget SIZE] [--prune-margin X | --no-prune]\n"
    "                   [--progress]\n"
    "                   [--constrain SPEC] [--constraints CFILE] [FILE...]\n"
    "\n"
    "Analyses each input line (stdin without FILE, or for \"-\"). Input is UTF-8; a\n"
    "byte order mark at the start of an input is dropped.\n"
    "  --model P      model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME      language model of the model file to score with\n"
    "  --typos        typo-tolerant analysis: misspellings (됬다, 할께요, 안녕하세여)\n"
    "                 are read as meant, at a cost, and bare jamo (ㅋㅋ, ㅠㅠ) become\n"
    "                 tokens; in json, tokens read from a corrected spelling get\n"
    "                 \"corrected\":true (their span is the text as written)\n"
    "  -n, --top-n N  analyses per line, 1..64 (default 1)\n"
    "  -f, --format F morphs (default): one line \"form/TAG ...\" per input line;\n"
    "                 with --top-n N>1, N lines \"score<TAB>form/TAG ...\" and a blank line\n"
    "                 json: one JSON object per input line (JSON Lines)\n"
    "                 tsv: \"form<TAB>tag<TAB>begin<TAB>length<TAB>score\" per token, then EOS\n"
    "  --lemma        show each token's lemma (dictionary form): a stem that conjugates\n"
    "                 (VV VA VX VCP VCN XSV XSA) with 다, others their form: morphs print\n"
    "                 \"lemma/TAG\" (먹다/VV 었/EP 다/EF), json adds \"lemma\" after \"tag\",\n"
    "                 tsv a sixth column\n"
    "  --join-derivations  one token for a noun and its prefix or suffix (XPN, XSN:\n"
    "                 학생들/NNG) and for a noun or root and its verb or adjective\n"
    "                 suffix (XSV, XSA: 공부하/VV, 사랑스럽/VA); it spans both parts\n"
    "  --stop-words   leave out the tokens of the built-in stop-word list (particles,\n"
    "                 endings, punctuation, the copula, common function morphemes)\n"
    "  --stop-word-list F  leave out the tokens F lists: \"form/TAG\" or \"*/TAG\" (every\n"
    "                 form) per line, '#' comments; a bad line is an error naming it\n"
    "  --no-special LIST  special tokens not to recognise (url,email,hashtag,mention,\n"
    "                 serial,emoji or all): their text is analysed as ordinary text\n"
    "@USERDICT@"
    "  -t, --threads N analysis threads sharing the model, 0..256 (default 1;\n"
    "                 0: one per online CPU). The output is the same for every N;\n"
    "                 with N>1 input is read and printed in blocks of 512 lines\n"
    "  --on-error E   what a line that cannot be analysed (invalid UTF-8) gives:\n"
    "                 skip (default): a message FILE:LINE with the byte offset and\n"
    "                 an error record: an empty line (morphs), {\"file\",\"line\",\n"
    "                 \"error\",\"code\",\"analyses\":[]} (json), \"ERROR<TAB>LINE<TAB>\n"
    "                 message\" then EOS (tsv), so output records stay aligned\n"
    "                 with input lines; the run goes on and exits with 1;\n"
    "                 stop: the message, then exit 1 without reading further;\n"
    "                 replace: each invalid sequence becomes U+FFFD and the line is\n"
    "                 analysed (a message still names it; exit 0). A line longer\n"
    "                 than --max-line-bytes is such a line (replace skips it)\n"
    "@MAXLINE@"
    "@BUDGET@"
    "  --progress     show the progress line (lines, MB, MB/s, and for files % done\n"
    "                 and time left) on stderr even when stdout is a terminal or\n"
    "                 stderr is not (then one line every 5 s and a last one);\n"
    "                 default: only when stderr is a terminal and stdout is not,\n"
    "                 so never on a pipe; --no-progress: never\n"
    "  --constrain SPEC  constraints for every line, ';'-separated: 'B:E FORM/TAG[+FORM/TAG]'\n"
    "                 analyses code points [B,E) as those morphemes (\"3:8 카카오뱅크/NNP\");\n"
    "                 'lemma FORM/TAG[,TAG][|...]' (or 'lemma@B:E ...') requires the morphemes\n"
    "                 somewhere (or in [B,E)); a line no analysis satisfies is an error\n"
    "  --constraints CFILE  line N of CFILE holds the constraints of input line N\n"
    "                 (counted across all inputs; same syntax; empty: none); CFILE is\n"
    "                 read along with the input, and a line of it with bad syntax is\n"
    "                 an error of its input line (--on-error)\n"
    "  -h, --help     show this help\n";

enum class Format { kMorphs, kJson, kTsv };
enum class OnError { kSkip, kStop, kReplace };

// After this many messages, failing lines are only counted (a corrupt 5 GB
// file must not flood the terminal); the total is reported at the end.
constexpr size_t kMaxMessages = 100;
// A block of lines read at once stops growing at this much text (with
// --threads N > 1; see AnalyzeRun).
constexpr uint64_t kMaxBlockBytes = 32u << 20;
// A slot keeps the buffer of a line up to this size for the next block (at
// most 512 of them: 32 MiB), and gives back a larger one.
constexpr size_t kMaxKeptSlotBytes = 64u << 10;

struct Settings {
  Format format = Format::kMorphs;
  OnError on_error = OnError::kSkip;
  ProgressMode progress = ProgressMode::kAuto;
  long threads = 1;
  uint64_t max_line_bytes = 0;  // set by ParseMaxLineBytes
  AnalyzeOptions analyze;
  LineConstraints constraints;
  std::string model;
  std::string user_dict, block;
  std::vector<std::string> files;
};

// The record of an analysed line: kma_result_format()'s, through the same
// writer. Morphs with --top-n above 1 list the ranked analyses.
void FormatLine(Format format, const AnalyzeOptions& opt, std::string_view text,
                const std::vector<Analysis>& analyses, std::string* out) {
  const int top_n = opt.top_n;
  int32_t record = KMA_FORMAT_TSV;
  if (format == Format::kMorphs) record = top_n == 1 ? KMA_FORMAT_MORPHS : KMA_FORMAT_MORPHS_NBEST;
  if (format == Format::kJson) record = KMA_FORMAT_JSON;
  AppendRecord(record, text, analyses, out, opt.lemma);
}

// About the most memory FormatLine takes for `analyses`: the record (a
// token's form and at most this many bytes more: "/TAG " in morphs, four
// numbers in tsv, the fields of json) and the buffer it grows from, as
// large again. The memory budget counts it on top of the analysis.
// With --lemma each token may print its lemma too (its form and 다).
uint64_t RecordBytes(Format format, bool lemma, std::string_view text, const std::vector<Analysis>& analyses) {
  const uint64_t per_token = format == Format::kJson ? 160 : format == Format::kTsv ? 48 : 8;
  uint64_t bytes = (format == Format::kJson ? text.size() : 0) + 64;
  for (const Analysis& a : analyses) {
    bytes += 32 + per_token * a.tokens.size();
    for (const Token& t : a.tokens) bytes += (lemma ? 2 : 1) * t.form.size() + (lemma ? 4 : 0);
  }
  return 2 * bytes;
}

// A short, stable name of why a line could not be analysed (error records).
const char* FailureCode(StatusCode code) {
  switch (code) {
    case StatusCode::kInvalidUtf8: return "invalid_utf8";
    case StatusCode::kInputTooLong: return "line_too_long";
    case StatusCode::kOutOfMemory: return "out_of_memory";
    case StatusCode::kResource: return "memory_budget";
    case StatusCode::kUnsatisfiable: return "unsatisfiable";
    default: return "error";
  }
}

// The record of a line that could not be analysed, so that record N still
// answers input line N: an empty line in morphs (what an empty input line
// gives), a JSON object naming the line and its error in JSON Lines, and an
// "ERROR<TAB>line<TAB>message" line before the EOS in tsv. `message` is the
// error without the "file:line: " prefix of the stderr message.
void FormatFailedLine(Format format, const std::string& file, size_t line, StatusCode code,
                      const std::string& message, std::string* out) {
  switch (format) {
    case Format::kMorphs:
      out->push_back('\n');
      return;
    case Format::kJson:
      out->append("{\"file\":");
      capi::AppendJsonString(file, out);
      out->append(",\"line\":" + std::to_string(line) + ",\"error\":");
      capi::AppendJsonString(message, out);
      out->append(",\"code\":");
      capi::AppendJsonString(FailureCode(code), out);
      out->append(",\"analyses\":[]}\n");
      return;
    case Format::kTsv:
      out->append("ERROR\t" + std::to_string(line) + "\t");
      // A tab or line break in the message would break the record apart.
      for (char c : message) out->push_back(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
      out->append("\nEOS\n");
      return;
  }
}

// Sets *out to the value named `name` among `choices`; false if none is.
template <typename T>
bool ParseChoice(const std::string& name,
                 std::initializer_list<std::pair<const char*, T>> choices, T* out) {
  for (const auto& [n, v] : choices) {
    if (name == n) {
      *out = v;
      return true;
    }
  }
  return false;
}

// Parses the options into *s. Returns -1 on success, else the exit code
// (after printing help or the error).
int ParseSettings(int argc, char** argv, int first, Settings* s) {
  ArgParser args({{"model", 0, true},
                  {"lm", 0, true},
                  {"typos", 0, false},
                  {"top-n", 'n', true},
                  {"format", 'f', true},
                  {"threads", 't', true},
                  {"on-error", 0, true},
                  {"max-line-bytes", 0, true},
                  {"memory-budget", 0, true},
                  {"prune-margin", 0, true},
                  {"no-prune", 0, false},
                  {"user-dict", 0, true},
                  {"block", 0, true},
                  {"tags", 0, true},
                  {"lemma", 0, false},
                  {"join-derivations", 0, false},
                  {"stop-words", 0, false},
                  {"stop-word-list", 0, true},
                  {"no-special", 0, true},
                  {"progress", 0, false},
                  {"constrain", 0, true},
                  {"constraints", 0, true},
                  {"no-progress", 0, false}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) {
    return Fail(kExitUsage, error + " (see 'kma analyze --help')");
  }
  if (args.help()) {
    std::string usage = WithMaxLineHelp(kAnalyzeUsage);
    usage.replace(usage.find("@USERDICT@"), 10, kUserDictHelp);
    usage.replace(usage.find("@BUDGET@"), 8, MemoryBudgetHelp() + PruneHelp());
    std::fputs(usage.c_str(), stdout);
    return kExitOk;
  }
  long top_n = 1;
  if (!ParseIntInRange(args.Get("top-n", "1"), 1, 64, &top_n)) {
    return Fail(kExitUsage, "--top-n must be an integer in 1..64");
  }
  if (!ParseIntInRange(args.Get("threads", "1"), 0, 256, &s->threads)) {
    return Fail(kExitUsage, "--threads must be an integer in 0..256 (0: all CPUs)");
  }
  if (s->threads == 0) {
    s->threads = std::clamp<long>(std::thread::hardware_concurrency(), 1, 256);
  }
  if (std::string e; !ParseMaxLineBytes(args.Get("max-line-bytes"), &s->max_line_bytes, &e)) {
    return Fail(kExitUsage, e);
  }
  if (std::string e; !ParseMemoryBudget(args.Get("memory-budget"), &s->analyze.memory_budget_mib, &e)) {
    return Fail(kExitUsage, e);
  }
  if (std::string e; !ParsePruneSwitches(args, &s->analyze.prune_margin, &e)) return Fail(kExitUsage, e);
  const std::string fmt = args.Get("format", "morphs");
  if (!ParseChoice(fmt, {{"morphs", Format::kMorphs}, {"json", Format::kJson}, {"tsv", Format::kTsv}},
                   &s->format)) {
    return Fail(kExitUsage, "unknown --format '" + fmt + "' (morphs, json or tsv)");
  }
  const std::string on_error = args.Get("on-error", "skip");
  if (!ParseChoice(on_error,
                   {{"skip", OnError::kSkip}, {"stop", OnError::kStop}, {"replace", OnError::kReplace}},
                   &s->on_error)) {
    return Fail(kExitUsage, "unknown --on-error '" + on_error + "' (skip, stop or replace)");
  }
  if (args.Has("progress") && args.Has("no-progress")) {
    return Fail(kExitUsage, "--progress and --no-progress exclude each other");
  }
  if (args.Has("progress")) s->progress = ProgressMode::kOn;
  if (args.Has("no-progress")) s->progress = ProgressMode::kOff;
  if (std::string e;
      !s->constraints.Load(args.Get("constrain"), args.Get("constraints"), s->max_line_bytes, &e)) {
    return Fail(kExitUsage, e);
  }
  if (s->format == Format::kTsv && top_n > 1) {
    return Fail(kExitUsage, "--format tsv prints one analysis per line: --top-n " + std::to_string(top_n) +
                                " needs --format morphs or json");
  }
  s->analyze.top_n = static_cast<int>(top_n);
  s->analyze.lm = args.Get("lm");
  s->analyze.typos = args.Has("typos");
  s->analyze.lemma = args.Has("lemma");
  s->analyze.join_derivations = args.Has("join-derivations");
  s->analyze.stop_words = args.Has("stop-words");
  if (const std::string path = args.Get("stop-word-list"); !path.empty()) {
    std::string text;
    if (Status st = ReadTextFile(path, kMaxUserDictFileBytes, "stop-word list", &text); !st.ok()) {
      return Fail(kExitRuntime, st.message());
    }
    auto list = std::make_shared<StopWords>();
    if (Status st = StopWords::Parse(text, list.get()); !st.ok()) {
      return Fail(kExitRuntime, path + ": " + st.message());
    }
    s->analyze.stop_word_list = std::move(list);
  }
  if (std::string bad; !ParseSpecialClasses(args.Get("no-special"), &s->analyze.plain_specials, &bad)) {
    return Fail(kExitUsage, "unknown --no-special class '" + bad +
                                "' (url, email, hashtag, mention, serial, emoji or all)");
  }
  s->model = args.Get("model");
  s->user_dict = args.Get("user-dict");
  s->block = args.Get("block");
  if (int rc = ParseTagList(args.Get("tags"), &s->analyze.output_tags); rc != kExitOk) return rc;
  s->files = args.positionals();
  if (s->files.empty()) s->files.push_back("-");
  return -1;
}

// One input line on its way through a block.
struct Slot {
  std::string text;
  std::string repaired;  // --on-error replace: the text that was analysed
  size_t number = 0;
  uint64_t offset = 0;   // of the line's first byte in its input
  Status status;         // of the analysis that produced `analyses`
  Status invalid;        // the original failure when the line was repaired
  size_t replacements = 0;
  std::string too_long;  // the message for a line over --max-line-bytes (not read)
  Constraints constraints;  // of this line: --constrain and its line of --constraints
  Status constraint_error;  // when its line of --constraints cannot be used
  std::vector<Analysis> analyses;
};

// The whole run: inputs in order, blocks of lines analysed on the pool and
// printed in input order.
class AnalyzeRun {
 public:
  AnalyzeRun(Settings& s, std::shared_ptr<const Model> model, std::shared_ptr<const UserDictionary> user,
             int64_t total_bytes)
      : s_(s), pool_(static_cast<size_t>(s.threads)), progress_(s.progress, total_bytes) {
    for (long t = 0; t < s.threads; ++t) analyzers_.push_back(std::make_unique<Analyzer>(model, user));
    // With one thread a block is one line: output keeps streaming line by
    // line (interactive use). With more, 512 lines keep every worker busy to
    // the end of a block while bounding memory.
    slots_.resize(s.threads == 1 ? 1 : 512);
  }

  // Returns the exit code.
  int Run() {
    for (const std::string& file : s_.files) {
      if (!RunFile(file)) break;  // --on-error stop
    }
    progress_.Finish(lines_, bytes_done_);
    if (!write_error_.empty() || !FlushStdout()) {
      // Nothing after a failed write reaches the output: the run stopped there.
      return Fail(kExitRuntime, write_error_.empty() ? StdoutError() : write_error_);
    }
    if (!s_.constraints.fatal_error().empty()) {
      failed_ = true;
      Report(s_.constraints.fatal_error() + "; stopped (no later line has its constraints)");
    } else if (!stopped_) {
      if (const std::string m = s_.constraints.CheckLineCount(lines_); !m.empty()) {
        failed_ = true;
        Report(m);
      }
    }
    if (messages_ > kMaxMessages) {
      Fail(kExitRuntime, std::to_string(messages_ - kMaxMessages) +
                             " more messages not shown (at most " +
                             std::to_string(kMaxMessages) + " are printed)");
    }
    return unopened_ ? kExitUsage : failed_ ? kExitRuntime : kExitOk;
  }

 private:
  // Prints one message (counted against kMaxMessages) above the progress line.
  void Report(const std::string& message) {
    if (++messages_ > kMaxMessages) return;
    progress_.Clear();
    Fail(kExitRuntime, message);
  }

  // Reads, analyses and prints one input. Returns false to stop the run.
  bool RunFile(const std::string& file) {
    LineReader reader;
    std::string error;
    if (!reader.Open(file, &error)) {
      unopened_ = true;
      Report(error);
      stopped_ = s_.on_error == OnError::kStop;
      return !stopped_;
    }
    reader.set_max_line_bytes(s_.max_line_bytes);
    for (;;) {
      size_t n = 0;
      uint64_t block_bytes = 0;
      std::string_view line;
      // A block also ends once it holds kMaxBlockBytes of text, so long
      // lines do not fill 512 slots.
      bool at_end = false;
      while (n < slots_.size() && block_bytes < kMaxBlockBytes) {
        if (!reader.Next(&line)) {
          at_end = true;
          break;
        }
        Slot& slot = slots_[n++];
        slot.text.assign(line);
        slot.number = reader.line_number();
        slot.offset = reader.line_offset();
        slot.too_long.clear();
        if (reader.too_long()) slot.too_long = reader.TooLongMessage("--max-line-bytes");
        slot.constraint_error = Status::Ok();
        if (!s_.constraints.Next(&slot.constraints, &slot.constraint_error) && slot.constraint_error.ok()) {
          --n;  // the constraints file failed: this line and the rest are not analysed
          at_end = true;
          stopped_ = true;
          break;
        }
        block_bytes += line.size();
      }
      if (n == 0) break;
      pool_.Run(n, [&](size_t worker, size_t i) { Analyze(*analyzers_[worker], &slots_[i]); });
      for (size_t i = 0; i < n; ++i) {
        if (!Emit(reader, slots_[i])) {
          bytes_done_ += reader.bytes_read();
          stopped_ = true;
          return false;
        }
        // A slot that held a long line gives its memory back, or over
        // many blocks every slot could keep a line's worth.
        if (slots_[i].text.capacity() > kMaxKeptSlotBytes || slots_[i].repaired.capacity() > kMaxKeptSlotBytes)
          slots_[i] = Slot();
      }
      lines_ += n;
      progress_.Update(lines_, bytes_done_ + reader.bytes_read());
      if (at_end) break;  // end of input or a read error
    }
    bytes_done_ += reader.bytes_read();
    if (stopped_) return false;
    if (!reader.error().empty()) {
      failed_ = true;
      Report(reader.error());
      stopped_ = s_.on_error == OnError::kStop;
      return !stopped_;
    }
    return true;
  }

  // Runs on a pool worker.
  void Analyze(Analyzer& analyzer, Slot* slot) const {
    // A line too big for the memory there is gets its error like any other
    // failing line; the run goes on with the next one.
    try {
      AnalyzeOrThrow(analyzer, slot);
    } catch (const std::bad_alloc&) {
      std::vector<Analysis>().swap(slot->analyses);
      analyzer.ReleaseMemory();
      slot->status = Status(StatusCode::kOutOfMemory,
                            "out of memory analysing a line of " + std::to_string(slot->text.size()) + " bytes");
    }
  }

  void AnalyzeOrThrow(Analyzer& analyzer, Slot* slot) const {
    slot->replacements = 0;
    if (!slot->too_long.empty()) {
      slot->analyses.clear();
      slot->status = Status(StatusCode::kInputTooLong, slot->too_long);
      return;
    }
    if (!slot->constraint_error.ok()) {
      slot->analyses.clear();
      slot->status = slot->constraint_error;
      return;
    }
    const Constraints& c = slot->constraints;
    slot->status = analyzer.AnalyzeUtf8(slot->text, s_.analyze, c, &slot->analyses);
    if (slot->status.code() == StatusCode::kInvalidUtf8 && s_.on_error == OnError::kReplace) {
      slot->invalid = slot->status;
      slot->replacements = ReplaceInvalidUtf8(slot->text, &slot->repaired);
      slot->status = analyzer.AnalyzeUtf8(slot->repaired, s_.analyze, c, &slot->analyses);
    }
    if (slot->status.ok()) CheckRecordBudget(analyzer, slot);
  }

  // The line's record must fit in the memory budget with its analysis.
  void CheckRecordBudget(const Analyzer& analyzer, Slot* slot) const {
    const uint64_t budget = static_cast<uint64_t>(s_.analyze.memory_budget_mib) << 20;
    const std::string_view text = slot->replacements > 0 ? slot->repaired : slot->text;
    if (budget == 0) return;
    const uint64_t need = analyzer.memory_peak() + RecordBytes(s_.format, s_.analyze.lemma, text, slot->analyses);
    if (need <= budget) return;
    std::vector<Analysis>().swap(slot->analyses);
    slot->status = Status(StatusCode::kResource, "the analysis and its record need more memory than its budget of " +
                                                     std::to_string(budget >> 20) + " MiB (--memory-budget): " +
                                                     std::to_string((need + (1u << 20) - 1) >> 20) + " MiB");
  }

  // Prints one line's record (and its message). Returns false to stop.
  bool Emit(const LineReader& reader, const Slot& slot) {
    out_.clear();
    if (slot.status.ok()) {
      std::string_view text = slot.text;
      if (slot.replacements > 0) {
        text = slot.repaired;
        Report(LineErrorMessage(reader, slot.number, slot.offset, slot.invalid) + "; " +
               std::to_string(slot.replacements) + " invalid sequence(s) replaced by U+FFFD");
      }
      // The record of a huge line may not fit in memory either: then it is
      // that line's error too.
      try {
        FormatLine(s_.format, s_.analyze, text, slot.analyses, &out_);
      } catch (const std::bad_alloc&) {
        std::string().swap(out_);
        return EmitFailed(reader, slot,
                          Status(StatusCode::kOutOfMemory, "out of memory writing the analysis of a line of " +
                                                               std::to_string(text.size()) + " bytes"));
      }
      return Write(reader, slot);
    }
    return EmitFailed(reader, slot, slot.status);
  }

  // Writes out_, the record of `slot`. Returns false to stop: after a failed
  // write the output has lost a record, so nothing more is analysed.
  bool Write(const LineReader& reader, const Slot& slot) {
    if (WriteStdout(out_)) return true;
    write_error_ = StdoutError() + "; stopped at " + reader.name() + ":" + std::to_string(slot.number);
    return false;
  }

  // A line's message and error record (or the stop, with --on-error stop).
  bool EmitFailed(const LineReader& reader, const Slot& slot, const Status& status) {
    failed_ = true;
    const std::string message = LineErrorMessage(reader, slot.number, slot.offset, status);
    if (s_.on_error == OnError::kStop) {
      Report(message + "; stopped (--on-error stop)");
      return false;
    }
    Report(message + (s_.format == Format::kMorphs ? "; its output line is empty"
                                                    : "; its output record is an error record"));
    // The message without its "file:line: " prefix (the record names both).
    const std::string where = reader.name() + ":" + std::to_string(slot.number) + ": ";
    const bool prefixed = message.compare(0, where.size(), where) == 0;
    FormatFailedLine(s_.format, reader.name(), slot.number, status.code(),
                     prefixed ? message.substr(where.size()) : message, &out_);
    return Write(reader, slot);
  }

  Settings& s_;
  ThreadPool pool_;
  Progress progress_;
  std::vector<std::unique_ptr<Analyzer>> analyzers_;
  std::vector<Slot> slots_;
  std::string out_;
  uint64_t lines_ = 0;
  uint64_t bytes_done_ = 0;  // of the inputs already finished
  size_t messages_ = 0;
  bool failed_ = false;
  bool unopened_ = false;   // an input could not be opened: a usage error
  bool stopped_ = false;    // --on-error stop, or the constraints file failed
  std::string write_error_;  // after a failed write to stdout
};

// Total size of the inputs when every one is a regular file, else -1.
int64_t TotalInputBytes(const std::vector<std::string>& files) {
  int64_t total = 0;
  for (const std::string& f : files) {
    // stat, not open: opening a named pipe twice would block or lose data.
    struct stat st;
    if (f == "-" || ::stat(f.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return -1;
    total += static_cast<int64_t>(st.st_size);
  }
  return total;
}

}  // namespace

int RunAnalyze(int argc, char** argv, int first) {
  Settings s;
  if (int rc = ParseSettings(argc, argv, first, &s); rc >= 0) return rc;
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(s.model, s.analyze.lm, &model); rc != kExitOk) return rc;
  std::shared_ptr<const UserDictionary> user;
  if (int rc = LoadUserDictOptions(model, s.user_dict, s.block, &user); rc != kExitOk) return rc;
  AnalyzeRun run(s, model, user, s.progress == ProgressMode::kOff ? -1 : TotalInputBytes(s.files));
  return run.Run();
}

}  // namespace kma::cli
