/* kma_result_format(): the records of `kma analyze`. Checked against the
 * CLI's golden files (expected.jsonl for JSON, from UTF-8 and from UTF-16
 * results; expected.tsv for morphs), the N-best and TSV layouts, the
 * buffer protocol, and the errors: a text the result was not made from,
 * invalid text, unknown formats, NULL arguments. */
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

static int contains(const char* haystack, const char* needle) {
  return haystack != NULL && strstr(haystack, needle) != NULL;
}

static FILE* open_golden(const char* name) {
  char path[1024];
  FILE* f;
  snprintf(path, sizeof path, "%s/%s", KMA_GOLDEN_DIR, name);
  f = fopen(path, "rb");
  assert_non_null(f);
  return f;
}

/* The record of r for text, in a malloc'ed NUL-terminated buffer sized by a
 * first call that reports the length. */
static char* format(const kma_result* r, int32_t fmt, const char* text, size_t len) {
  size_t n = 0, again = 0;
  char* buf;
  assert_int_equal(kma_result_format(r, fmt, text, len, NULL, 0, &n), KMA_E_BUFFER_TOO_SMALL);
  buf = (char*)malloc(n + 1);
  assert_non_null(buf);
  assert_int_equal(kma_result_format(r, fmt, text, len, buf, n + 1, &again), KMA_OK);
  assert_int_equal(again, n);
  assert_int_equal(strlen(buf), n);
  return buf;
}

static char* format16(const kma_result* r, int32_t fmt, const uint16_t* text, size_t units) {
  size_t n = 0;
  char* buf;
  assert_int_equal(kma_result_format_utf16(r, fmt, text, units, NULL, 0, &n), KMA_E_BUFFER_TOO_SMALL);
  buf = (char*)malloc(n + 1);
  assert_non_null(buf);
  assert_int_equal(kma_result_format_utf16(r, fmt, text, units, buf, n + 1, &n), KMA_OK);
  return buf;
}

/* Every line of format_corpus.txt gives its line of expected.jsonl, from a
 * UTF-8 and from a UTF-16 result (whose offsets are UTF-16 units: the
 * record still counts UTF-8 bytes). */
static void test_json_golden(void** state) {
  FILE* in = open_golden("format_corpus.txt");
  FILE* expected = open_golden("expected.jsonl");
  kma_analyzer *a8 = NULL, *a16 = NULL;
  char* line;
  int lines = 0;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a8, g_model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a16, g_model, NULL), KMA_OK);
  while ((line = test_read_line(in)) != NULL) {
    char* want = test_read_line(expected);
    size_t units = 0;
    uint16_t* u16 = test_utf8_to_utf16(line, strlen(line), &units);
    kma_result *r8 = NULL, *r16 = NULL;
    char *got8, *got16;
    assert_non_null(want);
    assert_int_equal(kma_analyzer_analyze_utf8(a8, line, strlen(line), &r8), KMA_OK);
    assert_int_equal(kma_analyzer_analyze_utf16(a16, u16, units, &r16), KMA_OK);
    got8 = format(r8, KMA_FORMAT_JSON, line, strlen(line));
    got16 = format16(r16, KMA_FORMAT_JSON, u16, units);
    /* The record ends with its newline; the golden line has none. */
    assert_int_equal(got8[strlen(got8) - 1], '\n');
    got8[strlen(got8) - 1] = '\0';
    got16[strlen(got16) - 1] = '\0';
    assert_string_equal(got8, want);
    assert_string_equal(got16, want);
    free(got8);
    free(got16);
    kma_result_free(r8);
    kma_result_free(r16);
    free(u16);
    free(want);
    free(line);
    ++lines;
  }
  assert_true(lines >= 8);
  assert_null(test_read_line(expected));
  kma_analyzer_free(a8);
  kma_analyzer_free(a16);
  fclose(in);
  fclose(expected);
}

