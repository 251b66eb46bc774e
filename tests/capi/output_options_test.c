/* C ABI tests of the output options on the bundled model: lemmas
 * (kma_result_token_lemma, KMA_OPT_LEMMA in the records), derivational
 * joining (KMA_OPT_JOIN_DERIVATIONS), stop words (KMA_OPT_STOP_WORDS,
 * KMA_OPT_STOP_WORD_LIST), special-token classes off (KMA_OPT_NO_SPECIAL). Each option leaves
 * the default analysis alone, so every test compares with a plain analyzer
 * too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"

KMA_TEST_GROUP_MODEL()

/* An analyzer with int slot `option` set to `value` (0: no option set). */
static kma_analyzer* new_analyzer(int32_t option, int32_t value) {
  kma_options* opt = NULL;
  kma_analyzer* a = NULL;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  if (option != 0) assert_int_equal(kma_options_set_int(opt, option, value), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, opt), KMA_OK);
  kma_options_free(opt);
  return a;
}

/* "form/TAG ..." (or "lemma/TAG ..." with `lemma`) of the best analysis. */
static void morphs(const kma_result* r, int lemma, char* buf, size_t size) {
  const kma_token* t = kma_result_tokens(r, 0);
  size_t i, n = kma_result_token_count(r, 0), used = 0;
  buf[0] = '\0';
  for (i = 0; i < n; ++i) {
    const char* s = lemma ? kma_result_token_lemma(r, &t[i]) : kma_result_token_form(r, &t[i]);
    used += (size_t)snprintf(buf + used, size - used, "%s%s/%s", i ? " " : "", s, kma_tag_name(t[i].tag));
    assert_true(used < size);
  }
}

/* The record of `text` in `format` from `a`, into buf. */
static void record(kma_analyzer* a, const char* text, int32_t format, char* buf, size_t size) {
  kma_result* r = NULL;
  size_t n = 0;
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  assert_int_equal(kma_result_format(r, format, text, strlen(text), buf, size, &n), KMA_OK);
  kma_result_free(r);
}

static void lemmas_of_stems(void** state) {
  static const char text[] = "밥을 먹었다. 학교가 가까운 집이다.";
  kma_analyzer* a = new_analyzer(0, 0);
  kma_result* r = NULL;
  char forms[512], lemmas[512];
  (void)state;
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  morphs(r, 0, forms, sizeof forms);
  morphs(r, 1, lemmas, sizeof lemmas);
  assert_string_equal(forms,
                      "밥/NNG 을/JKO 먹/VV 었/EP 다/EF ./SF 학교/NNG 가/JKS 가깝/VA ㄴ/ETM 집/NNG 이/VCP 다/EF ./SF");
  assert_string_equal(lemmas,
                      "밥/NNG 을/JKO 먹다/VV 었/EP 다/EF ./SF 학교/NNG 가/JKS 가깝다/VA ㄴ/ETM 집/NNG 이다/VCP "
                      "다/EF ./SF");
  kma_result_free(r);
  kma_analyzer_free(a);
}

static void lemma_argument_checks(void** state) {
  static const char text[] = "먹었다";
  kma_analyzer* a = new_analyzer(0, 0);
  kma_result* r = NULL;
  kma_token forged;
  (void)state;
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  assert_null(kma_result_token_lemma(NULL, kma_result_tokens(r, 0)));
  assert_null(kma_result_token_lemma(r, NULL));
  forged = kma_result_tokens(r, 0)[0];
  assert_string_equal(kma_result_token_lemma(r, &forged), "먹다");
  /* A copy with another stem tag still finds its lemma; one whose form is
   * not where the pool has it gets "", as for kma_result_token_form. */
  forged.tag = kma_result_tokens(r, 0)[1].tag; /* EP: no ending */
  assert_string_equal(kma_result_token_lemma(r, &forged), "먹");
  forged = kma_result_tokens(r, 0)[0];
  forged.form_offset += 1000;
  assert_string_equal(kma_result_token_lemma(r, &forged), "");
  forged = kma_result_tokens(r, 0)[1]; /* 었/EP retagged as a stem: no lemma stored */
  forged.tag = kma_result_tokens(r, 0)[0].tag;
  assert_string_equal(kma_result_token_lemma(r, &forged), "");
  kma_result_free(r);
  kma_analyzer_free(a);
}

