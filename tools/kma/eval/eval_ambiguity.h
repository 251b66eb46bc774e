// Ambiguous-word accuracy for `kma eval --train FILE`: over the gold words
// whose surface form has two or more distinct analyses in the training file,
// the share whose predicted analysis is exactly the gold one (after the same
// normalisation as the morpheme metric). This is where a language model's
// disambiguation shows; most words have one analysis and say little.
#ifndef KMA_TOOLS_KMA_EVAL_AMBIGUITY_H_
#define KMA_TOOLS_KMA_EVAL_AMBIGUITY_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tools/kma/eval/eval_metrics.h"

namespace kma::cli {

// Splits a gold line of the per-word format (raw TAB word1 TAB word2 ...)
// into its surface words (raw split on spaces) and their analyses. False if
// the line has one morpheme column only or the counts differ.
bool SplitGoldWords(std::string_view line, std::vector<std::string>* words, std::vector<std::vector<Morph>>* analyses);

// Normalised "form/TAG+form/TAG" key of an analysis.
std::string AnalysisKey(const std::vector<Morph>& morphs);

// Why a wrong ambiguous word is wrong, as far as the training file tells
// (it needs a .sources file beside it): the predicted reading of the word is
// attested in the training file only under other sources than the gold
// sentence's (the model chose another source's convention, e.g. KAIST's
// 같/VA ㄴ/ETM for a GSD sentence's 같/VA 은/ETM), under the sentence's own
// source too (an ambiguity that source's annotation has itself), or not at
// all.
enum class AmbiguityCause { kOtherSource, kSameSource, kUnattested };
inline constexpr int kAmbiguityCauses = 3;

class AmbiguityIndex {
 public:
  // Reads a training file in the per-word gold format, and the sources of
  // its lines from SourcesPathFor(path) when that file exists (one source
  // per physical line, as for gold files). Lines that do not split into
  // words are ignored. False (with *error) if a file cannot be read, or the
  // sources file has fewer lines than the training file. With `map`, each
  // line's analyses pass through it first (kma eval maps them to its
  // convention, as it does the gold).
  using MapFn = std::function<void(std::vector<std::vector<Morph>>*)>;
  bool Load(const std::string& path, std::string* error, const MapFn& map = nullptr);
  // True if the surface word has two or more distinct analyses.
  bool IsAmbiguous(const std::string& word) const;
  // True if the training file's sources were read (at most 64 distinct
  // sources; with more, causes are not told apart).
  bool has_sources() const { return !source_bits_.empty(); }
  // The cause of predicting `key` (AnalysisKey) for `word` in a sentence
  // of `source`. Requires has_sources(); a source the training file does
  // not name counts as none of its sources.
  AmbiguityCause Cause(const std::string& word, const std::string& key, const std::string& source) const;

 private:
  struct Reading {
    std::string key;
    uint64_t sources = 0;  // bit i: attested under source_bits_'s i-th name
  };
  // The distinct readings of each surface word, in order of first sight.
  std::unordered_map<std::string, std::vector<Reading>> words_;
  std::unordered_map<std::string, int> source_bits_;
};

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_EVAL_AMBIGUITY_H_
