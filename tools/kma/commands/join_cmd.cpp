// `kma join`: morphemes back into text (core/join/joiner.h), and
// `kma join --gold`: the joiner's round trip on an annotated corpus.
#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/join/joiner.h"
#include "core/model/model.h"
#include "core/text/morph_list.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/io/output_format.h"
#include "tools/kma/options/user_dict_options.h"

namespace kma::cli {
namespace {

constexpr const char kJoinUsage[] =
    "usage: kma join [--model P] [--user-dict F] [--max-line-bytes N] [FILE...]\n"
    "       kma join --gold [--show N] [--model P] GOLD...\n"
    "\n"
    "Joins morphemes into text with the model's morphophonological rules:\n"
    "each input line \"form/TAG form/TAG ...\" (as kma analyze prints it) gives\n"
    "one output line (돕/VV 아/EC 주/VX 었/EP 어요/EF -> 도와줬어요). Spaces between\n"
    "morphemes let the joiner decide where words end; a tab always starts a word.\n"
    "A bad line gets a message FILE:LINE:COLUMN on stderr and an empty output\n"
    "line; the exit status is then 1.\n"
    "  --model P      model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --user-dict F  a user dictionary: its stems conjugate with their classes\n"
    "  --gold         read gold files (raw text<TAB>morphemes of word 1<TAB>...)\n"
    "                 and report the share of words whose morphemes join to the\n"
    "                 word exactly, and the rest by cause\n"
    "  --show N       with --gold: print N failing words per cause (default 3)\n"
    "@MAXLINE@"
    "  -h, --help     show this help\n";

std::unique_ptr<Joiner> MakeJoiner(const Model& model, const std::shared_ptr<const UserDictionary>& user,
                                   int* rc) {
  Joiner::StemClassFn stems;
  if (user != nullptr)
    stems = [user](std::string_view form, PosTag tag) { return user->StemClass(form, tag); };
  auto created = Joiner::Create(model, std::move(stems));
  if (!created.ok()) {
    *rc = Fail(kExitRuntime, created.status().message());
    return nullptr;
  }
  return std::make_unique<Joiner>(std::move(created).value());
}

int JoinLines(Joiner* joiner, const std::vector<std::string>& files, uint64_t max_line_bytes) {
  bool failed = false, unopened = false;
  std::string out;
  for (const std::string& file : files) {
    LineReader reader;
    std::string error;
    if (!reader.Open(file, &error)) {
      Fail(kExitUsage, error);
      unopened = true;
      continue;
    }
    reader.set_max_line_bytes(max_line_bytes);
    std::string_view line;
    while (reader.Next(&line)) {
      Status st;
      if (reader.too_long()) {
        st = Status(StatusCode::kInputTooLong, reader.TooLongMessage("--max-line-bytes"));
        out = "\n";
      } else {
        joiner->Clear();
        st = joiner->AddMorphs(line);
        out = st.ok() ? joiner->Text() : std::string();
        out.push_back('\n');
      }
      // A failed write loses a line of the output: nothing more is joined.
      if (!WriteStdout(out))
        return Fail(kExitRuntime, StdoutError() + "; stopped at " + file + ":" + std::to_string(reader.line_number()));
      if (reader.too_long()) {
        failed = true;
        Fail(kExitRuntime, file + ":" + std::to_string(reader.line_number()) + ": " + st.message() +
                               "; its output line is empty");
      } else if (!st.ok()) {
        failed = true;
        Fail(kExitRuntime, file + ":" + std::to_string(reader.line_number()) + ":" +
                               std::to_string(st.offset() + 1) + ": " + st.message());
      }
    }
    if (!reader.error().empty()) {
      Fail(kExitRuntime, reader.error());
      failed = true;
    }
  }
  if (!FlushStdout()) return Fail(kExitRuntime, StdoutError());
  return unopened ? kExitUsage : failed ? kExitRuntime : kExitOk;
}

// Words of a gold file whose morphemes do not join to the word, by cause:
// how many, and the first `show` of them (memory does not grow with the
// file).
struct GoldReport {
  struct Cause {
    size_t count = 0;
    std::vector<std::string> examples;
  };
  size_t show = 0;
  size_t words = 0, exact = 0, skipped_lines = 0;
  std::map<std::string, Cause> causes;
};

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t b = 0;
  for (;;) {
    const size_t e = s.find(sep, b);
    out.push_back(s.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b));
    if (e == std::string_view::npos) return out;
    b = e + 1;
  }
}

