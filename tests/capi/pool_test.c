/* Tests of kma_pool (cmocka): batch results equal a single analyzer's, in
 * input order for any thread count, a bad text fails alone, argument
 * checks, thread-count bounds. Also run under valgrind (capi_pool_valgrind).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kma/kma.h>

#include "test_util.h"

#define kSerialCap 8192
/* More texts than any pool below has threads, and not a multiple of them. */
#define kBatch 37

static const char* const kSentences[] = {
    KMA_TEST_SENTENCES,
    "",
    "가까운 곳에 살았던 사람들이 모두 떠났다. 그래도 우리는 남았다.",
    "밥",
};
#define kNumSentences (sizeof(kSentences) / sizeof(kSentences[0]))

static kma_model* g_model;
static kma_options* g_opt; /* top-2, so every analysis of a result counts */

static int setup(void** state) {
  (void)state;
  if (kma_model_open_file(&g_model, KMA_TEST_MODEL_PATH, NULL) != KMA_OK) return -1;
  if (kma_options_new(&g_opt) != KMA_OK) return -1;
  return kma_options_set_int(g_opt, KMA_OPT_TOP_N, 2) == KMA_OK ? 0 : -1;
}

static int teardown(void** state) {
  (void)state;
  kma_options_free(g_opt);
  kma_model_free(g_model);
  return 0;
}

/* The single-analyzer serialization of text k (UTF-8 or UTF-16). */
static void reference(const char* text, int utf16, char* out) {
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  assert_int_equal(kma_analyzer_new(&a, g_model, g_opt), KMA_OK);
  if (utf16) {
    size_t units = 0;
    uint16_t* t16 = test_utf8_to_utf16(text, strlen(text), &units);
    assert_non_null(t16);
    assert_int_equal(kma_analyzer_analyze_utf16(a, t16, units, &r), KMA_OK);
    free(t16);
  } else {
    assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  }
  test_serialize(r, out, kSerialCap);
  kma_result_free(r);
  kma_analyzer_free(a);
}

/* Runs a UTF-8 batch of `n` texts (sentence i % kNumSentences, starting at
 * `shift`) on a pool of `threads` and compares every result with the single
 * analyzer's, position by position. `rounds` calls reuse the same pool. */
static void check_batch(uint32_t threads, size_t n, size_t shift, int rounds) {
  static char refs[kNumSentences][kSerialCap];
  const char* texts[kBatch];
  size_t lengths[kBatch];
  kma_result* results[kBatch];
  kma_status statuses[kBatch];
  char buf[kSerialCap];
  kma_pool* pool = NULL;
  size_t i;
  int round;
  assert_true(n <= kBatch);
  for (i = 0; i < kNumSentences; ++i) reference(kSentences[i], 0, refs[i]);
  for (i = 0; i < n; ++i) {
    texts[i] = kSentences[(i + shift) % kNumSentences];
    lengths[i] = strlen(texts[i]);
  }
  assert_int_equal(kma_pool_new(&pool, g_model, g_opt, threads), KMA_OK);
  assert_int_equal(kma_pool_thread_count(pool), threads);
  for (round = 0; round < rounds; ++round) {
    assert_int_equal(kma_pool_analyze_utf8(pool, texts, lengths, n, results, statuses),
                     KMA_OK);
    for (i = 0; i < n; ++i) {
      assert_int_equal(statuses[i], KMA_OK);
      assert_non_null(results[i]);
      test_serialize(results[i], buf, sizeof buf);
      if (strcmp(buf, refs[(i + shift) % kNumSentences]) != 0) {
        fail_msg("threads %u, text %zu: got '%s', expected '%s'", (unsigned)threads, i,
                 buf, refs[(i + shift) % kNumSentences]);
      }
      kma_result_free(results[i]);
    }
  }
  kma_pool_free(pool);
}

static void test_batch_equals_sequential(void** state) {
  (void)state;
  check_batch(3, kBatch, 0, 3); /* lines > threads, pool reused */
  check_batch(1, kBatch, 5, 1); /* caller thread only */
}

