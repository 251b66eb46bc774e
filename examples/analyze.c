/* Minimal kma example: open a model, analyze one sentence, print form/TAG.
 * Usage: analyze [model.kmam|-] [text]   (defaults: the default model, a sample) */
#include <stdio.h>
#include <string.h>

#include <kma/kma.h>

int main(int argc, char** argv) {
  /* No model path, or "-": the default model, found the way every kma
   * surface finds it (KMA_MODEL, else the installed or build tree's one). */
  const char* path = argc > 1 && strcmp(argv[1], "-") != 0 ? argv[1] : NULL;
  const char* text = argc > 2 ? argv[2] : "아버지가방에들어가신다";
  kma_model* model = NULL;
  kma_analyzer* analyzer = NULL;
  kma_result* result = NULL;
  int rc = 1;
  if ((path != NULL ? kma_model_open_file(&model, path, NULL)
                       : kma_model_open_default(&model, NULL)) == KMA_OK &&
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
