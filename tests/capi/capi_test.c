/* C99 consumer tests of the kma C ABI (cmocka): lifecycle, every error path,
 * NULL arguments, options, offsets in both encodings, and a 10 MB input.
 *
 * Set KMA_SKIP_LARGE_TESTS=1 to skip the 10 MB test (the valgrind lane does).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <kma/kma.h>

#include "file_util.h"
#include "test_util.h"

/* A non-NULL pointer value used to check that failing calls reset *out. */
#define SENTINEL(type) ((type*)(uintptr_t)0x1)

static kma_model* g_model = NULL;

static int group_setup(void** state) {
  (void)state;
  if (kma_model_open_file(&g_model, KMA_TEST_MODEL_PATH, NULL) != KMA_OK) {
    fprintf(stderr, "cannot open %s: %s\n", KMA_TEST_MODEL_PATH,
            kma_last_error_message());
    return -1;
  }
  return 0;
}

static int group_teardown(void** state) {
  (void)state;
  kma_model_free(g_model);
  g_model = NULL;
  return 0;
}

/* Analyzes UTF-8 with a default analyzer; asserts success. */
static kma_result* analyze(const char* text) {
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r),
                   KMA_OK);
  kma_analyzer_free(a);
  assert_non_null(r);
  return r;
}

/* ------------------------------------------------------------------------ */

static void test_versions(void** state) {
  static const kma_status codes[] = {
      KMA_OK, KMA_E_UNKNOWN, KMA_E_INVALID_ARGUMENT, KMA_E_OUT_OF_MEMORY,
      KMA_E_IO, KMA_E_RESOURCE, KMA_E_MODEL_FORMAT, KMA_E_MODEL_VERSION, KMA_E_INVALID_UTF8,
      KMA_E_INVALID_UTF16, KMA_E_INPUT_TOO_LONG, KMA_E_BUFFER_TOO_SMALL,
      KMA_E_UNSUPPORTED, KMA_E_UNSATISFIABLE, KMA_E_INTERNAL};
  size_t i, j;
  (void)state;
  assert_int_equal(kma_version_number(), KMA_VERSION_NUMBER);
  assert_string_equal(kma_version_string(), KMA_VERSION_STRING);
  assert_int_equal(kma_abi_version(), KMA_ABI_VERSION);
  assert_int_equal(kma_model_format_version_supported(),
                   KMA_MODEL_FORMAT_VERSION);
  assert_int_equal(kma_model_format_version_min_supported(),
                   KMA_MIN_COMPATIBLE_MODEL_FORMAT_VERSION);
  assert_true(KMA_VERSION_CHECK(0, 0, 0));
  assert_false(KMA_VERSION_CHECK(KMA_VERSION_MAJOR + 1, 0, 0));
  assert_true(strlen(kma_active_isa_name()) > 0);
  /* Every code has its own text, distinct from the fallback. */
  for (i = 0; i < sizeof(codes) / sizeof(codes[0]); ++i) {
    const char* s = kma_status_string(codes[i]);
    assert_non_null(s);
    assert_string_not_equal(s, "unknown status code");
    for (j = 0; j < i; ++j) assert_string_not_equal(s, kma_status_string(codes[j]));
  }
  assert_string_equal(kma_status_string(-12345), "unknown status code");
  assert_string_equal(kma_status_string(1), "unknown status code");
}

static void test_lifecycle(void** state) {
  kma_model* m = SENTINEL(kma_model);
  kma_analyzer* a = SENTINEL(kma_analyzer);
  kma_result* r = SENTINEL(kma_result);
  const char* text = "아버지가방에들어가신다";
  size_t i, lm_count;
  int default_found = 0;
  (void)state;
  assert_int_equal(kma_model_open_file(&m, KMA_TEST_MODEL_PATH, NULL), KMA_OK);
  assert_non_null(m);
  assert_int_equal(kma_model_format_version(m), KMA_MODEL_FORMAT_VERSION);
  assert_true(kma_model_morpheme_count(m) > 1000);
  lm_count = kma_model_lm_count(m);
  assert_true(lm_count >= 1);
  for (i = 0; i < lm_count; ++i) {
    assert_non_null(kma_model_lm_name(m, i));
    if (strcmp(kma_model_lm_name(m, i), kma_model_default_lm(m)) == 0) {
      default_found = 1;
    }
  }
  assert_true(default_found);
  assert_null(kma_model_lm_name(m, lm_count));
  assert_string_equal(kma_model_metadata(m, "no-such-key-in-any-model"), "");
  /* The same key twice gives the same (cached, borrowed) pointer. */
  assert_ptr_equal(kma_model_metadata(m, "license"),
                   kma_model_metadata(m, "license"));

  assert_int_equal(kma_analyzer_new(&a, m, NULL), KMA_OK);
  assert_non_null(a);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r),
                   KMA_OK);
  assert_non_null(r);
  assert_int_equal(kma_result_analysis_count(r), 1);
  assert_true(kma_result_token_count(r, 0) >= 3);
  assert_non_null(kma_result_tokens(r, 0));
  assert_int_equal(kma_result_token_count(r, 1), 0);
  assert_null(kma_result_tokens(r, 1));
  assert_true(isfinite(kma_result_analysis_score(r, 0)));
  assert_true(kma_result_sentence_count(r) >= 1);
  /* Results outlive their analyzer and model. */
  kma_analyzer_free(a);
  kma_model_free(m);
  assert_true(strlen(kma_result_token_form(r, kma_result_tokens(r, 0))) > 0);
  kma_result_free(r);
}

