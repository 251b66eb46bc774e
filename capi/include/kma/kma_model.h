/**
 * @file kma_model.h
 * @brief Opening, inspecting and releasing models.
 *
 * A kma_model is immutable once opened and may be shared by any number of
 * threads and analyzers. It is reference-counted internally: every analyzer
 * holds a reference, and kma_model_free() only drops the caller's own. That
 * makes release order irrelevant, which matters for garbage-collected
 * bindings whose finalizers run in arbitrary order.
 */
#ifndef KMA_MODEL_H_
#define KMA_MODEL_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/**
 * Opens a model file. The file is memory-mapped read-only where possible,
 * so several processes opening the same model share its pages.
 *
 * @param[out] out        receives the model; set to NULL on failure.
 * @param[in]  path_utf8  NUL-terminated file system path (UTF-8).
 * @param[in]  opt        options; may be NULL. No option affects loading
 *                        yet; the parameter is reserved so that future
 *                        loading knobs need no new function.
 * @return KMA_OK;
 *         KMA_E_INVALID_ARGUMENT (out or path_utf8 is NULL, or the
 *         environment variable KMA_ISA is set to a name that is no
 *         instruction set: see kma_active_isa_name());
 *         KMA_E_IO (cannot open or read; the message contains the path);
 *         KMA_E_MODEL_FORMAT (not a kma model, truncated or corrupt);
 *         KMA_E_MODEL_VERSION (format version outside
 *         [kma_model_format_version_min_supported(),
 *          kma_model_format_version_supported()]; the message names both);
 *         KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out and releases it with kma_model_free().
 *         Neither @p path_utf8 nor @p opt is retained. The file must not be
 *         truncated or rewritten in place while the model is open.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_model_open_file(kma_model** out,
                                                const char* path_utf8,
                                                const kma_options* opt);

/**
 * Opens the default model, found by the rule every kma surface shares (the
 * CLI, and the Java, C# and Rust bindings, which call this function):
 *  1. the file named by the environment variable KMA_MODEL, when it is set
 *     and not empty. It is used as given: if it cannot be opened, that is
 *     the error (a typo never falls through to another model);
 *  2. the file named by the option KMA_OPT_PACKAGE_MODEL, when it is set and
 *     the file exists: a binding sets it to the model its package carries;
 *  3. share/kma/kma-default.kmam of the prefix libkma is installed in,
 *     found from the library file itself, so an installation works from
 *     any prefix and after being moved;
 *  4. the same file under the install prefix configured at build time.
 * An explicit path is kma_model_open_file().
 *
 * @param[out] out  receives the model; set to NULL on failure.
 * @param[in]  opt  options; may be NULL. Only KMA_OPT_PACKAGE_MODEL is read.
 * @return as kma_model_open_file(), plus KMA_E_IO when no candidate exists;
 *         the message then lists every path that was tried.
 * Ownership: the caller owns *out and releases it with kma_model_free().
 *         @p opt is not retained.
 * Thread-safety: any thread (the environment must not be modified
 *         concurrently, as for getenv()).
 */
KMA_API kma_status KMA_CALL kma_model_open_default(kma_model** out,
                                                   const kma_options* opt);

/**
 * Opens a model from a memory image of a model file. The bytes are copied,
 * so the buffer may be released as soon as the call returns.
 *
 * @param[out] out   receives the model; set to NULL on failure.
 * @param[in]  data  the file image.
 * @param[in]  size  its size in bytes.
 * @param[in]  opt   options; may be NULL (reserved, see
 *                   kma_model_open_file()).
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (out or data is NULL, or an
 *         unknown KMA_ISA as for kma_model_open_file());
 *         KMA_E_MODEL_FORMAT; KMA_E_MODEL_VERSION; KMA_E_OUT_OF_MEMORY.
 * Ownership: the caller owns *out (kma_model_free()); @p data is not
 *         retained.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_model_open_memory(kma_model** out,
                                                  const void* data,
                                                  size_t size,
                                                  const kma_options* opt);

/**
 * Drops the caller's reference to a model. The model itself is destroyed
 * when the last analyzer created from it is freed as well.
 *
 * @param[in] model  the model; NULL is accepted and ignored.
 * Ownership: @p model and every string borrowed from it
 *         (kma_model_metadata(), kma_model_lm_name(), ...) are invalid
 *         afterwards, even if analyzers keep the underlying model alive.
 * Thread-safety: any thread, once no other thread uses this handle.
 */
KMA_API void KMA_CALL kma_model_free(kma_model* model);

/**
 * Format version stamped in the model file's header.
 *
 * @param[in] model  the model.
 * @return the file's format version, or 0 if @p model is NULL.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API uint32_t KMA_CALL kma_model_format_version(const kma_model* model);

/**
 * Number of morphemes in the model's dictionary.
 *
 * @param[in] model  the model.
 * @return the morpheme count, or 0 if @p model is NULL.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API uint32_t KMA_CALL kma_model_morpheme_count(const kma_model* model);

/**
 * Free-form metadata stored in the model (e.g. "license", "attribution",
 * "build.date").
 *
 * @param[in] model  the model.
 * @param[in] key    NUL-terminated UTF-8 key.
 * @return the NUL-terminated UTF-8 value; "" if the key is absent; NULL
 *         only if @p model or @p key is NULL (the last error says which).
 * Ownership: borrowed from @p model; valid until kma_model_free(model).
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_model_metadata(const kma_model* model,
                                                const char* key);

/**
 * Number of language models the model file carries, counting the ensembles
 * it lists ("cong+knlm", "cong-global+knlm": a CoNg model mixed with the
 * Kneser-Ney model, available whenever the file has the CoNg model).
 *
 * @param[in] model  the model.
 * @return the count (at least 1 for a usable model), or 0 if @p model is
 *         NULL.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API size_t KMA_CALL kma_model_lm_count(const kma_model* model);

/**
 * Name of one language model, e.g. "knlm"; usable as KMA_OPT_LM.
 *
 * @param[in] model  the model.
 * @param[in] index  0 .. kma_model_lm_count(model) - 1.
 * @return the NUL-terminated name, or NULL if @p model is NULL or @p index
 *         is out of range.
 * Ownership: borrowed from @p model; valid until kma_model_free(model).
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_model_lm_name(const kma_model* model,
                                               size_t index);

/**
 * Name of the language model analyzers use when KMA_OPT_LM is "".
 *
 * @param[in] model  the model.
 * @return the NUL-terminated name, or NULL if @p model is NULL.
 * Ownership: borrowed from @p model; valid until kma_model_free(model).
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_model_default_lm(const kma_model* model);

KMA_EXTERN_C_END

#endif /* KMA_MODEL_H_ */
