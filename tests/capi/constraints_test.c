/* C ABI tests of constrained analysis (kma_constraints.h) on the bundled
 * model: span constraints (in and out of the dictionary, several
 * morphemes), lemma constraints, the text syntax, UTF-16 offsets, error
 * codes and offsets, and that an empty list changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"

static kma_model* g_model;
static kma_analyzer* g_analyzer;

static int setup(void** state) {
  (void)state;
  if (kma_model_open_file(&g_model, KMA_TEST_MODEL_PATH, NULL) != KMA_OK) return -1;
  return kma_analyzer_new(&g_analyzer, g_model, NULL) == KMA_OK ? 0 : -1;
}

static int teardown(void** state) {
  (void)state;
  kma_analyzer_free(g_analyzer);
  kma_model_free(g_model);
  return 0;
}

/* "form/TAG form/TAG ..." of analysis 0, with '*' after constrained tokens. */
static void best(const kma_result* r, char* out, size_t cap) {
  const kma_token* t = kma_result_tokens(r, 0);
  size_t i, n = kma_result_token_count(r, 0), used = 0;
  out[0] = '\0';
  for (i = 0; i < n && used < cap; ++i) {
    used += (size_t)snprintf(out + used, cap - used, "%s%s/%s%s", i ? " " : "",
                             kma_result_token_form(r, &t[i]), kma_tag_name(t[i].tag),
                             (t[i].flags & KMA_TOKEN_CONSTRAINED) ? "*" : "");
  }
}

static kma_status run(const char* text, const kma_constraints* c, char* out, size_t cap) {
  kma_result* r = NULL;
  kma_status st = kma_analyzer_analyze_constrained_utf8(g_analyzer, text, strlen(text), c, &r);
  if (st == KMA_OK) best(r, out, cap);
  else assert_null(r);
  kma_result_free(r);
  return st;
}

static void empty_list_is_plain_analysis(void** state) {
  const char* text = "아버지가방에들어가신다";
  char plain[512], constrained[512], none[512];
  kma_constraints* c = NULL;
  kma_result* r = NULL;
  (void)state;
  assert_int_equal(kma_analyzer_analyze_utf8(g_analyzer, text, strlen(text), &r), KMA_OK);
  best(r, plain, sizeof plain);
  kma_result_free(r);
  assert_int_equal(kma_constraints_new(&c), KMA_OK);
  assert_int_equal(kma_constraints_count(c), 0);
  assert_int_equal(run(text, c, constrained, sizeof constrained), KMA_OK);
  assert_int_equal(run(text, NULL, none, sizeof none), KMA_OK);
  assert_string_equal(plain, constrained);
  assert_string_equal(plain, none);
  kma_constraints_free(c);
}

static void spans_are_analysed_as_given(void** state) {
  static const char kMorphs[] = "쿠쿠루뱅크/NNP";
  char got[512];
  kma_constraints* c = NULL;
  kma_result* r = NULL;
  (void)state;
  assert_int_equal(kma_constraints_new(&c), KMA_OK);
  assert_int_equal(kma_constraints_add_span(c, 3, 8, kMorphs, strlen(kMorphs)), KMA_OK);
  assert_int_equal(run("나는 쿠쿠루뱅크에서 돈을 찾았다.", c, got, sizeof got), KMA_OK);
  assert_non_null(strstr(got, "는/JX 쿠쿠루뱅크/NNP* 에서/JKB"));
  /* UTF-16: token offsets in units, constraint offsets still code points. */
  {
    static const char kText[] = "😀 쿠쿠루뱅크에서";
    size_t units = 0;
    uint16_t* u16 = test_utf8_to_utf16(kText, strlen(kText), &units);
    kma_constraints_clear(c);
    assert_int_equal(kma_constraints_add_span(c, 2, 7, kMorphs, strlen(kMorphs)), KMA_OK);
    assert_int_equal(kma_analyzer_analyze_constrained_utf16(g_analyzer, u16, units, c, &r), KMA_OK);
    {
      const kma_token* t = kma_result_tokens(r, 0);
      size_t i, n = kma_result_token_count(r, 0), found = 0;
      for (i = 0; i < n; ++i) {
        if (!(t[i].flags & KMA_TOKEN_CONSTRAINED)) continue;
        ++found;
        assert_int_equal(t[i].begin, 3); /* the emoji is two UTF-16 units */
        assert_int_equal(t[i].length, 5);
        assert_int_equal(t[i].cp_begin, 2);
      }
      assert_int_equal(found, 1);
    }
    kma_result_free(r);
    free(u16);
  }
  kma_constraints_free(c);
}