static void test_order_kept_threads_more_than_lines(void** state) {
  (void)state;
  check_batch(8, 3, 2, 2);
  check_batch(8, 1, 7, 1);
}

static void test_utf16_batch(void** state) {
  static char refs[kNumSentences][kSerialCap];
  uint16_t* texts[kNumSentences];
  size_t lengths[kNumSentences];
  kma_result* results[kNumSentences];
  kma_status statuses[kNumSentences];
  char buf[kSerialCap];
  kma_pool* pool = NULL;
  size_t i;
  (void)state;
  for (i = 0; i < kNumSentences; ++i) {
    reference(kSentences[i], 1, refs[i]);
    texts[i] = test_utf8_to_utf16(kSentences[i], strlen(kSentences[i]), &lengths[i]);
    assert_non_null(texts[i]);
  }
  assert_int_equal(kma_pool_new(&pool, g_model, g_opt, 4), KMA_OK);
  assert_int_equal(kma_pool_analyze_utf16(pool, (const uint16_t* const*)texts, lengths,
                                          kNumSentences, results, statuses),
                   KMA_OK);
  for (i = 0; i < kNumSentences; ++i) {
    assert_int_equal(statuses[i], KMA_OK);
    test_serialize(results[i], buf, sizeof buf);
    assert_string_equal(buf, refs[i]);
    kma_result_free(results[i]);
    free(texts[i]);
  }
  kma_pool_free(pool);
}

static void test_bad_text_fails_alone(void** state) {
  const char* texts[7];
  size_t lengths[7];
  kma_result* results[7];
  kma_status statuses[7];
  const uint16_t lone[] = {0xAC00, 0xD800, 0x0041}; /* 가, unpaired high surrogate, A */
  const uint16_t ok16[] = {0xBC25};                 /* 밥 */
  const uint16_t* texts16[3];
  size_t lengths16[3];
  kma_pool* pool = NULL;
  size_t i;
  (void)state;
  texts[0] = kSentences[1];
  texts[1] = kSentences[2];
  texts[2] = "ab\xff";  /* invalid UTF-8 at byte 2 */
  texts[3] = kSentences[3];
  texts[4] = NULL;      /* NULL with a length: this text's argument error */
  texts[5] = NULL;      /* NULL and empty: fine */
  texts[6] = kSentences[0];
  for (i = 0; i < 7; ++i) lengths[i] = texts[i] != NULL ? strlen(texts[i]) : 0;
  lengths[4] = 5;
  assert_int_equal(kma_pool_new(&pool, g_model, NULL, 3), KMA_OK);
  assert_int_equal(kma_pool_analyze_utf8(pool, texts, lengths, 7, results, statuses), KMA_OK);
  for (i = 0; i < 7; ++i) {
    if (i == 2) {
      assert_int_equal(statuses[i], KMA_E_INVALID_UTF8);
      assert_null(results[i]);
    } else if (i == 4) {
      assert_int_equal(statuses[i], KMA_E_INVALID_ARGUMENT);
      assert_null(results[i]);
    } else {
      assert_int_equal(statuses[i], KMA_OK);
      assert_non_null(results[i]);
      assert_true(i == 5 || kma_result_token_count(results[i], 0) > 0);
    }
    kma_result_free(results[i]);
  }
  /* The last error describes the first failed text, with its offset. */
  assert_int_equal(kma_last_error_offset(), 2);
  assert_non_null(strstr(kma_last_error_message(), "kma_pool_analyze_utf8: text 2: "));
  assert_non_null(strstr(kma_last_error_message(), "UTF-8"));
  /* Every failed text has its own message and offset; the others none. */
  assert_non_null(strstr(kma_pool_text_error(pool, 2), "UTF-8"));
  assert_int_equal(kma_pool_text_error_offset(pool, 2), 2);
  assert_true(kma_pool_text_error(pool, 4)[0] != '\0');
  assert_int_equal(kma_pool_text_error_offset(pool, 4), -1);
  assert_string_equal(kma_pool_text_error(pool, 0), "");
  assert_string_equal(kma_pool_text_error(pool, 6), "");
  assert_string_equal(kma_pool_text_error(pool, 7), "");
  assert_int_equal(kma_pool_text_error_offset(pool, 0), -1);
  assert_string_equal(kma_pool_text_error(NULL, 2), "");

  texts16[0] = ok16;
  texts16[1] = lone;
  texts16[2] = ok16;
  lengths16[0] = 1;
  lengths16[1] = 3;
  lengths16[2] = 1;
  assert_int_equal(kma_pool_analyze_utf16(pool, texts16, lengths16, 3, results, statuses),
                   KMA_OK);
  assert_int_equal(statuses[0], KMA_OK);
  assert_int_equal(statuses[1], KMA_E_INVALID_UTF16);
  assert_int_equal(statuses[2], KMA_OK);
  assert_null(results[1]);
  assert_int_equal(kma_last_error_offset(), 1);
  assert_non_null(strstr(kma_last_error_message(), "text 1: "));
  /* A new call replaces the recorded failures. */
  assert_string_equal(kma_pool_text_error(pool, 2), "");
  assert_non_null(strstr(kma_pool_text_error(pool, 1), "UTF-16"));
  assert_int_equal(kma_pool_text_error_offset(pool, 1), 1);
  for (i = 0; i < 3; ++i) kma_result_free(results[i]);
  kma_pool_free(pool);
}

