/* The log callback and the KMA_ISA environment variable (cmocka, C99).
 *
 * The same binary runs in three ctest entries, chosen by argv[1]:
 *   (none)       KMA_ISA empty (= unset): model openings log at DEBUG, and
 *                kma_set_max_isa() logs at INFO when it cannot give the
 *                level asked for; nothing is logged after removal;
 *   unknown      KMA_ISA=avx3: every model opening and kma_set_max_isa()
 *                fail with KMA_E_INVALID_ARGUMENT naming the value;
 *   unrunnable   KMA_ISA names the other architecture's level: openings
 *                succeed and log a WARNING naming it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kma/kma.h>

#if defined(__x86_64__) || defined(__i386__)
#define OTHER_FAMILY_ISA "neon" /* never runnable here */
#else
#define OTHER_FAMILY_ISA "avx2"
#endif
#define NO_CAP_ISA "neondot" /* the highest level: caps nothing */

#define MAX_MESSAGES 16
typedef struct {
  int count;
  int32_t level[MAX_MESSAGES];
  char text[MAX_MESSAGES][512];
} log_record;

static log_record g_log;

static void record_log(int32_t level, const char* message, void* user) {
  log_record* r = (log_record*)user;
  if (r->count < MAX_MESSAGES) {
    r->level[r->count] = level;
    snprintf(r->text[r->count], sizeof r->text[0], "%s", message);
  }
  r->count++;
}

/* Index of the first recorded message at `level` containing `needle`, or -1. */
static int find_message(int32_t level, const char* needle) {
  int i;
  for (i = 0; i < g_log.count && i < MAX_MESSAGES; ++i) {
    if (g_log.level[i] == level && strstr(g_log.text[i], needle) != NULL) return i;
  }
  return -1;
}

static void start_recording(void) {
  memset(&g_log, 0, sizeof g_log);
  kma_set_log_callback(record_log, &g_log);
}

static kma_model* open_model_checked(void) {
  kma_model* m = NULL;
  assert_int_equal(kma_model_open_file(&m, KMA_TEST_MODEL_PATH, NULL), KMA_OK);
  assert_non_null(m);
  return m;
}

static void test_open_logs_debug(void** state) {
  char kernels[64];
  kma_model* m;
  (void)state;
  start_recording();
  m = open_model_checked();
  snprintf(kernels, sizeof kernels, "kernels %s", kma_active_isa_name());
  assert_true(find_message(KMA_LOG_DEBUG, "kma_model_open_file: opened") >= 0);
  assert_true(find_message(KMA_LOG_DEBUG, kernels) >= 0);
  assert_true(find_message(KMA_LOG_DEBUG, KMA_TEST_MODEL_PATH) >= 0);
  /* No KMA_ISA: nothing to warn about. */
  assert_int_equal(find_message(KMA_LOG_WARNING, "KMA_ISA"), -1);
  kma_model_free(m);

  /* Removed: the next opening reaches no callback. */
  kma_set_log_callback(NULL, NULL);
  g_log.count = 0;
  m = open_model_checked();
  kma_model_free(m);
  assert_int_equal(g_log.count, 0);
}

static void test_set_max_isa_logs_info(void** state) {
  (void)state;
  start_recording();
  /* Scalar always runs: the level asked for is the level used, no message. */
  assert_int_equal(kma_set_max_isa("scalar"), KMA_OK);
  assert_string_equal(kma_active_isa_name(), "scalar");
  assert_int_equal(g_log.count, 0);
  /* The other architecture's level cannot be used: INFO names the one used. */
  assert_int_equal(kma_set_max_isa(OTHER_FAMILY_ISA), KMA_OK);
  assert_true(find_message(KMA_LOG_INFO, "kma_set_max_isa(\"" OTHER_FAMILY_ISA "\")") >= 0);
  assert_true(find_message(KMA_LOG_INFO, kma_active_isa_name()) >= 0);
  assert_int_equal(kma_set_max_isa(NO_CAP_ISA), KMA_OK);
  kma_set_log_callback(NULL, NULL);
}

static void test_unknown_env_is_an_error(void** state) {
  kma_model* m = (kma_model*)(uintptr_t)0x1;
  static const char image[8] = "KMAMODEL";
  (void)state;
  start_recording();
  assert_int_equal(kma_model_open_file(&m, KMA_TEST_MODEL_PATH, NULL), KMA_E_INVALID_ARGUMENT);
  assert_null(m);
  assert_non_null(strstr(kma_last_error_message(), "KMA_ISA='avx3'"));
  assert_non_null(strstr(kma_last_error_message(), "kma_model_open_file"));
  m = (kma_model*)(uintptr_t)0x1;
  assert_int_equal(kma_model_open_memory(&m, image, sizeof image, NULL), KMA_E_INVALID_ARGUMENT);
  assert_null(m);
  assert_non_null(strstr(kma_last_error_message(), "KMA_ISA='avx3'"));
  assert_int_equal(kma_set_max_isa("avx2"), KMA_E_INVALID_ARGUMENT);
  assert_non_null(strstr(kma_last_error_message(), "KMA_ISA='avx3'"));
  /* The kernels fall back to the level every CPU runs. */
  assert_string_equal(kma_active_isa_name(), "scalar");
  /* Errors are reported, not logged. */
  assert_int_equal(g_log.count, 0);
  kma_set_log_callback(NULL, NULL);
}

static void test_unrunnable_env_warns(void** state) {
  kma_model* m;
  (void)state;
  start_recording();
  m = open_model_checked();
  assert_true(find_message(KMA_LOG_WARNING, "KMA_ISA=" OTHER_FAMILY_ISA) >= 0);
  assert_true(find_message(KMA_LOG_WARNING, kma_active_isa_name()) >= 0);
  assert_string_not_equal(kma_active_isa_name(), OTHER_FAMILY_ISA);
  kma_model_free(m);
  kma_set_log_callback(NULL, NULL);
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  if (strcmp(mode, "unknown") == 0) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_unknown_env_is_an_error)};
    return cmocka_run_group_tests_name("log_unknown_isa", tests, NULL, NULL);
  }
  if (strcmp(mode, "unrunnable") == 0) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_unrunnable_env_warns)};
    return cmocka_run_group_tests_name("log_unrunnable_isa", tests, NULL, NULL);
  }
  {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_logs_debug),
        cmocka_unit_test(test_set_max_isa_logs_info),
    };
    return cmocka_run_group_tests_name("log", tests, NULL, NULL);
  }
}
