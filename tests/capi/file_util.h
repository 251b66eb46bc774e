/* File helpers shared by the C ABI tests (header-only, static functions).
 * Include after <cmocka.h>: failures are cmocka assertions. POSIX. */
#ifndef KMA_TESTS_CAPI_FILE_UTIL_H_
#define KMA_TESTS_CAPI_FILE_UTIL_H_

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef KMA_TEST_TMP_DIR
#define KMA_TEST_TMP_DIR "/tmp"
#endif

static inline int contains(const char* haystack, const char* needle) {
  return haystack != NULL && strstr(haystack, needle) != NULL;
}

/* Writes `size` bytes to a fresh temporary file; returns its malloc'ed path. */
static inline char* write_temp_file(const void* data, size_t size) {
  char* path = (char*)malloc(512);
  int fd;
  assert_non_null(path);
  snprintf(path, 512, "%s/kma_capi_test_XXXXXX", KMA_TEST_TMP_DIR);
  fd = mkstemp(path);
  assert_true(fd >= 0);
  if (size > 0) assert_int_equal(write(fd, data, size), (ssize_t)size);
  close(fd);
  return path;
}

/* Reads the whole bundled model into memory. */
static inline unsigned char* read_model_bytes(size_t* size) {
  FILE* f = fopen(KMA_TEST_MODEL_PATH, "rb");
  unsigned char* buf;
  long n;
  assert_non_null(f);
  assert_int_equal(fseek(f, 0, SEEK_END), 0);
  n = ftell(f);
  assert_true(n > 64);
  assert_int_equal(fseek(f, 0, SEEK_SET), 0);
  buf = (unsigned char*)malloc((size_t)n);
  assert_non_null(buf);
  assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  *size = (size_t)n;
  return buf;
}

#endif /* KMA_TESTS_CAPI_FILE_UTIL_H_ */
