/* C ABI tests of new-word discovery (kma_words.h) on the bundled model: a
 * noun the model lacks is found in text added in several calls, its user
 * dictionary loads and makes it one morpheme, known words are not
 * proposed, and bad input fails with its position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"

KMA_TEST_GROUP_MODEL()

/* Reviews that write 킬링타임용 (which the model reads as 킬링타임 + 용)
 * before particles and alone, and 영화 (which it knows) the same way. */
static const char* const kLines[] = {
    "킬링타임용으로 좋다", "킬링타임용이다 영화가", "킬링타임용 영화를", "킬링타임용을 봤다 영화는",
    "킬링타임용으로 영화로", "킬링타임용이다 영화", "킬링타임용 영화가", "킬링타임용을 영화를",
};

static kma_word_finder* finder_of_lines(void) {
  kma_word_finder* f = NULL;
  size_t i;
  assert_int_equal(kma_word_finder_new(&f), KMA_OK);
  for (i = 0; i < sizeof kLines / sizeof kLines[0]; ++i)
    assert_int_equal(kma_word_finder_add_utf8(f, kLines[i], strlen(kLines[i])), KMA_OK);
  return f;
}

/* The first token of the best analysis of `text` under `model`. */
static void first_token(const kma_model* model, const char* text, char* buf, size_t size) {
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  const kma_token* t;
  assert_int_equal(kma_analyzer_new(&a, model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  t = &kma_result_tokens(r, 0)[0];
  snprintf(buf, size, "%s/%s", kma_result_token_form(r, t), kma_tag_name(t->tag));
  kma_result_free(r);
  kma_analyzer_free(a);
}

static void finds_the_new_noun(void** state) {
  kma_word_finder* f = finder_of_lines();
  kma_analyzer* a = NULL;
  kma_word_list* list = NULL;
  const char* form = NULL;
  uint32_t count = 0;
  double score = 0;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_true(kma_word_finder_distinct_words(f) > 2);
  assert_int_equal(kma_word_finder_extract(f, a, 0, 5, &list), KMA_OK);
  assert_int_equal(kma_word_list_count(list), 1); /* 영화 is known, 봤다 is no noun */
  assert_int_equal(kma_word_list_get(list, 0, &form, &count, &score), KMA_OK);
  assert_string_equal(form, "킬링타임용");
  assert_int_equal(count, 8);
  assert_true(score > 0);
  assert_int_equal(kma_word_list_get(list, 0, NULL, NULL, NULL), KMA_OK);
  kma_word_list_free(list);
  /* Too rare: nothing. */
  assert_int_equal(kma_word_finder_extract(f, a, 0, 9, &list), KMA_OK);
  assert_int_equal(kma_word_list_count(list), 0);
  kma_word_list_free(list);
  kma_analyzer_free(a);
  kma_word_finder_free(f);
}

static void user_dictionary_loads_and_changes_the_analysis(void** state) {
  kma_word_finder* f = finder_of_lines();
  kma_analyzer* a = NULL;
  kma_word_list* list = NULL;
  kma_text* text = NULL;
  kma_user_dict* d = NULL;
  kma_model* m = NULL;
  size_t bytes = 0;
  const char* data;
  char before[256], after[256];
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_word_finder_extract(f, a, 200, 5, &list), KMA_OK);
  assert_int_equal(kma_word_list_user_dict(list, NULL, &text), KMA_OK);
  data = kma_text_data(text, &bytes);
  assert_non_null(strstr(data, "\n킬링타임용\tNNG\n"));
  assert_int_equal(data[0], '#');
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_user_dict_load_utf8(d, data, bytes, "words.tsv"), KMA_OK);
  assert_int_equal(kma_model_with_user_dict(&m, g_model, d), KMA_OK);
  first_token(g_model, "킬링타임용으로 봤다", before, sizeof before);
  first_token(m, "킬링타임용으로 봤다", after, sizeof after);
  assert_string_equal(before, "킬링타임/NNG");
  assert_string_equal(after, "킬링타임용/NNG");
  kma_text_free(text);
  assert_int_equal(kma_word_list_user_dict(list, "NNP", &text), KMA_OK);
  assert_non_null(strstr(kma_text_data(text, NULL), "\n킬링타임용\tNNP\n"));
  kma_text_free(text);
  kma_model_free(m);
  kma_user_dict_free(d);
  kma_word_list_free(list);
  kma_analyzer_free(a);
  kma_word_finder_free(f);
}

static void bad_input(void** state) {
  kma_word_finder* f = NULL;
  kma_analyzer* a = NULL;
  kma_word_list* list = (kma_word_list*)1;
  kma_text* text = (kma_text*)1;
  (void)state;
  assert_int_equal(kma_word_finder_new(NULL), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_word_finder_new(&f), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_word_finder_add_utf8(f, "영화가\xff", 10), KMA_E_INVALID_UTF8);
  assert_int_equal(kma_last_error_offset(), 9);
  assert_int_equal(kma_word_finder_distinct_words(f), 0); /* nothing of it counted */
  assert_int_equal(kma_word_finder_add_utf8(f, NULL, 3), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_word_finder_add_utf8(NULL, "가", 3), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_word_finder_add_utf8(f, NULL, 0), KMA_OK);
  assert_int_equal(kma_word_finder_extract(f, a, 0, 0, &list), KMA_E_INVALID_ARGUMENT);
  assert_null(list);
  assert_int_equal(kma_word_finder_extract(NULL, a, 0, 5, &list), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_word_finder_extract(f, NULL, 0, 5, &list), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_word_finder_extract(f, a, 0, 5, NULL), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_word_finder_extract(f, a, 0, 5, &list), KMA_OK);
  assert_int_equal(kma_word_list_count(list), 0);
  assert_int_equal(kma_word_list_get(list, 0, NULL, NULL, NULL), KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "out of range"));
  assert_int_equal(kma_word_list_user_dict(list, "VV", &text), KMA_E_INVALID_ARGUMENT);
  assert_null(text);
  assert_int_equal(kma_word_list_user_dict(NULL, "NNG", &text), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_word_list_count(NULL), 0);
  assert_int_equal(kma_word_finder_distinct_words(NULL), 0);
  kma_word_list_free(list);
  kma_word_list_free(NULL);
  kma_word_finder_free(NULL);
  kma_analyzer_free(a);
  kma_word_finder_free(f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(finds_the_new_noun),
      cmocka_unit_test(user_dictionary_loads_and_changes_the_analysis),
      cmocka_unit_test(bad_input),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
