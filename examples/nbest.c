/* Prints the top-N analyses of a sentence with their scores.
 * Usage: nbest [model.kmam|-] [text] [n]   (n defaults to 3) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kma/kma.h>

int main(int argc, char** argv) {
  /* No model path, or "-": the default model, found the way every kma
   * surface finds it (KMA_MODEL, else the installed or build tree's one). */
  const char* path = argc > 1 && strcmp(argv[1], "-") != 0 ? argv[1] : NULL;
  const char* text = argc > 2 ? argv[2] : "나는 밥을 먹었다";
  int32_t top_n = argc > 3 ? (int32_t)atoi(argv[3]) : 3;
  kma_model* model = NULL;
  kma_options* options = NULL;
  kma_analyzer* analyzer = NULL;
  kma_result* result = NULL;
  int rc = 1;

  /* Options are set by slot number and validated against their bounds. */
  if (kma_options_new(&options) != KMA_OK ||
      kma_options_set_int(options, KMA_OPT_TOP_N, top_n) != KMA_OK ||
      (path != NULL ? kma_model_open_file(&model, path, NULL)
                       : kma_model_open_default(&model, NULL)) != KMA_OK ||
      kma_analyzer_new(&analyzer, model, options) != KMA_OK ||
      kma_analyzer_analyze_utf8(analyzer, text, strlen(text), &result) != KMA_OK) {
    fprintf(stderr, "kma: %s\n", kma_last_error_message());
  } else {
    size_t a;
    for (a = 0; a < kma_result_analysis_count(result); ++a) {
      const kma_token* tokens = kma_result_tokens(result, a);
      size_t i, n = kma_result_token_count(result, a);
      printf("#%zu  score %.3f  ", a + 1, (double)kma_result_analysis_score(result, a));
      for (i = 0; i < n; ++i) {
        printf("%s%s/%s", i ? " + " : "", kma_result_token_form(result, &tokens[i]),
               kma_tag_name(tokens[i].tag));
      }
      printf("\n");
    }
    rc = 0;
  }
  kma_result_free(result);
  kma_analyzer_free(analyzer);
  kma_options_free(options); /* the analyzer copied what it needs */
  kma_model_free(model);
  return rc;
}
