/* The option slot table as the bindings read it: kma_option_next()
 * enumerates every slot once, in order; names, types, flags and bounds agree
 * with the setters; kma_option_find() inverts kma_option_name(). Written
 * over the table, so a new slot is covered without changing this file. */
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "kma/kma.h"

static int contains(const char* haystack, const char* needle) {
  return haystack != NULL && strstr(haystack, needle) != NULL;
}

/* Every slot: a name of lower-case letters, digits and '_' that finds it
 * again, a known type, and setters that accept its default. */
static void test_enumeration(void** state) {
  int32_t o, last = 0, count = 0, found = 0;
  kma_options* opt = NULL;
  (void)state;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  for (o = kma_option_next(0); o != 0; o = kma_option_next(o)) {
    const char* name = kma_option_name(o);
    const char* p;
    assert_true(o > last);
    last = o;
    ++count;
    assert_non_null(name);
    for (p = name; *p != '\0'; ++p) assert_true(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_');
    assert_int_equal(kma_option_find(name, &found), KMA_OK);
    assert_int_equal(found, o);
    assert_int_not_equal(kma_option_type(o), KMA_OPT_TYPE_NONE);
    if (kma_option_type(o) == KMA_OPT_TYPE_INT) {
      int32_t v = 0;
      double lo = 0, hi = 0;
      assert_int_equal(kma_options_get_int(opt, o, &v), KMA_OK);
      assert_int_equal(kma_options_set_int(opt, o, v), KMA_OK);
      assert_int_equal(kma_option_bounds(o, &lo, &hi), KMA_OK);
      assert_true(lo <= v && v <= hi);
      if (kma_option_flags(o) & KMA_OPT_FLAG_BOOLEAN) assert_true(lo == 0.0 && hi == 1.0);
    } else if (kma_option_type(o) == KMA_OPT_TYPE_FLOAT) {
      float v = 0;
      double lo = 0, hi = 0;
      assert_int_equal(kma_options_get_float(opt, o, &v), KMA_OK);
      assert_int_equal(kma_options_set_float(opt, o, v), KMA_OK);
      assert_int_equal(kma_option_bounds(o, &lo, &hi), KMA_OK);
      assert_true(lo <= v && v <= hi);
      assert_false(kma_option_flags(o) & KMA_OPT_FLAG_BOOLEAN);
    } else {
      const char* v = NULL;
      assert_int_equal(kma_option_type(o), KMA_OPT_TYPE_STRING);
      assert_int_equal(kma_options_get_string(opt, o, &v), KMA_OK);
      assert_string_equal(v, "");
      assert_int_equal(kma_options_set_string(opt, o, ""), KMA_OK);
      assert_false(kma_option_flags(o) & KMA_OPT_FLAG_BOOLEAN);
    }
  }
  assert_true(count >= 7);
  /* Past the last slot, and from a negative start. */
  assert_int_equal(kma_option_next(last), 0);
  assert_int_equal(kma_option_next(-100), kma_option_next(0));
  kma_options_free(opt);
}

/* The names of the slots the header documents (spot checks of the rule
 * "lower-case constant suffix"), the flags, and what unknown slots give. */
static void test_names_and_flags(void** state) {
  int32_t o = -1;
  (void)state;
  assert_string_equal(kma_option_name(KMA_OPT_TOP_N), "top_n");
  assert_string_equal(kma_option_name(KMA_OPT_MAX_UNKNOWN_LENGTH), "max_unknown_length");
  assert_string_equal(kma_option_name(KMA_OPT_OUTPUT_TAGS), "output_tags");
  assert_null(kma_option_name(0));
  assert_null(kma_option_name(9999));
  assert_int_equal(kma_option_flags(KMA_OPT_TYPOS), KMA_OPT_FLAG_BOOLEAN);
  assert_int_equal(kma_option_flags(KMA_OPT_TOP_N), 0);
  assert_int_equal(kma_option_flags(KMA_OPT_PACKAGE_MODEL), KMA_OPT_FLAG_MODEL_LOOKUP);
  assert_int_equal(kma_option_flags(9999), 0);

  assert_int_equal(kma_option_find("TOP_N", &o), KMA_E_UNSUPPORTED);
  assert_int_equal(o, 0);
  assert_true(contains(kma_last_error_message(), "'TOP_N'"));
  assert_true(contains(kma_last_error_message(), "top_n"));
  assert_int_equal(kma_option_find("", &o), KMA_E_UNSUPPORTED);
  assert_int_equal(kma_option_find(NULL, &o), KMA_E_INVALID_ARGUMENT);
  assert_true(contains(kma_last_error_message(), "'name'"));
  assert_int_equal(kma_option_find("top_n", NULL), KMA_E_INVALID_ARGUMENT);
}

/* Boolean slots store 0 or 1 and reject 2; a rejected string keeps the
 * slot's previous value (and what is derived from it). */
static void test_values_kept_on_failure(void** state) {
  kma_options* opt = NULL;
  int32_t v = -1;
  const char* s = NULL;
  (void)state;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_TYPOS, 1), KMA_OK);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_TYPOS, 2), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_get_int(opt, KMA_OPT_TYPOS, &v), KMA_OK);
  assert_int_equal(v, 1);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_OUTPUT_TAGS, "NNG,VV"), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_OUTPUT_TAGS, "NNG,XYZ"),
                   KMA_E_INVALID_ARGUMENT);
  assert_true(contains(kma_last_error_message(), "'XYZ'"));
  assert_int_equal(kma_options_get_string(opt, KMA_OPT_OUTPUT_TAGS, &s), KMA_OK);
  assert_string_equal(s, "NNG,VV");
  kma_options_free(opt);
}

/* The filter of the kept value is the one in effect: an analyzer made after
 * the rejected change keeps NNG and VV tokens only. */
static void test_rejected_tags_keep_filter(void** state) {
  kma_model* model = NULL;
  kma_options* opt = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  const char* text = "아버지가 방에 들어가신다";
  size_t i;
  (void)state;
  assert_int_equal(kma_model_open_file(&model, KMA_TEST_MODEL_PATH, NULL), KMA_OK);
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_OUTPUT_TAGS, "NNG,VV"), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_OUTPUT_TAGS, "XYZ"), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_analyzer_new(&a, model, opt), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  assert_true(kma_result_token_count(r, 0) > 0);
  for (i = 0; i < kma_result_token_count(r, 0); ++i) {
    const char* tag = kma_tag_name(kma_result_tokens(r, 0)[i].tag);
    assert_true(strcmp(tag, "NNG") == 0 || strcmp(tag, "VV") == 0);
  }
  kma_result_free(r);
  kma_analyzer_free(a);
  kma_options_free(opt);
  kma_model_free(model);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_enumeration),
      cmocka_unit_test(test_names_and_flags),
      cmocka_unit_test(test_values_kept_on_failure),
      cmocka_unit_test(test_rejected_tags_keep_filter),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
