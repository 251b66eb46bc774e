/**
 * @file kma_result.h
 * @brief Reading analysis results: the kma_token record, sentence spans,
 *        token forms, part-of-speech tag names, and the records of
 *        `kma analyze` (morphs, JSON, TSV).
 *
 * A result is immutable and owns everything it hands out: token arrays and
 * form strings are borrowed until kma_result_free(). Results do not depend
 * on the analyzer or model that produced them.
 *
 * Layout of a result:
 *  - kma_result_analysis_count() analyses (1..KMA_OPT_TOP_N for an analysis,
 *    0 for a sentence split), best first, each with a score and an array of
 *    kma_token records;
 *  - kma_result_sentence_count() sentence spans, in input order, from the
 *    first to the last character of each sentence (the whitespace between
 *    sentences belongs to none);
 *  - a pool of NUL-terminated UTF-8 forms referenced by the tokens.
 */
#ifndef KMA_RESULT_H_
#define KMA_RESULT_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/** Bits of kma_token.flags. */
enum {
  /** Out-of-vocabulary word guessed by the analyzer. */
  KMA_TOKEN_UNKNOWN = 1,
  /** Pretokenized pattern: number, URL, e-mail, emoji, ... */
  KMA_TOKEN_PATTERN = 2,
  /** Fixed by a span constraint (kma_constraints.h). */
  KMA_TOKEN_CONSTRAINED = 4,
  /** Typo-tolerant analysis (KMA_OPT_TYPOS): the morpheme was read from a
   *  corrected spelling of its span; begin/length give the span of the text
   *  as written (되요 -> 되/VV 어요/EF, both over 되요). */
  KMA_TOKEN_CORRECTED = 8,
  /** A user dictionary's morpheme that the model lacks, or a pattern
   *  rule's match (kma_user_dict.h); morph_id is then 0. */
  KMA_TOKEN_USER = 16
};

/**
 * One morpheme of an analysis.
 *
 * The layout is frozen (44 bytes, 4-byte aligned, no padding; pinned by
 * tests/capi/abi_layout_test.c). It has fixed-width fields only: no bool
 * (C# marshals it as 4 bytes) and no enum (implementation-defined size).
 * New fields will come as a new record type with its own accessor.
 *
 * Offsets are in the caller's code units: bytes for UTF-8 input, 16-bit
 * units for UTF-16 input. Several tokens may share a span when one surface
 * syllable holds several morphemes (했 = 하 + 었); their form then differs
 * from the surface text.
 */
typedef struct kma_token {
  /** Start of the token's surface span in the input (code units). */
  uint32_t begin;
  /** Length of the surface span (code units). */
  uint32_t length;
  /** Start of the span in Unicode code points. */
  uint32_t cp_begin;
  /** Length of the span in code points. */
  uint32_t cp_length;
  /** Dictionary id; 0 for unknown words and patterns. */
  uint32_t morph_id;
  /** Part-of-speech tag; see kma_tag_name(). */
  uint16_t tag;
  /** KMA_TOKEN_* bits. */
  uint16_t flags;
  /** This token's share of the path score (natural log). */
  float score;
  /** Offset of the form in the result's string pool; use
   *  kma_result_token_form() rather than this field directly. */
  uint32_t form_offset;
  /** Length of the form in bytes, without the NUL terminator. */
  uint32_t form_length;
  /** Index of the sentence the token belongs to: always below
   *  kma_result_sentence_count() (0 when it is 0). The sentence spans come
   *  from the best analysis; a token of another analysis gets the last
   *  span that starts at or before it. */
  uint32_t sentence;
  /** Index of the whitespace-separated word the token belongs to. */
  uint32_t word;
} kma_token;

/**
 * A sentence span, in the same units as kma_token. Frozen layout
 * (16 bytes).
 */
typedef struct kma_span {
  /** Start in code units of the input. */
  uint32_t begin;
  /** Length in code units. */
  uint32_t length;
  /** Start in code points. */
  uint32_t cp_begin;
  /** Length in code points. */
  uint32_t cp_length;
} kma_span;

/**
 * Releases a result and everything borrowed from it.
 *
 * @param[in] result  the result; NULL is accepted and ignored.
 * Ownership: @p result, its token arrays and its form strings are invalid
 *         afterwards.
 * Thread-safety: any thread, once no other thread uses this result.
 */
KMA_API void KMA_CALL kma_result_free(kma_result* result);

/**
 * Number of analyses in the result.
 *
 * @param[in] result  the result.
 * @return 1..KMA_OPT_TOP_N for an analysis (fewer if fewer paths exist), 0
 *         for a sentence split or a NULL result.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread (results are immutable).
 */