static void test_expected_analysis(void** state) {
  kma_result* r;
  const kma_token* t;
  size_t i, n;
  int found = 0;
  uint16_t nng = 0;
  (void)state;
  assert_int_equal(kma_tag_from_name("NNG", &nng), KMA_OK);
  r = analyze("아버지가방에들어가신다");
  t = kma_result_tokens(r, 0);
  n = kma_result_token_count(r, 0);
  for (i = 0; i < n; ++i) {
    const char* form = kma_result_token_form(r, &t[i]);
    assert_int_equal(strlen(form), t[i].form_length);
    if (strcmp(form, "아버지") == 0 && t[i].tag == nng) {
      found = 1;
      assert_int_equal(t[i].begin, 0);
      assert_int_equal(t[i].length, 9);
      assert_int_equal(t[i].cp_begin, 0);
      assert_int_equal(t[i].cp_length, 3);
    }
  }
  assert_true(found);
  kma_result_free(r);
}

/* ---- model errors ------------------------------------------------------- */

static void test_open_missing_file(void** state) {
  const char* path = KMA_TEST_TMP_DIR "/no-such-dir/missing-model.kmam";
  kma_model* m = SENTINEL(kma_model);
  (void)state;
  assert_int_equal(kma_model_open_file(&m, path, NULL), KMA_E_IO);
  assert_null(m);
  assert_true(contains(kma_last_error_message(), path));
  assert_int_equal(kma_last_error_offset(), -1);
}

static void test_open_garbage(void** state) {
  static const char garbage[] =
      "This is certainly not a kma model file, just some text that is long "
      "enough to pass any minimum size check in a header parser.\n";
  char* path = write_temp_file(garbage, sizeof(garbage));
  char* empty = write_temp_file("", 0);
  kma_model* m = SENTINEL(kma_model);
  (void)state;
  assert_int_equal(kma_model_open_file(&m, path, NULL), KMA_E_MODEL_FORMAT);
  assert_null(m);
  assert_true(strlen(kma_last_error_message()) > 0);
  m = SENTINEL(kma_model);
  assert_int_equal(kma_model_open_file(&m, empty, NULL), KMA_E_MODEL_FORMAT);
  assert_null(m);
  m = SENTINEL(kma_model);
  assert_int_equal(kma_model_open_memory(&m, garbage, sizeof(garbage), NULL),
                   KMA_E_MODEL_FORMAT);
  assert_null(m);
  /* A directory is not a model file either. */
  assert_int_not_equal(kma_model_open_file(&m, KMA_TEST_TMP_DIR, NULL), KMA_OK);
  assert_null(m);
  unlink(path);
  unlink(empty);
  free(path);
  free(empty);
}

static void test_open_truncated(void** state) {
  size_t size;
  unsigned char* bytes = read_model_bytes(&size);
  char* path = write_temp_file(bytes, size / 2);
  kma_model* m = SENTINEL(kma_model);
  (void)state;
  assert_int_equal(kma_model_open_file(&m, path, NULL), KMA_E_MODEL_FORMAT);
  assert_null(m);
  m = SENTINEL(kma_model);
  assert_int_equal(kma_model_open_memory(&m, bytes, 40, NULL),
                   KMA_E_MODEL_FORMAT);
  assert_null(m);
  unlink(path);
  free(path);
  free(bytes);
}

static void test_open_future_version(void** state) {
  size_t size;
  unsigned char* bytes = read_model_bytes(&size);
  char* path;
  kma_model* m = SENTINEL(kma_model);
  (void)state;
  /* The header is "KMAMODEL" then the u32 little-endian format version. */
  assert_memory_equal(bytes, "KMAMODEL", 8);
  bytes[8] = 999 & 0xFF;
  bytes[9] = 999 >> 8;
  bytes[10] = 0;
  bytes[11] = 0;
  path = write_temp_file(bytes, size);
  assert_int_equal(kma_model_open_file(&m, path, NULL), KMA_E_MODEL_VERSION);
  assert_null(m);
  assert_true(contains(kma_last_error_message(), "999"));
  m = SENTINEL(kma_model);
  assert_int_equal(kma_model_open_memory(&m, bytes, size, NULL),
                   KMA_E_MODEL_VERSION);
  assert_null(m);
  unlink(path);
  free(path);
  free(bytes);
}

static void test_open_memory(void** state) {
  size_t size;
  unsigned char* bytes = read_model_bytes(&size);
  kma_model* m = NULL;
  kma_analyzer* a = NULL;
  kma_result* r1 = NULL;
  kma_result* r2 = analyze("오늘 날씨가 좋네요.");
  char s1[4096], s2[4096];
  (void)state;
  assert_int_equal(kma_model_open_memory(&m, bytes, size, NULL), KMA_OK);
  /* The bytes were copied: scribbling over them must not matter. */
  memset(bytes, 0xAB, size);
  free(bytes);
  assert_int_equal(kma_analyzer_new(&a, m, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, "오늘 날씨가 좋네요.",
                                             strlen("오늘 날씨가 좋네요."), &r1),
                   KMA_OK);
  test_serialize(r1, s1, sizeof(s1));
  test_serialize(r2, s2, sizeof(s2));
  assert_string_equal(s1, s2);
  kma_result_free(r1);
  kma_result_free(r2);
  kma_analyzer_free(a);
  kma_model_free(m);
}

/* ---- input errors ------------------------------------------------------- */

struct bad_utf8_case {
  const char* text;
  size_t bytes;
  int64_t offset;
};

