/* Concurrency tests of the kma C ABI (cmocka + pthreads): one model shared by
 * several analyzer threads, a model freed while analyzers are alive, and the
 * thread-locality of the last error. Also meant for the TSan lane.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kma/kma.h>

#include "test_util.h"

#define kThreads 4
#define kRounds 8
#define kSerialCap 8192

static const char* const kSentences[] = {
    KMA_TEST_SENTENCES,
};
#define kNumSentences (sizeof(kSentences) / sizeof(kSentences[0]))

/* Single-threaded reference serializations, computed once. */
static char g_reference[kNumSentences][kSerialCap];

static int serialize_with(kma_analyzer* a, const char* text, int utf16,
                          char* out) {
  kma_result* r = NULL;
  kma_status st;
  if (utf16) {
    size_t units = 0;
    uint16_t* t16 = test_utf8_to_utf16(text, strlen(text), &units);
    if (t16 == NULL) return -1;
    st = kma_analyzer_analyze_utf16(a, t16, units, &r);
    free(t16);
  } else {
    st = kma_analyzer_analyze_utf8(a, text, strlen(text), &r);
  }
  if (st != KMA_OK) return -1;
  /* UTF-16 offsets differ from bytes; compare forms, tags and cp offsets. */
  {
    size_t used = 0, i;
    const kma_token* t = kma_result_tokens(r, 0);
    out[0] = '\0';
    for (i = 0; i < kma_result_token_count(r, 0); ++i) {
      int w = snprintf(out + used, kSerialCap - used, "%s/%s@%u+%u ",
                       kma_result_token_form(r, &t[i]), kma_tag_name(t[i].tag),
                       (unsigned)t[i].cp_begin, (unsigned)t[i].cp_length);
      if (w < 0 || (size_t)w >= kSerialCap - used) break;
      used += (size_t)w;
    }
  }
  kma_result_free(r);
  return 0;
}

static void compute_reference(const kma_model* model) {
  kma_analyzer* a = NULL;
  size_t i;
  assert_int_equal(kma_analyzer_new(&a, model, NULL), KMA_OK);
  for (i = 0; i < kNumSentences; ++i) {
    assert_int_equal(serialize_with(a, kSentences[i], 0, g_reference[i]), 0);
    assert_true(strlen(g_reference[i]) > 0);
  }
  kma_analyzer_free(a);
}

struct worker {
  const kma_model* model;   /* used to create an analyzer, if non-NULL */
  kma_analyzer* analyzer;   /* else this pre-made analyzer is used */
  int index;
  int failures;
  int runs;
};

static void* worker_main(void* arg) {
  struct worker* w = (struct worker*)arg;
  kma_analyzer* a = w->analyzer;
  char buf[kSerialCap];
  int round;
  size_t i;
  if (a == NULL && kma_analyzer_new(&a, w->model, NULL) != KMA_OK) {
    w->failures = 1000;
    return NULL;
  }
  for (round = 0; round < kRounds; ++round) {
    for (i = 0; i < kNumSentences; ++i) {
      /* Threads start at different sentences and alternate encodings so
       * that different work really overlaps. */
      size_t k = (i + (size_t)w->index) % kNumSentences;
      int utf16 = (round + w->index) % 2;
      if (serialize_with(a, kSentences[k], utf16, buf) != 0 ||
          strcmp(buf, g_reference[k]) != 0) {
        ++w->failures;
      }
      ++w->runs;
    }
  }
  if (w->analyzer == NULL) kma_analyzer_free(a);
  return NULL;
}

static void run_workers(struct worker* workers, int n) {
  pthread_t threads[kThreads];
  int i;
  for (i = 0; i < n; ++i) {
    assert_int_equal(pthread_create(&threads[i], NULL, worker_main, &workers[i]), 0);
  }
  for (i = 0; i < n; ++i) assert_int_equal(pthread_join(threads[i], NULL), 0);
  for (i = 0; i < n; ++i) {
    if (workers[i].failures != 0) {
      fail_msg("thread %d: %d of %d analyses differ from the reference", i,
               workers[i].failures, workers[i].runs);
    }
    assert_int_equal(workers[i].runs, kRounds * (int)kNumSentences);
  }
}

static void test_shared_model_four_threads(void** state) {
  kma_model* model = NULL;
  struct worker workers[kThreads];
  int i;
  (void)state;
  assert_int_equal(kma_model_open_file(&model, KMA_TEST_MODEL_PATH, NULL), KMA_OK);
  compute_reference(model);
  memset(workers, 0, sizeof(workers));
  for (i = 0; i < kThreads; ++i) {
    workers[i].model = model;
    workers[i].index = i;
  }
  run_workers(workers, kThreads);
  kma_model_free(model);
}

