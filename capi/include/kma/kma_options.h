/**
 * @file kma_options.h
 * @brief Opaque option sets with numbered, typed slots.
 *
 * Options are set by number (as ZSTD_CCtx_setParameter does) instead of
 * through a struct, so a new option never changes a layout and old binaries
 * keep working. Every slot has a type (int, float or string); setting a slot
 * with the wrong type fails with KMA_E_INVALID_ARGUMENT, and an unknown slot
 * number fails with KMA_E_UNSUPPORTED (so callers can probe for options that
 * newer versions add).
 *
 * The slot table can be read at run time: kma_option_next() enumerates the
 * slots, kma_option_name() names them ("top_n" for KMA_OPT_TOP_N: the
 * constant's lower-case suffix), kma_option_type(), kma_option_flags() and
 * kma_option_bounds() describe them, and kma_option_find() looks a name up.
 * The bindings build their option types from this table, so a new slot
 * reaches every language without per-binding code.
 *
 * Example:
 * @code
 *   kma_options* opt = NULL;
 *   if (kma_options_new(&opt) != KMA_OK) { ... }
 *   kma_options_set_int(opt, KMA_OPT_TOP_N, 3);
 *   kma_analyzer_new(&analyzer, model, opt);
 *   kma_options_free(opt);  // the analyzer keeps its own copy
 * @endcode
 */
#ifndef KMA_OPTIONS_H_
#define KMA_OPTIONS_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/**
 * Option slots. Values are part of the ABI and never reused.
 */
