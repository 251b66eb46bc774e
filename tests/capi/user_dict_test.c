/* C ABI tests of user dictionaries, output tag filters and the joiner
 * (kma_user_dict.h) on the bundled model: the documented examples (docs/USER_DICTIONARY.md), inflected
 * forms of user stems of five conjugation classes, pre-analysed words,
 * pattern rules, blocks, score overrides, file errors with line and column,
 * the identity of analyses with an empty dictionary, and analyzers sharing
 * the model while dictionaries are made and freed on other threads (also
 * meant for the TSan lane: -DKMA_SANITIZE=thread). */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"

KMA_TEST_GROUP_MODEL()

/* The best analysis of `text` as "form/TAG form/TAG ..." into buf. */
static void analyze_to(const kma_model* model, const kma_options* opt, const char* text, char* buf,
                       size_t size) {
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  size_t i, used = 0;
  assert_int_equal(kma_analyzer_new(&a, model, opt), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  buf[0] = '\0';
  for (i = 0; i < kma_result_token_count(r, 0); ++i) {
    const kma_token* t = &kma_result_tokens(r, 0)[i];
    used += (size_t)snprintf(buf + used, size - used, "%s%s/%s", i ? " " : "", kma_result_token_form(r, t),
                             kma_tag_name(t->tag));
    assert_true(used < size);
  }
  kma_result_free(r);
  kma_analyzer_free(a);
}

/* A model derived with the dictionary text `tsv`. */
static kma_model* derive(const char* tsv) {
  kma_user_dict* d = NULL;
  kma_model* m = NULL;
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_user_dict_load_utf8(d, tsv, strlen(tsv), "test.tsv"), KMA_OK);
  assert_int_equal(kma_model_with_user_dict(&m, g_model, d), KMA_OK);
  kma_user_dict_free(d); /* the derived model keeps a snapshot */
  return m;
}

static void words_from_the_issue(void** state) {
  char buf[512];
  kma_user_dict* d = NULL;
  kma_model* m = NULL;
  (void)state;
  analyze_to(g_model, NULL, "카카오뱅크에서 뉴진스를", buf, sizeof buf);
  assert_null(strstr(buf, "카카오뱅크/NNP"));
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_user_dict_add_word(d, "뉴진스", "NNP", 0.0f), KMA_OK);
  assert_int_equal(kma_user_dict_add_word(d, "카카오뱅크", "NNP", 0.0f), KMA_OK);
  assert_int_equal(kma_user_dict_size(d), 2);
  assert_int_equal(kma_model_with_user_dict(&m, g_model, d), KMA_OK);
  analyze_to(m, NULL, "카카오뱅크에서 뉴진스를", buf, sizeof buf);
  assert_string_equal(buf, "카카오뱅크/NNP 에서/JKB 뉴진스/NNP 를/JKO");
  kma_model_free(m);
  kma_user_dict_free(d);
}

/* 5 stems the model lacks, of different conjugation classes, 4 forms each. */
static void user_stems_inflect(void** state) {
  static const struct {
    const char* entry;
    const char* stem;
    const char* forms[4];
  } cases[] = {
      {"힙하\tVA\n", "힙하/VA", {"힙한", "힙해서", "힙했다", "힙하고"}},
      {"킹받\tVV\n", "킹받/VV", {"킹받네", "킹받아서", "킹받았다", "킹받는"}},
      {"멍때리\tVV\n", "멍때리/VV", {"멍때려", "멍때렸다", "멍때리는", "멍때리고"}},
      {"힙스럽\tVA\t\tㅂ\n", "힙스럽/VA", {"힙스러운", "힙스러워", "힙스러웠다", "힙스럽고"}},
      {"뽀르\tVV\t\t르\n", "뽀르/VV", {"뽈러", "뽈렀다", "뽀르고", "뽀른"}},
  };
  size_t c, f;
  char buf[512], text[128];
  (void)state;
  for (c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    kma_model* m = derive(cases[c].entry);
    for (f = 0; f < 4; ++f) {
      snprintf(text, sizeof text, "너무 %s", cases[c].forms[f]);
      analyze_to(m, NULL, text, buf, sizeof buf);
      if (strstr(buf, cases[c].stem) == NULL) fail_msg("%s: %s", text, buf);
    }
    kma_model_free(m);
  }
}