static void test_invalid_utf8(void** state) {
  static const struct bad_utf8_case cases[] = {
      {"ab\xff", 3, 2},                         /* byte never valid */
      {"\xea\xb0\x80\x80", 4, 3},               /* 가 + stray continuation */
      {"\xea\xb0\x80\xeb\x82\x98\xea\xb0", 8, 6}, /* 가나 + truncated at end */
      {"\xea\xb0" "A", 3, 0},                   /* truncated before ASCII */
      {"a\xc0\xaf", 3, 1},                      /* overlong '/' */
      {"xy\xe0\x80\xaf", 5, 2},                 /* overlong 3-byte */
      {"\xed\xa0\x80", 3, 0},                   /* encoded surrogate */
      {"ok \xf4\x90\x80\x80", 7, 3},            /* above U+10FFFF */
      {"\xf5\x80\x80\x80", 4, 0},               /* lead byte F5 */
  };
  kma_analyzer* a = NULL;
  size_t i;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
    kma_result* r = SENTINEL(kma_result);
    kma_status st =
        kma_analyzer_analyze_utf8(a, cases[i].text, cases[i].bytes, &r);
    if (st != KMA_E_INVALID_UTF8 || kma_last_error_offset() != cases[i].offset) {
      fail_msg("case %zu: status %d offset %lld (want offset %lld): %s", i,
               (int)st, (long long)kma_last_error_offset(),
               (long long)cases[i].offset, kma_last_error_message());
    }
    assert_null(r);
    assert_true(contains(kma_last_error_message(), "UTF-8"));
    /* Split validates too. */
    r = SENTINEL(kma_result);
    assert_int_equal(kma_analyzer_split_utf8(a, cases[i].text, cases[i].bytes, &r),
                     KMA_E_INVALID_UTF8);
    assert_int_equal(kma_last_error_offset(), cases[i].offset);
    assert_null(r);
  }
  /* The analyzer still works after errors, and the offset resets to -1 on
   * the next non-input error. */
  {
    kma_result* r = NULL;
    assert_int_equal(kma_analyzer_analyze_utf8(a, "좋아요", strlen("좋아요"), &r),
                     KMA_OK);
    assert_true(kma_result_token_count(r, 0) > 0);
    kma_result_free(r);
    assert_int_equal(kma_analyzer_analyze_utf8(NULL, "a", 1, &r),
                     KMA_E_INVALID_ARGUMENT);
    assert_int_equal(kma_last_error_offset(), -1);
  }
  kma_analyzer_free(a);
}

struct bad_utf16_case {
  uint16_t text[4];
  size_t units;
  int64_t offset;
};

static void test_invalid_utf16(void** state) {
  static const struct bad_utf16_case cases[] = {
      {{0xD800}, 1, 0},                         /* lone high surrogate */
      {{0x0061, 0xDC00}, 2, 1},                 /* lone low surrogate */
      {{0xAC00, 0xD800, 0x0041}, 3, 1},         /* high + non-surrogate */
      {{0xAC00, 0xAC01, 0xD83D}, 3, 2},         /* high at the very end */
      {{0xD83D, 0xDE00, 0xDE00}, 3, 2},         /* valid pair + stray low */
      {{0xD800, 0xD800, 0xDC00}, 3, 0},         /* high + high + low */
  };
  kma_analyzer* a = NULL;
  size_t i;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
    kma_result* r = SENTINEL(kma_result);
    kma_status st =
        kma_analyzer_analyze_utf16(a, cases[i].text, cases[i].units, &r);
    if (st != KMA_E_INVALID_UTF16 || kma_last_error_offset() != cases[i].offset) {
      fail_msg("case %zu: status %d offset %lld (want offset %lld): %s", i,
               (int)st, (long long)kma_last_error_offset(),
               (long long)cases[i].offset, kma_last_error_message());
    }
    assert_null(r);
    r = SENTINEL(kma_result);
    assert_int_equal(kma_analyzer_split_utf16(a, cases[i].text, cases[i].units, &r),
                     KMA_E_INVALID_UTF16);
    assert_int_equal(kma_last_error_offset(), cases[i].offset);
    assert_null(r);
  }
  kma_analyzer_free(a);
}

static void test_empty_input(void** state) {
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  static const uint16_t no_units[1] = {0};
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, "", 0, &r), KMA_OK);
  assert_int_equal(kma_result_analysis_count(r), 1);
  assert_int_equal(kma_result_token_count(r, 0), 0);
  assert_null(kma_result_tokens(r, 0));
  assert_int_equal(kma_result_sentence_count(r), 0);
  kma_result_free(r);
  /* NULL text is fine when the length is 0. */
  r = NULL;
  assert_int_equal(kma_analyzer_analyze_utf8(a, NULL, 0, &r), KMA_OK);
  assert_int_equal(kma_result_token_count(r, 0), 0);
  kma_result_free(r);
  r = NULL;
  assert_int_equal(kma_analyzer_analyze_utf16(a, no_units, 0, &r), KMA_OK);
  assert_int_equal(kma_result_token_count(r, 0), 0);
  kma_result_free(r);
  r = NULL;
  assert_int_equal(kma_analyzer_analyze_utf16(a, NULL, 0, &r), KMA_OK);
  kma_result_free(r);
  r = NULL;
  assert_int_equal(kma_analyzer_split_utf8(a, "", 0, &r), KMA_OK);
  assert_int_equal(kma_result_analysis_count(r), 0);
  assert_int_equal(kma_result_sentence_count(r), 0);
  kma_result_free(r);
  kma_analyzer_free(a);
}

static void test_input_too_long(void** state) {
  kma_analyzer* a = NULL;
  kma_result* r = SENTINEL(kma_result);
  const char text[4] = "abc";
  (void)state;
  if (sizeof(size_t) <= 4) skip();
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  /* The length check happens before the text is read, so a short buffer
   * with a huge claimed length is safe here. */
  assert_int_equal(
      kma_analyzer_analyze_utf8(a, text, (size_t)UINT32_MAX + 1u, &r),
      KMA_E_INPUT_TOO_LONG);
  assert_null(r);
  kma_analyzer_free(a);
}

/* ---- NULL arguments ----------------------------------------------------- */

#define EXPECT_NULL_ARG(call, argname)                                 \
  do {                                                                 \
    assert_int_equal((call), KMA_E_INVALID_ARGUMENT);                  \
    if (!contains(kma_last_error_message(), "'" argname "'")) {        \
      fail_msg("message '%s' does not name '%s'",                      \
               kma_last_error_message(), argname);                     \
    }                                                                  \
  } while (0)