static void test_model_freed_while_analyzers_alive(void** state) {
  kma_model* model = NULL;
  struct worker workers[kThreads];
  int i;
  (void)state;
  assert_int_equal(kma_model_open_file(&model, KMA_TEST_MODEL_PATH, NULL), KMA_OK);
  compute_reference(model);
  memset(workers, 0, sizeof(workers));
  for (i = 0; i < kThreads; ++i) {
    assert_int_equal(kma_analyzer_new(&workers[i].analyzer, model, NULL), KMA_OK);
    workers[i].index = i;
  }
  /* Drop the caller's reference first: the analyzers keep the model alive. */
  kma_model_free(model);
  model = NULL;
  run_workers(workers, kThreads);
  for (i = 0; i < kThreads; ++i) kma_analyzer_free(workers[i].analyzer);
}

static void* open_and_close(void* arg) {
  int* ok = (int*)arg;
  kma_model* m = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  *ok = kma_model_open_file(&m, KMA_TEST_MODEL_PATH, NULL) == KMA_OK &&
        kma_analyzer_new(&a, m, NULL) == KMA_OK &&
        kma_analyzer_analyze_utf8(a, "동시에 연다", strlen("동시에 연다"), &r) == KMA_OK &&
        kma_result_token_count(r, 0) > 0;
  /* Free in "wrong" order on purpose: model before analyzer. */
  kma_model_free(m);
  kma_result_free(r);
  kma_analyzer_free(a);
  return NULL;
}

static void test_concurrent_open(void** state) {
  pthread_t threads[kThreads];
  int ok[kThreads];
  int i;
  (void)state;
  for (i = 0; i < kThreads; ++i) {
    assert_int_equal(pthread_create(&threads[i], NULL, open_and_close, &ok[i]), 0);
  }
  for (i = 0; i < kThreads; ++i) assert_int_equal(pthread_join(threads[i], NULL), 0);
  for (i = 0; i < kThreads; ++i) assert_true(ok[i]);
}

struct error_probe {
  char initial_message[256];
  int64_t initial_offset;
  kma_status status;
  int64_t offset;
  char message[256];
};

static void* probe_errors(void* arg) {
  struct error_probe* p = (struct error_probe*)arg;
  kma_model* m = NULL;
  snprintf(p->initial_message, sizeof(p->initial_message), "%s",
           kma_last_error_message());
  p->initial_offset = kma_last_error_offset();
  p->status = kma_model_open_file(&m, "/nonexistent/thread/model.kmam", NULL);
  p->offset = kma_last_error_offset();
  snprintf(p->message, sizeof(p->message), "%s", kma_last_error_message());
  return NULL;
}

static void test_last_error_is_thread_local(void** state) {
  kma_model* model = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  struct error_probe probe;
  pthread_t thread;
  (void)state;
  assert_int_equal(kma_model_open_file(&model, KMA_TEST_MODEL_PATH, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, model, NULL), KMA_OK);
  /* This thread fails with an input error at byte 3. */
  assert_int_equal(kma_analyzer_analyze_utf8(a, "abc\xff", 4, &r),
                   KMA_E_INVALID_UTF8);
  assert_int_equal(kma_last_error_offset(), 3);
  memset(&probe, 0, sizeof(probe));
  assert_int_equal(pthread_create(&thread, NULL, probe_errors, &probe), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  /* A fresh thread starts clean... */
  assert_string_equal(probe.initial_message, "");
  assert_int_equal(probe.initial_offset, -1);
  /* ...sees its own error... */
  assert_int_equal(probe.status, KMA_E_IO);
  assert_int_equal(probe.offset, -1);
  assert_non_null(strstr(probe.message, "/nonexistent/thread/model.kmam"));
  /* ...and did not touch this thread's. */
  assert_int_equal(kma_last_error_offset(), 3);
  assert_non_null(strstr(kma_last_error_message(), "UTF-8"));
  assert_null(strstr(kma_last_error_message(), "nonexistent"));
  kma_analyzer_free(a);
  kma_model_free(model);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shared_model_four_threads),
      cmocka_unit_test(test_model_freed_while_analyzers_alive),
      cmocka_unit_test(test_concurrent_open),
      cmocka_unit_test(test_last_error_is_thread_local),
  };
  return cmocka_run_group_tests_name("kma_capi_threads", tests, NULL, NULL);
}