// The cause of a failure: a valid other spelling (the rules allow the word
// but prefer another), or the first pair of morphemes after which the
// joined text stops being a prefix of the word (up to the last syllable,
// which the next morpheme may still change).
std::string Cause(Joiner* joiner, const std::vector<MorphSpec>& ms, std::string_view word) {
  const std::vector<std::string> alts = joiner->Alternatives();
  if (std::find(alts.begin(), alts.end(), word) != alts.end()) return "another valid spelling preferred";
  joiner->Clear();
  for (size_t k = 0; k < ms.size(); ++k) {
    joiner->Add(ms[k].form, ms[k].tag, JoinSpace::kAttach);
    std::string t = joiner->Text();
    size_t cut = t.size();  // drop the last character (UTF-8)
    while (cut > 0 && (static_cast<unsigned char>(t[cut - 1]) & 0xC0) == 0x80) --cut;
    if (cut > 0) --cut;
    if (word.substr(0, cut) != std::string_view(t).substr(0, cut) || k + 1 == ms.size()) {
      if (k == 0) return "first morpheme " + std::string(TagName(ms[0].tag)) + " differs from the word";
      return std::string(TagName(ms[k - 1].tag)) + " + " + std::string(TagName(ms[k].tag));
    }
  }
  return "unknown";
}

void GoldLine(Joiner* joiner, std::string_view line, GoldReport* r) {
  const std::vector<std::string_view> cols = Split(line, '\t');
  if (cols.size() < 2) return;
  const std::vector<std::string_view> words = Split(cols[0], ' ');
  if (words.size() != cols.size() - 1) {  // a line without one column per word
    ++r->skipped_lines;
    return;
  }
  std::vector<MorphSpec> ms;
  for (size_t w = 0; w < words.size(); ++w) {
    if (!ParseMorphList(cols[w + 1], &ms).ok() || ms.empty()) {
      ++r->skipped_lines;
      return;
    }
    ++r->words;
    joiner->Clear();
    for (const MorphSpec& m : ms) joiner->Add(m.form, m.tag, JoinSpace::kAttach);
    if (joiner->Text() == words[w]) {
      ++r->exact;
      continue;
    }
    const std::string got = joiner->Text();
    GoldReport::Cause& c = r->causes[Cause(joiner, ms, words[w])];
    if (c.count++ < r->show) c.examples.push_back(std::string(words[w]) + "\t" + std::string(cols[w + 1]) + "\t-> " + got);
  }
}

int JoinGold(Joiner* joiner, const std::vector<std::string>& files, long show) {
  GoldReport r;
  r.show = static_cast<size_t>(show);
  for (const std::string& file : files) {
    LineReader reader;
    std::string error;
    if (!reader.Open(file, &error)) return Fail(kExitUsage, error);
    std::string_view line;
    while (reader.Next(&line)) GoldLine(joiner, line, &r);
    if (!reader.error().empty()) return Fail(kExitRuntime, reader.error());
  }
  std::printf("words %zu, joined exactly %zu (%.2f%%), lines skipped (not one column per word) %zu\n", r.words,
              r.exact, r.words ? 100.0 * r.exact / r.words : 0.0, r.skipped_lines);
  std::vector<std::pair<size_t, std::string>> order;
  for (const auto& [cause, c] : r.causes) order.emplace_back(c.count, cause);
  std::sort(order.rbegin(), order.rend());
  for (const auto& [n, cause] : order) {
    std::printf("%7zu  %s\n", n, cause.c_str());
    for (const std::string& ex : r.causes[cause].examples) std::printf("           %s\n", ex.c_str());
  }
  return kExitOk;
}

}  // namespace

int RunJoin(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true}, {"user-dict", 0, true}, {"gold", 0, false}, {"show", 0, true},
                  {"max-line-bytes", 0, true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma join --help')");
  if (args.help()) {
    std::fputs(WithMaxLineHelp(kJoinUsage).c_str(), stdout);
    return kExitOk;
  }
  long show = 3;
  if (!ParseIntInRange(args.Get("show", "3"), 0, 1000000, &show))
    return Fail(kExitUsage, "--show must be an integer in 0..1000000");
  std::vector<std::string> files = args.positionals();
  if (args.Has("gold") && files.empty()) return Fail(kExitUsage, "--gold needs at least one gold file");
  if (files.empty()) files.push_back("-");
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), "", &model); rc != kExitOk) return rc;
  std::shared_ptr<const UserDictionary> user;
  if (int rc = LoadUserDictOptions(model, args.Get("user-dict"), "", &user); rc != kExitOk) return rc;
  int rc = kExitOk;
  std::unique_ptr<Joiner> joiner = MakeJoiner(*model, user, &rc);
  if (joiner == nullptr) return rc;
  uint64_t max_line_bytes = 0;
  if (!ParseMaxLineBytes(args.Get("max-line-bytes"), &max_line_bytes, &error)) return Fail(kExitUsage, error);
  return args.Has("gold") ? JoinGold(joiner.get(), files, show) : JoinLines(joiner.get(), files, max_line_bytes);
}

}  // namespace kma::cli