static void test_null_arguments(void** state) {
  kma_model* m = SENTINEL(kma_model);
  kma_analyzer* a = NULL;
  kma_analyzer* a2 = SENTINEL(kma_analyzer);
  kma_result* r = SENTINEL(kma_result);
  kma_options* o = NULL;
  kma_options* o2 = SENTINEL(kma_options);
  kma_span span;
  uint16_t tag;
  int32_t i32;
  float f32;
  double lo, hi;
  const char* str;
  static const uint16_t u16[2] = {0xAC00, 0xAC01};
  (void)state;

  /* Frees accept NULL. */
  kma_model_free(NULL);
  kma_analyzer_free(NULL);
  kma_result_free(NULL);
  kma_options_free(NULL);

  /* Model. */
  EXPECT_NULL_ARG(kma_model_open_file(NULL, KMA_TEST_MODEL_PATH, NULL), "out");
  EXPECT_NULL_ARG(kma_model_open_file(&m, NULL, NULL), "path_utf8");
  assert_null(m);
  EXPECT_NULL_ARG(kma_model_open_memory(NULL, "x", 1, NULL), "out");
  m = SENTINEL(kma_model);
  EXPECT_NULL_ARG(kma_model_open_memory(&m, NULL, 10, NULL), "data");
  assert_null(m);
  assert_int_equal(kma_model_format_version(NULL), 0);
  assert_int_equal(kma_model_morpheme_count(NULL), 0);
  assert_int_equal(kma_model_lm_count(NULL), 0);
  assert_null(kma_model_lm_name(NULL, 0));
  assert_null(kma_model_default_lm(NULL));
  assert_null(kma_model_metadata(NULL, "license"));
  assert_true(contains(kma_last_error_message(), "model"));
  assert_null(kma_model_metadata(g_model, NULL));
  assert_true(contains(kma_last_error_message(), "key"));

  /* Analyzer. */
  EXPECT_NULL_ARG(kma_analyzer_new(NULL, g_model, NULL), "out");
  EXPECT_NULL_ARG(kma_analyzer_new(&a2, NULL, NULL), "model");
  assert_null(a2);
  EXPECT_NULL_ARG(kma_analyzer_set_options(NULL, NULL), "analyzer");
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);

  EXPECT_NULL_ARG(kma_analyzer_analyze_utf8(NULL, "a", 1, &r), "analyzer");
  assert_null(r);
  EXPECT_NULL_ARG(kma_analyzer_analyze_utf8(a, "a", 1, NULL), "out");
  r = SENTINEL(kma_result);
  EXPECT_NULL_ARG(kma_analyzer_analyze_utf8(a, NULL, 5, &r), "text");
  assert_null(r);
  r = SENTINEL(kma_result);
  EXPECT_NULL_ARG(kma_analyzer_analyze_utf16(NULL, u16, 2, &r), "analyzer");
  assert_null(r);
  EXPECT_NULL_ARG(kma_analyzer_analyze_utf16(a, u16, 2, NULL), "out");
  r = SENTINEL(kma_result);
  EXPECT_NULL_ARG(kma_analyzer_analyze_utf16(a, NULL, 2, &r), "text");
  assert_null(r);
  r = SENTINEL(kma_result);
  EXPECT_NULL_ARG(kma_analyzer_split_utf8(NULL, "a", 1, &r), "analyzer");
  assert_null(r);
  EXPECT_NULL_ARG(kma_analyzer_split_utf8(a, "a", 1, NULL), "out");
  EXPECT_NULL_ARG(kma_analyzer_split_utf8(a, NULL, 1, &r), "text");
  r = SENTINEL(kma_result);
  EXPECT_NULL_ARG(kma_analyzer_split_utf16(NULL, u16, 2, &r), "analyzer");
  assert_null(r);
  EXPECT_NULL_ARG(kma_analyzer_split_utf16(a, u16, 2, NULL), "out");
  EXPECT_NULL_ARG(kma_analyzer_split_utf16(a, NULL, 2, &r), "text");

  /* Result getters on NULL. */
  assert_int_equal(kma_result_analysis_count(NULL), 0);
  assert_true(kma_result_analysis_score(NULL, 0) == 0.0f);
  assert_int_equal(kma_result_token_count(NULL, 0), 0);
  assert_null(kma_result_tokens(NULL, 0));
  assert_int_equal(kma_result_sentence_count(NULL), 0);
  EXPECT_NULL_ARG(kma_result_sentence(NULL, 0, &span), "result");
  assert_int_equal(kma_analyzer_analyze_utf8(a, "좋다", strlen("좋다"), &r),
                   KMA_OK);
  EXPECT_NULL_ARG(kma_result_sentence(r, 0, NULL), "out");
  assert_null(kma_result_token_form(NULL, kma_result_tokens(r, 0)));
  assert_null(kma_result_token_form(r, NULL));
  kma_result_free(r);

  /* Options. */
  EXPECT_NULL_ARG(kma_options_new(NULL), "out");
  EXPECT_NULL_ARG(kma_options_clone(NULL, NULL), "out");
  EXPECT_NULL_ARG(kma_options_clone(&o2, NULL), "src");
  assert_null(o2);
  assert_int_equal(kma_options_new(&o), KMA_OK);
  EXPECT_NULL_ARG(kma_options_set_int(NULL, KMA_OPT_TOP_N, 2), "opt");
  EXPECT_NULL_ARG(kma_options_get_int(NULL, KMA_OPT_TOP_N, &i32), "opt");
  EXPECT_NULL_ARG(kma_options_get_int(o, KMA_OPT_TOP_N, NULL), "out");
  EXPECT_NULL_ARG(kma_options_set_float(NULL, KMA_OPT_BEAM, 1.0f), "opt");
  EXPECT_NULL_ARG(kma_options_get_float(NULL, KMA_OPT_BEAM, &f32), "opt");
  EXPECT_NULL_ARG(kma_options_get_float(o, KMA_OPT_BEAM, NULL), "out");
  EXPECT_NULL_ARG(kma_options_set_string(NULL, KMA_OPT_LM, "knlm"), "opt");
  EXPECT_NULL_ARG(kma_options_set_string(o, KMA_OPT_LM, NULL), "value_utf8");
  EXPECT_NULL_ARG(kma_options_get_string(NULL, KMA_OPT_LM, &str), "opt");
  EXPECT_NULL_ARG(kma_options_get_string(o, KMA_OPT_LM, NULL), "out");
  EXPECT_NULL_ARG(kma_option_bounds(KMA_OPT_TOP_N, NULL, &hi), "min_out");
  EXPECT_NULL_ARG(kma_option_bounds(KMA_OPT_TOP_N, &lo, NULL), "max_out");
  kma_options_free(o);

  /* Tags. */
  EXPECT_NULL_ARG(kma_tag_from_name(NULL, &tag), "name");
  EXPECT_NULL_ARG(kma_tag_from_name("NNG", NULL), "out");

  /* Runtime. */
  kma_set_log_callback(NULL, NULL);
  assert_non_null(kma_last_error_message());
  kma_analyzer_free(a);
}

