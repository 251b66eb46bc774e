/* Prints what `kma analyze -f json` prints for each line of standard input
 * (or -f morphs / tsv with the second argument), through
 * kma_result_format(): the bytes are the CLI's.
 * Usage: format [model.kmam|-] [json|morphs|tsv] < text */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kma/kma.h>

/* Writes the record of r for text; the buffer grows when a record needs it. */
static int print_record(const kma_result* r, int32_t format, const char* text, size_t len,
                        char** buf, size_t* cap) {
  size_t n = 0;
  kma_status s = kma_result_format(r, format, text, len, *buf, *cap, &n);
  if (s == KMA_E_BUFFER_TOO_SMALL) {
    char* bigger = (char*)realloc(*buf, n + 1);
    if (bigger == NULL) return -1;
    *buf = bigger;
    *cap = n + 1;
    s = kma_result_format(r, format, text, len, *buf, *cap, &n);
  }
  if (s != KMA_OK) return -1;
  fwrite(*buf, 1, n, stdout);
  return 0;
}

int main(int argc, char** argv) {
  /* No model path, or "-": the default model (KMA_MODEL, else the installed
   * or build tree's one). */
  const char* path = argc > 1 && strcmp(argv[1], "-") != 0 ? argv[1] : NULL;
  const char* name = argc > 2 ? argv[2] : "json";
  int32_t format = strcmp(name, "morphs") == 0 ? KMA_FORMAT_MORPHS
                   : strcmp(name, "tsv") == 0  ? KMA_FORMAT_TSV
                                               : KMA_FORMAT_JSON;
  kma_model* model = NULL;
  kma_analyzer* analyzer = NULL;
  char line[4096];
  size_t cap = 1024;
  char* buf = (char*)malloc(cap);
  int rc = 0;
  if (buf == NULL ||
      (path != NULL ? kma_model_open_file(&model, path, NULL) : kma_model_open_default(&model, NULL)) !=
          KMA_OK ||
      kma_analyzer_new(&analyzer, model, NULL) != KMA_OK) {
    fprintf(stderr, "kma: %s\n", kma_last_error_message());
    rc = 1;
  }
  while (rc == 0 && fgets(line, sizeof line, stdin) != NULL) {
    kma_result* r = NULL;
    size_t len = strcspn(line, "\r\n");
    if (kma_analyzer_analyze_utf8(analyzer, line, len, &r) != KMA_OK ||
        print_record(r, format, line, len, &buf, &cap) != 0) {
      fprintf(stderr, "kma: %s\n", kma_last_error_message());
      rc = 1;
    }
    kma_result_free(r);
  }
  free(buf);
  kma_analyzer_free(analyzer);
  kma_model_free(model);
  return rc;
}
