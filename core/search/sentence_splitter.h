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

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_SENTENCE_SPLITTER_H_