/* ---- options ------------------------------------------------------------ */

static void test_options(void** state) {
  kma_options* o = NULL;
  kma_options* copy = NULL;
  int32_t i32 = 0;
  float f32 = 0;
  double lo = 0, hi = 0;
  const char* str = NULL;
  (void)state;
  assert_int_equal(kma_options_new(&o), KMA_OK);

  /* Defaults. */
  assert_int_equal(kma_options_get_int(o, KMA_OPT_TOP_N, &i32), KMA_OK);
  assert_int_equal(i32, 1);
  assert_int_equal(kma_options_get_int(o, KMA_OPT_MAX_UNKNOWN_LENGTH, &i32),
                   KMA_OK);
  assert_int_equal(i32, 8);
  assert_int_equal(kma_options_get_float(o, KMA_OPT_BEAM, &f32), KMA_OK);
  assert_true(f32 == 5.0f);
  assert_int_equal(kma_options_get_string(o, KMA_OPT_LM, &str), KMA_OK);
  assert_string_equal(str, "");

  /* Types. */
  assert_int_equal(kma_option_type(KMA_OPT_TOP_N), KMA_OPT_TYPE_INT);
  assert_int_equal(kma_option_type(KMA_OPT_BEAM), KMA_OPT_TYPE_FLOAT);
  assert_int_equal(kma_option_type(KMA_OPT_MAX_UNKNOWN_LENGTH), KMA_OPT_TYPE_INT);
  assert_int_equal(kma_option_type(KMA_OPT_LM), KMA_OPT_TYPE_STRING);
  assert_int_equal(kma_option_type(0), KMA_OPT_TYPE_NONE);
  assert_int_equal(kma_option_type(999), KMA_OPT_TYPE_NONE);

  /* TOP_N: 1..64, edges accepted, one past rejected and value kept. */
  assert_int_equal(kma_option_bounds(KMA_OPT_TOP_N, &lo, &hi), KMA_OK);
  assert_true(lo == 1.0 && hi == 64.0);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, 64), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, 1), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, 5), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, 0),
                   KMA_E_INVALID_ARGUMENT);
  assert_true(contains(kma_last_error_message(), "KMA_OPT_TOP_N"));
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, 65),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, -1),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_get_int(o, KMA_OPT_TOP_N, &i32), KMA_OK);
  assert_int_equal(i32, 5);

  /* MAX_UNKNOWN_LENGTH. */
  assert_int_equal(kma_option_bounds(KMA_OPT_MAX_UNKNOWN_LENGTH, &lo, &hi),
                   KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_MAX_UNKNOWN_LENGTH, (int32_t)hi),
                   KMA_OK);
  assert_int_equal(
      kma_options_set_int(o, KMA_OPT_MAX_UNKNOWN_LENGTH, (int32_t)hi + 1),
      KMA_E_INVALID_ARGUMENT);
  assert_int_equal(
      kma_options_set_int(o, KMA_OPT_MAX_UNKNOWN_LENGTH, (int32_t)lo - 1),
      KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_get_int(o, KMA_OPT_MAX_UNKNOWN_LENGTH, &i32),
                   KMA_OK);
  assert_int_equal(i32, (int32_t)hi);

  /* BEAM: float with bounds; NaN and out-of-range rejected. */
  assert_int_equal(kma_option_bounds(KMA_OPT_BEAM, &lo, &hi), KMA_OK);
  assert_true(lo < hi);
  assert_int_equal(kma_options_set_float(o, KMA_OPT_BEAM, 2.5f), KMA_OK);
  assert_int_equal(kma_options_set_float(o, KMA_OPT_BEAM, (float)hi * 2.0f),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_float(o, KMA_OPT_BEAM, (float)lo - 1.0f),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_float(o, KMA_OPT_BEAM, (float)NAN),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_get_float(o, KMA_OPT_BEAM, &f32), KMA_OK);
  assert_true(f32 == 2.5f);

  /* Wrong types. */
  assert_int_equal(kma_options_set_float(o, KMA_OPT_TOP_N, 1.0f),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_BEAM, 1),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_string(o, KMA_OPT_TOP_N, "3"),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_get_string(o, KMA_OPT_BEAM, &str),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_LM, 1),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_option_bounds(KMA_OPT_LM, &lo, &hi),
                   KMA_E_INVALID_ARGUMENT);

  /* Unknown slots are "unsupported", so callers can probe. */
  assert_int_equal(kma_options_set_int(o, 999, 1), KMA_E_UNSUPPORTED);
  assert_true(contains(kma_last_error_message(), "999"));
  assert_int_equal(kma_options_get_int(o, 0, &i32), KMA_E_UNSUPPORTED);
  assert_int_equal(kma_options_set_float(o, -7, 1.0f), KMA_E_UNSUPPORTED);
  assert_int_equal(kma_options_set_string(o, 500, "x"), KMA_E_UNSUPPORTED);
  assert_int_equal(kma_option_bounds(999, &lo, &hi), KMA_E_UNSUPPORTED);

  /* Strings are copied; clones are independent. */
  {
    char lm[16];
    strcpy(lm, "knlm");
    assert_int_equal(kma_options_set_string(o, KMA_OPT_LM, lm), KMA_OK);
    strcpy(lm, "XXXX");
    assert_int_equal(kma_options_get_string(o, KMA_OPT_LM, &str), KMA_OK);
    assert_string_equal(str, "knlm");
  }
  assert_int_equal(kma_options_clone(&copy, o), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, 2), KMA_OK);
  assert_int_equal(kma_options_get_int(copy, KMA_OPT_TOP_N, &i32), KMA_OK);
  assert_int_equal(i32, 5);
  kma_options_free(copy);
  kma_options_free(o);
}

