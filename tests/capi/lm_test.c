/* C ABI tests of the language-model introspection functions (kma_lm.h), on
 * the bundled model: every LM it carries, every error path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"

KMA_TEST_GROUP_MODEL()

static const char kHistory[] = "나/NP 는/JX 밥/NNG 을/JKO";

static int has_lm(const char* name) {
  size_t i;
  for (i = 0; i < kma_model_lm_count(g_model); ++i)
    if (strcmp(kma_model_lm_name(g_model, i), name) == 0) return 1;
  return 0;
}

static void predict_next_for_every_lm(void** state) {
  size_t i;
  (void)state;
  for (i = 0; i < kma_model_lm_count(g_model); ++i) {
    const char* lm = kma_model_lm_name(g_model, i);
    kma_lm_item items[20];
    size_t count = 99, k;
    assert_int_equal(kma_lm_predict_next(g_model, lm, kHistory, strlen(kHistory), items, 20, &count), KMA_OK);
    assert_int_equal(count, 20);
    for (k = 0; k < count; ++k) {
      assert_true(items[k].score <= 0.0f);
      assert_true(strlen(items[k].label) > 0);
      if (k > 0) assert_true(items[k].score <= items[k - 1].score);
    }
    /* "I ... rice-OBJ" is followed by a verb: 먹/VV ranks near the top. */
    {
      int found = 0;
      for (k = 0; k < count; ++k) found |= strcmp(items[k].label, "먹/VV") == 0;
      assert_true(found);
    }
  }
}

static void context_id_grows_with_the_history(void** state) {
  uint32_t id0, len0, id1, len1;
  (void)state;
  assert_int_equal(kma_lm_context_id(g_model, NULL, "", 0, &id0, &len0), KMA_OK);
  assert_int_equal(len0, 1); /* the sentence start alone */
  assert_int_equal(kma_lm_context_id(g_model, NULL, "나/NP", strlen("나/NP"), &id1, &len1), KMA_OK);
  assert_int_equal(len1, 2);
  assert_int_not_equal(id0, id1);
  assert_int_equal(kma_lm_context_id(g_model, "", kHistory, strlen(kHistory), &id1, NULL), KMA_OK);
}

static void most_similar_needs_embeddings(void** state) {
  kma_lm_item items[5];
  size_t count = 7;
  (void)state;
  assert_int_equal(kma_lm_most_similar(g_model, "knlm", "학교/NNG", strlen("학교/NNG"), items, 5, &count),
                   KMA_E_UNSUPPORTED);
  assert_int_equal(count, 0);
  assert_non_null(strstr(kma_last_error_message(), "CoNg"));
  if (has_lm("cong")) {
    size_t k;
    assert_int_equal(kma_lm_most_similar(g_model, "cong", "학교/NNG", strlen("학교/NNG"), items, 5, &count),
                     KMA_OK);
    assert_int_equal(count, 5);
    for (k = 0; k < count; ++k) {
      assert_true(items[k].score <= 1.0001f && items[k].score >= -1.0001f);
      assert_string_not_equal(items[k].label, "학교/NNG");
    }
  }
}

