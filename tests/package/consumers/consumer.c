/* A program using only the installed kma: opens the default model (found by
 * kma_model_open_default, without any environment variable or option, also
 * when linked statically) and prints the best analysis of one sentence.
 * Built by tests/package via find_package, add_subdirectory and pkg-config. */
#include <stdio.h>
#include <string.h>

#include <kma/kma.h>

/* With --show-model: prints after the analysis which model file was opened
 * (the library's debug message), so the tests can tell which copy was
 * found. */
static char opened[4096];
static void KMA_CALL show_model(int32_t level, const char* message, void* user) {
  (void)user;
  if (level == KMA_LOG_DEBUG && strstr(message, "opened") != NULL) {
    snprintf(opened, sizeof opened, "%s", message);
  }
}

int main(int argc, char** argv) {
  const char* text = "아버지가방에들어가신다";
  kma_model* model = NULL;
  kma_analyzer* analyzer = NULL;
  kma_result* result = NULL;
  int rc = 1;
  if (argc > 1 && strcmp(argv[1], "--show-model") == 0) {
    kma_set_log_callback(show_model, NULL);
  }
  if (kma_model_open_default(&model, NULL) == KMA_OK &&
      kma_analyzer_new(&analyzer, model, NULL) == KMA_OK &&
      kma_analyzer_analyze_utf8(analyzer, text, strlen(text), &result) == KMA_OK) {
    const kma_token* tokens = kma_result_tokens(result, 0);
    size_t i;
    for (i = 0; i < kma_result_token_count(result, 0); ++i) {
      printf("%s%s/%s", i > 0 ? " " : "", kma_result_token_form(result, &tokens[i]),
             kma_tag_name(tokens[i].tag));
    }
    printf("\n");
    if (opened[0] != '\0') printf("log: %s\n", opened);
    rc = 0;
  } else {
    fprintf(stderr, "consumer: %s\n", kma_last_error_message());
  }
  kma_result_free(result);
  kma_analyzer_free(analyzer);
  kma_model_free(model);
  return rc;
}
