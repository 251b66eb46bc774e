/**
 * @file kma_constraints.h
 * @brief Constrained analysis: parts of the analysis fixed by the caller.
 *
 * A constraint list holds two kinds of constraints:
 *
 * - a **span constraint** makes the input code points [begin, end) be
 *   analysed as the given morphemes and nothing else, e.g. "카카오뱅크" as
 *   `카카오뱅크/NNP`, or "걸었다" as `걷/VV+었/EP+다/EF`. The morphemes need
 *   not be in the dictionary; such a morpheme is scored as an unknown word
 *   of its tag (its token carries KMA_TOKEN_UNKNOWN). Every token of a span
 *   constraint carries KMA_TOKEN_CONSTRAINED.
 * - a **lemma constraint** makes the analysis contain one of the given
 *   readings (consecutive morphemes within one word, each with one or more
 *   allowed tags: `걷/VV`, `사람/NNG,NNP`, `개종하/VV|개종/NNG+하/XSV`),
 *   anywhere or inside a span. At most 7 lemma constraints per list. A
 *   lemma constraint without a span makes the whole text one search unit
 *   (the analyzer otherwise searches long texts sentence by sentence); give
 *   a span to keep that. Constrained searches with lemmas keep a beam per
 *   combination of lemmas held and are slower than plain ones.
 *
 * Offsets are **code points** of the input (kma_token.cp_begin counts the
 * same). Morphemes are written FORM/TAG joined by '+'; in a form, '\' makes
 * the next character literal (`\/`, `\+`, `\|`, `\;`, `\\`, `\ `). The
 * best analyses that satisfy every constraint are returned; if no analysis
 * holds a lemma constraint the call fails with KMA_E_UNSATISFIABLE (nothing
 * is ever returned as satisfying a constraint that it does not). Span
 * constraints can always be satisfied.
 *
 * The same constraints can be written as text, one per line or separated by
 * ';' (the syntax of `kma analyze --constraints`):
 *
 *     3:8 카카오뱅크/NNP
 *     0:3 걷/VV+었/EP+다/EF
 *     lemma 걷/VV
 *     lemma@0:3 사람/NNG,NNP
 */
#ifndef KMA_CONSTRAINTS_H_
#define KMA_CONSTRAINTS_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/**
 * A list of constraints for one analysis call. Not tied to a model or an
 * analyzer: it is checked against the text when analysing.
 */
typedef struct kma_constraints kma_constraints;

/**
 * Creates an empty constraint list.
 *
 * @param[out] out  receives the list; set to NULL on failure.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (out is NULL); KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out and releases it with
 *         kma_constraints_free().
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_constraints_new(kma_constraints** out);

/**
 * Releases a constraint list.
 *
 * @param[in] c  the list; NULL is accepted and ignored.
 * Ownership: @p c is invalid afterwards.
 * Thread-safety: one thread per list at a time.
 */
KMA_API void KMA_CALL kma_constraints_free(kma_constraints* c);

/**
 * Removes every constraint (the list can be reused for the next text).
 *
 * @param[in,out] c  the list; NULL is accepted and ignored.
 * Ownership: unchanged.
 * Thread-safety: one thread per list at a time.
 */
KMA_API void KMA_CALL kma_constraints_clear(kma_constraints* c);

/**
 * Number of constraints in the list (spans plus lemmas).
 *
 * @param[in] c  the list; NULL gives 0.
 * @return the count.
 * Ownership: none.
 * Thread-safety: any thread, as long as no other thread modifies @p c.
 */
KMA_API size_t KMA_CALL kma_constraints_count(const kma_constraints* c);

/**
 * Adds a span constraint: input code points [@p cp_begin, @p cp_end) are
 * analysed as @p morphs.
 *
 * @param[in,out] c         the list.
 * @param[in]     cp_begin  first code point of the span.
 * @param[in]     cp_end    code point after the span (> @p cp_begin).
 * @param[in]     morphs    UTF-8 `FORM/TAG` joined by '+', one tag each
 *                          (`걷/VV+었/EP+다/EF`); no NUL needed.
 * @param[in]     bytes     length of @p morphs in bytes.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL argument, empty span, or
 *         malformed @p morphs: kma_last_error_offset() gives the byte
 *         offset in @p morphs, the message says what is wrong);
 *         KMA_E_OUT_OF_MEMORY. On failure the list is unchanged. Offsets
 *         beyond the text are reported by the analyze call.
 * Ownership: @p morphs is copied.
 * Thread-safety: one thread per list at a time.
 */
KMA_API kma_status KMA_CALL kma_constraints_add_span(kma_constraints* c,
                                                     uint32_t cp_begin,
                                                     uint32_t cp_end,
                                                     const char* morphs,
                                                     size_t bytes);

