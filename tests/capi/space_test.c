/* C ABI tests of spacing correction (kma_space.h) on the bundled model:
 * text without spaces spaced, correct text unchanged, the weight's range,
 * errors with their positions, and the text handle. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"

KMA_TEST_GROUP_MODEL()

/* Spaces `in` with `weight` and compares the result with `want`. */
static void expect_spaced(kma_analyzer* a, const char* in, double weight, const char* want) {
  kma_text* t = NULL;
  size_t bytes = 0;
  const char* s;
  assert_int_equal(kma_space_utf8(a, in, strlen(in), weight, &t), KMA_OK);
  s = kma_text_data(t, &bytes);
  assert_int_equal(bytes, strlen(want));
  assert_string_equal(s, want);
  kma_text_free(t);
}

static void spaces_text(void** state) {
  kma_analyzer* a = NULL;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  expect_spaced(a, "아버지가방에들어가신다", KMA_SPACE_WEIGHT_DEFAULT, "아버지가 방에 들어가신다");
  expect_spaced(a, "나는 학교 에 갔 다", KMA_SPACE_WEIGHT_DEFAULT, "나는 학교에 갔다");
  expect_spaced(a, "오늘 날씨가 정말 좋네요.", 1.0, "오늘 날씨가 정말 좋네요.");
  expect_spaced(a, "오늘 날씨가 정말 좋네요.", 0.0, "오늘 날씨가 정말 좋네요.");
  expect_spaced(a, "", 0.5, "");
  kma_analyzer_free(a);
}

static void bad_input(void** state) {
  kma_analyzer* a = NULL;
  kma_text* t = (kma_text*)1;
  size_t bytes = 7;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_space_utf8(a, "가나\xff", 7, 0.5, &t), KMA_E_INVALID_UTF8);
  assert_null(t);
  assert_int_equal(kma_last_error_offset(), 6);
  assert_int_equal(kma_space_utf8(a, "가나", 6, 1.5, &t), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_space_utf8(a, "가나", 6, NAN, &t), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_space_utf8(a, NULL, 3, 0.5, &t), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_space_utf8(NULL, "가", 3, 0.5, &t), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_space_utf8(a, "가", 3, 0.5, NULL), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_space_utf8(a, NULL, 0, 0.5, &t), KMA_OK);
  assert_string_equal(kma_text_data(t, &bytes), "");
  assert_int_equal(bytes, 0);
  kma_text_free(t);
  assert_string_equal(kma_text_data(NULL, &bytes), "");
  kma_text_free(NULL);
  kma_analyzer_free(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(spaces_text),
      cmocka_unit_test(bad_input),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
