/* Tests of kma_model_open_default (cmocka): the lookup order $KMA_MODEL,
 * KMA_OPT_PACKAGE_MODEL, the library's own prefix (share/kma beside the
 * directory libkma.so is in), and the message when nothing is found.
 * KMA_TEST_LIB_MODEL is where rule 3 looks for the build tree's libkma.so. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _WIN32
#include <direct.h>
#include <io.h>
#include <windows.h>
#else
#include <unistd.h>
#endif

#include <kma/kma.h>

#include "test_util.h"

#ifndef KMA_TEST_LIB_MODEL
#error "KMA_TEST_LIB_MODEL must be defined (share/kma/kma-default.kmam beside libkma's directory)"
#endif

/* The few system calls the test makes, for POSIX and for Windows. */
#ifdef _WIN32
#define SEP "\\"
static int set_env(const char* name, const char* value) { return _putenv_s(name, value); }
static void unset_env(const char* name) { _putenv_s(name, ""); }
static void make_dir(const char* dir) { _mkdir(dir); }
/* A copy: symbolic links need a privilege on Windows, and a hard link would
 * share the file other tests have open, whose name wine then removes only
 * when they close it. */
static int link_file(const char* target, const char* path) {
  return CopyFileA(target, path, FALSE) ? 0 : -1;
}
#else
#define SEP "/"
static int set_env(const char* name, const char* value) { return setenv(name, value, 1); }
static void unset_env(const char* name) { unsetenv(name); }
static void make_dir(const char* dir) { mkdir(dir, 0755); }
static int link_file(const char* target, const char* path) { return symlink(target, path); }
#endif

static kma_options* package_options(const char* path) {
  kma_options* opt = NULL;
  assert_int_equal(kma_options_new(&opt), KMA_OK);
  assert_int_equal(kma_options_set_string(opt, KMA_OPT_PACKAGE_MODEL, path), KMA_OK);
  return opt;
}

static void test_kma_model_env_wins(void** state) {
  kma_model* m = NULL;
  kma_options* opt = package_options("/nonexistent/package.kmam");
  (void)state;
  assert_int_equal(set_env("KMA_MODEL", KMA_TEST_MODEL_PATH), 0);
  assert_int_equal(kma_model_open_default(&m, opt), KMA_OK);
  assert_non_null(m);
  assert_true(kma_model_morpheme_count(m) > 0);
  kma_model_free(m);
  /* Used as given: a missing file is the error, even with a package copy. */
  kma_options_free(opt);
  opt = package_options(KMA_TEST_MODEL_PATH);
  assert_int_equal(set_env("KMA_MODEL", "/nonexistent/typo.kmam"), 0);
  m = (kma_model*)1;
  assert_int_equal(kma_model_open_default(&m, opt), KMA_E_IO);
  assert_null(m);
  assert_non_null(strstr(kma_last_error_message(), "/nonexistent/typo.kmam"));
  assert_non_null(strstr(kma_last_error_message(), "kma_model_open_default"));
  /* An empty KMA_MODEL counts as unset (on Windows, setting it empty
   * removes it). */
  assert_int_equal(set_env("KMA_MODEL", ""), 0);
  assert_int_equal(kma_model_open_default(&m, opt), KMA_OK);
  kma_model_free(m);
  kma_options_free(opt);
  unset_env("KMA_MODEL");
}

static void test_package_model(void** state) {
  kma_model* m = NULL;
  kma_options* opt = package_options(KMA_TEST_MODEL_PATH);
  const char* got = NULL;
  (void)state;
  unset_env("KMA_MODEL");
  assert_int_equal(kma_option_type(KMA_OPT_PACKAGE_MODEL), KMA_OPT_TYPE_STRING);
  assert_int_equal(kma_options_get_string(opt, KMA_OPT_PACKAGE_MODEL, &got), KMA_OK);
  assert_string_equal(got, KMA_TEST_MODEL_PATH);
  /* The slot is independent of KMA_OPT_LM. */
  assert_int_equal(kma_options_get_string(opt, KMA_OPT_LM, &got), KMA_OK);
  assert_string_equal(got, "");
  assert_int_equal(kma_model_open_default(&m, opt), KMA_OK);
  assert_non_null(m);
  kma_model_free(m);
  kma_options_free(opt);
}

/* Rule 3: share/kma beside libkma's directory. Made for the test with a
 * link to the model (a copy on Windows) and removed again. */
static void test_library_prefix_and_message(void** state) {
  char dir[4096];
  kma_model* m = NULL;
  kma_options* opt = package_options("/nonexistent/package.kmam");
  struct stat st;
  (void)state;
  unset_env("KMA_MODEL");
  snprintf(dir, sizeof dir, "%s", KMA_TEST_LIB_MODEL);
  *strrchr(dir, '/') = '\0'; /* .../share/kma */
  *strrchr(dir, '/') = '\0'; /* .../share */
  make_dir(dir);
  strcat(dir, "/kma");
  make_dir(dir);
  unlink(KMA_TEST_LIB_MODEL);
  assert_int_equal(link_file(KMA_TEST_MODEL_PATH, KMA_TEST_LIB_MODEL), 0);
  assert_int_equal(kma_model_open_default(&m, opt), KMA_OK);
  kma_model_free(m);
  assert_int_equal(unlink(KMA_TEST_LIB_MODEL), 0);

  /* Without it, the message names every place tried (unless a model is
   * installed in the configured prefix of this machine). */
  m = (kma_model*)1;
  if (kma_model_open_default(&m, opt) == KMA_OK) {
    kma_model_free(m);
    print_message("a model is installed in the configured prefix; message not checked\n");
  } else {
    assert_null(m);
    assert_non_null(strstr(kma_last_error_message(), "KMA_MODEL is not set"));
    assert_non_null(strstr(kma_last_error_message(), "/nonexistent/package.kmam"));
    assert_non_null(strstr(kma_last_error_message(), "share" SEP "kma" SEP "kma-default.kmam"));
  }
  assert_int_not_equal(stat(KMA_TEST_LIB_MODEL, &st), 0);
  kma_options_free(opt);
}

static void test_null_out(void** state) {
  (void)state;
  assert_int_equal(kma_model_open_default(NULL, NULL), KMA_E_INVALID_ARGUMENT);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_kma_model_env_wins),
      cmocka_unit_test(test_package_model),
      cmocka_unit_test(test_library_prefix_and_message),
      cmocka_unit_test(test_null_out),
  };
  return cmocka_run_group_tests_name("kma_model_open_default", tests, NULL, NULL);
}
