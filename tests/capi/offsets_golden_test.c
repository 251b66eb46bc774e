/* Golden tests of the C ABI: analyses tests/golden/offsets_corpus.txt
 * through both the UTF-8 and the UTF-16 entry points and checks every token
 * (form/TAG, code-point, UTF-8 and UTF-16 spans) against
 * tests/golden/offsets_expected.tsv, the file every binding checks too; and
 * tests/golden/corpus.txt against the CLI's expected.tsv. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kma/kma.h"
#include "test_util.h"

#ifndef KMA_GOLDEN_DIR
#error "KMA_GOLDEN_DIR must be defined"
#endif

KMA_TEST_GROUP_MODEL()

/* Renders one analysis in the golden format, with UTF-16 spans taken from a
 * second result obtained through the UTF-16 entry point. */
static void render(const kma_result* r8, const kma_result* r16, char* out, size_t cap) {
  size_t n = kma_result_token_count(r8, 0), i, used = 0;
  const kma_token* t8 = kma_result_tokens(r8, 0);
  const kma_token* t16 = kma_result_tokens(r16, 0);
  assert_int_equal(n, kma_result_token_count(r16, 0));
  out[0] = '\0';
  for (i = 0; i < n; ++i) {
    int w = snprintf(out + used, cap - used, "%s%s/%s %u %u %u %u %u %u", i ? "\t" : "",
                     kma_result_token_form(r8, &t8[i]), kma_tag_name(t8[i].tag),
                     t8[i].cp_begin, t8[i].cp_length, t8[i].begin, t8[i].length,
                     t16[i].begin, t16[i].length);
    assert_true(w > 0 && (size_t)w < cap - used);
    used += (size_t)w;
    /* Both encodings must agree on everything but the unit offsets. */
    assert_string_equal(kma_result_token_form(r8, &t8[i]), kma_result_token_form(r16, &t16[i]));
    assert_int_equal(t8[i].cp_begin, t16[i].cp_begin);
    assert_int_equal(t8[i].cp_length, t16[i].cp_length);
  }
}

static void test_offsets_golden(void** state) {
  FILE* corpus = fopen(KMA_GOLDEN_DIR "/offsets_corpus.txt", "rb");
  FILE* expected = fopen(KMA_GOLDEN_DIR "/offsets_expected.tsv", "rb");
  kma_analyzer* a = NULL;
  char* text;
  int lines = 0;
  static char got[1 << 16];
  (void)state;
  assert_true(corpus != NULL && expected != NULL);
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  while ((text = test_read_line(corpus)) != NULL) {
    char* want;
    size_t units = 0;
    uint16_t* u16 = test_utf8_to_utf16(text, strlen(text), &units);
    kma_result *r8 = NULL, *r16 = NULL;
    do {
      want = test_read_line(expected);
      assert_non_null(want);
      if (want[0] != '#') break;
      free(want);
    } while (1);
    assert_non_null(u16);
    assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r8), KMA_OK);
    assert_int_equal(kma_analyzer_analyze_utf16(a, u16, units, &r16), KMA_OK);
    render(r8, r16, got, sizeof(got));
    if (strcmp(got, want) != 0) fail_msg("line %d differs:\n  want %s\n  got  %s", lines + 1, want, got);
    ++lines;
    kma_result_free(r8);
    kma_result_free(r16);
    free(u16);
    free(want);
    free(text);
  }
  assert_true(lines >= 5);
  kma_analyzer_free(a);
  fclose(corpus);
  fclose(expected);
}

/* tests/golden/expected.tsv, the CLI's `--format morphs` output, through the
 * C ABI alone: what the cross builds (which have no CLI) check on every
 * target. */
static void test_morphs_golden(void** state) {
  FILE* corpus = fopen(KMA_GOLDEN_DIR "/corpus.txt", "rb");
  FILE* expected = fopen(KMA_GOLDEN_DIR "/expected.tsv", "rb");
  kma_analyzer* a = NULL;
  char* text;
  int lines = 0;
  static char got[1 << 16];
  (void)state;
  assert_true(corpus != NULL && expected != NULL);
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  while ((text = test_read_line(corpus)) != NULL) {
    char* want = test_read_line(expected);
    kma_result* r = NULL;
    size_t i, n, used = 0;
    const kma_token* t;
    assert_non_null(want);
    assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
    n = kma_result_analysis_count(r) > 0 ? kma_result_token_count(r, 0) : 0;
    t = kma_result_tokens(r, 0);
    got[0] = '\0';
    for (i = 0; i < n; ++i) {
      int w = snprintf(got + used, sizeof got - used, "%s%s/%s", i ? " " : "",
                       kma_result_token_form(r, &t[i]), kma_tag_name(t[i].tag));
      assert_true(w > 0 && (size_t)w < sizeof got - used);
      used += (size_t)w;
    }
    if (strcmp(got, want) != 0) fail_msg("line %d differs:\n  want %s\n  got  %s", lines + 1, want, got);
    ++lines;
    kma_result_free(r);
    free(want);
    free(text);
  }
  assert_null(test_read_line(expected));
  assert_true(lines >= 30);
  kma_analyzer_free(a);
  fclose(corpus);
  fclose(expected);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_offsets_golden),
                                     cmocka_unit_test(test_morphs_golden)};
  return cmocka_run_group_tests_name("capi_offsets_golden", tests, open_model, close_model);
}
