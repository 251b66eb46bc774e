/**
 * @file kma_space.h
 * @brief Spacing correction (text with missing, extra or wrong spaces back
 *        with standard spacing) and line gluing.
 *
 * The text is analysed (with the analyzer's options) with the spaces
 * between words taken out, and spaces are written back between words:
 * particles, endings and suffixes attach to what precedes them, other
 * morphemes start a word where the model's boundary statistics say so.
 * The writer's own spaces are evidence, weighed by @p weight: 0 ignores
 * them (as if the text had none), 1 trusts them (every one is kept, and a
 * space is added only where the rules make one nearly certain). Spaces between two non-Hangul
 * characters, line breaks and the spaces at a line's ends are kept as they
 * are; a kept space keeps its own character (a tab stays a tab), an added
 * one is U+0020. Nothing else in the text changes. The rules are in the
 * project's docs/ARCHITECTURE.md ("Spacing correction").
 */
#ifndef KMA_SPACE_H_
#define KMA_SPACE_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/** Text that kma made (UTF-8, owned by the handle). */
typedef struct kma_text kma_text;

/** Pass as @p weight to use the default weight of the writer's spaces. */
#define KMA_SPACE_WEIGHT_DEFAULT (-1.0)

/**
 * Corrects the spacing of UTF-8 text.
 *
 * @param[in,out] analyzer  the analyzer (its options apply; KMA_OPT_TOP_N is
 *                          ignored).
 * @param[in]     text      UTF-8 bytes; may be NULL only when @p bytes is 0.
 * @param[in]     bytes     length of @p text in bytes.
 * @param[in]     weight    how much the writer's spaces count, in [0, 1];
 *                          KMA_SPACE_WEIGHT_DEFAULT (any negative value)
 *                          for the default (0.8).
 * @param[out]    out       receives the corrected text; NULL on failure.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL analyzer/out, NULL text with
 *         a non-zero length, a weight above 1 or NaN);
 *         KMA_E_INVALID_UTF8 (kma_last_error_offset() gives the byte
 *         offset of the first bad byte); KMA_E_INPUT_TOO_LONG;
 *         KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out and releases it with kma_text_free().
 * Thread-safety: one thread per analyzer at a time.
 */
KMA_API kma_status KMA_CALL kma_space_utf8(kma_analyzer* analyzer,
                                           const char* text, size_t bytes,
                                           double weight, kma_text** out);

/**
 * The bytes of a text (UTF-8, NUL-terminated for convenience; the text
 * itself contains no NUL unless the input did).
 *
 * @param[in]  text   the text; NULL gives "" and 0.
 * @param[out] bytes  receives the length in bytes (without the NUL); may be
 *                    NULL.
 * @return a pointer valid until kma_text_free(text).
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_text_data(const kma_text* text,
                                           size_t* bytes);

/** Line gluing decisions (kma_glue_utf8). */
#define KMA_GLUE_JOIN 0  /**< join the lines without a space (a word was cut) */
#define KMA_GLUE_SPACE 1 /**< join them with a space (a sentence was cut between words) */
#define KMA_GLUE_KEEP 2  /**< keep the line break (a sentence or paragraph ends) */

/**
 * Glues the lines of UTF-8 text that a line break cut inside a sentence
 * (text from PDFs, subtitles): for each line break ("
", "
" or "
"),
 * join without a space, join with one, or keep it. Kept: blank lines, breaks
 * next to an empty line, and breaks where the sentence splitter ends a
 * sentence; otherwise the lines are joined with a space or without one,
 * whichever the model scores higher. The result's text has the decisions
 * applied (a joined break takes the blanks around it with it);
 * kma_text_break_count() and kma_text_break() give each decision.
 *
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL analyzer/out, NULL text with
 *         a non-zero length); KMA_E_INVALID_UTF8 (kma_last_error_offset()
 *         gives the byte offset); KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out (kma_text_free()).
 * Thread-safety: one thread per analyzer at a time.
 */
KMA_API kma_status KMA_CALL kma_glue_utf8(kma_analyzer* analyzer,
                                          const char* text, size_t bytes,
                                          kma_text** out);

/** The number of line breaks a kma_glue_utf8() text decided (0 for others). */
KMA_API size_t KMA_CALL kma_text_break_count(const kma_text* text);

/**
 * Line break @p index of a kma_glue_utf8() text: its bytes in the input
 * ([*begin, *begin + *length)) and its decision (KMA_GLUE_*).
 *
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL argument or an index
 *         out of range.
 */
KMA_API kma_status KMA_CALL kma_text_break(const kma_text* text, size_t index,
                                           size_t* begin, size_t* length,
                                           int32_t* decision);

/** Releases a text; NULL is accepted and ignored. */
KMA_API void KMA_CALL kma_text_free(kma_text* text);

KMA_EXTERN_C_END

#endif /* KMA_SPACE_H_ */