/**
 * Adds a lemma constraint: the analysis must contain one of @p readings,
 * anywhere in the text, or only inside code points [@p cp_begin,
 * @p cp_end) when @p cp_end is non-zero.
 *
 * @param[in,out] c         the list.
 * @param[in]     readings  UTF-8 readings joined by '|', each `FORM/TAGS`
 *                          joined by '+', TAGS one tag or several joined by
 *                          ',' (`개종하/VV|개종/NNG+하/XSV`).
 * @param[in]     bytes     length of @p readings in bytes.
 * @param[in]     cp_begin  first code point of the span (0 for anywhere).
 * @param[in]     cp_end    code point after the span; 0 means anywhere.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL argument, cp_end <=
 *         cp_begin with cp_end non-zero, malformed @p readings with
 *         kma_last_error_offset() the byte offset in @p readings, or an
 *         8th lemma constraint); KMA_E_OUT_OF_MEMORY. On failure the list
 *         is unchanged.
 * Ownership: @p readings is copied.
 * Thread-safety: one thread per list at a time.
 */
KMA_API kma_status KMA_CALL kma_constraints_add_lemma(kma_constraints* c,
                                                      const char* readings,
                                                      size_t bytes,
                                                      uint32_t cp_begin,
                                                      uint32_t cp_end);

/**
 * Adds the constraints written in @p text (the syntax in this file's
 * description: one per line or ';'-separated; blank lines and lines
 * starting with '#' are skipped).
 *
 * @param[in,out] c      the list.
 * @param[in]     text   UTF-8 constraint text; no NUL needed.
 * @param[in]     bytes  length of @p text in bytes.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL argument, or a syntax error:
 *         kma_last_error_offset() gives its byte offset in @p text);
 *         KMA_E_OUT_OF_MEMORY. On failure the list is unchanged.
 * Ownership: @p text is not retained.
 * Thread-safety: one thread per list at a time.
 */
KMA_API kma_status KMA_CALL kma_constraints_parse(kma_constraints* c,
                                                  const char* text,
                                                  size_t bytes);

/**
 * Analyzes UTF-8 text under constraints: as kma_analyzer_analyze_utf8(),
 * but every returned analysis satisfies every constraint of @p c. An empty
 * list gives exactly the unconstrained result.
 *
 * @param[in,out] analyzer     the analyzer.
 * @param[in]     text         UTF-8 bytes; may be NULL only when @p bytes
 *                             is 0.
 * @param[in]     bytes        length of @p text in bytes.
 * @param[in]     constraints  the constraints; NULL means none.
 * @param[out]    out          receives the result; set to NULL on failure.
 * @return as kma_analyzer_analyze_utf8(), plus KMA_E_INVALID_ARGUMENT for a
 *         constraint that does not fit the text (a span past its end,
 *         overlapping spans, an offset inside a character that
 *         normalization composes, a span of whitespace only;
 *         kma_last_error_offset() gives the code-point offset, the message
 *         names the constraint) and KMA_E_UNSATISFIABLE when no analysis
 *         holds a lemma constraint (the message names it;
 *         kma_last_error_offset() gives the code point where the searched
 *         part of the text starts).
 * Ownership: the caller owns *out (kma_result_free()); @p text and
 *         @p constraints are not retained.
 * Thread-safety: one thread per analyzer at a time; @p constraints may be
 *         shared by several threads as long as none modifies it.
 */
KMA_API kma_status KMA_CALL kma_analyzer_analyze_constrained_utf8(
    kma_analyzer* analyzer, const char* text, size_t bytes,
    const kma_constraints* constraints, kma_result** out);

/**
 * Analyzes UTF-16 text (host byte order) under constraints: as
 * kma_analyzer_analyze_constrained_utf8(), with token offsets in UTF-16
 * units. Constraint offsets are still code points.
 *
 * @param[in,out] analyzer     the analyzer.
 * @param[in]     text         UTF-16 code units; may be NULL only when
 *                             @p units is 0.
 * @param[in]     units        length of @p text in 16-bit units.
 * @param[in]     constraints  the constraints; NULL means none.
 * @param[out]    out          receives the result; set to NULL on failure.
 * @return as kma_analyzer_analyze_constrained_utf8(), with
 *         KMA_E_INVALID_UTF16 for unpaired surrogates.
 * Ownership: the caller owns *out (kma_result_free()).
 * Thread-safety: as kma_analyzer_analyze_constrained_utf8().
 */
KMA_API kma_status KMA_CALL kma_analyzer_analyze_constrained_utf16(
    kma_analyzer* analyzer, const uint16_t* text, size_t units,
    const kma_constraints* constraints, kma_result** out);

KMA_EXTERN_C_END

#endif /* KMA_CONSTRAINTS_H_ */
