// How the training corpus writes the dictionary's headwords: for every
// headword of the dictionary examples and every rule of
// headword_convention.h, how often a reading of that rule occurs in the
// corpus. This is the corpus side of the convention mapping's measurement
// (`kma eval --weak FILE --conventions train.tsv`): a rule is corpus
// convention when the corpus writes the headwords it applies to that way.
#ifndef KMA_TOOLS_BUILDER_WEAK_CORPUS_USAGE_H_
#define KMA_TOOLS_BUILDER_WEAK_CORPUS_USAGE_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tools/builder/weak/headword_convention.h"
#include "tools/builder/weak/headword_match.h"

namespace kma::weak {

// Counts for one headword class and one rule.
struct RuleUsage {
  int64_t occurrences = 0;  // corpus positions holding a reading of the rule
  int64_t headwords = 0;    // entries with at least one
  // Entries the rule has readings for that occur in the corpus at all (by
  // any rule), and their kExact occurrences: the rule's share is
  // occurrences / (occurrences + exact_occurrences).
  int64_t applicable = 0;
  int64_t exact_occurrences = 0;
  // The kExact occurrences of the entries with at least one occurrence of
  // the rule: seen_share() is the rule's share among the words the corpus
  // writes that way at least once (a rule that applies to many words by
  // its form, such as a compound split, has a low share() however
  // consistently the corpus uses it for the words it fits).
  int64_t exact_of_seen = 0;
  double share() const {
    return occurrences > 0 ? double(occurrences) / double(occurrences + exact_occurrences) : 0.0;
  }
  double seen_share() const {
    return occurrences > 0 ? double(occurrences) / double(occurrences + exact_of_seen) : 0.0;
  }
};

class CorpusUsage {
 public:
  // Builds the readings of every distinct (headword, tags) entry added.
  explicit CorpusUsage(const HeadwordConventions& conventions);

  void AddEntry(std::string_view headword, TagMask label);

  // Counts the readings in one gold line: raw text, TAB, then one column of
  // `form/TAG` morphemes per whitespace-separated word (corpus/train.tsv).
  // An anchored reading counts for every longer morpheme that starts (ends)
  // with its form (the corpus has no spans to check). False with a message
  // on a malformed line.
  bool AddGoldLine(std::string_view line, std::string* error);

  // The counts of one class and rule (after all lines are added).
  RuleUsage Usage(HeadwordClass c, Rule r) const;

  size_t entry_count() const { return entries_.size(); }

 private:
  struct Entry {
    HeadwordClass cls;
    std::vector<Reading> readings;
    RuleMask rules = 0;  // rules with readings
    std::array<int64_t, kNumRules> occurrences{};
  };

  // Counts the anchored readings of one morpheme.
  void CountAnchored(const MorphView& m);

  const HeadwordConventions& conventions_;
  std::unordered_map<std::string, size_t> entry_index_;  // headword + '\t' + tags
  std::vector<Entry> entries_;
  // First morpheme form -> (entry, reading) whose reading starts with it.
  std::unordered_map<std::string, std::vector<std::pair<uint32_t, uint32_t>>> by_first_form_;
  // Anchored readings by their form, for morphemes starting (ending) with it.
  std::unordered_map<std::string, std::vector<std::pair<uint32_t, uint32_t>>> by_start_, by_end_;
  std::vector<MorphView> morphs_;  // scratch
};

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_CORPUS_USAGE_H_