static void errors_are_reported(void** state) {
  kma_lm_item items[3];
  size_t count = 5;
  uint32_t id;
  (void)state;
  assert_int_equal(kma_lm_predict_next(NULL, NULL, "", 0, items, 3, &count), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(count, 0);
  assert_int_equal(kma_lm_predict_next(g_model, NULL, "", 0, items, 3, NULL), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_lm_predict_next(g_model, NULL, "", 0, NULL, 3, &count), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_lm_predict_next(g_model, NULL, NULL, 4, items, 3, &count), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_lm_predict_next(g_model, "no-such-lm", "", 0, items, 3, &count), KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "no-such-lm"));
  assert_int_equal(kma_lm_predict_next(g_model, NULL, "나/NP 밥", strlen("나/NP 밥"), items, 3, &count),
                   KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "at byte 7"));
  assert_int_equal(kma_lm_context_id(g_model, NULL, "x/QQ", 4, &id, NULL), KMA_E_INVALID_ARGUMENT);
  /* Forms are UTF-8 without control characters; the offset is the bad byte's. */
  assert_int_equal(kma_lm_context_id(g_model, NULL, "나/NP \xff/NNG", 12, &id, NULL), KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "invalid UTF-8"));
  assert_int_equal(kma_last_error_offset(), 7);
  assert_int_equal(kma_lm_predict_next(g_model, NULL, "a\x01" "b/SL", 6, items, 3, &count), KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "control character U+0001"));
  assert_int_equal(kma_last_error_offset(), 1);
  assert_int_equal(kma_lm_most_similar(g_model, NULL, "a\0b/SL", 6, items, 3, &count), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_last_error_offset(), 1);
  assert_int_equal(kma_lm_context_id(g_model, NULL, "", 0, NULL, NULL), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_lm_most_similar(g_model, NULL, "나/NP 는/JX", strlen("나/NP 는/JX"), items, 3, &count),
                   has_lm(kma_model_default_lm(g_model)) && strcmp(kma_model_default_lm(g_model), "knlm") == 0
                       ? KMA_E_UNSUPPORTED
                       : KMA_E_INVALID_ARGUMENT);
  /* Capacity 0 is a valid, empty request. */
  assert_int_equal(kma_lm_predict_next(g_model, NULL, "", 0, NULL, 0, &count), KMA_OK);
  assert_int_equal(count, 0);
}

/* Scores of the top analysis of a sentence with one LM, as a string. */
static void analyse(const char* lm, char* buf, size_t size) {
  kma_options* opt;
  kma_analyzer* a;
  kma_result* r;
  const char* text = "아버지가방에들어가신다 그는 학교에서 책을 읽었다.";
  size_t used = 0, i;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_LM, lm), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, opt), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  for (i = 0; i < kma_result_token_count(r, 0) && used + 64 < size; ++i) {
    const kma_token* t = &kma_result_tokens(r, 0)[i];
    used += (size_t)snprintf(buf + used, size - used, "%s/%s ", kma_result_token_form(r, t), kma_tag_name(t->tag));
  }
  snprintf(buf + used, size - used, "%.9g", (double)kma_result_analysis_score(r, 0));
  kma_result_free(r);
  kma_analyzer_free(a);
  kma_options_free(opt);
}

/* Every instruction-set level gives bit-identical scores, hence identical
 * analyses, for every LM of the model. */
static void every_isa_gives_the_same_analysis(void** state) {
  static const char* const kIsas[] = {"sse41", "avx2", "avx512vnni", "neon", "neondot"};
  size_t l, i;
  (void)state;
  assert_int_equal(kma_set_max_isa(NULL), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_set_max_isa("avx9000"), KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "avx9000"));
  for (l = 0; l < kma_model_lm_count(g_model); ++l) {
    const char* lm = kma_model_lm_name(g_model, l);
    char ref[2048], got[2048];
    assert_int_equal(kma_set_max_isa("scalar"), KMA_OK);
    assert_string_equal(kma_active_isa_name(), "scalar");
    analyse(lm, ref, sizeof ref);
    for (i = 0; i < sizeof(kIsas) / sizeof(kIsas[0]); ++i) {
      assert_int_equal(kma_set_max_isa(kIsas[i]), KMA_OK);
      analyse(lm, got, sizeof got);
      assert_string_equal(got, ref);
    }
  }
  assert_int_equal(kma_set_max_isa("neondot"), KMA_OK); /* no cap */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(predict_next_for_every_lm),
      cmocka_unit_test(context_id_grows_with_the_history),
      cmocka_unit_test(most_similar_needs_embeddings),
      cmocka_unit_test(errors_are_reported),
      cmocka_unit_test(every_isa_gives_the_same_analysis),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
