// Sentence boundaries from an analysis, in one linear pass over its tokens.
//
// A sentence ends
//  * after sentence-final punctuation (. ! ?), with the closing quotes,
//    brackets and emoticons that follow it;
//  * after a word ending in a final ending (EF, or an ending form that is
//    always final such as ~습니다, ~어요) when the next word does not continue
//    it (an auxiliary verb as in 먹어 보다, a particle written apart, the
//    quotative 하고): 맛있었어요 | 다음에 또 갈게요;
//  * after a nominal ending used as a sentence end (했음, 추천함, 최고임, 올 듯),
//    except before 좋다/싶다/하다 (했음 좋겠다);
//  * after emoticons and laughter (ㅋㅋ, ㅠㅠ, ^^, :), emoji) that follow
//    anything but a particle, connective ending or adverb;
//  * after an ellipsis or ~ that follows a final or nominal ending;
//  * at a line break after anything but a particle, connective ending,
//    determiner or adverb, and always at a blank line.
// Quotations are units: no boundary inside a closed quotation ("…했다.
// 그래서…"라고 말했다 is one sentence); a quotation still open after
// kMaxQuoteChars code points or at a blank line was no quotation, and the
// boundaries inside it stand.
#ifndef KMA_CORE_SEARCH_SENTENCE_SPLITTER_H_
#define KMA_CORE_SEARCH_SENTENCE_SPLITTER_H_

#include <cstddef>
#include <vector>

#include "core/search/token.h"

namespace kma::search {

// The analysed text, from which the splitter reads the line breaks between
// words: in the caller's code units, which the tokens' begin and length
// index, or as the decoded code points, which cp_begin and cp_length index.
struct SplitText {
  enum class Kind { kNone, kUtf8, kUtf16, kUtf32 };
  Kind kind = Kind::kNone;
  const void* data = nullptr;
  size_t size = 0;

  static SplitText None() { return {}; }
  static SplitText Utf8(const char* s, size_t n) { return {Kind::kUtf8, s, n}; }
  static SplitText Utf16(const char16_t* s, size_t n) { return {Kind::kUtf16, s, n}; }
  static SplitText Utf32(const char32_t* s, size_t n) { return {Kind::kUtf32, s, n}; }
};

// Longest quotation, in code points, inside which boundaries are suppressed.
constexpr uint32_t kMaxQuoteChars = 300;

// Sets Token::sentence for every token of one analysis (tokens in text order,
// Token::word numbering the whitespace-separated words).
void AssignSentences(const SplitText& text, std::vector<Token>* tokens);
// The same without the text: line breaks are not seen.
void AssignSentences(std::vector<Token>* tokens);

// Sentence spans from tokens numbered by AssignSentences.
void SentenceSpans(const std::vector<Token>& tokens, std::vector<SentenceSpan>* out);
// Renumbers the tokens of one analysis by sentence spans taken from another
// (a result has one set of spans, from its best analysis, while
// AssignSentences numbers each analysis by its own endings): a token gets
// the last span that starts at or before it, or 0 before the first. Every
// index is then below spans.size() (or 0 when there are no spans).
void NumberBySpans(const std::vector<SentenceSpan>& spans, std::vector<Token>* tokens);

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_SENTENCE_SPLITTER_H_
