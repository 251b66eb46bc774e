/**
 * @file kma.h
 * @brief Umbrella header of kma, a Korean morphological analyzer.
 *        This is the only header users need to include.
 *
 * Quick start:
 * @code
 *   #include <kma/kma.h>
 *
 *   kma_model* model = NULL;
 *   kma_analyzer* analyzer = NULL;
 *   kma_result* result = NULL;
 *   if (kma_model_open_file(&model, "kma-default.kmam", NULL) != KMA_OK ||
 *       kma_analyzer_new(&analyzer, model, NULL) != KMA_OK ||
 *       kma_analyzer_analyze_utf8(analyzer, text, strlen(text), &result)
 *           != KMA_OK) {
 *     fprintf(stderr, "kma: %s\n", kma_last_error_message());
 *   } else {
 *     const kma_token* t = kma_result_tokens(result, 0);
 *     for (size_t i = 0; i < kma_result_token_count(result, 0); ++i)
 *       printf("%s/%s\n", kma_result_token_form(result, &t[i]),
 *              kma_tag_name(t[i].tag));
 *   }
 *   kma_result_free(result);      // every free accepts NULL
 *   kma_analyzer_free(analyzer);
 *   kma_model_free(model);
 * @endcode
 *
 * kma_model_open_default(&model, NULL) opens the default model instead:
 * $KMA_MODEL, else the one installed with the library (see kma_model.h).
 *
 * Conventions (all headers):
 *  - Functions that can fail return kma_status (0 = KMA_OK, errors
 *    negative). Constructors take their out-parameter first and set it to
 *    NULL on failure. Details are in kma_last_error_message().
 *  - Infallible getters return their value directly.
 *  - Every *_free function accepts NULL.
 *  - Text is pointer + length, UTF-8 (`_utf8`) or UTF-16 (`_utf16`); token
 *    offsets are in the input's code units.
 *  - Borrowed strings are NUL-terminated UTF-8 and live as long as the
 *    object they came from.
 *  - No global initialization is needed; kma never prints, aborts or lets
 *    an exception cross the API.
 *
 * Thread-safety summary:
 *
 * | Object / function                         | Rule                            |
 * |-------------------------------------------|---------------------------------|
 * | version getters, kma_status_string,       | any thread                      |
 * | kma_tag_*, kma_option_type/_bounds,       |                                 |
 * | kma_active_isa_name, kma_set_max_isa,     |                                 |
 * | kma_lm_* (language-model introspection)   |                                 |
 * | kma_last_error_message / _offset          | any thread; per-thread values   |
 * | kma_set_log_callback                      | any thread                      |
 * | kma_model_open_* and kma_model getters    | any thread; a model is shared   |
 * | kma_model_free                            | once no other thread uses the   |
 * |                                           | handle (analyzers may live on)  |
 * | kma_analyzer_new                          | any thread                      |
 * | kma_analyzer_* (analyze, split, free, ...)| one thread per analyzer at a    |
 * |                                           | time                            |
 * | kma_pool_new, kma_pool_thread_count       | any thread                      |
 * | kma_pool_analyze_*, kma_pool_free,        | one thread per pool at a time   |
 * | kma_pool_text_error / _offset             | (the pool runs its own threads) |
 * | kma_result_* getters                      | any thread (immutable)          |
 * | kma_options_set_* / _free                 | one thread per option set at a  |
 * |                                           | time                            |
 * | kma_options_get_*                         | any thread without a concurrent |
 * |                                           | setter                          |
 */
#ifndef KMA_H_
#define KMA_H_

#include "kma_version.h"
#include "kma_common.h"
#include "kma_runtime.h"
#include "kma_options.h"
#include "kma_model.h"
#include "kma_analyzer.h"
#include "kma_constraints.h"
#include "kma_pool.h"
#include "kma_result.h"
#include "kma_lm.h"
#include "kma_user_dict.h"
#include "kma_space.h"
#include "kma_words.h"

#endif /* KMA_H_ */
