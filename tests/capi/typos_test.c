/* C ABI tests of typo-tolerant analysis (KMA_OPT_TYPOS, KMA_TOKEN_CORRECTED)
 * on the bundled model: the option's range, corrected tokens with the span of
 * the text as written, correct text unchanged, laughter as its own token. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"

/* The bundled model, shared by the tests (opened once for the group). */
KMA_TEST_GROUP_MODEL()

/* An analyzer with KMA_OPT_TYPOS set to `typos`. */
static kma_analyzer* new_analyzer(int32_t typos) {
  kma_options* opt = NULL;
  kma_analyzer* a = NULL;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_TYPOS, typos), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, opt), KMA_OK);
  kma_options_free(opt);
  return a;
}

/* "form/TAG form/TAG ..." of the best analysis, into buf. */
static void morphs(const kma_result* r, char* buf, size_t size) {
  const kma_token* t = kma_result_tokens(r, 0);
  size_t i, n = kma_result_token_count(r, 0), used = 0;
  buf[0] = '\0';
  for (i = 0; i < n; ++i) {
    used += (size_t)snprintf(buf + used, size - used, "%s%s/%s", i ? " " : "", kma_result_token_form(r, &t[i]),
                             kma_tag_name(t[i].tag));
    assert_true(used < size);
  }
}

static void option_range(void** state) {
  kma_options* opt = NULL;
  int32_t v = -1;
  (void)state;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_get_int(opt, KMA_OPT_TYPOS, &v), KMA_OK);
  assert_int_equal(v, 0);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_TYPOS, 2), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_TYPOS, -1), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_TYPOS, 1), KMA_OK);
  assert_int_equal(kma_options_get_int(opt, KMA_OPT_TYPOS, &v), KMA_OK);
  assert_int_equal(v, 1);
  assert_int_equal(kma_option_type(KMA_OPT_TYPOS), KMA_OPT_TYPE_INT);
  kma_options_free(opt);
}

static void corrected_tokens_keep_the_written_span(void** state) {
  static const char text[] = "안녕하세여";
  kma_analyzer* plain = new_analyzer(0);
  kma_analyzer* tolerant = new_analyzer(1);
  kma_result* r = NULL;
  const kma_token* t;
  size_t i, n, corrected = 0;
  char buf[256];
  (void)state;
  assert_int_equal(kma_analyzer_analyze_utf8(plain, text, strlen(text), &r), KMA_OK);
  t = kma_result_tokens(r, 0);
  n = kma_result_token_count(r, 0);
  for (i = 0; i < n; ++i) assert_int_equal(t[i].flags & KMA_TOKEN_CORRECTED, 0);
  kma_result_free(r);

  assert_int_equal(kma_analyzer_analyze_utf8(tolerant, text, strlen(text), &r), KMA_OK);
  morphs(r, buf, sizeof buf);
  assert_string_equal(buf, "안녕/NNG 하/XSA 시/EP 어요/EF");
  t = kma_result_tokens(r, 0);
  n = kma_result_token_count(r, 0);
  for (i = 0; i < n; ++i) {
    if (!(t[i].flags & KMA_TOKEN_CORRECTED)) continue;
    ++corrected;
    /* 세여: bytes 9..15, code points 3..5 of the text as written. */
    assert_int_equal(t[i].begin, 9);
    assert_int_equal(t[i].length, 6);
    assert_int_equal(t[i].cp_begin, 3);
    assert_int_equal(t[i].cp_length, 2);
  }
  assert_int_equal(corrected, 2);
  kma_result_free(r);
  kma_analyzer_free(plain);
  kma_analyzer_free(tolerant);
}

static void correct_text_and_laughter(void** state) {
  static const char clean[] = "나는 밥을 먹었다.";
  static const char laugh[] = "ㅋㅋ 재밌다";
  kma_analyzer* plain = new_analyzer(0);
  kma_analyzer* tolerant = new_analyzer(1);
  kma_result* r = NULL;
  char a[256], b[256];
  (void)state;
  assert_int_equal(kma_analyzer_analyze_utf8(plain, clean, strlen(clean), &r), KMA_OK);
  morphs(r, a, sizeof a);
  kma_result_free(r);
  assert_int_equal(kma_analyzer_analyze_utf8(tolerant, clean, strlen(clean), &r), KMA_OK);
  morphs(r, b, sizeof b);
  kma_result_free(r);
  assert_string_equal(a, b);
  assert_int_equal(kma_analyzer_analyze_utf8(tolerant, laugh, strlen(laugh), &r), KMA_OK);
  morphs(r, a, sizeof a);
  assert_true(strncmp(a, "ㅋㅋ/IC ", strlen("ㅋㅋ/IC ")) == 0);
  assert_true(kma_result_tokens(r, 0)[0].flags & KMA_TOKEN_PATTERN);
  kma_result_free(r);
  kma_analyzer_free(plain);
  kma_analyzer_free(tolerant);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(option_range),
      cmocka_unit_test(corrected_tokens_keep_the_written_span),
      cmocka_unit_test(correct_text_and_laughter),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
