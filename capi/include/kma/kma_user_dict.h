/**
 * @file kma_user_dict.h
 * @brief User dictionaries (words, pre-analysed words, inflecting stems,
 *        pattern rules, blocked morphemes) and the joiner (morphemes back
 *        into text).
 *
 * A user dictionary is an overlay on an immutable model: collect entries in
 * a kma_user_dict (mutable, one thread at a time), then derive a model
 * handle with kma_model_with_user_dict(). The derived handle is an ordinary
 * kma_model (immutable, shared by any number of analyzers and pools) that
 * shares the base model's mapped pages; it takes a snapshot of the
 * dictionary, so the kma_user_dict may be changed or freed afterwards.
 *
 * What the entries mean:
 *  - a word (kma_user_dict_add_word(), "뉴진스" NNP): one morpheme. If the
 *    model already has that morpheme, the score is added to every model
 *    reading that contains it (a score of 0 changes nothing); otherwise
 *    it is a new morpheme, scored as a word seen once in the training
 *    corpus plus the score. A verb or adjective tag (VV VA VX XSV XSA)
 *    makes it a regular stem that inflects (힙하/VA: 힙한, 힙해서);
 *  - a stem of an irregular class (kma_user_dict_add_stem());
 *  - a pre-analysed surface (kma_user_dict_add_analysis(), 사겼다 →
 *    사귀/VV 었/EP 다/EF): one reading of exactly that surface;
 *  - a pattern rule (kma_user_dict_add_pattern()): each longest match of a
 *    regular expression inside a word becomes one token of the tag;
 *  - a block (kma_user_dict_block()): no analysis contains the morpheme
 *    (or any morpheme of the tag).
 * Scores are natural-log units in [-100, 100]: positive favours the entry.
 * Adding the same entry again replaces its score. The file format is
 * documented in docs/USER_DICTIONARY.md.
 */
#ifndef KMA_USER_DICT_H_
#define KMA_USER_DICT_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/** A user dictionary being built (mutable; one thread at a time). */
typedef struct kma_user_dict kma_user_dict;

/** Morphemes being joined into text (mutable; one thread at a time). */
typedef struct kma_joiner kma_joiner;

/**
 * Creates an empty user dictionary for a model.
 *
 * @param[out] out    receives the dictionary; NULL on failure.
 * @param[in]  model  the model its entries are resolved against (a derived
 *                    model stands for its base model).
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL out or model);
 *         KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out (kma_user_dict_free()); it keeps its own
 *         reference to the model.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_user_dict_new(kma_user_dict** out, const kma_model* model);

/**
 * Releases a user dictionary. Models derived from it are not affected.
 *
 * @param[in] dict  the dictionary; NULL is accepted and ignored.
 * Thread-safety: one thread per dictionary at a time.
 */
KMA_API void KMA_CALL kma_user_dict_free(kma_user_dict* dict);

/**
 * Adds a word: one morpheme of @p tag; VV VA VX XSV XSA make a regular stem
 * that inflects through the model's rules.
 *
 * @param[in,out] dict   the dictionary.
 * @param[in]     form   NUL-terminated UTF-8, 1..256 characters, no
 *                       whitespace.
 * @param[in]     tag    tag name ("NNP"; kma_tag_name()); not VCP or VCN.
 * @param[in]     score  bonus in [-100, 100] (0: as likely as a word seen
 *                       once; for a word the model has: no change).
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL argument, empty or invalid
 *         form, unknown tag, score out of range: the message says which;
 *         the dictionary is then unchanged); KMA_E_UNSUPPORTED (a stem, and
 *         the model carries no conjugation data).
 * Thread-safety: one thread per dictionary at a time.
 */
KMA_API kma_status KMA_CALL kma_user_dict_add_word(kma_user_dict* dict, const char* form, const char* tag,
                                                   float score);

/**
 * Adds a verb or adjective stem with its irregular conjugation class.
 *
 * @param[in,out] dict       the dictionary.
 * @param[in]     form       the stem (줍, 파랗), NUL-terminated UTF-8 ending in
 *                           a Hangul syllable.
 * @param[in]     tag        VV, VA, VX, XSV or XSA.
 * @param[in]     irregular  NULL, "" or "-" (regular), or one of ㅂ ㄷ ㅅ 르 ㅎ
 *                           러 우 으.
 * @param[in]     score      as for kma_user_dict_add_word().
 * @return as kma_user_dict_add_word(); KMA_E_INVALID_ARGUMENT for an unknown
 *         class.
 * Thread-safety: one thread per dictionary at a time.
 */
