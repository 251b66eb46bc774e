// The dictionary usage examples of weak/dict_examples.tsv (docs/DATA.md):
// `text <TAB> headword <TAB> tags <TAB> kind <TAB> sense`, one per line,
// lines starting with '#' are comments (the file's first line is one).
#ifndef KMA_TOOLS_BUILDER_WEAK_DICT_EXAMPLES_H_
#define KMA_TOOLS_BUILDER_WEAK_DICT_EXAMPLES_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "tools/builder/weak/headword_convention.h"

namespace kma::weak {

// sentence: a full sentence; dialogue: one turn of a short dialogue (its
// headword may be in the other turn); phrase: a short phrase (돼지를 기르다.).
enum class ExampleKind : uint8_t { kSentence, kDialogue, kPhrase };
constexpr int kNumExampleKinds = 3;
std::string_view KindName(ExampleKind k);  // "sentence", "dialogue", "phrase"
bool ParseKind(std::string_view name, ExampleKind* out);
// A comma-separated list of kind names ("sentence,phrase") into on[kind]
// (all false first). False with the unknown name in *bad.
bool ParseKindList(std::string_view list, bool on[kNumExampleKinds], std::string* bad);

struct DictExample {
  std::string_view text;      // the example
  std::string_view headword;  // the entry's lemma (verbs and adjectives without 다)
  TagMask tags = 0;           // the tags the entry's part of speech allows
  ExampleKind kind = ExampleKind::kSentence;
  uint32_t sense = 0;         // the dictionary's sense number (>= 1)
};

// Parses one line (without its line break; a trailing '\r' is dropped).
// The views point into `line`. Returns false with a message naming the
// field on a malformed line: not five fields, an empty text or headword, an
// unknown tag or kind, a sense that is not a positive integer.
bool ParseDictExample(std::string_view line, DictExample* out, std::string* error);

// True for comment lines (the header) and empty lines, which carry no example.
inline bool IsDictExampleComment(std::string_view line) {
  return line.empty() || line == "\r" || line[0] == '#';
}

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_DICT_EXAMPLES_H_
