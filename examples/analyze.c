/* Minimal kma example: open a model, analyze one sentence, print form/TAG.
 * Usage: analyze [model.kmam] [text]   (defaults: bundled model, a sample) */
#include <stdio.h>
#include <string.h>

#include <kma/kma.h>

#ifndef KMA_DEFAULT_MODEL_PATH
#define KMA_DEFAULT_MODEL_PATH "kma-default.kmam"
#endif

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : KMA_DEFAULT_MODEL_PATH;
  const char* text = argc > 2 ? argv[2] : "아버지가방에들어가신다";
  kma_model* model = NULL;
  kma_analyzer* analyzer = NULL;
  kma_result* result = NULL;
  int rc = 1;
  if (kma_model_open_file(&model, path, NULL) == KMA_OK &&
      kma_analyzer_new(&analyzer, model, NULL) == KMA_OK &&
      kma_analyzer_analyze_utf8(analyzer, text, strlen(text), &result) == KMA_OK) {
    const kma_token* tokens = kma_result_tokens(result, 0);
    size_t i, n = kma_result_token_count(result, 0);
    for (i = 0; i < n; ++i) {
      printf("%s%s/%s", i ? " " : "", kma_result_token_form(result, &tokens[i]),
             kma_tag_name(tokens[i].tag));
    }
    printf("\n");
    rc = 0;
  } else {
    fprintf(stderr, "kma: %s\n", kma_last_error_message());
  }
  kma_result_free(result); /* every free accepts NULL */
  kma_analyzer_free(analyzer);
  kma_model_free(model);
  return rc;
}