static void pre_analysed_pattern_and_block(void** state) {
  char buf[512];
  kma_model* m;
  kma_options* opt = NULL;
  (void)state;
  m = derive("할많하않\t하/VV ㄹ/ETM 말/NNG 많/VA 지만/EC 하/VV 지/EC 않/VX 음/ETN\n"
             "!pattern\t[A-Z]{2}-\\d{3,}\tNNP\n");
  analyze_to(m, NULL, "할많하않", buf, sizeof buf);
  assert_string_equal(buf, "하/VV ㄹ/ETM 말/NNG 많/VA 지만/EC 하/VV 지/EC 않/VX 음/ETN");
  analyze_to(m, NULL, "AB-1234 제품", buf, sizeof buf);
  assert_string_equal(buf, "AB-1234/NNP 제품/NNG");
  kma_model_free(m);

  m = derive("!block\tNNP\n!block\t가/VV\n");
  analyze_to(m, NULL, "서울에 가다", buf, sizeof buf);
  assert_null(strstr(buf, "/NNP"));
  assert_null(strstr(buf, "가/VV"));
  kma_model_free(m);

  /* The output filter keeps the analysis and drops the other tags. */
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_OUTPUT_TAGS, "NNG,NNP VV"), KMA_OK);
  analyze_to(g_model, opt, "서울에서 밥을 먹었다", buf, sizeof buf);
  assert_string_equal(buf, "서울/NNP 밥/NNG 먹/VV");
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_OUTPUT_TAGS, "NNG,XX"), KMA_E_INVALID_ARGUMENT);
  kma_options_free(opt);
}

/* The morphemes blocked by block_every_reading, as "form/TAG\n" lines. */
static char g_blocked[16384];

static int is_blocked(const char* form, const char* tag) {
  char key[256];
  snprintf(key, sizeof key, "\n%s/%s\n", form, tag);
  return strstr(g_blocked, key) != NULL;
}

/* Blocks every morpheme of the 64 best analyses of `word` in *d and lists
 * them in g_blocked; returns how many. */
static size_t block_every_reading(kma_user_dict* d, const char* word) {
  kma_options* opt = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  size_t k, i, n = 0, used = 1;
  strcpy(g_blocked, "\n");
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_TOP_N, 64), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, opt), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, word, strlen(word), &r), KMA_OK);
  for (k = 0; k < kma_result_analysis_count(r); ++k) {
    for (i = 0; i < kma_result_token_count(r, k); ++i) {
      const kma_token* t = &kma_result_tokens(r, k)[i];
      const char* form = kma_result_token_form(r, t);
      if (is_blocked(form, kma_tag_name(t->tag))) continue;
      assert_int_equal(kma_user_dict_block(d, form, kma_tag_name(t->tag)), KMA_OK);
      used += (size_t)snprintf(g_blocked + used, sizeof g_blocked - used, "%s/%s\n", form, kma_tag_name(t->tag));
      assert_true(used < sizeof g_blocked);
      ++n;
    }
  }
  kma_result_free(r);
  kma_analyzer_free(a);
  kma_options_free(opt);
  return n;
}

/* Blocking every reading of a word leaves its unknown-word guess, as the
 * documentation promises: the guess was dropped because the dictionary had
 * the same word (now blocked), and the analysis failed with "no analysis
 * path found". No token of the result but a guess is a blocked morpheme. */
static void blocking_every_reading_keeps_the_guess(void** state) {
  static const char* const words[] = {"미", "나", "가", "하", "아", "사람", "서울", "미 나 가"};
  size_t w;
  (void)state;
  for (w = 0; w < sizeof words / sizeof words[0]; ++w) {
    kma_user_dict* d = NULL;
    kma_model* m = NULL;
    kma_analyzer* a = NULL;
    kma_result* r = NULL;
    size_t i;
    assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
    assert_true(block_every_reading(d, words[w]) > 0);
    assert_int_equal(kma_model_with_user_dict(&m, g_model, d), KMA_OK);
    assert_int_equal(kma_analyzer_new(&a, m, NULL), KMA_OK);
    if (kma_analyzer_analyze_utf8(a, words[w], strlen(words[w]), &r) != KMA_OK)
      fail_msg("'%s' with every reading blocked: %s", words[w], kma_last_error_message());
    assert_true(kma_result_token_count(r, 0) > 0);
    for (i = 0; i < kma_result_token_count(r, 0); ++i) {
      const kma_token* t = &kma_result_tokens(r, 0)[i];
      if ((t->flags & KMA_TOKEN_UNKNOWN) == 0 && is_blocked(kma_result_token_form(r, t), kma_tag_name(t->tag)))
        fail_msg("'%s': token %s/%s is blocked", words[w], kma_result_token_form(r, t), kma_tag_name(t->tag));
    }
    kma_result_free(r);
    kma_analyzer_free(a);
    kma_model_free(m);
    kma_user_dict_free(d);
  }
}

