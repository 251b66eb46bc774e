/* A program using only the installed kma: opens the default model (found by
 * kma_model_open_default, without any environment variable) and prints the
 * best analysis of one sentence. Built by tests/package via find_package
 * and via pkg-config. */
#include <stdio.h>
#include <string.h>

#include <kma/kma.h>

int main(void) {
  const char* text = "아버지가방에들어가신다";
  kma_model* model = NULL;
  kma_analyzer* analyzer = NULL;
  kma_result* result = NULL;
  kma_options* opt = NULL;
  int rc = 1;
#ifdef CONSUMER_PACKAGE_MODEL
  /* Linked statically, the library cannot know where it was installed:
   * CMake's kma_MODEL tells the program. (The shared library finds
   * share/kma beside its own directory.) */
  if (kma_options_new(&opt) != KMA_OK ||
      kma_options_set_string(opt, KMA_OPT_PACKAGE_MODEL, CONSUMER_PACKAGE_MODEL) != KMA_OK) {
    return 1;
  }
#endif
  if (kma_model_open_default(&model, opt) == KMA_OK &&
      kma_analyzer_new(&analyzer, model, NULL) == KMA_OK &&
      kma_analyzer_analyze_utf8(analyzer, text, strlen(text), &result) == KMA_OK) {
    const kma_token* tokens = kma_result_tokens(result, 0);
    size_t i;
    for (i = 0; i < kma_result_token_count(result, 0); ++i) {
      printf("%s%s/%s", i > 0 ? " " : "", kma_result_token_form(result, &tokens[i]),
             kma_tag_name(tokens[i].tag));
    }
    printf("\n");
    rc = 0;
  } else {
    fprintf(stderr, "consumer: %s\n", kma_last_error_message());
  }
  kma_result_free(result);
  kma_analyzer_free(analyzer);
  kma_model_free(model);
  kma_options_free(opt);
  return rc;
}
