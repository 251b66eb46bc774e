/**
 * @file kma_pool.h
 * @brief Analyzer pools: many texts analysed on several threads with one
 *        shared model, results in input order.
 *
 * A pool owns one analyzer per worker and a fixed set of worker threads,
 * started at kma_pool_new() and parked between calls. Each
 * kma_pool_analyze_* call hands a batch of texts to the workers and returns
 * when all of them are analysed. The calling thread works too, so a pool of
 * N threads starts N - 1 threads, and a pool of 1 analyses on the caller's
 * thread only.
 *
 * Results are the same as those of a kma_analyzer with the same options,
 * text by text: the threads change the speed, never the analyses.
 *
 * @code
 *   kma_pool* pool = NULL;
 *   if (kma_pool_new(&pool, model, NULL, 0) == KMA_OK &&    // 0: all CPUs
 *       kma_pool_analyze_utf8(pool, texts, lengths, n, results, statuses)
 *           == KMA_OK) {
 *     for (size_t i = 0; i < n; ++i) {
 *       if (statuses[i] == KMA_OK) use(results[i]);          // input order
 *       kma_result_free(results[i]);                         // NULL is fine
 *     }
 *   }
 *   kma_pool_free(pool);
 * @endcode
 */
#ifndef KMA_POOL_H_
#define KMA_POOL_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/**
 * Creates a pool of @p threads workers over a model.
 *
 * @param[out] out      receives the pool; set to NULL on failure.
 * @param[in]  model    the model to analyze with.
 * @param[in]  opt      analysis options, as for kma_analyzer_new(); NULL
 *                      means defaults.
 * @param[in]  threads  number of workers, 1..256; 0 means the number of
 *                      online CPUs (capped at 256).
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (out or model is NULL, threads
 *         above 256, or KMA_OPT_LM names a language model the model does
 *         not carry); KMA_E_OUT_OF_MEMORY; KMA_E_INTERNAL (the system
 *         refused to start a thread).
 * Ownership: the caller owns *out and releases it with kma_pool_free().
 *         The pool holds its own reference to the model, so the model
 *         handle may be freed first. The options are copied.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_pool_new(kma_pool** out, const kma_model* model,
                                         const kma_options* opt,
                                         uint32_t threads);

/**
 * Stops the pool's threads and releases its analyzers (and their reference
 * to the model).
 *
 * @param[in] pool  the pool; NULL is accepted and ignored.
 * Ownership: @p pool is invalid afterwards; results it produced stay valid.
 * Thread-safety: one thread per pool at a time, and not during a
 *         kma_pool_analyze_* call on the same pool.
 */
KMA_API void KMA_CALL kma_pool_free(kma_pool* pool);

/**
 * Number of workers of a pool (the calling thread included): the value
 * given to kma_pool_new(), or the CPU count it chose for 0.
 *
 * @param[in] pool  the pool.
 * @return the number of workers; 0 if @p pool is NULL.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API uint32_t KMA_CALL kma_pool_thread_count(const kma_pool* pool);

/**
 * Analyzes @p count UTF-8 texts on the pool's threads. Text i gets
 * results[i] and statuses[i], exactly what kma_analyzer_analyze_utf8()
 * would return for it; a bad text (invalid UTF-8, NULL with a non-zero
 * length, too long) fails alone and the others are still analysed.
 *
 * @param[in,out] pool      the pool.
 * @param[in]     texts     @p count pointers to UTF-8 bytes; no NUL
 *                          terminator needed. texts[i] may be NULL only
 *                          when lengths[i] is 0.
 * @param[in]     lengths   @p count lengths in bytes.
 * @param[in]     count     number of texts; 0 is a valid empty batch (then
 *                          all the arrays may be NULL).
 * @param[out]    results   @p count slots; results[i] receives the result
 *                          of text i, or NULL if it failed.
 * @param[out]    statuses  @p count slots; statuses[i] receives KMA_OK or
 *                          the error of text i (e.g. KMA_E_INVALID_UTF8).
 * @return whether the call itself was valid: KMA_OK even when some texts
 *         failed (check @p statuses); KMA_E_INVALID_ARGUMENT (pool is NULL,
 *         an array is NULL while @p count > 0, or the pool is already in a
 *         call on another thread); KMA_E_OUT_OF_MEMORY. When the call
 *         fails, every slot of @p results is NULL and every slot of
 *         @p statuses holds the returned code (as far as the arrays were
 *         given). When the call succeeds but some texts failed,
 *         kma_last_error_message() and kma_last_error_offset() describe
 *         the first failed text (lowest index), and
 *         kma_pool_text_error() those of every failed text.
 * Ownership: the caller owns every non-NULL results[i] and releases it with
 *         kma_result_free(); the texts are not retained.
 * Thread-safety: one thread per pool at a time (the pool's workers are
 *         busy for the duration of the call).
 */