static void test_lm_option(void** state) {
  kma_options* o = NULL;
  kma_analyzer* a = SENTINEL(kma_analyzer);
  kma_result* r = NULL;
  (void)state;
  assert_int_equal(kma_options_new(&o), KMA_OK);
  assert_int_equal(kma_options_set_string(o, KMA_OPT_LM, "no-such-lm"), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, o), KMA_E_INVALID_ARGUMENT);
  assert_null(a);
  assert_true(contains(kma_last_error_message(), "no-such-lm"));
  assert_true(contains(kma_last_error_message(), kma_model_default_lm(g_model)));
  /* Every LM the model lists can be selected. */
  {
    size_t i;
    for (i = 0; i < kma_model_lm_count(g_model); ++i) {
      assert_int_equal(
          kma_options_set_string(o, KMA_OPT_LM, kma_model_lm_name(g_model, i)),
          KMA_OK);
      assert_int_equal(kma_analyzer_new(&a, g_model, o), KMA_OK);
      assert_int_equal(kma_analyzer_analyze_utf8(a, "학교에 간다", strlen("학교에 간다"), &r),
                       KMA_OK);
      assert_true(kma_result_token_count(r, 0) > 0);
      kma_result_free(r);
      kma_analyzer_free(a);
    }
  }
  kma_options_free(o);
}

/* "form/TAG form/TAG ..." of the best analysis of `text` under `o`
 * (malloc'ed). */
