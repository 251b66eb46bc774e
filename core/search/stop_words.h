// Stop words (KMA_OPT_STOP_WORDS, KMA_OPT_STOP_WORD_LIST; `kma analyze
// --stop-words`, `--stop-word-list FILE`): tokens of listed forms and tags
// are left out of the analyses, as KMA_OPT_OUTPUT_TAGS leaves out tags (the
// analysis is the same; the others keep their word and sentence numbers).
//
// A list is UTF-8 text, one entry per line:
//   form/TAG   tokens of that form and tag (것/NNB; the last '/' separates,
//              so //SP is the form "/"; the form is compared as the
//              analysis writes it: NFC, bare endings in compatibility jamo)
//   */TAG      every token of that tag (*/JKS)
// Blank lines and lines whose first non-blank character is '#' are skipped;
// an entry may be followed by blanks and a '#' comment. Blanks around an
// entry are ignored (a form has none). TAG is a tag name of kma_tag_name()
// ("-I"/"-R" suffixes accepted and dropped); UN is refused. Anything else is
// an error naming the line (1-based).
#ifndef KMA_CORE_SEARCH_STOP_WORDS_H_
#define KMA_CORE_SEARCH_STOP_WORDS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/status.h"
#include "core/search/token.h"

namespace kma {

class StopWords {
 public:
  // Parses `text` (the format above). On failure *out is unchanged and the
  // status is kInvalidArgument, "line N: ...".
  static Status Parse(std::string_view text, StopWords* out);

  // The built-in list (core/search/default_stop_words.cpp, docs/OUTPUT.md):
  // particles, endings, punctuation, and common function morphemes.
  static const StopWords& Default();

  bool Matches(const Token& t) const;
  bool empty() const { return tags_ == 0 && forms_.empty(); }
  size_t size() const { return entries_; }

 private:
  uint64_t tags_ = 0;                               // */TAG entries, one bit per PosTag
  std::unordered_map<std::string, uint64_t> forms_;  // form -> tags of its form/TAG entries
  size_t entries_ = 0;                              // distinct entries
};

// The text of the built-in list, in the format above.
std::string_view DefaultStopWordsText();

// Leaves out of *tokens those that `default_list` (when set) or `user`
// (when not null) matches.
void DropStopWords(bool default_list, const StopWords* user, std::vector<Token>* tokens);

}  // namespace kma

#endif  // KMA_CORE_SEARCH_STOP_WORDS_H_
