// The invariants of a kma_result (kma_result.h), checked against the fuzz
// targets' own view of the input (text_view.h). Every violation aborts
// through FUZZ_CHECK.
#ifndef KMA_TESTS_FUZZ_RESULT_CHECK_H_
#define KMA_TESTS_FUZZ_RESULT_CHECK_H_

#include <kma/kma.h>

#include "tests/fuzz/text_view.h"

namespace kma::fuzz {

// The status of an analyze/split call against the input: OK with a result
// for valid text; KMA_E_INVALID_UTF8/16 with the offset of the first
// ill-formed sequence and no result otherwise.
void CheckStatus(kma_status status, const kma_result* result, const TextView& text);

// A successful analysis with at most `top_n` analyses:
//  - 1..top_n analyses, scores finite and non-increasing, token scores finite;
//  - no two analyses with the same tokens (N-best distinct);
//  - tokens inside the text, on character boundaries, in order (begins
//    non-decreasing), code-point offsets matching the code-unit ones, and
//    together covering every non-space character;
//  - tags below kma_tag_count(), non-empty UTF-8 forms, no flag bits but
//    unknown, pattern, corrected and `more_flags` (KMA_TOKEN_USER for a
//    model with a user dictionary);
//  - sentence indices below the sentence count and non-decreasing, word
//    indices non-decreasing and below the number of words;
//  - the sentence spans (CheckSpans), each holding its tokens for the best
//    analysis.
void CheckAnalysis(const kma_result* result, const TextView& text, int top_n, unsigned more_flags = 0);

// Sentence spans: non-empty, inside the text, on character boundaries, in
// order without overlap, code-point offsets matching, starting and ending
// at non-space characters.
void CheckSpans(const kma_result* result, const TextView& text);

// Two results of the same text in different encodings (or the same result
// computed twice): the same analyses, scores, forms, tags, flags, code-point
// offsets, sentence and word indices, and the same spans in code points.
void CheckSameAnalyses(const kma_result* a, const kma_result* b);

}  // namespace kma::fuzz

#endif  // KMA_TESTS_FUZZ_RESULT_CHECK_H_
