// Sentence-split gold files and their scoring (`kma eval --split`, written
// by `kma split-set`). Pure logic: no analyzer, no I/O.
//
// File format (UTF-8): documents separated by blank lines; every other line
// that does not start with '#' is one gold sentence of the current document:
//
//   sentence TAB label [TAB join]
//
// `label` names the construction the sentence tests (punct, nopunct, quote,
// emoticon, nominal; any name without spaces is accepted; "-" or a missing
// label means "plain"). `join` says how the sentence is attached to the one
// before it in the document's text: "space" (the default: one space),
// "none" (directly, as in "좋았다.그리고") or "newline". The text given to
// the splitter is the document's sentences joined that way.
#ifndef KMA_TOOLS_KMA_SPLIT_GOLD_H_
#define KMA_TOOLS_KMA_SPLIT_GOLD_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kma::cli {

enum class SplitJoin { kSpace, kNone, kNewline };

struct SplitGoldSentence {
  std::string text;   // no leading or trailing whitespace
  std::string label;  // construction; "plain" if the file gives none
  SplitJoin join = SplitJoin::kSpace;
};

struct SplitGoldDoc {
  std::vector<SplitGoldSentence> sentences;
  size_t line = 0;  // 1-based line number of the first sentence in the file
};

// A byte span [begin, end) of a document's text.
struct ByteSpan {
  size_t begin = 0, end = 0;
};

// Parses a whole gold file. Errors name the 1-based line: a sentence with
// leading or trailing whitespace, an empty sentence, a label with whitespace,
// an unknown join, too many fields.
bool ParseSplitGold(std::string_view content, std::vector<SplitGoldDoc>* docs,
                    std::string* error);

// Writes documents in the file format (a blank line after each document).
void AppendSplitGold(const std::vector<SplitGoldDoc>& docs, std::string* out);

// The document's text and the span of each gold sentence in it.
std::string DocumentText(const SplitGoldDoc& doc, std::vector<ByteSpan>* gold_spans);

// Scores per gold sentence, summed; the averages are over gold sentences.
struct SplitCounts {
  int64_t sentences = 0;   // gold sentences
  int64_t exact = 0;       // predicted exactly (same trimmed span)
  double overlap_f1 = 0;   // Σ over gold sentences of the best overlap F1
  double exact_rate() const { return sentences > 0 ? double(exact) / double(sentences) : 0.0; }
  double mean_f1() const { return sentences > 0 ? overlap_f1 / double(sentences) : 0.0; }
  void Merge(const SplitCounts& o);
};

// Boundary counts: a boundary is where a sentence (after the first of a
// document) starts.
struct BoundaryCounts {
  int64_t gold = 0, predicted = 0, matched = 0;
  double precision() const { return predicted > 0 ? double(matched) / double(predicted) : 0.0; }
  double recall() const { return gold > 0 ? double(matched) / double(gold) : 0.0; }
  double f1() const;
  void Merge(const BoundaryCounts& o);
};

class SplitAccumulator {
 public:
  // Scores one document. `pred` are the splitter's spans of `text` in order
  // (they are trimmed of whitespace here); sizes and overlaps count the
  // non-whitespace code points, so spacing differences do not matter.
  // Overlap F1 of a gold sentence: the best, over predicted sentences that
  // share characters with it, of 2·|g∩p| / (|g| + |p|).
  void AddDocument(std::string_view text, const SplitGoldDoc& doc,
                   const std::vector<ByteSpan>& gold, std::vector<ByteSpan> pred);
  void Merge(const SplitAccumulator& o);

  const SplitCounts& overall() const { return overall_; }
  const std::map<std::string, SplitCounts>& per_label() const { return per_label_; }
  const BoundaryCounts& boundaries() const { return boundaries_; }
  int64_t documents() const { return documents_; }

 private:
  SplitCounts overall_;
  std::map<std::string, SplitCounts> per_label_;
  BoundaryCounts boundaries_;
  int64_t documents_ = 0;
};

// Trims ASCII whitespace (space, TAB, CR, LF, VT, FF) off both ends of a span.
ByteSpan TrimSpan(std::string_view text, ByteSpan s);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_SPLIT_GOLD_H_
