/* Compiles the public headers as strict C99 (-std=c99 -pedantic -Wall
 * -Wextra -Werror; see CMakeLists.txt), the way libgit2's headertest does,
 * and links one call so that a declaration/definition mismatch shows up.
 * Each header must also be self-contained, so they are included one by one
 * before the umbrella. */
#include <kma/kma_version.h>
#include <kma/kma_common.h>
#include <kma/kma_runtime.h>
#include <kma/kma_options.h>
#include <kma/kma_model.h>
#include <kma/kma_analyzer.h>
#include <kma/kma_pool.h>
#include <kma/kma_result.h>
#include <kma/kma.h>
#include <kma/kma.h> /* include guards */

#if !KMA_VERSION_CHECK(0, 0, 0)
#error "KMA_VERSION_CHECK is broken"
#endif

/* Function pointer types must match the declarations exactly. */
static kma_status (*const open_file)(kma_model**, const char*,
                                     const kma_options*) = kma_model_open_file;
static const char* (*const form)(const kma_result*, const kma_token*) =
    kma_result_token_form;
static const char* (*const lemma)(const kma_result*, const kma_token*) =
    kma_result_token_lemma;

int main(void) {
  kma_token token = {0, 0, 0, 0, 0, 0, 0, 0.0f, 0, 0, 0, 0};
  kma_span span = {0, 0, 0, 0};
  kma_log_callback cb = 0;
  (void)token;
  (void)span;
  (void)cb;
  (void)open_file;
  (void)lemma;
  (void)form;
  return kma_version_number() == KMA_VERSION_NUMBER ? 0 : 1;
}
