// Sentence boundaries from an analysis: a sentence ends after a final ending
// (EF) or sentence-final punctuation (SF), together with the closing quotes,
// brackets and symbols glued to it.
#ifndef KMA_CORE_SEARCH_SENTENCE_SPLITTER_H_
#define KMA_CORE_SEARCH_SENTENCE_SPLITTER_H_

#include <vector>

#include "core/search/analyzer.h"

namespace kma::search {

// Sets Token::sentence for every token.
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