/* The morphs record of every line of corpus.txt is its line of expected.tsv
 * (the golden output of `kma analyze -f morphs`). */
static void test_morphs_golden(void** state) {
  FILE* in = open_golden("corpus.txt");
  FILE* expected = open_golden("expected.tsv");
  kma_analyzer* a = NULL;
  char* line;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  while ((line = test_read_line(in)) != NULL) {
    char* want = test_read_line(expected);
    kma_result* r = NULL;
    char* got;
    assert_non_null(want);
    assert_int_equal(kma_analyzer_analyze_utf8(a, line, strlen(line), &r), KMA_OK);
    got = format(r, KMA_FORMAT_MORPHS, line, strlen(line));
    got[strlen(got) - 1] = '\0';
    assert_string_equal(got, want);
    free(got);
    kma_result_free(r);
    free(want);
    free(line);
  }
  kma_analyzer_free(a);
  fclose(in);
  fclose(expected);
}

/* N-best morphs: one "score\tmorphs" line per analysis and a blank line, the
 * blank line alone for an empty text; TSV: one line per token of the best
 * analysis and EOS. */
static void test_layouts(void** state) {
  kma_options* opt = NULL;
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  const char* text = "나는 밥을 먹었다";
  char *nbest, *tsv, *empty;
  const char* p;
  int newlines = 0;
  (void)state;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_int(opt, KMA_OPT_TOP_N, 3), KMA_OK);
  assert_int_equal(kma_analyzer_new(&a, g_model, opt), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  assert_int_equal(kma_result_analysis_count(r), 3);
  nbest = format(r, KMA_FORMAT_MORPHS_NBEST, text, strlen(text));
  for (p = nbest; *p != '\0'; ++p) newlines += *p == '\n';
  assert_int_equal(newlines, 4);
  assert_true(contains(nbest, "\t나/NP 는/JX 밥/NNG 을/JKO 먹/VV 었/EP 다/EF\n"));
  assert_true(strlen(nbest) >= 2 && strcmp(nbest + strlen(nbest) - 2, "\n\n") == 0);
  tsv = format(r, KMA_FORMAT_TSV, text, strlen(text));
  assert_true(strncmp(tsv, "나\tNP\t0\t3\t", strlen("나\tNP\t0\t3\t")) == 0);
  assert_true(contains(tsv, "\n먹\tVV\t"));
  assert_true(strcmp(tsv + strlen(tsv) - 4, "EOS\n") == 0);
  kma_result_free(r);
  assert_int_equal(kma_analyzer_analyze_utf8(a, "", 0, &r), KMA_OK);
  empty = format(r, KMA_FORMAT_MORPHS_NBEST, "", 0);
  assert_string_equal(empty, "\n");
  free(empty);
  empty = format(r, KMA_FORMAT_JSON, NULL, 0);
  assert_string_equal(empty, "{\"text\":\"\",\"analyses\":[{\"score\":0,\"tokens\":[]}]}\n");
  free(empty);
  kma_result_free(r);
  /* A split result has no analyses. */
  assert_int_equal(kma_analyzer_split_utf8(a, text, strlen(text), &r), KMA_OK);
  empty = format(r, KMA_FORMAT_TSV, text, strlen(text));
  assert_string_equal(empty, "EOS\n");
  free(empty);
  kma_result_free(r);
  free(nbest);
  free(tsv);
  kma_analyzer_free(a);
  kma_options_free(opt);
}

/* The buffer protocol: a buffer one byte short of the NUL is too small and
 * left untouched; the exact size works. */