/* A word the model has: score 0 changes nothing, a score adds to it. */
static void score_of_a_model_word(void** state) {
  static const char text[] = "사과를 먹었다";
  kma_analyzer* a = NULL;
  kma_result *r0 = NULL, *r1 = NULL;
  kma_model* m;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r0), KMA_OK);
  kma_analyzer_free(a);
  m = derive("사과\tNNG\t5\n");
  assert_int_equal(kma_analyzer_new(&a, m, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r1), KMA_OK);
  assert_float_equal(kma_result_analysis_score(r1, 0), kma_result_analysis_score(r0, 0) + 5.0f, 1e-3);
  kma_result_free(r1);
  kma_analyzer_free(a);
  kma_model_free(m);
  m = derive("사과\tNNG\n");
  assert_int_equal(kma_analyzer_new(&a, m, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r1), KMA_OK);
  assert_float_equal(kma_result_analysis_score(r1, 0), kma_result_analysis_score(r0, 0), 0.0);
  kma_result_free(r1);
  kma_analyzer_free(a);
  kma_model_free(m);
  kma_result_free(r0);
}

/* An empty dictionary gives exactly the model's analyses (scores too). */
static void empty_dictionary_changes_nothing(void** state) {
  static const char* const sentences[] = {KMA_TEST_SENTENCES};
  kma_user_dict* d = NULL;
  kma_model* m = NULL;
  size_t s;
  char a[1024], b[1024];
  (void)state;
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_model_with_user_dict(&m, g_model, d), KMA_OK);
  for (s = 0; s < sizeof sentences / sizeof sentences[0]; ++s) {
    analyze_to(g_model, NULL, sentences[s], a, sizeof a);
    analyze_to(m, NULL, sentences[s], b, sizeof b);
    assert_string_equal(a, b);
  }
  kma_model_free(m);
  kma_user_dict_free(d);
}