static char* morphs_with(const kma_options* o, const char* text) {
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  char* out = (char*)calloc(4096, 1);
  size_t i, n, used = 0;
  const kma_token* t;
  assert_non_null(out);
  assert_int_equal(kma_analyzer_new(&a, g_model, o), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  t = kma_result_tokens(r, 0);
  n = kma_result_token_count(r, 0);
  for (i = 0; i < n; ++i) {
    used += (size_t)snprintf(out + used, 4096 - used, "%s%s/%s", i ? " " : "", kma_result_token_form(r, &t[i]),
                             kma_tag_name(t[i].tag));
    assert_true(used < 4096);
  }
  kma_result_free(r);
  kma_analyzer_free(a);
  return out;
}

/* Slot 8 (the convention prior's, retired) is no option any more: the
 * table skips it, its name is unknown, and setting it is refused. The
 * analysis follows one convention: 같은 in a KAIST-like sentence is
 * 같/VA 은/ETM, as in every source (docs/CONVENTIONS.md). */
static void test_retired_convention_slot(void** state) {
  static const char kText[] = "그는 다른 사람과 같은 생각을 하고 있었다.";
  kma_options* o = NULL;
  int32_t slot = -1;
  char* morphs;
  (void)state;
  assert_int_equal(kma_options_new(&o), KMA_OK);
  assert_int_equal(kma_option_type(8), KMA_OPT_TYPE_NONE);
  assert_int_equal(kma_option_next(7), KMA_OPT_MEMORY_BUDGET_MIB);
  assert_int_equal(kma_options_set_int(o, 8, 0), KMA_E_UNSUPPORTED);
  assert_true(contains(kma_last_error_message(), "unknown option slot 8"));
  assert_int_equal(kma_option_find("convention", &slot), KMA_E_UNSUPPORTED);
  morphs = morphs_with(o, kText);
  assert_true(contains(morphs, "같/VA 은/ETM 생각/NNG"));
  free(morphs);
  kma_options_free(o);
}

static void test_top_n(void** state) {
  const char* text = "나는 밥을 먹었다";
  kma_options* o = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  kma_result* best = analyze(text);
  size_t i, n;
  char s_best[4096];
  (void)state;
  assert_int_equal(kma_options_new(&o), KMA_OK);
  assert_int_equal(kma_options_set_int(o, KMA_OPT_TOP_N, 4), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, o), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  n = kma_result_analysis_count(r);
  assert_true(n >= 1 && n <= 4);
  for (i = 1; i < n; ++i) {
    assert_true(kma_result_analysis_score(r, i) <=
                kma_result_analysis_score(r, i - 1));
  }
  /* The best of the n-best equals the 1-best analysis. */
  assert_int_equal(kma_result_token_count(r, 0), kma_result_token_count(best, 0));
  {
    const kma_token* t = kma_result_tokens(r, 0);
    const kma_token* u = kma_result_tokens(best, 0);
    for (i = 0; i < kma_result_token_count(r, 0); ++i) {
      assert_string_equal(kma_result_token_form(r, &t[i]),
                          kma_result_token_form(best, &u[i]));
      assert_int_equal(t[i].tag, u[i].tag);
      assert_int_equal(t[i].begin, u[i].begin);
    }
  }
  kma_result_free(r);

  /* set_options: back to defaults with NULL, bad LM keeps the old options. */
  assert_int_equal(kma_analyzer_set_options(a, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  assert_int_equal(kma_result_analysis_count(r), 1);
  test_serialize(best, s_best, sizeof(s_best));
  {
    char s[4096];
    test_serialize(r, s, sizeof(s));
    assert_string_equal(s, s_best);
  }
  kma_result_free(r);
  assert_int_equal(kma_options_set_string(o, KMA_OPT_LM, "bogus"), KMA_OK);
  assert_int_equal(kma_analyzer_set_options(a, o), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  assert_int_equal(kma_result_analysis_count(r), 1);
  kma_result_free(r);

  kma_result_free(best);
  kma_analyzer_free(a);
  kma_options_free(o);
}

/* ---- offsets ------------------------------------------------------------ */

/* Mixed text: Hangul, an emoji outside the BMP, Hanja, Latin, digits. */
static const char kMixed[] =
    "아버지가 방에 들어가신다 😀 漢字 공부는 ABC 123개로 끝!";

static int is_cont(unsigned char c) { return (c & 0xC0) == 0x80; }

static void test_utf8_offsets(void** state) {
  kma_result* r = analyze(kMixed);
  const size_t bytes = strlen(kMixed);
  const kma_token* t = kma_result_tokens(r, 0);
  const size_t n = kma_result_token_count(r, 0);
  const char* emoji = strstr(kMixed, "😀");
  const char* hanja = strstr(kMixed, "漢字");
  char* covered = (char*)calloc(bytes, 1);
  size_t i;
  int emoji_token = 0, hanja_token = 0;
  (void)state;
  assert_true(n > 5);
  for (i = 0; i < n; ++i) {
    const uint32_t b = t[i].begin, e = t[i].begin + t[i].length;
    assert_true(e <= bytes);
    /* Spans fall on code point boundaries and agree with cp offsets. */
    assert_false(is_cont((unsigned char)kMixed[b]));
    if (e < bytes) assert_false(is_cont((unsigned char)kMixed[e]));
    assert_int_equal(t[i].cp_begin, test_utf8_cp_count(kMixed, b));
    assert_int_equal(t[i].cp_length, test_utf8_cp_count(kMixed + b, t[i].length));
    if (i > 0) assert_true(t[i].begin >= t[i - 1].begin);
    memset(covered + b, 1, t[i].length);
    if (kMixed + b == emoji && t[i].length == 4) emoji_token = 1;
    if (kMixed + b >= hanja && kMixed + e <= hanja + strlen("漢字")) {
      hanja_token = 1;
    }
  }
  /* Every non-space byte belongs to some token. */
  for (i = 0; i < bytes; ++i) {
    if (kMixed[i] != ' ' && !covered[i]) fail_msg("byte %zu not covered", i);
  }
  assert_true(emoji_token);
  assert_true(hanja_token);
  free(covered);
  kma_result_free(r);
}

static void test_utf16_offsets(void** state) {
  size_t units = 0;
  uint16_t* text = test_utf8_to_utf16(kMixed, strlen(kMixed), &units);
  kma_analyzer* a = NULL;
  kma_result* r16 = NULL;
  kma_result* r8 = analyze(kMixed);
  const kma_token* t;
  const kma_token* u = kma_result_tokens(r8, 0);
  size_t i, n;
  size_t emoji_at = 0;
  int emoji_token = 0;
  (void)state;
  assert_non_null(text);
  for (i = 0; i < units; ++i) {
    if (text[i] == 0xD83D) emoji_at = i;
  }
  assert_true(emoji_at > 0);
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf16(a, text, units, &r16), KMA_OK);
  t = kma_result_tokens(r16, 0);
  n = kma_result_token_count(r16, 0);
  /* Same analysis as UTF-8; only the code-unit offsets differ. */
  assert_int_equal(n, kma_result_token_count(r8, 0));
  for (i = 0; i < n; ++i) {
    const uint32_t b = t[i].begin, e = t[i].begin + t[i].length;
    assert_true(e <= units);
    /* Never split a surrogate pair. */
    assert_false(text[b] >= 0xDC00 && text[b] <= 0xDFFF);
    if (e < units) assert_false(text[e] >= 0xDC00 && text[e] <= 0xDFFF);
    assert_int_equal(t[i].cp_begin, test_utf16_cp_count(text, b));
    assert_int_equal(t[i].cp_length, test_utf16_cp_count(text + b, t[i].length));
    assert_int_equal(t[i].cp_begin, u[i].cp_begin);
    assert_int_equal(t[i].cp_length, u[i].cp_length);
    assert_int_equal(t[i].tag, u[i].tag);
    assert_string_equal(kma_result_token_form(r16, &t[i]),
                        kma_result_token_form(r8, &u[i]));
    if (b == emoji_at && t[i].length == 2) emoji_token = 1;
  }
  assert_true(emoji_token);
  free(text);
  kma_result_free(r16);
  kma_result_free(r8);
  kma_analyzer_free(a);
}

static void test_sentences(void** state) {
  const char* text = "첫 번째 문장입니다. 두 번째 문장은 여기 있어요! 마지막인가요?";
  kma_analyzer* a = NULL;
  kma_result* split = NULL;
  kma_result* full = NULL;
  kma_result* split16 = NULL;
  size_t units = 0;
  uint16_t* text16 = test_utf8_to_utf16(text, strlen(text), &units);
  size_t i, n;
  kma_span s, s16, prev;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_split_utf8(a, text, strlen(text), &split),
                   KMA_OK);
  assert_int_equal(kma_result_analysis_count(split), 0);
  assert_int_equal(kma_result_token_count(split, 0), 0);
  n = kma_result_sentence_count(split);
  assert_int_equal(n, 3);
  assert_int_equal(kma_analyzer_split_utf16(a, text16, units, &split16), KMA_OK);
  assert_int_equal(kma_result_sentence_count(split16), n);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &full),
                   KMA_OK);
  assert_int_equal(kma_result_sentence_count(full), n);
  memset(&prev, 0, sizeof(prev));
  for (i = 0; i < n; ++i) {
    assert_int_equal(kma_result_sentence(split, i, &s), KMA_OK);
    assert_int_equal(kma_result_sentence(split16, i, &s16), KMA_OK);
    assert_true(s.length > 0);
    assert_true(s.begin + s.length <= strlen(text));
    if (i > 0) assert_true(s.begin >= prev.begin + prev.length);
    assert_int_equal(s.cp_begin, test_utf8_cp_count(text, s.begin));
    assert_int_equal(s.cp_begin, s16.cp_begin);
    assert_int_equal(s.cp_length, s16.cp_length);
    prev = s;
  }
  assert_int_equal(kma_result_sentence(split, 0, &s), KMA_OK);
  assert_memory_equal(text + s.begin, "첫", strlen("첫"));
  /* Tokens of the full analysis refer to those sentences. */
  {
    const kma_token* t = kma_result_tokens(full, 0);
    size_t k;
    for (k = 0; k < kma_result_token_count(full, 0); ++k) {
      assert_true(t[k].sentence < n);
      assert_int_equal(kma_result_sentence(full, t[k].sentence, &s), KMA_OK);
      assert_true(t[k].begin >= s.begin);
      assert_true(t[k].begin + t[k].length <= s.begin + s.length);
    }
  }
  assert_int_equal(kma_result_sentence(split, n, &s), KMA_E_INVALID_ARGUMENT);
  kma_result_free(split);
  kma_result_free(split16);
  kma_result_free(full);
  kma_analyzer_free(a);
  free(text16);
}