KMA_API size_t KMA_CALL kma_result_analysis_count(const kma_result* result);

/**
 * Total path score of one analysis (natural log; higher is better).
 *
 * @param[in] result    the result.
 * @param[in] analysis  0 .. kma_result_analysis_count() - 1.
 * @return the score, or 0 for a NULL result or an out-of-range index.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API float KMA_CALL kma_result_analysis_score(const kma_result* result,
                                                 size_t analysis);

/**
 * Number of tokens of one analysis.
 *
 * @param[in] result    the result.
 * @param[in] analysis  0 .. kma_result_analysis_count() - 1.
 * @return the token count; 0 for empty input, a NULL result or an
 *         out-of-range index.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API size_t KMA_CALL kma_result_token_count(const kma_result* result,
                                               size_t analysis);

/**
 * The tokens of one analysis, in input order.
 *
 * @param[in] result    the result.
 * @param[in] analysis  0 .. kma_result_analysis_count() - 1.
 * @return an array of kma_result_token_count() records; NULL when that count
 *         is 0 (including a NULL result or an out-of-range index).
 * Ownership: borrowed from @p result; valid until kma_result_free(result).
 * Thread-safety: any thread.
 */
KMA_API const kma_token* KMA_CALL kma_result_tokens(const kma_result* result,
                                                    size_t analysis);

/**
 * The normalized form of a token, e.g. "가" or "시" (NFC; bare consonant
 * endings in compatibility jamo, e.g. "ㄴ").
 *
 * @param[in] result  the result the token belongs to.
 * @param[in] token   a record from kma_result_tokens(result, ...).
 * @return a NUL-terminated UTF-8 string of token->form_length bytes; "" if
 *         @p token does not belong to @p result; NULL if either is NULL.
 * Ownership: borrowed from @p result; valid until kma_result_free(result).
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_result_token_form(const kma_result* result,
                                                   const kma_token* token);

/**
 * The lemma (dictionary form) of a token: for a stem that conjugates (VV,
 * VA, VX, VCP, VCN, and the derivational suffixes XSV and XSA) its form
 * with the ending 다 (먹/VV gives "먹다", 가깝/VA "가깝다", 이/VCP "이다",
 * 하/XSV "하다"); for every other token its form (사과/NNG gives "사과",
 * 었/EP "었"). Stems are stored in their base spelling, so 가까운 (가깝/VA
 * ㄴ/ETM) gives "가깝다" with no irregular conjugation to undo. A token
 * joined by KMA_OPT_JOIN_DERIVATIONS is one stem (공부하/VV gives
 * "공부하다"). Available whether or not KMA_OPT_LEMMA is set (that option
 * only puts lemmas in the records of kma_result_format()).
 *
 * @param[in] result  the result the token belongs to.
 * @param[in] token   a record from kma_result_tokens(result, ...) or a copy.
 * @return a NUL-terminated UTF-8 string; "" if @p token does not belong to
 *         @p result; NULL if either is NULL.
 * Ownership: borrowed from @p result; valid until kma_result_free(result).
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_result_token_lemma(const kma_result* result,
                                                    const kma_token* token);

/**
 * Number of sentences found in the input.
 *
 * @param[in] result  the result.
 * @return the sentence count (0 for empty input or a NULL result).
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API size_t KMA_CALL kma_result_sentence_count(const kma_result* result);

/**
 * Copies one sentence span.
 *
 * @param[in]  result  the result.
 * @param[in]  index   0 .. kma_result_sentence_count() - 1.
 * @param[out] out     receives the span.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL argument or an
 *         out-of-range index (then *out is unchanged).
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_result_sentence(const kma_result* result,
                                                size_t index, kma_span* out);

/**
 * Name of a part-of-speech tag, e.g. "NNG", "JKS", "W_EMOJI". Tag numbers
 * are frozen; new tags are only appended.
 *
 * @param[in] tag  a kma_token.tag value.
 * @return a static NUL-terminated ASCII string; "UN" for 0 and for values
 *         >= kma_tag_count(); never NULL.
 * Ownership: static storage; do not free.
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_tag_name(uint16_t tag);

/**
 * Number of tags (valid tag values are 0 .. kma_tag_count() - 1).
 *
 * @return the number of part-of-speech tags this library knows.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API uint16_t KMA_CALL kma_tag_count(void);

/**
 * Looks a tag up by name (the inverse of kma_tag_name()). The irregularity
 * suffixes "-I" and "-R" are accepted and dropped ("VV-I" gives VV).
 *
 * @param[in]  name  NUL-terminated ASCII tag name.
 * @param[out] out   receives the tag value.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL argument or an unknown
 *         name (then *out is unchanged).
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_tag_from_name(const char* name, uint16_t* out);

/**
 * Record formats of kma_result_format(): what `kma analyze --format F`
 * prints for one input line, byte for byte.
 */