enum {
  /** int32, 1..64, default 1: number of analyses returned, best first.
   *  Cost: linear in the text, but top_n 64 does tens of times the work
   *  of top_n 1 (about 0.1 s of CPU and 2 MB of memory per KB of text on
   *  a 2020s server core; docs/RELIABILITY.md, "N-best cost"). */
  KMA_OPT_TOP_N = 1,
  /** float, 0..1000, default 5: score-relative beam; paths more than this
   *  far (natural log) below the best one are dropped. */
  KMA_OPT_BEAM = 2,
  /** int32, 1..64, default 8: longest unknown-word candidate, in
   *  syllables. */
  KMA_OPT_MAX_UNKNOWN_LENGTH = 3,
  /** string, default "" (= the model's default): name of the language
   *  model to score with, one of kma_model_lm_name(). */
  KMA_OPT_LM = 4,
  /** string, default "": a model file that kma_model_open_default() tries
   *  after $KMA_MODEL and before the installed model, when it exists.
   *  Bindings set it to the copy of the model their package carries. Every
   *  other function ignores it. */
  KMA_OPT_PACKAGE_MODEL = 5,
  /** int32, 0..1, default 0: typo-tolerant analysis. With 1, misspelled
   *  forms are also read as the edit set of the library says they may have
   *  been meant (됬다 as 됐다, 할께요 as 할게요, 안녕하세여 as 안녕하세요, 이써
   *  as 있어, ...), each reading at a cost, so correctly spelled text keeps
   *  its analysis; tokens read from a corrected spelling carry
   *  KMA_TOKEN_CORRECTED and the span of the text as written. Bare jamo
   *  (ㅋㅋ, ㅠㅠ) also become tokens of their own, glued to a word or not.
   *  With 0 the analysis is exactly that of earlier versions. */
  KMA_OPT_TYPOS = 6,
  /** string, default "" (= every tag): the tags analyses keep, names
   *  separated by commas or spaces ("NNG,NNP,VV,VA" for content words).
   *  The analysis is the same; tokens of other tags are left out (the
   *  others keep their word and sentence numbers). An unknown tag name is
   *  KMA_E_INVALID_ARGUMENT. Splitting ignores it. To keep morphemes out
   *  of the analysis itself, block them in a user dictionary
   *  (kma_user_dict_block()). */
  KMA_OPT_OUTPUT_TAGS = 7,
  /* Slot 8 is retired and never reused: it was KMA_OPT_CONVENTION, the
   * convention prior of models of earlier builders. Every analysis now
   * follows one convention (docs/CONVENTIONS.md); setting slot 8 is
   * KMA_E_UNSUPPORTED like any unknown slot. */
  /** int32, 0..1048576, default 1024: the memory one analysis may hold, in
   *  MiB; 0: no budget. What grows with the text and the options counts
   *  against it: the text's buffers, the lattice, the typo and user
   *  dictionary candidates, the beam's states and history, the N-best paths
   *  and the analyses returned (not the model, nor the result's copy that
   *  kma_result holds). An analysis that would hold more fails with
   *  KMA_E_RESOURCE for that text and gives its memory back. The default
   *  holds a plain analysis of a 16 MiB line (docs/RELIABILITY.md, "Memory
   *  budget", gives the cost per input byte of each option). */
  KMA_OPT_MEMORY_BUDGET_MIB = 9,
  /** float, 0..1000, default 8: coarse-to-fine search. Before the
   *  language model's search, a cheap first pass (costs per morpheme and
   *  per tag pair, no LM) drops the lattice nodes whose best cheap path
   *  costs more than this many nats above the cheapest; the search then
   *  scores what is left exactly as it scores everything. Faster, and the
   *  analysis may differ from the exact one where the cheap pass ruled out
   *  the best path (docs/PERFORMANCE.md, "Coarse-to-fine search", gives the
   *  measured speed and accuracy). 0: no pruning, the exact search. N-best
   *  and typo-tolerant analyses widen the margin; constrained analyses are
   *  never pruned. */
  KMA_OPT_PRUNE_MARGIN = 10,
  /** int32, 0..1, default 0: the records of kma_result_format() show each
   *  token's lemma (kma_result_token_lemma(): 먹다 for 먹/VV): morphs print
   *  "lemma/TAG", JSON tokens get a "lemma" key after "tag", TSV a sixth
   *  column. The analysis and the tokens are the same either way, and
   *  kma_result_token_lemma() works without it. */
  KMA_OPT_LEMMA = 11,
  /** int32, 0..1, default 0: derivational affixes become one token with
   *  what they attach to: a noun with its prefix (XPN) and suffix (XSN),
   *  taking the noun's tag (학생/NNG 들/XSN -> 학생들/NNG), and a noun or
   *  root (XR) with a verb or adjective suffix, as a verb or adjective
   *  (공부/NNG 하/XSV -> 공부하/VV, 사랑/NNG 스럽/XSA -> 사랑스럽/VA). The
   *  joined token's span covers both parts (공부했다: 공부하/VV over 공부했),
   *  its score is their sum and its morph_id 0. The search is the same:
   *  only the tokens handed back are joined. */
  KMA_OPT_JOIN_DERIVATIONS = 12,
  /** int32, 0..1, default 0: tokens of the built-in stop-word list are left
   *  out of the analyses, as KMA_OPT_OUTPUT_TAGS leaves out tags: every
   *  particle, ending, punctuation mark and symbol (SF SP SS SSO SSC SE SO
   *  SW), the copula, and common function morphemes (것/NNB, 하/XSV, 있/VX,
   *  그리고/MAJ, ...; docs/OUTPUT_OPTIONS.md lists them). The analysis is
   *  the same; the other tokens keep their word and sentence numbers.
   *  Splitting ignores it. */
  KMA_OPT_STOP_WORDS = 13,
  /** string, default "" (= none): a user's stop-word list, whose tokens are
   *  left out as with KMA_OPT_STOP_WORDS (with it, those of both lists).
   *  The value is the list's text, one entry per line: "form/TAG" (것/NNB),
   *  or an asterisk as the form for every token of the tag ("*" "/JKS"
   *  written together); blank lines and lines starting with '#' are
   *  skipped (core/search/stop_words.h has the details). A bad line is
   *  KMA_E_INVALID_ARGUMENT when set, its message naming the line ("line 3:
   *  unknown tag 'NNQ' in '사과/NNQ'"), and the set keeps its old list. */
  KMA_OPT_STOP_WORD_LIST = 14,
  /** string, default "" (= every class recognised): special-token classes
   *  to turn off, names separated by commas or spaces: "url", "email",
   *  "hashtag", "mention", "serial" (010-1234-5678, 192.168.0.1), "emoji",
   *  or "all". Their text is then analysed as ordinary text: an emoji
   *  becomes a symbol (SW), a URL, address or serial number falls apart
   *  into Latin runs (SL), numbers (SN) and symbols, and the # or @ of a
   *  hashtag or mention is a symbol before ordinary words. Unlike the other
   *  output options this changes what is analysed, so it applies to
   *  splitting too. An unknown name is KMA_E_INVALID_ARGUMENT. */
  KMA_OPT_NO_SPECIAL = 15
};

