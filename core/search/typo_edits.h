// The typo edit set: how people misspell Korean, written as data, and what
// reading a written form as another costs. Typo-tolerant analysis
// (AnalyzeOptions::typos) adds dictionary matches of the corrected text to
// the lattice at these costs (core/search/typo_candidates.h), so a correctly
// spelled text keeps its analysis and a misspelled one finds the intended
// morphemes.
//
// Text format (UTF-8, one edit per line, fields separated by spaces or tabs,
// '#' starts a comment). Every edit says: where WRITTEN appears, READ may have
// been meant, at COST nats (added to the path's negative log-probability).
//
//   vowel  WRITTEN READ COST [ctx]   a syllable's vowel (ㅐ ㅔ: 베개 -> 배개)
//   onset  WRITTEN READ COST [ctx]   a syllable's first consonant (ㄲ ㄱ after=ㄹ: 할께 -> 할게)
//   coda   WRITTEN READ COST [ctx]   a final consonant; "-" as WRITTEN is a
//                                    missing one (READ is inserted after a
//                                    syllable without one), as READ an extra
//                                    one (dropped)
//   text   WRITTEN READ COST [ctx]   a string of syllables (몇일 며칠)
//   link   READ_CODA CODA ONSET COST a final consonant written as the next
//                                    syllable's first one, the way it is
//                                    pronounced: "link ㅆ - ㅆ" reads 이써 as
//                                    있어, "link ㅄ ㅂ ㅆ" 업써 as 없어 (CODA is
//                                    the final consonant written, "-" for none;
//                                    ONSET the next syllable's written first
//                                    consonant, read as ㅇ)
//   stretch COST                     a word lengthened by repeating its last
//                                    vowel (좋아아아 -> 좋아)
//
// Contexts [ctx], any of:
//   after=X   the written character before the match is X: a consonant means
//             that final consonant (after=ㄹ: 할께), a syllable that syllable
//             without a final consonant (after=요 with coda ㅁ - : 좋아욤)
//   before=X  the written character after the match is X (same letters as
//             after=; a syllable with its final consonant split off, so
//             before=하 also holds before 했, 할, 한)
//   final     the match ends a word (the end of a Hangul run) and does not
//             start it
//   initial   the match starts a word
// Jamo are written as compatibility letters (ㄱ, ㅏ); a final consonant
// edit's "ㄳ" etc. are the cluster finals.
#ifndef KMA_CORE_SEARCH_TYPO_EDITS_H_
#define KMA_CORE_SEARCH_TYPO_EDITS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace kma::search {

enum class TypoEditKind : uint8_t { kVowel, kOnset, kCoda, kText, kLink, kStretch };

// Context flags of an edit.
enum TypoContext : uint8_t {
  kTypoFinal = 1,    // the match ends a word
  kTypoInitial = 2,  // the match starts a word
};

// Longest READ of a text edit, in normalized characters (a syllable with a
// final consonant counts two).
inline constexpr size_t kMaxTypoText = 8;

struct TypoEdit {
  TypoEditKind kind = TypoEditKind::kText;
  // kVowel/kOnset/kCoda: one compatibility jamo, or 0 for "-" (kCoda only).
  // kLink: `read` the final consonant meant, `written` the one written (0:
  // none), `onset` the next syllable's written first consonant.
  char32_t written = 0, read = 0, onset = 0;
  // kText: the strings, normalized (final consonants split off as in
  // core/text/normalizer.h).
  std::u32string written_text, read_text;
  float cost = 0;
  uint8_t context = 0;  // TypoContext bits
  char32_t after = 0;   // 0, a coda jamo, or a syllable without final consonant
  char32_t before = 0;  // the same, for the character after the match
  int line = 0;         // where it was defined (1-based)
};

struct TypoEditSet {
  std::vector<TypoEdit> edits;
};

// Parses an edit set in the format above, replacing *out. On a malformed
// line: kInvalidArgument, "typo edits line N: <what>", offset = the byte
// offset of that line. Never reads past `text`; any bytes are safe input.
Status ParseTypoEdits(std::string_view text, TypoEditSet* out);

// kma's own edit set (typo_default_edits.cpp), in the format above, and its
// parsed form (parsed once, on first use; thread-safe).
std::string_view DefaultTypoEditsText();
const TypoEditSet& DefaultTypoEdits();

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_TYPO_EDITS_H_
