// Pure evaluation logic behind `kma eval`: gold-line parsing, morpheme
// normalisation, LCS alignment, per-sentence scoring, aggregation and
// confusion counting. Nothing here touches the analyzer or does I/O, so the
// metric can be unit-tested with hand-computed expectations.
#ifndef KMA_TOOLS_KMA_EVAL_METRICS_H_
#define KMA_TOOLS_KMA_EVAL_METRICS_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kma::cli {

// One morpheme as compared by the evaluator.
struct Morph {
  std::string form;
  std::string tag;
  bool operator==(const Morph& o) const { return form == o.form && tag == o.tag; }
  bool operator!=(const Morph& o) const { return !(*this == o); }
};

// "form/TAG".
std::string MorphString(const Morph& m);

// Parses one gold line: raw text, TAB, then either one column per word
// ("form/TAG form/TAG") or one flat column of morphemes. All columns after
// the first are joined with spaces and split on single spaces (empty pieces
// are ignored); each morpheme is split at its LAST '/'. Returns false with a
// message in *error for a line without TAB, a morpheme without '/', or one
// with an empty form or tag. The morphemes are returned un-normalised.
bool ParseGoldLine(std::string_view line, std::string* raw,
                   std::vector<Morph>* morphs, std::string* error);

// Drops an "-I" / "-R" irregularity suffix: "VV-I" -> "VV".
std::string NormalizeTag(std::string_view tag);

// Normalises a form given its (already normalised) tag:
//  * conjoining final consonants U+11A8..U+11C2 become the corresponding
//    compatibility consonants (U+3131..), anywhere in the form;
//  * for ending tags (EP EF EC ETN ETM) only the first character is unified:
//    아/여 -> 어 and 았/였 -> 었 (아서 -> 어서, 였 -> 었).
std::string NormalizeForm(std::string_view form, std::string_view tag);

// NormalizeTag then NormalizeForm.
Morph NormalizeMorph(const Morph& m);

// Longest common subsequence of two morpheme sequences. Returns the matched
// index pairs (gold index, predicted index), increasing in both; its size is
// the LCS length.
std::vector<std::pair<size_t, size_t>> LcsAlign(const std::vector<Morph>& gold,
                                                const std::vector<Morph>& pred);

// Confusion counts: key -> count. A key is either a token confusion
// ("gold form/TAG" -> "predicted form/TAG", with "∅" for a missing side) or,
// when both forms are equal, an additional tag-only confusion.
struct ConfusionKey {
  std::string gold;
  std::string predicted;
  bool tag_only = false;
  bool operator<(const ConfusionKey& o) const {
    if (tag_only != o.tag_only) return tag_only < o.tag_only;
    if (gold != o.gold) return gold < o.gold;
    return predicted < o.predicted;
  }
};
using ConfusionMap = std::map<ConfusionKey, int64_t>;

// Marker for an empty side of a confusion.
inline constexpr const char* kEmptySide = "\xE2\x88\x85";  // "∅"

// Adds the confusions of one aligned sentence: in each gap between
// consecutive matches (and before the first / after the last), the unmatched
// gold and predicted tokens are paired in order; surplus tokens on one side
// pair with "∅".
void AddConfusions(const std::vector<Morph>& gold, const std::vector<Morph>& pred,
                   const std::vector<std::pair<size_t, size_t>>& matches,
                   ConfusionMap* out);

// The `n` most frequent confusions, by count descending, then key.
std::vector<std::pair<ConfusionKey, int64_t>> TopConfusions(const ConfusionMap& m,
                                                            size_t n);

// Token and sentence counts; the metrics are micro-averaged over tokens.
struct EvalCounts {
  int64_t sentences = 0;
  int64_t exact = 0;      // sentences whose normalised sequences are identical
  int64_t gold = 0;       // gold tokens
  int64_t predicted = 0;  // predicted tokens
  int64_t matched = 0;    // LCS lengths, summed

  double precision() const;  // matched / predicted (0 when predicted == 0)
  double recall() const;     // matched / gold (0 when gold == 0)
  double f1() const;         // harmonic mean (0 when both are 0)
  double sentence_accuracy() const;  // exact / sentences
  void Merge(const EvalCounts& o);
};

// The result of scoring one sentence.
struct SentenceScore {
  EvalCounts counts;  // with sentences == 1
  std::vector<std::pair<size_t, size_t>> matches;
};

// Normalises both sides, aligns them and scores the sentence. The
// normalised sequences are returned through *norm_gold / *norm_pred when
// non-null (AddConfusions wants them).
SentenceScore ScoreSentence(const std::vector<Morph>& gold,
                            const std::vector<Morph>& pred,
                            std::vector<Morph>* norm_gold = nullptr,
                            std::vector<Morph>* norm_pred = nullptr);

// Accumulates sentences over one or more gold files: overall counts,
// per-source counts and confusions.
class EvalAccumulator {
 public:
  // `source` may be empty (no .sources file): then no per-source entry is kept.
  void AddSentence(const std::vector<Morph>& gold, const std::vector<Morph>& pred,
                   const std::string& source);
  void Merge(const EvalAccumulator& o);

  const EvalCounts& overall() const { return overall_; }
  const std::map<std::string, EvalCounts>& per_source() const { return per_source_; }
  const ConfusionMap& confusions() const { return confusions_; }

 private:
  EvalCounts overall_;
  std::map<std::string, EvalCounts> per_source_;
  ConfusionMap confusions_;
};

// "dir/dev.tsv" -> "dir/dev.sources"; "gold" -> "gold.sources".
std::string SourcesPathFor(const std::string& gold_path);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_EVAL_METRICS_H_