/** Types of option slots, as reported by kma_option_type(). */
enum {
  /** Not a known option slot. */
  KMA_OPT_TYPE_NONE = 0,
  /** Set with kma_options_set_int(). */
  KMA_OPT_TYPE_INT = 1,
  /** Set with kma_options_set_float(). */
  KMA_OPT_TYPE_FLOAT = 2,
  /** Set with kma_options_set_string(). */
  KMA_OPT_TYPE_STRING = 3
};

/** Flags of option slots, as reported by kma_option_flags(). */
enum {
  /** An int slot holding 0 or 1 (off or on): bindings show it as a
   *  boolean. */
  KMA_OPT_FLAG_BOOLEAN = 1,
  /** Read by kma_model_open_default() only; analyzers and pools ignore
   *  it, so bindings leave it out of their analysis options. */
  KMA_OPT_FLAG_MODEL_LOOKUP = 2
};

/**
 * Creates an option set holding every slot's default value.
 *
 * @param[out] out  receives the new option set; set to NULL on failure.
 * @return KMA_OK, KMA_E_INVALID_ARGUMENT (out is NULL) or
 *         KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out and releases it with kma_options_free().
 *         Functions that take options copy what they need, so the set may be
 *         freed or changed right after such a call.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_options_new(kma_options** out);

/**
 * Creates an independent copy of an option set.
 *
 * @param[out] out  receives the copy; set to NULL on failure.
 * @param[in]  src  the set to copy.
 * @return KMA_OK, KMA_E_INVALID_ARGUMENT (a NULL argument) or
 *         KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out (kma_options_free()); @p src is unchanged.
 * Thread-safety: any thread, as long as nobody modifies @p src meanwhile.
 */
KMA_API kma_status KMA_CALL kma_options_clone(kma_options** out,
                                              const kma_options* src);

/**
 * Releases an option set.
 *
 * @param[in] opt  the set to release; NULL is accepted and ignored.
 * Ownership: @p opt is invalid afterwards.
 * Thread-safety: one thread per option set at a time.
 */
KMA_API void KMA_CALL kma_options_free(kma_options* opt);

/**
 * Sets an integer slot.
 *
 * @param[in,out] opt     the option set.
 * @param[in]     option  a KMA_OPT_* slot of type KMA_OPT_TYPE_INT.
 * @param[in]     value   the value; must lie within kma_option_bounds().
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL set, a non-int slot or
 *         an out-of-range value (the set is then unchanged);
 *         KMA_E_UNSUPPORTED for an unknown slot.
 * Ownership: nothing is retained.
 * Thread-safety: one thread per option set at a time.
 */
KMA_API kma_status KMA_CALL kma_options_set_int(kma_options* opt,
                                                int32_t option, int32_t value);

/**
 * Reads an integer slot.
 *
 * @param[in]  opt     the option set.
 * @param[in]  option  a KMA_OPT_* slot of type KMA_OPT_TYPE_INT.
 * @param[out] out     receives the value.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL argument or a non-int
 *         slot; KMA_E_UNSUPPORTED for an unknown slot.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread, as long as nobody modifies @p opt meanwhile.
 */
KMA_API kma_status KMA_CALL kma_options_get_int(const kma_options* opt,
                                                int32_t option, int32_t* out);

/**
 * Sets a floating-point slot.
 *
 * @param[in,out] opt     the option set.
 * @param[in]     option  a KMA_OPT_* slot of type KMA_OPT_TYPE_FLOAT.
 * @param[in]     value   the value; must be finite and within
 *                        kma_option_bounds().
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL set, a non-float slot,
 *         NaN or an out-of-range value (the set is then unchanged);
 *         KMA_E_UNSUPPORTED for an unknown slot.
 * Ownership: nothing is retained.
 * Thread-safety: one thread per option set at a time.
 */
KMA_API kma_status KMA_CALL kma_options_set_float(kma_options* opt,
                                                  int32_t option, float value);