static void bad_entries_are_reported(void** state) {
  static const char tsv[] = "뉴진스\tNNP\n# ok so far\n카카오뱅크\tNNQ\n";
  kma_user_dict* d = NULL;
  kma_model* other = NULL;
  (void)state;
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_user_dict_load_utf8(d, tsv, strlen(tsv), "my.tsv"), KMA_E_INVALID_ARGUMENT);
  assert_string_equal(kma_last_error_message(), "kma_user_dict_load_utf8: my.tsv:3:17: unknown tag 'NNQ'");
  assert_int_equal(kma_last_error_offset(), 42);
  assert_int_equal(kma_user_dict_size(d), 0); /* all or nothing */
  assert_int_equal(kma_user_dict_load_file(d, KMA_TEST_TMP_DIR "/no-such-dict.tsv"), KMA_E_IO);
  assert_int_equal(kma_user_dict_add_word(d, "", "NNP", 0.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_add_word(d, "a b", "NNP", 0.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_add_word(d, "뉴진스", "NNP", 1000.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_add_word(d, "뉴진스", "ZZ", 0.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_add_stem(d, "줍", "VV", "ㅋ", 0.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_add_stem(d, "줍", "NNG", "ㅂ", 0.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_add_analysis(d, "사겼다", "사귀/VV 었EP", 0.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_add_pattern(d, "(ab", "SL", 0.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_block(d, NULL, "QQ"), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_user_dict_size(d), 0);
  assert_int_equal(kma_user_dict_add_word(NULL, "a", "NNP", 0.0f), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_model_with_user_dict(&other, NULL, d), KMA_E_INVALID_ARGUMENT);
  assert_null(other);
  kma_user_dict_free(d);
  kma_user_dict_free(NULL);
}

static void joiner_examples(void** state) {
  static const char* const cases[][2] = {
      {"돕/VV 아/EC 주/VX 었/EP 어요/EF", "도와줬어요"},
      {"가깝/VA ㄴ/ETM", "가까운"},
      {"하/VV 시/EP 었/EP 다/EF", "하셨다"},
      {"나/NP 는/JX 학교/NNG 에/JKB 가/VV 았/EP 다/EF ./SF", "나는 학교에 갔다."},
      {"하/VV 지/EC 않/VX 을까/EF", "하지 않을까"},
      /* Endings in other conventions' spellings join as kma's. */
      {"같/VA ㄴ/ETM", "같은"},
      {"공부/NNG 하/XSV 아/EC", "공부해"},
      {"가/VV ㅆ/EP 다/EF", "갔다"},
      {"가/VV 으면/EC", "가면"},
  };
  kma_joiner* j = NULL;
  size_t i;
  (void)state;
  assert_int_equal(kma_joiner_new(&j, g_model), KMA_OK);
  for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    kma_joiner_clear(j);
    assert_int_equal(kma_joiner_add_morphs(j, cases[i][0], strlen(cases[i][0])), KMA_OK);
    assert_string_equal(kma_joiner_text(j), cases[i][1]);
  }
  kma_joiner_clear(j);
  assert_int_equal(kma_joiner_add(j, "먹", "VV", KMA_JOIN_AUTO), KMA_OK);
  assert_int_equal(kma_joiner_add(j, "었", "EP", KMA_JOIN_AUTO), KMA_OK);
  assert_int_equal(kma_joiner_add(j, "다", "EF", KMA_JOIN_AUTO), KMA_OK);
  assert_string_equal(kma_joiner_text(j), "먹었다");
  assert_int_equal(kma_joiner_add(j, "x", "QQ", KMA_JOIN_AUTO), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_joiner_add(j, "x", "SL", 7), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_joiner_add_morphs(j, "먹/VV 었", 10), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_last_error_offset(), 7);
  assert_string_equal(kma_joiner_text(j), "먹었다"); /* unchanged */
  kma_joiner_free(j);
  kma_joiner_free(NULL);
}

/* A user stem of an irregular class joins with its class. */
static void joiner_knows_user_stems(void** state) {
  kma_model* m = derive("힙스럽\tVA\t\tㅂ\n");
  kma_joiner* j = NULL;
  static const char morphs[] = "힙스럽/VA 어/EC";
  (void)state;
  assert_int_equal(kma_joiner_new(&j, m), KMA_OK);
  assert_int_equal(kma_joiner_add_morphs(j, morphs, strlen(morphs)), KMA_OK);
  assert_string_equal(kma_joiner_text(j), "힙스러워");
  kma_joiner_free(j);
  kma_model_free(m);
}

/* A pre-analysed surface whose morphemes share its characters
 * and hold a final ending before more (좋다네 -> 좋/VA 다/EF 네/NNG) put a
 * sentence boundary between them, and the result's two sentence spans
 * overlapped. The boundary now falls after the shared characters. */
static void sentence_spans_of_a_pre_analysed_surface_do_not_overlap(void** state) {
  static const char text[] = "정말 좋다네 친구";
  kma_user_dict* d = NULL;
  kma_model* m = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  kma_span s0, s1;
  size_t i;
  (void)state;
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_user_dict_add_analysis(d, "좋다네", "좋/VA 다/EF 네/NNG", 20), KMA_OK);
  assert_int_equal(kma_model_with_user_dict(&m, g_model, d), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, m, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  assert_int_equal(kma_result_sentence_count(r), 2);
  assert_int_equal(kma_result_sentence(r, 0, &s0), KMA_OK);
  assert_int_equal(kma_result_sentence(r, 1, &s1), KMA_OK);
  assert_true(s0.begin + s0.length <= s1.begin);
  assert_int_equal(s0.begin + s0.length, strlen("정말 좋다네"));
  for (i = 0; i < kma_result_token_count(r, 0); ++i) {
    const kma_token* t = &kma_result_tokens(r, 0)[i];
    const kma_span* s = t->sentence == 0 ? &s0 : &s1;
    assert_true(t->sentence < 2);
    assert_true(t->begin >= s->begin && t->begin + t->length <= s->begin + s->length);
  }
  kma_result_free(r);
  kma_analyzer_free(a);
  kma_model_free(m);
  kma_user_dict_free(d);
}

/* Analyzer threads on the shared model check every analysis against the
 * single-threaded one while dictionary threads build, derive, use and free
 * user dictionaries of the same model. The model is opened for this test
 * alone: no dictionary was compiled against it yet, so the dictionary
 * threads race to work out what all its dictionaries share (once per
 * model, core/userdict/user_dict_basis.h). */
#define kAnalyzerThreads 2
#define kDictThreads 2
#define kRounds 6

static const char* const kThreadSentences[] = {KMA_TEST_SENTENCES};
#define kNumThreadSentences (sizeof kThreadSentences / sizeof kThreadSentences[0])
static char g_expected[kNumThreadSentences][1024];
static kma_model* g_thread_model;

static void* analyzer_thread(void* arg) {
  int* failures = (int*)arg;
  char buf[1024];
  int r;
  size_t s;
  for (r = 0; r < kRounds; ++r)
    for (s = 0; s < kNumThreadSentences; ++s) {
      kma_analyzer* a = NULL;
      kma_result* res = NULL;
      size_t i, used = 0;
      if (kma_analyzer_new(&a, g_thread_model, NULL) != KMA_OK ||
          kma_analyzer_analyze_utf8(a, kThreadSentences[s], strlen(kThreadSentences[s]), &res) != KMA_OK) {
        ++*failures;
      } else {
        buf[0] = '\0';
        for (i = 0; i < kma_result_token_count(res, 0) && used < sizeof buf; ++i) {
          const kma_token* t = &kma_result_tokens(res, 0)[i];
          used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s/%s", i ? " " : "",
                                   kma_result_token_form(res, t), kma_tag_name(t->tag));
        }
        if (strcmp(buf, g_expected[s]) != 0) ++*failures;
      }
      kma_result_free(res);
      kma_analyzer_free(a);
    }
  return NULL;
}

static void* dict_thread(void* arg) {
  static const char tsv[] = "뉴진스\tNNP\n힙하\tVA\n!pattern\t[A-Z]{2}-\\d{3,}\tNNP\n!block\tMAG\n";
  int* failures = (int*)arg;
  int r;
  for (r = 0; r < kRounds; ++r) {
    kma_user_dict* d = NULL;
    kma_model* m = NULL;
    kma_analyzer* a = NULL;
    kma_result* res = NULL;
    if (kma_user_dict_new(&d, g_thread_model) != KMA_OK || kma_user_dict_load_utf8(d, tsv, strlen(tsv), "t") != KMA_OK ||
        kma_model_with_user_dict(&m, g_thread_model, d) != KMA_OK)
      ++*failures;
    kma_user_dict_free(d); /* before the derived model is used */
    if (m != NULL && (kma_analyzer_new(&a, m, NULL) != KMA_OK ||
                      kma_analyzer_analyze_utf8(a, "뉴진스가 힙해", strlen("뉴진스가 힙해"), &res) != KMA_OK ||
                      strcmp(kma_result_token_form(res, &kma_result_tokens(res, 0)[0]), "뉴진스") != 0))
      ++*failures;
    kma_model_free(m); /* while the analyzer still uses it */
    kma_result_free(res);
    kma_analyzer_free(a);
  }
  return NULL;
}

static void dictionaries_made_and_freed_while_analyzers_run(void** state) {
  pthread_t threads[kAnalyzerThreads + kDictThreads];
  int failures[kAnalyzerThreads + kDictThreads] = {0};
  size_t s;
  int i;
  (void)state;
  assert_int_equal(kma_model_open_file(&g_thread_model, KMA_TEST_MODEL_PATH, NULL), KMA_OK);
  for (s = 0; s < kNumThreadSentences; ++s)
    analyze_to(g_thread_model, NULL, kThreadSentences[s], g_expected[s], 1024);
  for (i = 0; i < kAnalyzerThreads + kDictThreads; ++i)
    assert_int_equal(pthread_create(&threads[i], NULL, i < kAnalyzerThreads ? analyzer_thread : dict_thread,
                                    &failures[i]),
                     0);
  for (i = 0; i < kAnalyzerThreads + kDictThreads; ++i) {
    assert_int_equal(pthread_join(threads[i], NULL), 0);
    assert_int_equal(failures[i], 0);
  }
  kma_model_free(g_thread_model);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(words_from_the_issue),
      cmocka_unit_test(user_stems_inflect),
      cmocka_unit_test(pre_analysed_pattern_and_block),
      cmocka_unit_test(blocking_every_reading_keeps_the_guess),
      cmocka_unit_test(score_of_a_model_word),
      cmocka_unit_test(empty_dictionary_changes_nothing),
      cmocka_unit_test(bad_entries_are_reported),
      cmocka_unit_test(joiner_examples),
      cmocka_unit_test(joiner_knows_user_stems),
      cmocka_unit_test(sentence_spans_of_a_pre_analysed_surface_do_not_overlap),
      cmocka_unit_test(dictionaries_made_and_freed_while_analyzers_run),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
