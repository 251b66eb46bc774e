// New-word discovery (kma extract-words): candidate nouns found in raw
// text, for a user dictionary (docs/USER_DICTIONARY.md).
//
// A Korean noun is written at the start of a word (eojeol) and followed by
// a particle, a copula ending or nothing: 디렉터스컷으로, 디렉터스컷이,
// 디렉터스컷. So every leading run of 2 to kMaxNounSyllables Hangul
// syllables of a word is a candidate, and what follows it inside the word
// (its right context) tells how noun-like it is:
//   - the particle share: the share of its occurrences whose right context
//     is empty or a particle / copula form of a built-in list (이, 가, 을,
//     으로, 이다, 인데, 에서는, ...);
//   - fragments: when one syllable continues most of its occurrences and is
//     not a particle (디렉터 → 스), the candidate is part of a longer word;
//   - a candidate that is another candidate plus a particle (디렉터스컷이)
//     is that candidate's inflected form.
// The analyzer then drops what the model already knows: a candidate read
// as one known morpheme, or as anything but nouns, suffixes and unknown
// words. Score: particle share × ln(count) × cohesion (how predictable the
// candidate is from its first syllable), highest first; ties by count,
// then by form, so the output does not depend on the order of the input's
// distinct words.
//
// The text is counted per distinct word, then per candidate prefix through
// 64-bit hashes, and right contexts are kept only for prefixes seen
// min_count times, so memory grows with the text's vocabulary, not its
// length.
#ifndef KMA_CORE_SEARCH_WORD_DISCOVERY_H_
#define KMA_CORE_SEARCH_WORD_DISCOVERY_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/status.h"
#include "core/search/analyzer.h"

namespace kma {

inline constexpr int kMaxNounSyllables = 10;

struct DiscoveryOptions {
  uint32_t min_count = 5;       // occurrences a candidate needs
  float min_particle_share = 0.5f;
  // A candidate is a fragment when one non-particle syllable continues at
  // least this share of its occurrences.
  float max_continuation_share = 0.5f;
  // Distinct non-empty particles (seen twice each) a candidate needs.
  size_t min_particle_kinds = 2;
  size_t top = 200;             // candidates returned (0: all)
};

struct WordCandidate {
  std::string form;             // UTF-8
  uint32_t count = 0;           // occurrences at the start of a word
  float particle_share = 0;     // of those, followed by a particle or nothing
  float cohesion = 0;           // (count / words with its first syllable)^(1/(syllables-1))
  float score = 0;              // particle_share * ln(count) * cohesion
};

// `found` as a user dictionary (docs/USER_DICTIONARY.md) of entries tagged
// `tag` (NNG or NNP), best first: a '#' header line (how many candidates of
// how many distinct words), then FORM<TAB>TAG per line. What kma
// extract-words writes and kma_word_list_user_dict() returns.
std::string CandidatesAsUserDictionary(const std::vector<WordCandidate>& found, size_t distinct_words,
                                       std::string_view tag);

class WordDiscovery {
 public:
  // Counts the words of `text` (one or more lines). Invalid UTF-8 is
  // kInvalidUtf8 with the byte offset of the first bad unit, and nothing of
  // that text is counted.
  Status Add(std::string_view text);
  // The candidates, best first; the analyzer's errors.
  Status Extract(Analyzer* analyzer, const DiscoveryOptions& opt, std::vector<WordCandidate>* out) const;
  size_t distinct_words() const { return words_.size(); }

 private:
  std::unordered_map<std::u32string, uint32_t> words_;  // leading Hangul run of each word -> count
};

}  // namespace kma

#endif  // KMA_CORE_SEARCH_WORD_DISCOVERY_H_