/**
 * Reads a floating-point slot.
 *
 * @param[in]  opt     the option set.
 * @param[in]  option  a KMA_OPT_* slot of type KMA_OPT_TYPE_FLOAT.
 * @param[out] out     receives the value.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL argument or a non-float
 *         slot; KMA_E_UNSUPPORTED for an unknown slot.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread, as long as nobody modifies @p opt meanwhile.
 */
KMA_API kma_status KMA_CALL kma_options_get_float(const kma_options* opt,
                                                  int32_t option, float* out);

/**
 * Sets a string slot.
 *
 * @param[in,out] opt        the option set.
 * @param[in]     option     a KMA_OPT_* slot of type KMA_OPT_TYPE_STRING.
 * @param[in]     value_utf8 NUL-terminated UTF-8; "" restores the default.
 *                           Whether a name is valid (e.g. an LM the model
 *                           carries) is checked where the options are used.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL argument or a non-string
 *         slot; KMA_E_UNSUPPORTED for an unknown slot; KMA_E_OUT_OF_MEMORY.
 * Ownership: the string is copied; @p value_utf8 is not retained.
 * Thread-safety: one thread per option set at a time.
 */
KMA_API kma_status KMA_CALL kma_options_set_string(kma_options* opt,
                                                   int32_t option,
                                                   const char* value_utf8);

/**
 * Reads a string slot.
 *
 * @param[in]  opt     the option set.
 * @param[in]  option  a KMA_OPT_* slot of type KMA_OPT_TYPE_STRING.
 * @param[out] out     receives a NUL-terminated UTF-8 string.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL argument or a
 *         non-string slot; KMA_E_UNSUPPORTED for an unknown slot.
 * Ownership: *out is borrowed from @p opt; valid until the slot is set again
 *         or the set is freed.
 * Thread-safety: any thread, as long as nobody modifies @p opt meanwhile.
 */
KMA_API kma_status KMA_CALL kma_options_get_string(const kma_options* opt,
                                                   int32_t option,
                                                   const char** out);

/**
 * Type of an option slot.
 *
 * @param[in] option  any value.
 * @return one of KMA_OPT_TYPE_INT/FLOAT/STRING, or KMA_OPT_TYPE_NONE for a
 *         slot this library does not know.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API int32_t KMA_CALL kma_option_type(int32_t option);

/**
 * Inclusive range of valid values of a numeric slot.
 *
 * @param[in]  option   a KMA_OPT_* slot of type int or float.
 * @param[out] min_out  receives the smallest valid value.
 * @param[out] max_out  receives the largest valid value.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for NULL outputs or a string slot;
 *         KMA_E_UNSUPPORTED for an unknown slot.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_option_bounds(int32_t option, double* min_out,
                                              double* max_out);

/**
 * Enumerates the option slots this library knows, in increasing order.
 *
 * @code
 *   for (int32_t o = kma_option_next(0); o != 0; o = kma_option_next(o)) ...
 * @endcode
 *
 * @param[in] option  0 to start, else a slot number (need not be known).
 * @return the smallest known slot greater than @p option, or 0 after the
 *         last one.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API int32_t KMA_CALL kma_option_next(int32_t option);

/**
 * Name of an option slot: the lower-case suffix of its constant ("top_n"
 * for KMA_OPT_TOP_N, "output_tags" for KMA_OPT_OUTPUT_TAGS). Bindings spell
 * the option with this name in their own case convention.
 *
 * @param[in] option  any value.
 * @return a NUL-terminated ASCII name, or NULL for a slot this library does
 *         not know.
 * Ownership: static storage; never freed.
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_option_name(int32_t option);

/**
 * Looks an option slot up by its name (as kma_option_name() spells it).
 *
 * @param[in]  name        NUL-terminated; compared exactly (case matters).
 * @param[out] option_out  receives the slot number; 0 on failure.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT for a NULL argument;
 *         KMA_E_UNSUPPORTED for a name this library does not know (the
 *         message lists the known names).
 * Ownership: nothing is retained.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_option_find(const char* name,
                                            int32_t* option_out);

/**
 * Flags of an option slot.
 *
 * @param[in] option  any value.
 * @return a combination of KMA_OPT_FLAG_* bits; 0 for a slot without flags
 *         or one this library does not know.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API int32_t KMA_CALL kma_option_flags(int32_t option);

KMA_EXTERN_C_END

#endif /* KMA_OPTIONS_H_ */
