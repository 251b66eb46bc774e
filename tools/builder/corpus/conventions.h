// The corpus stage's side of the standard convention (standard_convention.h,
// docs/CONVENTIONS.md): what the rules need to know about words, from the
// lexicon and the corpus, and the mapping of the training data, counted per
// source.
#ifndef KMA_TOOLS_BUILDER_CORPUS_CONVENTIONS_H_
#define KMA_TOOLS_BUILDER_CORPUS_CONVENTIONS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/morph/morph_rules.h"
#include "tools/builder/corpus/corpus_reader.h"
#include "tools/builder/corpus/standard_convention.h"

namespace kma::build {

using LogFn = std::function<void(const std::string&)>;

// A compound or derived verb or adjective is lexicalised (written as one
// morpheme) when at least this many of the lexicon's resources list it
// (들어가, 생겨나, 인정받 and 재미있 are; 만들어지 and 주목받 are not).
constexpr uint32_t kLexicalisedMinSources = 3;

// ConventionFacts from the lexicon and the stems of a corpus.
class LexiconFacts : public ConventionFacts {
 public:
  // `rules` spells stem + 아/어 for InfinitiveOf and must outlive the object.
  LexiconFacts(const MorphRules& rules, const std::vector<LexiconEntry>& lexicon,
               const std::vector<CorpusSentence>& corpus);

  IrregularClass StemClass(std::string_view form, PosTag tag) const override;
  bool IsLexicalised(std::string_view form, PosTag tag) const override;
  bool IsNoun(std::string_view form) const override;
  // From the verb and adjective stems of the corpus and their usual
  // spellings (no rule penalty) with 아 and 어; the stem the corpus uses most
  // wins when two spell the same prefix, then the first in (form, tag) order.
  bool InfinitiveOf(std::string_view prefix, CorpusMorph* stem, std::string* ending) const override;

 private:
  using Key = std::pair<std::string, PosTag>;
  std::map<Key, IrregularClass> irregular_;
  std::set<Key> lexicalised_;
  std::set<std::string> nouns_;
  std::map<std::string, std::pair<Key, std::string>, std::less<>> infinitive_of_;
};

// Per-source rewrite counts of the mapping.
using ConventionReport = std::map<std::string, ConventionCounts>;

// Maps sentences [first, end) of `corpus` to the convention; each counts
// under sources[i - first] when `sources` is given, else under `fallback`.
void MapCorpus(const StandardConvention& convention, const std::vector<std::string>& sources,
               const std::string& fallback, size_t first, std::vector<CorpusSentence>* corpus,
               ConventionReport* report);

// Drops the lexicon entries the convention does not write as one morpheme
// (StandardConvention::Writes); returns how many.
size_t DropUnwrittenEntries(const StandardConvention& convention, std::vector<LexiconEntry>* lexicon);

// One log line per source: "convention kaist: ending-allomorph 5821, ...".
void LogConventionReport(const ConventionReport& report, const LogFn& log);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_CORPUS_CONVENTIONS_H_