static void test_buffer_sizes(void** state) {
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  const char* text = "좋다";
  char buf[256];
  size_t n = 0, m = 0;
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  assert_int_equal(kma_result_format(r, KMA_FORMAT_MORPHS, text, strlen(text), buf, sizeof buf, &n),
                   KMA_OK);
  assert_string_equal(buf, "좋/VA 다/EF\n");
  memset(buf, 'x', sizeof buf);
  assert_int_equal(kma_result_format(r, KMA_FORMAT_MORPHS, text, strlen(text), buf, n, &m),
                   KMA_E_BUFFER_TOO_SMALL);
  assert_int_equal(m, n);
  assert_int_equal(buf[0], 'x');
  assert_true(contains(kma_last_error_message(), "kma_result_format"));
  assert_int_equal(kma_result_format(r, KMA_FORMAT_MORPHS, text, strlen(text), buf, n + 1, &m),
                   KMA_OK);
  assert_int_equal(buf[n], '\0');
  kma_result_free(r);
  kma_analyzer_free(a);
}

/* Errors: every one a status and a message, never a crash. */
static void test_errors(void** state) {
  kma_analyzer* a = NULL;
  kma_result* r = NULL;
  const char* text = "아버지가 방에 들어가신다";
  char buf[512];
  size_t n = 99;
  const uint16_t lone[] = {0xAC00, 0xD800, 0xAC00};
  (void)state;
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
  /* Another, shorter text: a token ends beyond it. */
  assert_int_equal(kma_result_format(r, KMA_FORMAT_JSON, "아버지", strlen("아버지"), buf, sizeof buf, &n),
                   KMA_E_INVALID_ARGUMENT);
  assert_int_equal(n, 0);
  assert_true(contains(kma_last_error_message(), "not the text the result was analysed from"));
  assert_true(contains(kma_last_error_message(), "the text has 3"));
  /* Invalid text, with the position of the bad unit. */
  assert_int_equal(kma_result_format(r, KMA_FORMAT_JSON, "ab\xff", 3, buf, sizeof buf, &n),
                   KMA_E_INVALID_UTF8);
  assert_int_equal(kma_last_error_offset(), 2);
  assert_int_equal(kma_result_format_utf16(r, KMA_FORMAT_JSON, lone, 3, buf, sizeof buf, &n),
                   KMA_E_INVALID_UTF16);
  assert_int_equal(kma_last_error_offset(), 1);
  /* Unknown formats are unsupported (probe-able). */
  assert_int_equal(kma_result_format(r, 0, text, strlen(text), buf, sizeof buf, &n), KMA_E_UNSUPPORTED);
  assert_int_equal(kma_result_format(r, 99, text, strlen(text), buf, sizeof buf, &n), KMA_E_UNSUPPORTED);
  assert_true(contains(kma_last_error_message(), "99"));
  /* NULL arguments. */
  assert_int_equal(kma_result_format(NULL, KMA_FORMAT_JSON, text, strlen(text), buf, sizeof buf, &n),
                   KMA_E_INVALID_ARGUMENT);
  assert_true(contains(kma_last_error_message(), "'result'"));
  assert_int_equal(kma_result_format(r, KMA_FORMAT_JSON, text, strlen(text), buf, sizeof buf, NULL),
                   KMA_E_INVALID_ARGUMENT);
  assert_true(contains(kma_last_error_message(), "'written'"));
  assert_int_equal(kma_result_format(r, KMA_FORMAT_JSON, NULL, 5, buf, sizeof buf, &n),
                   KMA_E_INVALID_ARGUMENT);
  assert_true(contains(kma_last_error_message(), "'text'"));
  assert_int_equal(kma_result_format(r, KMA_FORMAT_JSON, text, strlen(text), NULL, 10, &n),
                   KMA_E_INVALID_ARGUMENT);
  assert_true(contains(kma_last_error_message(), "'buffer'"));
  assert_int_equal(kma_result_format_utf16(NULL, KMA_FORMAT_JSON, lone, 1, buf, sizeof buf, &n),
                   KMA_E_INVALID_ARGUMENT);
  kma_result_free(r);
  kma_analyzer_free(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_json_golden),  cmocka_unit_test(test_morphs_golden),
      cmocka_unit_test(test_layouts),      cmocka_unit_test(test_buffer_sizes),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