static void several_morphemes_and_the_text_syntax(void** state) {
  static const char kSpec[] = "# a comment\n3:6 걷/VV+었/EP+다/EF";
  char got[512];
  kma_constraints* c = NULL;
  (void)state;
  assert_int_equal(kma_constraints_new(&c), KMA_OK);
  assert_int_equal(kma_constraints_parse(c, kSpec, strlen(kSpec)), KMA_OK);
  assert_int_equal(kma_constraints_count(c), 1);
  assert_int_equal(run("길을 걸었다", c, got, sizeof got), KMA_OK);
  assert_string_equal(got, "길/NNG 을/JKO 걷/VV* 었/EP* 다/EF*");
  kma_constraints_free(c);
}

static void lemmas_hold_or_fail(void** state) {
  static const char kVerb[] = "걷/VV|걸/VV";
  static const char kNone[] = "없는말/VV";
  char got[512];
  kma_constraints* c = NULL;
  (void)state;
  assert_int_equal(kma_constraints_new(&c), KMA_OK);
  assert_int_equal(kma_constraints_add_lemma(c, kVerb, strlen(kVerb), 3, 6), KMA_OK);
  assert_int_equal(run("길을 걸었다", c, got, sizeof got), KMA_OK);
  assert_non_null(strstr(got, "/VV"));
  kma_constraints_clear(c);
  assert_int_equal(kma_constraints_add_lemma(c, kNone, strlen(kNone), 0, 0), KMA_OK);
  assert_int_equal(run("밥을 먹었다", c, got, sizeof got), KMA_E_UNSATISFIABLE);
  assert_non_null(strstr(kma_last_error_message(), "없는말/VV"));
  kma_constraints_free(c);
}

static void errors_carry_positions(void** state) {
  static const char kBadTag[] = "밥/NNQ";
  static const char kBadText[] = "0:1 밥/NNG\n0:2 밥NNG";
  static const char kOk[] = "을/JKO";
  char got[512];
  kma_constraints* c = NULL;
  (void)state;
  assert_int_equal(kma_constraints_new(NULL), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_constraints_new(&c), KMA_OK);
  assert_int_equal(kma_constraints_add_span(c, 0, 1, kBadTag, strlen(kBadTag)), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_last_error_offset(), 4);
  assert_int_equal(kma_constraints_parse(c, kBadText, strlen(kBadText)), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_last_error_offset(), 16); /* the morpheme of line 2 */
  assert_int_equal(kma_constraints_count(c), 0); /* failures add nothing */
  assert_int_equal(kma_constraints_add_span(c, 2, 2, kOk, strlen(kOk)), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_constraints_add_span(c, 0, 1, NULL, 3), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_constraints_add_span(c, 1, 9, kOk, strlen(kOk)), KMA_OK);
  assert_int_equal(run("밥을", c, got, sizeof got), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_last_error_offset(), 9);
  kma_constraints_free(c);
  kma_constraints_free(NULL);
  kma_constraints_clear(NULL);
  assert_int_equal(kma_constraints_count(NULL), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(empty_list_is_plain_analysis),
      cmocka_unit_test(spans_are_analysed_as_given),
      cmocka_unit_test(several_morphemes_and_the_text_syntax),
      cmocka_unit_test(lemmas_hold_or_fail),
      cmocka_unit_test(errors_carry_positions),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
