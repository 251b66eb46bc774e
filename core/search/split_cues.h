// The evidence the sentence splitter reads off one whitespace-separated word
// of an analysis: how its content ends (final ending, nominal ending,
// particle, noun, ...), what trails it (punctuation, ellipsis, emoticons,
// laughter), and whether it opens or closes a quotation.
#ifndef KMA_CORE_SEARCH_SPLIT_CUES_H_
#define KMA_CORE_SEARCH_SPLIT_CUES_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/search/token.h"

namespace kma::search {

// How the content of a word (its tokens before trailing symbols) ends.
enum class WordEnd : uint8_t {
  kNone,       // no content: the word is only symbols or emoticons
  kFinal,      // a final ending (EF, or an ending form that is always final: ~습니다, ~어요)
  kNominal,    // the nominal ending 음/ㅁ with nothing after it (했음, 추천함, 최고임)
  kLaughter,   // content glued to a laughter or crying run (좋다ㅋㅋ analysed as one unknown word)
  kContinues,  // particle, connective or adnominal ending, determiner, prefix: the sentence goes on
  kNoun,       // noun, pronoun, number, foreign word, pattern token
  kAdverb,     // adverb or conjunctive adverb
  kOther,      // interjection, bare stem, ...
};

// What trails the content of a word (bit set).
enum TailBits : uint8_t {
  kTailFinalPunct = 1,  // . ! ? and their full-width forms
  kTailEllipsis = 2,    // … or a run of dots
  kTailTilde = 4,       // ~
  kTailEmoticon = 8,    // laughter/crying jamo (ㅋㅋ ㅠㅠ), emoji, ^^, :)
  kTailComma = 16,      // , ; and other separators
  kTailQuote = 32,      // a closing quotation mark
};

struct WordCues {
  size_t first = 0, last = 0;  // token range [first, last] of the word
  size_t content_last = 0;     // last content token (valid when end != kNone)
  WordEnd end = WordEnd::kNone;
  uint8_t tail = 0;
};

// Classifies tokens [first, last] (one word).
WordCues ClassifyWord(const std::vector<Token>& t, size_t first, size_t last);

// True when token k opens a new clause right after a final ending in the
// same word: text written without spaces (재미있었어요끝까지, 좋다내일은).
// Within a word a final ending is otherwise only followed by particles.
bool EndsClauseInWord(const std::vector<Token>& t, size_t k);

// True when token k can trail a sentence: punctuation, closing brackets and
// quotes, emoticons (ㅋㅋ, ^^, the D of :D), emoji.
bool IsTailToken(const std::vector<Token>& t, size_t k);

// Quotation marks. Kinds pair an opener with its closer; 0 = not a quote.
int QuoteKind(const Token& tok);
// Round and square brackets (kinds 5 and 6, after the quotation kinds) at
// token k; 0 for anything else, including the brackets of :( and :).
int BracketKind(const std::vector<Token>& t, size_t k);

// True when the word starting at token `i` attaches to a quotation or
// sentence before it: 라고 (JKQ), 하고, 하며.
bool QuotativeNext(const std::vector<Token>& t, size_t i);
// True when the word starting at token `i` continues the sentence of the
// word whose last content token is `content_last`: a quotative, an
// auxiliary verb (먹어 보다, 먹지 않다), an ending written apart, 하다/치다
// reporting what was said (높다 하니), a verb of saying or thinking after
// ~라 or a question (~라 부른다, ~ㄹ까 생각한다, ~ㄴ가 아니면).
bool ContinuesPrevious(const std::vector<Token>& t, size_t content_last, size_t i);
// The same after a nominal ending, which more words continue: 했음 좋겠다
// (음 as 으면), 올 듯 싶다, 끊임 없이, 다름 아니다, and particles.
bool ContinuesNominal(const std::vector<Token>& t, size_t content_last, size_t i);
// After a closing quotation mark: a particle, the copula or 하다 written
// apart continue the sentence ("…" 이라는, '…' 하는 기대).
bool ContinuesQuotation(const std::vector<Token>& t, size_t i);

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_SPLIT_CUES_H_