KMA_API kma_status KMA_CALL kma_user_dict_add_stem(kma_user_dict* dict, const char* form, const char* tag,
                                                   const char* irregular, float score);

/**
 * Adds a pre-analysed surface: wherever @p surface occurs inside a word it
 * may be read as @p analysis.
 *
 * @param[in,out] dict     the dictionary.
 * @param[in]     surface  NUL-terminated UTF-8 ("사겼다").
 * @param[in]     analysis "form/TAG form/TAG ..." (1..15 morphemes; a
 *                         morpheme splits at its last '/').
 * @param[in]     score    bonus in [-100, 100].
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (the message names the bad
 *         morpheme); the dictionary is then unchanged.
 * Thread-safety: one thread per dictionary at a time.
 */
KMA_API kma_status KMA_CALL kma_user_dict_add_analysis(kma_user_dict* dict, const char* surface,
                                                       const char* analysis, float score);

/**
 * Adds a pattern rule: the longest matches of @p regex inside words become
 * one token of @p tag whose form is the matched text. The syntax (a safe
 * subset of the usual one: classes, \\d \\w \\h, groups, alternation,
 * repetition; no anchors or back-references) is in
 * docs/USER_DICTIONARY.md; matching takes linear time.
 *
 * @param[in,out] dict   the dictionary.
 * @param[in]     regex  NUL-terminated UTF-8, at most 1024 bytes.
 * @param[in]     tag    tag name.
 * @param[in]     score  bonus in [-100, 100].
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (syntax error: the message gives
 *         the character position).
 * Thread-safety: one thread per dictionary at a time.
 */
KMA_API kma_status KMA_CALL kma_user_dict_add_pattern(kma_user_dict* dict, const char* regex, const char* tag,
                                                      float score);

/**
 * Blocks a morpheme, or a whole tag, from every analysis. Unknown-word
 * guesses stay possible while NNG or NNP is not blocked, also for a word
 * whose every dictionary reading is blocked, so every text still has an
 * analysis; pretokenized spans (numbers, Latin, URLs) are kept.
 *
 * @param[in,out] dict  the dictionary.
 * @param[in]     form  the morpheme's form; NULL or "" blocks the tag.
 * @param[in]     tag   tag name.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT.
 * Thread-safety: one thread per dictionary at a time.
 */
KMA_API kma_status KMA_CALL kma_user_dict_block(kma_user_dict* dict, const char* form, const char* tag);

/** Largest user dictionary file kma_user_dict_load_file() reads: 256 MiB
 *  (some ten million entries, about 8 GB once compiled). */
#define KMA_USER_DICT_MAX_FILE_BYTES 268435456

/**
 * Adds the entries of a user dictionary file (UTF-8, tab-separated; format
 * in docs/USER_DICTIONARY.md). All or nothing: on the first bad line
 * nothing of the file is added.
 *
 * The file is read whole, in memory bounded by KMA_USER_DICT_MAX_FILE_BYTES.
 *
 * @param[in,out] dict  the dictionary.
 * @param[in]     path  NUL-terminated UTF-8 path.
 * @return KMA_OK; KMA_E_IO naming the path when the file cannot be opened,
 *         is a directory, or a read fails part way; KMA_E_INPUT_TOO_LONG
 *         when it is larger than KMA_USER_DICT_MAX_FILE_BYTES (a device or a
 *         FIFO is read only that far); KMA_E_INVALID_ARGUMENT with the
 *         message "PATH:LINE:COLUMN: reason" (COLUMN in bytes, 1-based) and
 *         kma_last_error_offset() the byte offset of the error in the file,
 *         also for a NUL byte (a dictionary is text; /dev/zero is refused
 *         after its first 64 KiB).
 * Thread-safety: one thread per dictionary at a time.
 */
KMA_API kma_status KMA_CALL kma_user_dict_load_file(kma_user_dict* dict, const char* path);

/**
 * Adds the entries of user dictionary text in memory, as
 * kma_user_dict_load_file().
 *
 * @param[in,out] dict   the dictionary.
 * @param[in]     text   UTF-8 bytes; may be NULL only when @p bytes is 0.
 * @param[in]     bytes  its length.
 * @param[in]     name   names the text in messages; NULL for "<memory>".
 * @return as kma_user_dict_load_file(), without KMA_E_IO.
 * Thread-safety: one thread per dictionary at a time.
 */
KMA_API kma_status KMA_CALL kma_user_dict_load_utf8(kma_user_dict* dict, const char* text, size_t bytes,
                                                    const char* name);

