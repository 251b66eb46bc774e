/* One model shared by several threads, one analyzer per thread.
 * Usage: analyze_threads [model.kmam|-]
 *
 * A kma_model is immutable and thread-safe; a kma_analyzer is used by one
 * thread at a time. The model handle is freed as soon as the analyzers
 * exist: they keep the model alive themselves. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <kma/kma.h>

#define NUM_THREADS 4

static const char* const kTexts[NUM_THREADS] = {
    "아버지가방에들어가신다", "오늘 날씨가 좋네요.",
    "나는 어제 영화를 봤다.", "형태소 분석은 재미있다!"};

struct job {
  kma_analyzer* analyzer;
  const char* text;
  char output[1024];
  kma_status status;
};

static void* run(void* arg) {
  struct job* job = (struct job*)arg;
  kma_result* result = NULL;
  size_t used = 0, i, n;
  const kma_token* tokens;
  job->output[0] = '\0';
  job->status = kma_analyzer_analyze_utf8(job->analyzer, job->text,
                                          strlen(job->text), &result);
  if (job->status != KMA_OK) {
    /* The last error is per thread, so read it here, not in main(). */
    snprintf(job->output, sizeof(job->output), "error: %s", kma_last_error_message());
    return NULL;
  }
  tokens = kma_result_tokens(result, 0);
  n = kma_result_token_count(result, 0);
  for (i = 0; i < n && used < sizeof(job->output); ++i) {
    int w = snprintf(job->output + used, sizeof(job->output) - used, "%s%s/%s",
                     i ? " " : "", kma_result_token_form(result, &tokens[i]),
                     kma_tag_name(tokens[i].tag));
    if (w < 0) break;
    used += (size_t)w;
  }
  kma_result_free(result);
  return NULL;
}

int main(int argc, char** argv) {
  /* No model path, or "-": the default model, found the way every kma
   * surface finds it (KMA_MODEL, else the installed or build tree's one). */
  const char* path = argc > 1 && strcmp(argv[1], "-") != 0 ? argv[1] : NULL;
  kma_model* model = NULL;
  struct job jobs[NUM_THREADS];
  pthread_t threads[NUM_THREADS];
  int i, rc = 0;

  if ((path != NULL ? kma_model_open_file(&model, path, NULL)
                       : kma_model_open_default(&model, NULL)) != KMA_OK) {
    fprintf(stderr, "kma: %s\n", kma_last_error_message());
    return 1;
  }
  memset(jobs, 0, sizeof(jobs));
  for (i = 0; i < NUM_THREADS; ++i) {
    jobs[i].text = kTexts[i];
    if (kma_analyzer_new(&jobs[i].analyzer, model, NULL) != KMA_OK) {
      fprintf(stderr, "kma: %s\n", kma_last_error_message());
      rc = 1;
    }
  }
  kma_model_free(model); /* analyzers hold their own reference */
  for (i = 0; rc == 0 && i < NUM_THREADS; ++i) {
    pthread_create(&threads[i], NULL, run, &jobs[i]);
  }
  for (i = 0; rc == 0 && i < NUM_THREADS; ++i) {
    pthread_join(threads[i], NULL);
    printf("[%d] %s\n    %s\n", i, jobs[i].text, jobs[i].output);
    if (jobs[i].status != KMA_OK) rc = 1;
  }
  for (i = 0; i < NUM_THREADS; ++i) kma_analyzer_free(jobs[i].analyzer);
  return rc;
}
