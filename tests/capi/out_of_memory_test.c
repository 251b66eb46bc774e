/* Out of memory through the C ABI: an analysis that runs out of memory returns
 * KMA_E_OUT_OF_MEMORY with a message and no result, and the same analyzer
 * then analyses again (it gave its buffers back), under an address-space
 * cap a little above what the process already uses. Linux only (RLIMIT_AS,
 * /proc/self/status); not built with sanitizers, whose shadow memory needs
 * terabytes of address space. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <cmocka.h>

#include "test_util.h"

KMA_TEST_GROUP_MODEL()

/* The process's current address-space size in bytes (VmSize), or 0. */
static size_t vm_size(void) {
  char line[256];
  size_t kb = 0;
  FILE* f = fopen("/proc/self/status", "r");
  if (f == NULL) return 0;
  while (fgets(line, sizeof line, f) != NULL) {
    if (sscanf(line, "VmSize: %zu kB", &kb) == 1) break;
  }
  fclose(f);
  return kb * 1024;
}

static kma_status analyze(kma_analyzer* a, const char* text, size_t bytes, char* first_form, size_t size) {
  kma_result* r = (kma_result*)(uintptr_t)1;
  const kma_status st = kma_analyzer_analyze_utf8(a, text, bytes, &r);
  if (st != KMA_OK) {
    assert_null(r);
    return st;
  }
  assert_true(kma_result_token_count(r, 0) > 0);
  snprintf(first_form, size, "%s/%s", kma_result_token_form(r, &kma_result_tokens(r, 0)[0]),
           kma_tag_name(kma_result_tokens(r, 0)[0].tag));
  kma_result_free(r);
  return st;
}

static void out_of_memory_then_recovers(void** state) {
  const char* unit = "나는 어제 친구와 함께 영화를 봤다. ";
  const size_t unit_len = strlen(unit), big_len = 1u << 20;
  char* big = (char*)malloc(big_len + unit_len);
  char form[64];
  size_t n = 0;
  kma_analyzer* a = NULL;
  struct rlimit old, capped;
  size_t used;
  (void)state;
  assert_non_null(big);
  while (n < big_len) {
    memcpy(big + n, unit, unit_len);
    n += unit_len;
  }
  assert_int_equal(kma_analyzer_new(&a, g_model, NULL), KMA_OK);
  assert_int_equal(analyze(a, "밥을 먹자", strlen("밥을 먹자"), form, sizeof form), KMA_OK);
  assert_string_equal(form, "밥/NNG");

  used = vm_size();
  assert_true(used > 0);
  assert_int_equal(getrlimit(RLIMIT_AS, &old), 0);
  capped = old;
  /* The 1 MB text needs about 50 MB: 16 MB more than now is too little. */
  capped.rlim_cur = (rlim_t)(used + (16u << 20));
  assert_int_equal(setrlimit(RLIMIT_AS, &capped), 0);
  assert_int_equal(analyze(a, big, n, form, sizeof form), KMA_E_OUT_OF_MEMORY);
  assert_non_null(strstr(kma_last_error_message(), "out of memory"));
  /* Still under the cap: the analyzer works again. */
  assert_int_equal(analyze(a, "밥을 먹자", strlen("밥을 먹자"), form, sizeof form), KMA_OK);
  assert_string_equal(form, "밥/NNG");
  assert_int_equal(setrlimit(RLIMIT_AS, &old), 0);
  /* Without the cap the same text analyses: it was the memory. */
  assert_int_equal(analyze(a, big, n, form, sizeof form), KMA_OK);
  assert_string_equal(form, "나/NP");
  kma_analyzer_free(a);
  free(big);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(out_of_memory_then_recovers),
  };
  return cmocka_run_group_tests(tests, open_model, close_model);
}
