// Ambiguous-word accuracy for `kma eval --train FILE`: over the gold words
// whose surface form has two or more distinct analyses in the training file,
// the share whose predicted analysis is exactly the gold one (after the same
// normalisation as the morpheme metric). This is where a language model's
// disambiguation shows; most words have one analysis and say little.
#ifndef KMA_TOOLS_KMA_EVAL_AMBIGUITY_H_
#define KMA_TOOLS_KMA_EVAL_AMBIGUITY_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tools/kma/eval_metrics.h"

namespace kma::cli {

// Splits a gold line of the per-word format (raw TAB word1 TAB word2 ...)
// into its surface words (raw split on spaces) and their analyses. False if
// the line has one morpheme column only or the counts differ.
bool SplitGoldWords(std::string_view line, std::vector<std::string>* words, std::vector<std::vector<Morph>>* analyses);

// Normalised "form/TAG+form/TAG" key of an analysis.
std::string AnalysisKey(const std::vector<Morph>& morphs);

class AmbiguityIndex {
 public:
  // Reads a training file in the per-word gold format. Lines that do not
  // split into words are ignored. False (with *error) if it cannot be read.
  bool Load(const std::string& path, std::string* error);
  // True if the surface word has two or more distinct analyses.
  bool IsAmbiguous(const std::string& word) const;
  size_t ambiguous_types() const { return ambiguous_; }

 private:
  struct Seen {
    std::string first;
    bool ambiguous = false;
  };
  std::unordered_map<std::string, Seen> words_;
  size_t ambiguous_ = 0;
};

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_EVAL_AMBIGUITY_H_
