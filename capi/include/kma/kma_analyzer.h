/**
 * @file kma_analyzer.h
 * @brief Analyzers: per-thread state that turns text into results.
 *
 * Create one analyzer per thread from a shared model. An analyzer owns its
 * scratch memory, so repeated calls on the same analyzer allocate little.
 * Results are independent objects: they stay valid after the analyzer (and
 * the model) are freed.
 *
 * Text is passed as pointer + length in one of two encodings. Offsets in
 * the returned tokens are in the same code units as the input: bytes for the
 * `_utf8` functions (they slice a Rust &str or a C buffer directly), UTF-16
 * units for the `_utf16` functions (they work with Java/C# substring). Both
 * also report code-point offsets. Invalid input is rejected, never
 * silently repaired.
 */
#ifndef KMA_ANALYZER_H_
#define KMA_ANALYZER_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/**
 * Creates an analyzer over a model.
 *
 * @param[out] out    receives the analyzer; set to NULL on failure.
 * @param[in]  model  the model to analyze with.
 * @param[in]  opt    analysis options (KMA_OPT_TOP_N, KMA_OPT_BEAM,
 *                    KMA_OPT_MAX_UNKNOWN_LENGTH, KMA_OPT_LM, KMA_OPT_TYPOS);
 *                    NULL means defaults.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (out or model is NULL, or KMA_OPT_LM
 *         names a language model the model does not carry);
 *         KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out and releases it with kma_analyzer_free().
 *         The analyzer holds its own reference to the model, so the model
 *         handle may be freed first. The options are copied.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_analyzer_new(kma_analyzer** out,
                                             const kma_model* model,
                                             const kma_options* opt);

/**
 * Releases an analyzer (and its reference to the model).
 *
 * @param[in] analyzer  the analyzer; NULL is accepted and ignored.
 * Ownership: @p analyzer is invalid afterwards; results it produced stay
 *         valid.
 * Thread-safety: one thread per analyzer at a time.
 */
KMA_API void KMA_CALL kma_analyzer_free(kma_analyzer* analyzer);

/**
 * Replaces the analyzer's options.
 *
 * @param[in,out] analyzer  the analyzer.
 * @param[in]     opt       the new options; NULL restores the defaults.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (analyzer is NULL or an unknown
 *         LM name; the old options are then kept); KMA_E_OUT_OF_MEMORY.
 * Ownership: the options are copied.
 * Thread-safety: one thread per analyzer at a time.
 */
KMA_API kma_status KMA_CALL kma_analyzer_set_options(kma_analyzer* analyzer,
                                                     const kma_options* opt);

/**
 * Analyzes UTF-8 text: up to KMA_OPT_TOP_N analyses, best first, plus the
 * sentence spans of the text.
 *
 * @param[in,out] analyzer  the analyzer (its scratch memory is reused).
 * @param[in]     text      UTF-8 bytes; no NUL terminator needed, embedded
 *                          NULs are ordinary characters. May be NULL only
 *                          when @p bytes is 0.
 * @param[in]     bytes     length of @p text in bytes.
 * @param[out]    out       receives the result; set to NULL on failure.
 * @return KMA_OK (empty input gives one analysis with zero tokens);
 *         KMA_E_INVALID_ARGUMENT (NULL analyzer/out, or NULL text with a
 *         non-zero length); KMA_E_INVALID_UTF8 (kma_last_error_offset()
 *         gives the byte offset of the first bad byte);
 *         KMA_E_INPUT_TOO_LONG (4 GiB or more); KMA_E_OUT_OF_MEMORY
 *         (the analyzer has then given back its buffers and can be used
 *         again; an analysis needs about 50 bytes of memory per byte of
 *         Korean text, so bound the input where memory is scarce).
 * Ownership: the caller owns *out and releases it with kma_result_free();
 *         @p text is not retained.
 * Thread-safety: one thread per analyzer at a time.
 */
KMA_API kma_status KMA_CALL kma_analyzer_analyze_utf8(kma_analyzer* analyzer,
                                                      const char* text,
                                                      size_t bytes,
                                                      kma_result** out);

/**
 * Analyzes UTF-16 text (host byte order). Same as
 * kma_analyzer_analyze_utf8() except that token offsets are in UTF-16 units.
 *
 * @param[in,out] analyzer  the analyzer.
 * @param[in]     text      UTF-16 code units; may be NULL only when
 *                          @p units is 0.
 * @param[in]     units     length of @p text in 16-bit units.
 * @param[out]    out       receives the result; set to NULL on failure.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT; KMA_E_INVALID_UTF16 for an
 *         unpaired surrogate (kma_last_error_offset() gives its unit
 *         offset); KMA_E_INPUT_TOO_LONG; KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out (kma_result_free()); @p text is not
 *         retained.
 * Thread-safety: one thread per analyzer at a time.
 */
KMA_API kma_status KMA_CALL kma_analyzer_analyze_utf16(kma_analyzer* analyzer,
                                                       const uint16_t* text,
                                                       size_t units,
                                                       kma_result** out);

/**
 * Splits UTF-8 text into sentences. The text is analysed (the best analysis
 * under the analyzer's options; KMA_OPT_TOP_N is ignored) and a sentence
 * ends after final punctuation, after a final ending (EF, or ~습니다, ~어요
 * written without punctuation), after a nominal ending used as a sentence
 * end (했음, 추천함), after emoticons and laughter (ㅋㅋ, ^^, emoji), at
 * line breaks after a complete clause and at every blank line. Quotations
 * are not split: "…했다. 그래서…"라고 말했다 is one sentence. A split costs
 * about one analysis (kma_analyzer_analyze_utf8() gives the same sentences
 * through kma_result_sentence()). The result holds sentence spans only
 * (kma_result_analysis_count() is 0); spans are in bytes and code points,
 * without the whitespace between sentences.
 *
 * @param[in,out] analyzer  the analyzer.
 * @param[in]     text      UTF-8 bytes; may be NULL only when @p bytes is 0.
 * @param[in]     bytes     length of @p text in bytes.
 * @param[out]    out       receives the result; set to NULL on failure.
 * @return as kma_analyzer_analyze_utf8().
 * Ownership: the caller owns *out (kma_result_free()).
 * Thread-safety: one thread per analyzer at a time.
 */
KMA_API kma_status KMA_CALL kma_analyzer_split_utf8(kma_analyzer* analyzer,
                                                    const char* text,
                                                    size_t bytes,
                                                    kma_result** out);

/**
 * Splits UTF-16 text into sentences, as kma_analyzer_split_utf8() (it
 * analyses the text); spans are in UTF-16 units and code points.
 *
 * @param[in,out] analyzer  the analyzer.
 * @param[in]     text      UTF-16 code units; may be NULL only when
 *                          @p units is 0.
 * @param[in]     units     length of @p text in 16-bit units.
 * @param[out]    out       receives the result; set to NULL on failure.
 * @return as kma_analyzer_analyze_utf16().
 * Ownership: the caller owns *out (kma_result_free()).
 * Thread-safety: one thread per analyzer at a time.
 */
KMA_API kma_status KMA_CALL kma_analyzer_split_utf16(kma_analyzer* analyzer,
                                                     const uint16_t* text,
                                                     size_t units,
                                                     kma_result** out);

KMA_EXTERN_C_END

#endif /* KMA_ANALYZER_H_ */