static void lemma_records(void** state) {
  kma_analyzer* plain = new_analyzer(0, 0);
  kma_analyzer* lemma = new_analyzer(KMA_OPT_LEMMA, 1);
  char buf[2048], other[2048];
  int32_t v = -1;
  kma_options* opt = NULL;
  (void)state;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_get_int(opt, KMA_OPT_LEMMA, &v), KMA_OK);
  assert_int_equal(v, 0);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_LEMMA, 2), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_option_flags(KMA_OPT_LEMMA), KMA_OPT_FLAG_BOOLEAN);
  kma_options_free(opt);

  record(lemma, "먹었다", KMA_FORMAT_MORPHS, buf, sizeof buf);
  assert_string_equal(buf, "먹다/VV 었/EP 다/EF\n");
  record(plain, "먹었다", KMA_FORMAT_MORPHS, buf, sizeof buf);
  assert_string_equal(buf, "먹/VV 었/EP 다/EF\n");
  record(lemma, "먹었다", KMA_FORMAT_TSV, buf, sizeof buf);
  assert_non_null(strstr(buf, "먹\tVV\t0\t3\t"));
  assert_non_null(strstr(buf, "\t먹다\n었\tEP\t"));
  assert_non_null(strstr(buf, "\t었\n다\tEF\t"));
  record(lemma, "먹었다", KMA_FORMAT_JSON, buf, sizeof buf);
  assert_non_null(strstr(buf, "{\"form\":\"먹\",\"tag\":\"VV\",\"lemma\":\"먹다\",\"begin\":0,"));
  assert_non_null(strstr(buf, "{\"form\":\"었\",\"tag\":\"EP\",\"lemma\":\"었\",\"begin\":"));
  record(plain, "먹었다", KMA_FORMAT_JSON, other, sizeof other);
  assert_null(strstr(other, "lemma"));
  kma_analyzer_free(plain);
  kma_analyzer_free(lemma);
}

/* The acceptance cases of issue 33: 사랑스러운 and 공부했다. */
static void join_derivations(void** state) {
  static const char text[] = "사랑스러운 공부했다";
  kma_analyzer* plain = new_analyzer(0, 0);
  kma_analyzer* join = new_analyzer(KMA_OPT_JOIN_DERIVATIONS, 1);
  kma_result* r = NULL;
  const kma_token* t;
  char buf[512];
  (void)state;
  assert_int_equal(kma_option_flags(KMA_OPT_JOIN_DERIVATIONS), KMA_OPT_FLAG_BOOLEAN);
  assert_int_equal(kma_analyzer_analyze_utf8(plain, text, strlen(text), &r), KMA_OK);
  morphs(r, 0, buf, sizeof buf);
  assert_string_equal(buf, "사랑스럽/VA ㄴ/ETM 공부/NNG 하/XSV 었/EP 다/EF");
  kma_result_free(r);
  assert_int_equal(kma_analyzer_analyze_utf8(join, text, strlen(text), &r), KMA_OK);
  morphs(r, 0, buf, sizeof buf);
  assert_string_equal(buf, "사랑스럽/VA ㄴ/ETM 공부하/VV 었/EP 다/EF");
  morphs(r, 1, buf, sizeof buf);
  assert_string_equal(buf, "사랑스럽다/VA ㄴ/ETM 공부하다/VV 었/EP 다/EF");
  /* 공부하/VV spans 공부했 (bytes 16..25, code points 6..9); 었 keeps 했. */
  t = kma_result_tokens(r, 0);
  assert_int_equal(kma_result_token_count(r, 0), 5);
  assert_int_equal(t[2].begin, 16);
  assert_int_equal(t[2].length, 9);
  assert_int_equal(t[2].cp_begin, 6);
  assert_int_equal(t[2].cp_length, 3);
  assert_int_equal(t[2].morph_id, 0);
  assert_int_equal(t[3].begin, 22);
  assert_int_equal(t[3].length, 3);
  kma_result_free(r);
  /* Nouns with their affixes. */
  assert_int_equal(kma_analyzer_analyze_utf8(join, "학생들이", strlen("학생들이"), &r), KMA_OK);
  morphs(r, 0, buf, sizeof buf);
  assert_string_equal(buf, "학생들/NNG 이/JKS");
  kma_result_free(r);
  kma_analyzer_free(plain);
  kma_analyzer_free(join);
}

/* The best analysis of `text` from an analyzer with the stop-word slots set
 * (`list` NULL: not set), into buf. */
static void stop_morphs(int32_t defaults, const char* list, const char* text, char* buf, size_t size) {
  kma_options* opt = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_STOP_WORDS, defaults), KMA_OK);
  if (list != NULL) assert_int_equal(kma_options_set_string(opt, KMA_OPT_STOP_WORD_LIST, list), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, opt), KMA_OK);
  kma_options_free(opt);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  morphs(r, 0, buf, size);
  kma_result_free(r);
  kma_analyzer_free(a);
}