static void test_null_arguments_and_empty_batch(void** state) {
  const char* texts[2] = {"밥", "물"};
  size_t lengths[2] = {3, 3};
  kma_result* results[2];
  kma_status statuses[2];
  kma_pool* pool = (kma_pool*)&pool; /* garbage that must be reset */
  kma_result* const junk = (kma_result*)&results;
  (void)state;
  assert_int_equal(kma_pool_new(NULL, g_model, NULL, 1), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_pool_new(&pool, NULL, NULL, 1), KMA_E_INVALID_ARGUMENT);
  assert_null(pool);
  assert_non_null(strstr(kma_last_error_message(), "model"));

  /* A NULL pool: every slot is reset and carries the call's code. */
  results[0] = results[1] = junk;
  statuses[0] = statuses[1] = KMA_OK;
  assert_int_equal(kma_pool_analyze_utf8(NULL, texts, lengths, 2, results, statuses),
                   KMA_E_INVALID_ARGUMENT);
  assert_null(results[0]);
  assert_null(results[1]);
  assert_int_equal(statuses[1], KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "pool"));

  assert_int_equal(kma_pool_new(&pool, g_model, NULL, 2), KMA_OK);
  /* An empty batch is valid, with or without arrays. */
  assert_int_equal(kma_pool_analyze_utf8(pool, NULL, NULL, 0, NULL, NULL), KMA_OK);
  assert_int_equal(kma_pool_analyze_utf16(pool, NULL, NULL, 0, NULL, NULL), KMA_OK);
  /* Each missing array with a non-zero count. */
  results[0] = results[1] = junk;
  assert_int_equal(kma_pool_analyze_utf8(pool, NULL, lengths, 2, results, statuses),
                   KMA_E_INVALID_ARGUMENT);
  assert_null(results[0]);
  assert_non_null(strstr(kma_last_error_message(), "'texts'"));
  assert_int_equal(kma_pool_analyze_utf8(pool, texts, NULL, 2, results, statuses),
                   KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "'lengths'"));
  statuses[0] = KMA_OK;
  assert_int_equal(kma_pool_analyze_utf8(pool, texts, lengths, 2, NULL, statuses),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(statuses[0], KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_pool_analyze_utf8(pool, texts, lengths, 2, results, NULL),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_pool_analyze_utf16(pool, NULL, lengths, 2, results, statuses),
                   KMA_E_INVALID_ARGUMENT);
  /* The pool still works after rejected calls. */
  assert_int_equal(kma_pool_analyze_utf8(pool, texts, lengths, 2, results, statuses), KMA_OK);
  assert_int_equal(statuses[0], KMA_OK);
  assert_int_equal(statuses[1], KMA_OK);
  kma_result_free(results[0]);
  kma_result_free(results[1]);
  kma_pool_free(pool);
  kma_pool_free(NULL);
  assert_int_equal(kma_pool_thread_count(NULL), 0);
}

