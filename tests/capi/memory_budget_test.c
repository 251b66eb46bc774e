/* The memory budget through the C ABI (KMA_OPT_MEMORY_BUDGET_MIB): its
 * default; an analysis that would hold more than the budget returns
 * KMA_E_RESOURCE with a message naming it and no result, plain, N-best and
 * constrained; the analyzer then analyses short texts as before, and with
 * the budget off (0) or large enough the same text analyses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"

KMA_TEST_GROUP_MODEL()

/* `unit` repeated to at least `bytes` bytes; malloc'ed, NUL-terminated. */
static char* repeated(const char* unit, size_t bytes, size_t* len) {
  const size_t unit_len = strlen(unit);
  char* text = (char*)malloc(bytes + unit_len + 1);
  size_t n = 0;
  assert_non_null(text);
  while (n < bytes) {
    memcpy(text + n, unit, unit_len);
    n += unit_len;
  }
  text[n] = '\0';
  *len = n;
  return text;
}

static kma_analyzer* analyzer_with(int32_t top_n, int32_t budget_mib) {
  kma_options* o = NULL;
  kma_analyzer* a = NULL;
  assert_int_equal(kma_options_new(&o), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, top_n), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_MEMORY_BUDGET_MIB, budget_mib), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, o), KMA_OK);
  kma_options_free(o);
  return a;
}

static void set_budget(kma_analyzer* a, int32_t top_n, int32_t budget_mib) {
  kma_options* o = NULL;
  assert_int_equal(kma_options_new(&o), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, top_n), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_MEMORY_BUDGET_MIB, budget_mib), KMA_OK);
  assert_int_equal(kma_analyzer_set_options(a, o), KMA_OK);
  kma_options_free(o);
}

/* Analyses `text` (with `c` when not NULL); the status, NULL result on failure. */
static kma_status analyze(kma_analyzer* a, const char* text, size_t len, const kma_constraints* c) {
  kma_result* r = (kma_result*)(uintptr_t)1;
  const kma_status st = c != NULL ? kma_analyzer_analyze_constrained_utf8(a, text, len, c, &r)
                                  : kma_analyzer_analyze_utf8(a, text, len, &r);
  if (st != KMA_OK) {
    assert_null(r);
    return st;
  }
  assert_true(kma_result_token_count(r, 0) > 0);
  kma_result_free(r);
  return st;
}

static void assert_short_text_analyses(kma_analyzer* a) {
  assert_int_equal(analyze(a, "밥을 먹자", strlen("밥을 먹자"), NULL), KMA_OK);
}

static void default_and_bounds(void** state) {
  kma_options* o = NULL;
  double lo = -1, hi = -1;
  int32_t v = -1;
  (void)state;
  assert_int_equal(kma_options_new(&o), KMA_OK);
  assert_int_equal(kma_options_get_int(o, KMA_OPT_MEMORY_BUDGET_MIB, &v), KMA_OK);
  assert_int_equal(v, 1024);
  assert_int_equal(kma_option_bounds(KMA_OPT_MEMORY_BUDGET_MIB, &lo, &hi), KMA_OK);
  assert_true(lo == 0 && hi == 1048576);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_MEMORY_BUDGET_MIB, -1), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_MEMORY_BUDGET_MIB, 1048577), KMA_E_INVALID_ARGUMENT);
  assert_string_equal(kma_option_name(KMA_OPT_MEMORY_BUDGET_MIB), "memory_budget_mib");
  assert_string_equal(kma_status_string(KMA_E_RESOURCE), "memory budget exceeded");
  kma_options_free(o);
}

/* A 256 KB text holds about 10 MB top-1 and much more with -n 8. */
static void over_budget_is_a_resource_error(void** state) {
  size_t len = 0;
  char* text = repeated("나는 어제 친구와 함께 영화를 봤다. ", 256u << 10, &len);
  kma_analyzer* a = analyzer_with(8, 4);
  (void)state;
  assert_int_equal(analyze(a, text, len, NULL), KMA_E_RESOURCE);
  assert_non_null(strstr(kma_last_error_message(), "budget of 4 MiB"));
  assert_short_text_analyses(a);
  assert_int_equal(analyze(a, text, len, NULL), KMA_E_RESOURCE);
  set_budget(a, 1, 64);
  assert_int_equal(analyze(a, text, len, NULL), KMA_OK);
  set_budget(a, 1, 0);
  assert_int_equal(analyze(a, text, len, NULL), KMA_OK);
  kma_analyzer_free(a);
  free(text);
}

/* A lemma wanted anywhere makes the text one search unit: the beam's states
 * and history grow with the text (about 2.5 KB per byte), and the budget
 * stops the search part way (the 64 KB text's lattice fits in 64 MiB). */
static void constrained_search_stops_at_the_budget(void** state) {
  static const char kLemma[] = "좋/VA", kUnit[] = "오늘은 날씨가 좋은 날이다 밥을 먹었다 ";
  size_t len = 0;
  char* text = repeated(kUnit, 64u << 10, &len);
  kma_analyzer* a = analyzer_with(1, 64);
  kma_constraints* c = NULL;
  (void)state;
  assert_int_equal(kma_constraints_new(&c), KMA_OK);
  assert_int_equal(kma_constraints_add_lemma(c, kLemma, strlen(kLemma), 0, 0), KMA_OK);
  assert_int_equal(analyze(a, text, len, c), KMA_E_RESOURCE);
  assert_non_null(strstr(kma_last_error_message(), "budget of 64 MiB"));
  assert_non_null(strstr(kma_last_error_message(), "beam search"));
  assert_short_text_analyses(a);
  /* 4 KB of it fits. */
  assert_int_equal(analyze(a, text, 4096 / strlen(kUnit) * strlen(kUnit), c), KMA_OK);
  kma_constraints_free(c);
  kma_analyzer_free(a);
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(default_and_bounds),
      cmocka_unit_test(over_budget_is_a_resource_error),
      cmocka_unit_test(constrained_search_stops_at_the_budget),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