static void stop_words(void** state) {
  static const char text[] = "나는 학교에 가서 공부를 했다.";
  char buf[512];
  kma_options* opt = NULL;
  const char* got = NULL;
  kma_result* r = NULL;
  kma_analyzer* a = NULL;
  const kma_token* t;
  (void)state;
  stop_morphs(0, NULL, text, buf, sizeof buf);
  assert_string_equal(buf, "나/NP 는/JX 학교/NNG 에/JKB 가/VV 아서/EC 공부/NNG 를/JKO 하/VV 었/EP 다/EF ./SF");
  stop_morphs(1, NULL, text, buf, sizeof buf);
  assert_string_equal(buf, "학교/NNG 가/VV 공부/NNG");
  stop_morphs(0, "# mine\n학교/NNG\n*/NP\n", text, buf, sizeof buf);
  assert_string_equal(buf, "는/JX 에/JKB 가/VV 아서/EC 공부/NNG 를/JKO 하/VV 었/EP 다/EF ./SF");
  stop_morphs(1, "학교/NNG", text, buf, sizeof buf);
  assert_string_equal(buf, "가/VV 공부/NNG");

  /* The kept tokens keep their word numbers. */
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_STOP_WORDS, 1), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, opt), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  t = kma_result_tokens(r, 0);
  assert_int_equal(t[0].word, 1);
  assert_int_equal(t[1].word, 2);
  assert_int_equal(t[2].word, 3);
  kma_result_free(r);
  kma_analyzer_free(a);

  /* A bad list is refused with its line and leaves the set as it was. */
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_STOP_WORD_LIST, "학교/NNG"), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_STOP_WORD_LIST, "학교/NNG\n\n사과/NNQ\n"),
                   KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "KMA_OPT_STOP_WORD_LIST: line 3: unknown tag 'NNQ'"));
  assert_int_equal(kma_options_get_string(opt, KMA_OPT_STOP_WORD_LIST, &got), KMA_OK);
  assert_string_equal(got, "학교/NNG");
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_STOP_WORD_LIST, "사과"), KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "line 1: '사과' is not form/TAG"));
  kma_options_free(opt);
}

/* The best analysis of `text` with KMA_OPT_NO_SPECIAL = `off`, into buf. */
static void special_morphs(const char* off, const char* text, char* buf, size_t size) {
  kma_options* opt = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_NO_SPECIAL, off), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, opt), KMA_OK);
  kma_options_free(opt);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  morphs(r, 0, buf, size);
  kma_result_free(r);
  kma_analyzer_free(a);
}

static int has_tag(const char* morphs, const char* tag) { return strstr(morphs, tag) != NULL; }

static void special_classes(void** state) {
  static const char text[] =
      "https://example.com #맛집 @홍길동 a@b.com 010-1234-5678 😀";
  static const char* const classes[][2] = {
      {"url", "/W_URL"},         {"email", "/W_EMAIL"},   {"hashtag", "/W_HASHTAG"},
      {"mention", "/W_MENTION"}, {"serial", "/W_SERIAL"}, {"emoji", "/W_EMOJI"},
  };
  char all_on[1024], buf[1024];
  size_t i, j;
  kma_options* opt = NULL;
  (void)state;
  special_morphs("", text, all_on, sizeof all_on);
  for (i = 0; i < 6; ++i) assert_true(has_tag(all_on, classes[i][1]));
  /* Each class off: its tag is gone, the others stay. */
  for (i = 0; i < 6; ++i) {
    special_morphs(classes[i][0], text, buf, sizeof buf);
    for (j = 0; j < 6; ++j) {
      if (has_tag(buf, classes[j][1]) != (i != j)) fail_msg("%s off: %s", classes[i][0], buf);
    }
  }
  special_morphs("all", text, buf, sizeof buf);
  assert_null(strstr(buf, "/W_"));
  special_morphs("hashtag, mention", "#맛집 @홍길동", buf, sizeof buf);
  assert_true(strncmp(buf, "#/SW 맛집/NNG", strlen("#/SW 맛집/NNG")) == 0);
  assert_non_null(strstr(buf, "@/SW"));
  special_morphs("emoji", "😀", buf, sizeof buf);
  assert_string_equal(buf, "😀/SW");
  special_morphs("serial", "010-1234-5678", buf, sizeof buf);
  assert_true(strncmp(buf, "010/SN", strlen("010/SN")) == 0);
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_NO_SPECIAL, "url,phone"), KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "unknown class 'phone'"));
  kma_options_free(opt);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(lemmas_of_stems),
      cmocka_unit_test(lemma_argument_checks),
      cmocka_unit_test(lemma_records),
      cmocka_unit_test(join_derivations),
      cmocka_unit_test(stop_words),
      cmocka_unit_test(special_classes),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