/* ---- result details and tags -------------------------------------------- */

static void test_token_form_bounds(void** state) {
  kma_result* r = analyze("한국어 형태소 분석");
  kma_token forged = kma_result_tokens(r, 0)[0];
  (void)state;
  /* A copied token works (bindings marshal tokens into their own memory). */
  assert_string_equal(kma_result_token_form(r, &forged),
                      kma_result_token_form(r, kma_result_tokens(r, 0)));
  forged.form_offset = 0xFFFFFF00u;
  assert_string_equal(kma_result_token_form(r, &forged), "");
  forged.form_offset = 0;
  forged.form_length = 0xFFFFFFFFu;
  assert_string_equal(kma_result_token_form(r, &forged), "");
  kma_result_free(r);
}

static void test_tags(void** state) {
  uint16_t t, tag = 0;
  (void)state;
  assert_true(kma_tag_count() > 40);
  assert_string_equal(kma_tag_name(0), "UN");
  assert_string_equal(kma_tag_name(1), "NNG");
  assert_string_equal(kma_tag_name(kma_tag_count()), "UN");
  assert_string_equal(kma_tag_name(0xFFFF), "UN");
  for (t = 0; t < kma_tag_count(); ++t) {
    assert_int_equal(kma_tag_from_name(kma_tag_name(t), &tag), KMA_OK);
    assert_int_equal(tag, t);
  }
  assert_int_equal(kma_tag_from_name("VV-I", &tag), KMA_OK);
  assert_string_equal(kma_tag_name(tag), "VV");
  tag = 77;
  assert_int_equal(kma_tag_from_name("NOPE", &tag), KMA_E_INVALID_ARGUMENT);
  assert_int_equal(tag, 77);
  assert_true(contains(kma_last_error_message(), "NOPE"));
}

/* The log callback is tested in log_test.c (it needs its own process per
 * KMA_ISA value). */

/* ---- large input -------------------------------------------------------- */

static void test_10mb_line(void** state) {
  static const char unit[] = "아버지가 방에 들어가신다 그리고 우리는 밥을 먹었다 ";
  const size_t unit_len = sizeof(unit) - 1;
  const size_t target = 10u * 1024u * 1024u;
  const size_t reps = target / unit_len + 1;
  char* text;
  size_t i, bytes = reps * unit_len;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  const kma_token* t;
  size_t n;
  struct timespec t0, t1;
  double seconds;
  (void)state;
  if (getenv("KMA_SKIP_LARGE_TESTS") != NULL) skip();
  text = (char*)malloc(bytes);
  assert_non_null(text);
  for (i = 0; i < reps; ++i) memcpy(text + i * unit_len, unit, unit_len);
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  clock_gettime(CLOCK_MONOTONIC, &t0);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, bytes, &r), KMA_OK);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  /* (%lu: cmocka's format checking on Windows knows no %zu.) */
  print_message("10 MB line: %.2f s, %lu tokens\n", seconds,
                (unsigned long)kma_result_token_count(r, 0));
  n = kma_result_token_count(r, 0);
  t = kma_result_tokens(r, 0);
  /* At least one token per word of the repeated unit (7 words). */
  assert_true(n >= reps * 7);
  /* The last token ends at the last non-space byte. */
  assert_int_equal(t[n - 1].begin + t[n - 1].length, bytes - 1);
  /* No wall-clock assertion: this machine class is too noisy for timed
   * tests. A hang is caught by the ctest TIMEOUT; throughput is measured by
   * `kma bench` (docs/PERFORMANCE.md). */
  kma_result_free(r);
  kma_analyzer_free(a);
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_versions),
      cmocka_unit_test(test_lifecycle),
      cmocka_unit_test(test_expected_analysis),
      cmocka_unit_test(test_open_missing_file),
      cmocka_unit_test(test_open_garbage),
      cmocka_unit_test(test_open_truncated),
      cmocka_unit_test(test_open_future_version),
      cmocka_unit_test(test_open_memory),
      cmocka_unit_test(test_invalid_utf8),
      cmocka_unit_test(test_invalid_utf16),
      cmocka_unit_test(test_empty_input),
      cmocka_unit_test(test_input_too_long),
      cmocka_unit_test(test_null_arguments),
      cmocka_unit_test(test_options),
      cmocka_unit_test(test_lm_option),
      cmocka_unit_test(test_retired_convention_slot),
      cmocka_unit_test(test_top_n),
      cmocka_unit_test(test_utf8_offsets),
      cmocka_unit_test(test_utf16_offsets),
      cmocka_unit_test(test_sentences),
      cmocka_unit_test(test_token_form_bounds),
      cmocka_unit_test(test_tags),
      cmocka_unit_test(test_10mb_line),
  };
  return cmocka_run_group_tests_name("kma_capi", tests, group_setup,
                                     group_teardown);
}