static void test_thread_count_bounds(void** state) {
  kma_pool* pool = NULL;
  kma_options* bad_lm = NULL;
  const char* text = "나는 밥을 먹었다.";
  size_t length = strlen(text);
  kma_result* result = NULL;
  kma_status status = KMA_E_UNKNOWN;
  (void)state;
  /* 0: one worker per online CPU, within 1..256. */
  assert_int_equal(kma_pool_new(&pool, g_model, NULL, 0), KMA_OK);
  assert_true(kma_pool_thread_count(pool) >= 1 && kma_pool_thread_count(pool) <= 256);
  kma_pool_free(pool);
  /* The upper bound works and analyses. */
  assert_int_equal(kma_pool_new(&pool, g_model, NULL, 256), KMA_OK);
  assert_int_equal(kma_pool_thread_count(pool), 256);
  assert_int_equal(kma_pool_analyze_utf8(pool, &text, &length, 1, &result, &status), KMA_OK);
  assert_int_equal(status, KMA_OK);
  kma_result_free(result);
  kma_pool_free(pool);
  /* Beyond it: rejected, *out reset. */
  pool = (kma_pool*)&pool;
  assert_int_equal(kma_pool_new(&pool, g_model, NULL, 257), KMA_E_INVALID_ARGUMENT);
  assert_null(pool);
  assert_non_null(strstr(kma_last_error_message(), "257"));
  assert_int_equal(kma_pool_new(&pool, g_model, NULL, UINT32_MAX), KMA_E_INVALID_ARGUMENT);
  /* Option errors surface at creation, named after the pool. */
  assert_int_equal(kma_options_new(&bad_lm), KMA_OK);
  assert_int_equal(kma_options_set_string(bad_lm, KMA_OPT_LM, "no-such-lm"), KMA_OK);
  assert_int_equal(kma_pool_new(&pool, g_model, bad_lm, 2), KMA_E_INVALID_ARGUMENT);
  assert_null(pool);
  assert_non_null(strstr(kma_last_error_message(), "kma_pool_new: "));
  assert_non_null(strstr(kma_last_error_message(), "no-such-lm"));
  kma_options_free(bad_lm);
}

static void test_model_freed_before_pool(void** state) {
  kma_model* model = NULL;
  kma_pool* pool = NULL;
  const char* text = "모델을 먼저 닫는다";
  size_t length = strlen(text);
  kma_result* result = NULL;
  kma_status status = KMA_E_UNKNOWN;
  (void)state;
  assert_int_equal(kma_model_open_file(&model, KMA_TEST_MODEL_PATH, NULL), KMA_OK);
  assert_int_equal(kma_pool_new(&pool, model, NULL, 2), KMA_OK);
  kma_model_free(model); /* the pool's analyzers keep it alive */
  assert_int_equal(kma_pool_analyze_utf8(pool, &text, &length, 1, &result, &status), KMA_OK);
  assert_int_equal(status, KMA_OK);
  assert_true(kma_result_token_count(result, 0) > 0);
  kma_pool_free(pool);
  kma_result_free(result); /* results outlive the pool */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_batch_equals_sequential),
      cmocka_unit_test(test_order_kept_threads_more_than_lines),
      cmocka_unit_test(test_utf16_batch),
      cmocka_unit_test(test_bad_text_fails_alone),
      cmocka_unit_test(test_null_arguments_and_empty_batch),
      cmocka_unit_test(test_thread_count_bounds),
      cmocka_unit_test(test_model_freed_before_pool),
  };
  return cmocka_run_group_tests_name("kma_capi_pool", tests, setup, teardown);
}