/**
 * Number of entries (words, surfaces, stems, patterns and blocks).
 *
 * @param[in] dict  the dictionary; NULL gives 0.
 * Thread-safety: any thread without a concurrent change of @p dict.
 */
KMA_API size_t KMA_CALL kma_user_dict_size(const kma_user_dict* dict);

/**
 * Derives a model handle that analyses with the model and a snapshot of the
 * dictionary. A model handle holds at most one user dictionary: deriving
 * from a derived model replaces its dictionary. An empty dictionary gives
 * exactly the analyses of the model alone.
 *
 * @param[out] out    receives the derived model; NULL on failure.
 * @param[in]  model  the model (or a model derived from it).
 * @param[in]  dict   a dictionary created for the same base model.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL argument, a dictionary of
 *         another model, or more new conjugation classes than fit);
 *         KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out (kma_model_free()); it shares the base
 *         model, which stays alive while it lives.
 * Thread-safety: any thread without a concurrent change of @p dict; the
 *         derived model is immutable and shared like any model.
 */
KMA_API kma_status KMA_CALL kma_model_with_user_dict(kma_model** out, const kma_model* model,
                                                     const kma_user_dict* dict);

/** How kma_joiner_add() places a morpheme relative to the one before it. */
enum {
  /** Decide from the tags: endings, particles, copulas and suffixes attach;
   *  an auxiliary verb after 아/어 attaches; otherwise a space where the
   *  model's word-boundary statistics make one more likely than none. */
  KMA_JOIN_AUTO = 0,
  /** Same word as the previous morpheme. */
  KMA_JOIN_ATTACH = 1,
  /** Starts a new word. */
  KMA_JOIN_SPACE = 2
};

/**
 * Creates a joiner: morphemes back into text with the model's
 * morphophonological rules in reverse (돕/VV 아/EC 주/VX 었/EP 어요/EF →
 * 도와줬어요; 가깝/VA ㄴ/ETM → 가까운). Of the spellings the rules allow, the
 * standard one is written. User stems of a derived model conjugate with
 * their classes.
 *
 * @param[out] out    receives the joiner; NULL on failure.
 * @param[in]  model  the model.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT; KMA_E_UNSUPPORTED (the model
 *         carries no conjugation data); KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out (kma_joiner_free()); it keeps its own
 *         reference to the model.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_joiner_new(kma_joiner** out, const kma_model* model);

/**
 * Releases a joiner.
 *
 * @param[in] joiner  the joiner; NULL is accepted and ignored.
 * Thread-safety: one thread per joiner at a time.
 */
KMA_API void KMA_CALL kma_joiner_free(kma_joiner* joiner);

/**
 * Appends one morpheme.
 *
 * @param[in,out] joiner  the joiner.
 * @param[in]     form    NUL-terminated UTF-8, as analyses give it (bare
 *                        consonants for endings: ㄴ, ㅂ니다).
 * @param[in]     tag     tag name.
 * @param[in]     space   KMA_JOIN_AUTO, KMA_JOIN_ATTACH or KMA_JOIN_SPACE.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (the joiner is then unchanged).
 * Thread-safety: one thread per joiner at a time.
 */
KMA_API kma_status KMA_CALL kma_joiner_add(kma_joiner* joiner, const char* form, const char* tag, int32_t space);

/**
 * Appends morphemes written "form/TAG form/TAG ..." (as kma_analyze
 * prints them): spaces between morphemes mean KMA_JOIN_AUTO, a tab starts
 * a new word.
 *
 * @param[in,out] joiner  the joiner.
 * @param[in]     text    UTF-8 bytes; may be NULL only when @p bytes is 0.
 * @param[in]     bytes   its length.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (kma_last_error_offset() gives the
 *         byte offset of the bad morpheme; nothing is added).
 * Thread-safety: one thread per joiner at a time.
 */
KMA_API kma_status KMA_CALL kma_joiner_add_morphs(kma_joiner* joiner, const char* text, size_t bytes);

/**
 * The text of the morphemes added so far (NUL-terminated UTF-8, NFC).
 *
 * @param[in] joiner  the joiner; NULL gives "".
 * @return a borrowed string, valid until the next call on @p joiner.
 * Thread-safety: one thread per joiner at a time.
 */
KMA_API const char* KMA_CALL kma_joiner_text(kma_joiner* joiner);

/**
 * Removes every morpheme, to join another text.
 *
 * @param[in,out] joiner  the joiner; NULL is ignored.
 * Thread-safety: one thread per joiner at a time.
 */
KMA_API void KMA_CALL kma_joiner_clear(kma_joiner* joiner);

KMA_EXTERN_C_END

#endif /* KMA_USER_DICT_H_ */
