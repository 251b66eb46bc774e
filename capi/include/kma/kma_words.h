/**
 * @file kma_words.h
 * @brief New-word discovery: candidate nouns found in raw text, for a user
 *        dictionary (what `kma extract-words` does).
 *
 * A word finder counts the words of the text it is given, in as many calls
 * as the corpus needs; kma_word_finder_extract() then ranks the candidate
 * nouns: leading runs of Hangul syllables of words that particles or
 * nothing follow, that are not part of a longer word, and that the
 * analyzer's model does not already know. Scores, filters and their
 * measured quality are in the project's docs/ACCURACY.md ("New-word
 * discovery"). kma_word_list_user_dict() writes the candidates in the user
 * dictionary's format, ready for kma_user_dict_load_utf8().
 */
#ifndef KMA_WORDS_H_
#define KMA_WORDS_H_

#include "kma_common.h"
#include "kma_space.h"

KMA_EXTERN_C_BEGIN

/** Counts of the words of a corpus (owned by the caller). */
typedef struct kma_word_finder kma_word_finder;
/** Candidate nouns, best first (owned by the caller). */
typedef struct kma_word_list kma_word_list;

/**
 * A new, empty word finder.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL out); KMA_E_OUT_OF_MEMORY.
 * Ownership: release with kma_word_finder_free().
 */
KMA_API kma_status KMA_CALL kma_word_finder_new(kma_word_finder** out);

/** Releases a word finder; NULL is accepted and ignored. */
KMA_API void KMA_CALL kma_word_finder_free(kma_word_finder* finder);

/**
 * Counts the words of UTF-8 text (one or more lines).
 *
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL finder, NULL text with a
 *         non-zero length); KMA_E_INVALID_UTF8 (kma_last_error_offset()
 *         gives the byte offset of the first bad byte, and nothing of this
 *         text is counted); KMA_E_OUT_OF_MEMORY (the counts may then
 *         hold part of this text).
 * Thread-safety: one thread per finder at a time.
 */
KMA_API kma_status KMA_CALL kma_word_finder_add_utf8(kma_word_finder* finder, const char* text, size_t bytes);

/** The number of distinct words counted so far (0 for NULL). */
KMA_API size_t KMA_CALL kma_word_finder_distinct_words(const kma_word_finder* finder);

/**
 * Ranks the candidate nouns of everything added so far.
 *
 * @param[in]  finder     the counts (not changed: more text may be added
 *                        and extract called again).
 * @param[in,out] analyzer drops what its model already knows.
 * @param[in]  top        candidates kept, best first (0: all).
 * @param[in]  min_count  occurrences at the start of a word a candidate
 *                        needs, at least 1 (`kma extract-words` uses 5).
 * @param[out] out        receives the list; NULL on failure.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (a NULL argument, min_count 0);
 *         KMA_E_OUT_OF_MEMORY; the analyzer's errors.
 * Ownership: release *out with kma_word_list_free().
 * Thread-safety: one thread per analyzer at a time; the finder may be
 * read by several threads at once.
 */
KMA_API kma_status KMA_CALL kma_word_finder_extract(const kma_word_finder* finder, kma_analyzer* analyzer,
                                                    size_t top, uint32_t min_count, kma_word_list** out);

/** The number of candidates of a list (0 for NULL). */
KMA_API size_t KMA_CALL kma_word_list_count(const kma_word_list* list);

/**
 * Candidate @p index (0 is the best).
 *
 * @param[out] form   its UTF-8 form, NUL-terminated, valid until the list
 *                    is freed; may be NULL.
 * @param[out] count  its occurrences at the start of a word; may be NULL.
 * @param[out] score  its score (particle share x ln(count) x cohesion); may
 *                    be NULL.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL list, index out of range).
 */
KMA_API kma_status KMA_CALL kma_word_list_get(const kma_word_list* list, size_t index, const char** form,
                                              uint32_t* count, double* score);

/**
 * The candidates as a user dictionary (the user dictionary format of the
 * project's docs/USER_DICTIONARY.md): a '#' header line, then FORM<TAB>TAG
 * per candidate, best first, exactly as `kma extract-words` writes it.
 *
 * @param[in]  tag  "NNG" or "NNP" (NULL: "NNG").
 * @param[out] out  the text (kma_text_data()); NULL on failure.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL list or out, another tag);
 *         KMA_E_OUT_OF_MEMORY.
 * Ownership: release *out with kma_text_free().
 */
KMA_API kma_status KMA_CALL kma_word_list_user_dict(const kma_word_list* list, const char* tag, kma_text** out);

/** Releases a list; NULL is accepted and ignored. */
KMA_API void KMA_CALL kma_word_list_free(kma_word_list* list);

KMA_EXTERN_C_END

#endif /* KMA_WORDS_H_ */