enum {
  /** "form/TAG form/TAG ...\n": the best analysis (`-f morphs`); "\n"
   *  alone for a result without analyses. */
  KMA_FORMAT_MORPHS = 1,
  /** Every analysis, best first, as "score\tform/TAG ...\n" (score with
   *  four decimals), then "\n" (`-f morphs -n N` with N > 1); an empty
   *  text gives the "\n" alone. */
  KMA_FORMAT_MORPHS_NBEST = 2,
  /** One JSON Lines record and "\n" (`-f json`):
   *  {"text":..., "analyses":[{"score":..., "tokens":[{"form", "tag",
   *  "begin", "length", "cp_begin", "cp_length", "sentence", "word",
   *  "score", "unknown"[, "constrained"][, "corrected"]}, ...]}, ...]}.
   *  Numbers have six significant digits; "constrained" and "corrected"
   *  appear only when true. With KMA_OPT_LEMMA every token also has
   *  "lemma" (kma_result_token_lemma()) right after "tag", and morphs
   *  records print "lemma/TAG" ("먹다/VV 었/EP 다/EF"). */
  KMA_FORMAT_JSON = 3,
  /** "form\tTAG\tbegin\tlength\tscore\n" per token of the best analysis,
   *  then "EOS\n" (`-f tsv`); with KMA_OPT_LEMMA a sixth column, the
   *  lemma, before the newline. */
  KMA_FORMAT_TSV = 4
};

/**
 * Writes the record of a result in one of the formats of `kma analyze`.
 *
 * Offsets in the record ("begin", "length") are UTF-8 byte offsets in the
 * text, as the CLI prints them, whichever encoding the result was analysed
 * from: they are derived from the tokens' code-point spans. Call it with
 * the text the result was made from (kma_result_format_utf16() for UTF-16).
 *
 * @code
 *   char small[1024];
 *   size_t n = 0;
 *   kma_status s = kma_result_format(r, KMA_FORMAT_JSON, text, len, small,
 *                                    sizeof small, &n);
 *   if (s == KMA_E_BUFFER_TOO_SMALL) { char* big = malloc(n + 1); ... }
 * @endcode
 *
 * @param[in]  result    the result of an analysis (a sentence split has no
 *                       analyses: its records are those of an empty list).
 * @param[in]  format    a KMA_FORMAT_* value.
 * @param[in]  text      the UTF-8 text the result was analysed from.
 * @param[in]  length    its length in bytes.
 * @param[out] buffer    receives the record and a NUL terminator; may be
 *                       NULL when @p capacity is 0.
 * @param[in]  capacity  size of @p buffer in bytes.
 * @param[out] written   receives the record's length in bytes, without the
 *                       NUL, also when the buffer is too small.
 * @return KMA_OK; KMA_E_BUFFER_TOO_SMALL when @p capacity is below *written
 *         + 1 (nothing is written; call again with a larger buffer);
 *         KMA_E_INVALID_UTF8 for text that is not UTF-8
 *         (kma_last_error_offset() is the bad byte); KMA_E_INVALID_ARGUMENT
 *         for a NULL @p result or @p written, a NULL @p text or @p buffer
 *         with a non-zero length or capacity, or a text the result was not made from (a token
 *         ends beyond it; the message names the token and both lengths in
 *         code points); KMA_E_UNSUPPORTED for an unknown format (newer
 *         versions may add formats); KMA_E_OUT_OF_MEMORY.
 * Ownership: nothing is retained; @p buffer stays the caller's.
 * Thread-safety: any thread (results are immutable).
 */
KMA_API kma_status KMA_CALL kma_result_format(const kma_result* result, int32_t format,
                                              const char* text, size_t length,
                                              char* buffer, size_t capacity,
                                              size_t* written);

/**
 * kma_result_format() for a result analysed from UTF-16 text: @p text and
 * @p units are that text. The record is UTF-8 all the same, with UTF-8 byte
 * offsets. An unpaired surrogate gives KMA_E_INVALID_UTF16 with its unit
 * offset in kma_last_error_offset(); everything else is as above.
 */
KMA_API kma_status KMA_CALL kma_result_format_utf16(const kma_result* result,
                                                    int32_t format,
                                                    const uint16_t* text, size_t units,
                                                    char* buffer, size_t capacity,
                                                    size_t* written);

KMA_EXTERN_C_END

#endif /* KMA_RESULT_H_ */