KMA_API kma_status KMA_CALL kma_pool_analyze_utf8(kma_pool* pool,
                                                  const char* const* texts,
                                                  const size_t* lengths,
                                                  size_t count,
                                                  kma_result** results,
                                                  kma_status* statuses);

/**
 * The error message of one text of the last kma_pool_analyze_* call on
 * @p pool: what kma_last_error_message() said when that text failed, so
 * that every failed text gets its own message, not only the first.
 *
 * @param[in] pool   the pool.
 * @param[in] index  the text's index in that call.
 * @return the NUL-terminated UTF-8 message; "" if the text succeeded,
 *         @p index is out of range, @p pool is NULL or the last call failed
 *         as a whole.
 * Ownership: borrowed from @p pool; valid until the next
 *         kma_pool_analyze_* call on it or kma_pool_free().
 * Thread-safety: one thread per pool at a time.
 */
KMA_API const char* KMA_CALL kma_pool_text_error(const kma_pool* pool,
                                                 size_t index);

/**
 * The offset of the bad input of one failed text of the last
 * kma_pool_analyze_* call, as kma_last_error_offset() gave it: the byte
 * (UTF-8) or 16-bit unit (UTF-16) where invalid text starts.
 *
 * @param[in] pool   the pool.
 * @param[in] index  the text's index in that call.
 * @return the offset; -1 when the failure has none, the text succeeded or
 *         the arguments name no failure.
 * Ownership: nothing is allocated.
 * Thread-safety: one thread per pool at a time.
 */
KMA_API int64_t KMA_CALL kma_pool_text_error_offset(const kma_pool* pool,
                                                    size_t index);

/**
 * Analyzes @p count UTF-16 texts (host byte order) on the pool's threads.
 * Same as kma_pool_analyze_utf8() except that lengths are in 16-bit units,
 * token offsets are in UTF-16 units and a bad text gets
 * KMA_E_INVALID_UTF16, as with kma_analyzer_analyze_utf16().
 *
 * @param[in,out] pool      the pool.
 * @param[in]     texts     @p count pointers to UTF-16 code units;
 *                          texts[i] may be NULL only when lengths[i] is 0.
 * @param[in]     lengths   @p count lengths in 16-bit units.
 * @param[in]     count     number of texts; 0 is a valid empty batch.
 * @param[out]    results   @p count slots for the results (NULL on failure).
 * @param[out]    statuses  @p count slots for the per-text status.
 * @return as kma_pool_analyze_utf8().
 * Ownership: the caller owns every non-NULL results[i]
 *         (kma_result_free()); the texts are not retained.
 * Thread-safety: one thread per pool at a time.
 */
KMA_API kma_status KMA_CALL kma_pool_analyze_utf16(kma_pool* pool,
                                                   const uint16_t* const* texts,
                                                   const size_t* lengths,
                                                   size_t count,
                                                   kma_result** results,
                                                   kma_status* statuses);

KMA_EXTERN_C_END

#endif /* KMA_POOL_H_ */
