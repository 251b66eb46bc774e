// Pattern rules of user dictionaries: a small regular-expression language,
// compiled to a Thompson NFA and run as a Pike VM, so that matching takes
// time linear in the text for any pattern (no backtracking blow-up on
// hostile patterns or text).
//
// Syntax (a subset of the common regex syntax; matching is on code points,
// a Hangul syllable being one character whatever its coda):
//   x            a character; \x escapes any of  \ . * + ? ( ) [ ] { } | ^ $ -
//   .            any character
//   [abc] [a-z] [^...]   a class (ranges, negation; escapes inside too)
//   \d \D        a decimal digit (any script) / anything else
//   \w \W        a letter of any script (Hangul, Latin, Hanja, ...), a digit
//                or '_' / anything else
//   \h           a Hangul syllable or jamo
//   (...) (?:...)  a group (no captures)
//   a|b          alternation
//   * + ? {n} {n,} {n,m}   repetition (greedy; n, m <= 64)
// Not supported (rejected with a message): anchors ^ $, lazy and possessive
// quantifiers, back-references, look-around, other escapes. Whitespace never
// matches: a match lies inside one word.
#ifndef KMA_CORE_USERDICT_USER_PATTERN_H_
#define KMA_CORE_USERDICT_USER_PATTERN_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/status.h"

namespace kma {

// The characters a match may start with, as a quick test: exact for ASCII,
// one answer for all Hangul syllables, "maybe" for every other character.
struct PatternStarts {
  uint64_t ascii[2] = {0, 0};  // bit c: ASCII c may start a match
  bool hangul = false;         // some syllable may start a match
  bool MayStart(char32_t c) const {
    if (c < 128) return ((ascii[c >> 6] >> (c & 63)) & 1) != 0;
    if (c >= 0xAC00 && c <= 0xD7A3) return hangul;
    return true;
  }
  void Merge(const PatternStarts& o) {
    ascii[0] |= o.ascii[0];
    ascii[1] |= o.ascii[1];
    hangul = hangul || o.hangul;
  }
};

class UserPattern {
 public:
  // The longest text a match may cover, in characters.
  static constexpr size_t kMaxMatchChars = 64;

  // Compiles `pattern` (UTF-8). kInvalidArgument "...: at character N" for
  // a syntax error or a pattern beyond the limits (1024 bytes, nesting 64,
  // 4096 NFA states). Patterns that can only match the empty text are
  // rejected too.
  static StatusOr<UserPattern> Compile(std::string_view pattern);

  // Scratch memory of LongestMatch; one per thread.
  struct Scratch {
    std::vector<uint32_t> current, next, stack;
    std::vector<uint32_t> mark;
    uint32_t generation = 0;
  };
  // Number of characters of the longest match that starts at chars[0] (at
  // most min(n, kMaxMatchChars)), or 0 if none.
  size_t LongestMatch(const char32_t* chars, size_t n, Scratch* scratch) const;
  // What a match may start with: rules are tried at every character, and
  // most start with neither Hangul nor most of ASCII, which the test
  // answers from a table.
  const PatternStarts& starts() const { return starts_; }

 private:
  enum class Op : uint8_t { kChar, kClass, kAny, kSplit, kJump, kMatch };
  struct Inst {
    Op op;
    uint32_t x;  // kChar: the character; kClass: class index; kSplit/kJump: target
    uint32_t y;  // kSplit: second target
  };
  struct CharSet {
    std::vector<std::pair<char32_t, char32_t>> ranges;  // inclusive
    uint8_t named = 0;   // bits: 1 digit, 2 word, 4 hangul, 8 non-digit, 16 non-word
    bool negated = false;
    bool Contains(char32_t c) const;
  };
  friend class PatternParser;

  bool Step(const Inst& inst, char32_t c) const;
  void AddThread(uint32_t pc, std::vector<uint32_t>* list, Scratch* s) const;

  std::vector<Inst> prog_;
  std::vector<CharSet> sets_;
  std::vector<uint32_t> start_;  // the instructions a match starts at (epsilon closure of 0)
  PatternStarts starts_;
};

}  // namespace kma

#endif  // KMA_CORE_USERDICT_USER_PATTERN_H_
