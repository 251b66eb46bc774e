// Fuzz target: the gold formats `kma eval` reads (tools/kma/eval/eval_metrics.h,
// split_gold.h) and the scoring of what they parse.
//
// Input layout: [0] bit 0 chooses the format, the rest is the text.
//   0: two lines of a morpheme gold file ("raw TAB form/TAG ..."), gold and
//      predicted, cut at the first '\n'. Checks: a parse error has a
//      message; a parsed line prints back (raw, TAB, form/TAG pieces) and
//      parses again to the same raw text and morphemes; scoring the two:
//      the alignment increases in both and stays in range, matched <= both
//      counts, precision/recall/F1 in [0, 1], the LCS length is the same
//      either way round, a sequence scored against itself is exact.
//   1: a sentence-split gold file. Checks: an error names a line of the
//      input; parsed sentences are non-empty without outer whitespace; the
//      file printed back (AppendSplitGold) parses to the same documents;
//      each sentence's span in its document's text holds exactly it.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/fuzz_util.h"
#include "tools/kma/eval/eval_metrics.h"
#include "tools/kma/eval/split_gold.h"

namespace {

using kma::cli::Morph;

bool OuterSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

std::string PrintGoldLine(const std::string& raw, const std::vector<Morph>& morphs) {
  std::string line = raw + "\t";
  for (size_t i = 0; i < morphs.size(); ++i) line += (i > 0 ? " " : "") + kma::cli::MorphString(morphs[i]);
  return line;
}

// Parses one gold line; on success checks its round trip.
bool ParseChecked(std::string_view line, std::vector<Morph>* morphs) {
  std::string raw, error;
  if (!kma::cli::ParseGoldLine(line, &raw, morphs, &error)) {
    FUZZ_CHECK(!error.empty(), "a gold line was refused without a message");
    return false;
  }
  FUZZ_CHECK(!morphs->empty() && raw.find('\t') == std::string::npos, "a parsed gold line without morphemes");
  for (const Morph& m : *morphs)
    FUZZ_CHECK(!m.form.empty() && !m.tag.empty() && m.tag.find('/') == std::string::npos &&
                   m.form.find_first_of(" \t") == std::string::npos && m.tag.find_first_of(" \t") == std::string::npos,
               "a malformed morpheme was accepted: " + kma::cli::MorphString(m));
  std::string raw2, error2;
  std::vector<Morph> again;
  FUZZ_CHECK(kma::cli::ParseGoldLine(PrintGoldLine(raw, *morphs), &raw2, &again, &error2),
             "a printed gold line does not parse: " + error2);
  FUZZ_CHECK(raw2 == raw && again == *morphs, "a gold line does not print back to itself");
  return true;
}

void CheckScore(const std::vector<Morph>& gold, const std::vector<Morph>& pred) {
  const kma::cli::SentenceScore s = kma::cli::ScoreSentence(gold, pred);
  const kma::cli::EvalCounts& c = s.counts;
  FUZZ_CHECK(c.sentences == 1 && c.gold == static_cast<int64_t>(gold.size()) &&
                 c.predicted == static_cast<int64_t>(pred.size()),
             "sentence counts do not match the sequences");
  FUZZ_CHECK(c.matched == static_cast<int64_t>(s.matches.size()) && c.matched <= c.gold && c.matched <= c.predicted,
             "matched count out of range");
  for (size_t k = 0; k < s.matches.size(); ++k) {
    const auto [g, p] = s.matches[k];
    FUZZ_CHECK(g < gold.size() && p < pred.size(), "an alignment index out of range");
    if (k > 0) FUZZ_CHECK(g > s.matches[k - 1].first && p > s.matches[k - 1].second, "the alignment does not increase");
  }
  for (const double v : {c.precision(), c.recall(), c.f1()}) FUZZ_CHECK(v >= 0.0 && v <= 1.0, "a rate outside [0, 1]");
  FUZZ_CHECK(c.exact == 0 || (c.matched == c.gold && c.gold == c.predicted), "an exact sentence with differences");
  FUZZ_CHECK(kma::cli::ScoreSentence(pred, gold).counts.matched == c.matched, "the LCS length depends on the order");
  const kma::cli::EvalCounts self = kma::cli::ScoreSentence(gold, gold).counts;
  FUZZ_CHECK(self.exact == 1 && self.matched == self.gold, "a sequence scored against itself is not exact");
}

bool SameDocs(const std::vector<kma::cli::SplitGoldDoc>& a, const std::vector<kma::cli::SplitGoldDoc>& b) {
  if (a.size() != b.size()) return false;
  for (size_t d = 0; d < a.size(); ++d) {
    if (a[d].sentences.size() != b[d].sentences.size()) return false;
    for (size_t i = 0; i < a[d].sentences.size(); ++i) {
      const kma::cli::SplitGoldSentence &x = a[d].sentences[i], &y = b[d].sentences[i];
      // The first sentence's join attaches it to nothing, and is not written.
      if (x.text != y.text || x.label != y.label || (i > 0 && x.join != y.join)) return false;
    }
  }
  return true;
}

void CheckSplitGold(std::string_view content) {
  std::vector<kma::cli::SplitGoldDoc> docs;
  std::string error;
  if (!kma::cli::ParseSplitGold(content, &docs, &error)) {
    size_t line = 0;
    FUZZ_CHECK(std::sscanf(error.c_str(), "line %zu: ", &line) == 1, "a split gold error without its line: " + error);
    const size_t lines = static_cast<size_t>(std::count(content.begin(), content.end(), '\n')) + 1;
    FUZZ_CHECK(line >= 1 && line <= lines, "a split gold error names line " + std::to_string(line) + " of " +
                                               std::to_string(lines));
    return;
  }
  for (const kma::cli::SplitGoldDoc& d : docs) {
    FUZZ_CHECK(!d.sentences.empty(), "an empty document");
    std::vector<kma::cli::ByteSpan> spans;
    const std::string text = kma::cli::DocumentText(d, &spans);
    FUZZ_CHECK(spans.size() == d.sentences.size(), "one span per sentence");
    for (size_t i = 0; i < spans.size(); ++i) {
      const std::string& s = d.sentences[i].text;
      FUZZ_CHECK(!s.empty() && !OuterSpace(s.front()) && !OuterSpace(s.back()) && s.find('\n') == std::string::npos,
                 "a sentence with outer whitespace or a line break was accepted");
      FUZZ_CHECK(!d.sentences[i].label.empty(), "an empty label");
      FUZZ_CHECK(spans[i].end <= text.size() && text.compare(spans[i].begin, s.size(), s) == 0 &&
                     spans[i].end - spans[i].begin == s.size() && (i == 0 || spans[i].begin >= spans[i - 1].end),
                 "a sentence span does not hold its sentence");
    }
  }
  std::string printed;
  kma::cli::AppendSplitGold(docs, &printed);
  std::vector<kma::cli::SplitGoldDoc> again;
  FUZZ_CHECK(kma::cli::ParseSplitGold(printed, &again, &error), "a printed split gold file does not parse: " + error);
  FUZZ_CHECK(SameDocs(docs, again), "a split gold file does not print back to itself");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  kma::fuzz::ByteReader in(data, size);
  const bool split = in.U8() & 1;
  const std::string rest = in.Rest();
  if (split) {
    CheckSplitGold(rest);
    return 0;
  }
  const size_t nl = rest.find('\n');
  const std::string_view gold_line = std::string_view(rest).substr(0, nl);
  const std::string_view pred_line = nl == std::string::npos ? std::string_view() : std::string_view(rest).substr(nl + 1);
  std::vector<Morph> gold, pred;
  const bool gold_ok = ParseChecked(gold_line, &gold);
  const bool pred_ok = ParseChecked(pred_line, &pred);
  if (gold_ok && pred_ok) CheckScore(gold, pred);
  return 0;
}
