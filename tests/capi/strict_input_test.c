/* Bounded reads and strict input through the C ABI (cmocka, POSIX):
 * models read from streams (/dev/zero, FIFOs, short writes), user
 * dictionaries that are directories or devices, and strict parsing of their
 * lines. Every failure must be a clean status with a message, found
 * without reading more than a bounded prefix of the stream. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <kma/kma.h>

#include "file_util.h"
#include "test_util.h"

KMA_TEST_GROUP_MODEL()

/* ---- a FIFO fed by a writer thread ---------------------------------------- */

typedef struct {
  char path[512];
  const unsigned char* data;
  size_t size;
  size_t piece;        /* bytes per write(): 0 for all at once */
  size_t repeat_tail;  /* then this many bytes of 'x' (trailing garbage) */
  size_t tail_written; /* of those, the bytes the reader took */
  pthread_t thread;
} fifo_feed;

static void* feed_fifo(void* arg) {
  fifo_feed* f = (fifo_feed*)arg;
  const int fd = open(f->path, O_WRONLY);
  size_t done = 0;
  static const char xs[4096] = {'x'};
  if (fd < 0) return NULL;
  while (done < f->size) {
    size_t n = f->piece == 0 ? f->size - done : f->piece;
    ssize_t w;
    if (n > f->size - done) n = f->size - done;
    w = write(fd, f->data + done, n);
    if (w <= 0) break; /* the reader closed early (EPIPE): that is the point */
    done += (size_t)w;
  }
  for (f->tail_written = 0; f->tail_written < f->repeat_tail;) {
    const ssize_t w = write(fd, xs, sizeof xs);
    if (w <= 0) break;
    f->tail_written += (size_t)w;
  }
  close(fd);
  return NULL;
}

/* Makes a FIFO and starts writing `size` bytes of `data` into it. */
static void start_fifo(fifo_feed* f, const void* data, size_t size, size_t piece, size_t tail) {
  static int counter = 0;
  snprintf(f->path, sizeof f->path, "%s/kma_strict_fifo_%d_%d", KMA_TEST_TMP_DIR, (int)getpid(), counter++);
  unlink(f->path);
  assert_int_equal(mkfifo(f->path, 0600), 0);
  f->data = (const unsigned char*)data;
  f->size = size;
  f->piece = piece;
  f->repeat_tail = tail;
  assert_int_equal(pthread_create(&f->thread, NULL, feed_fifo, f), 0);
}

/* Opens the FIFO as a model; the writer is joined and the FIFO removed. */
static kma_status open_fifo_model(fifo_feed* f, kma_model** m) {
  const kma_status st = kma_model_open_file(m, f->path, NULL);
  /* A writer still blocked in open() (the FIFO was never opened) goes on
   * once a reader has come and gone, and then sees EPIPE. */
  const int fd = open(f->path, O_RDONLY | O_NONBLOCK);
  if (fd >= 0) close(fd);
  pthread_join(f->thread, NULL);
  unlink(f->path);
  return st;
}

/* ---- models from streams -------------------------------------------------- */

/* /dev/zero is not a model: refused after its first bytes, not read to the
 * end of memory. */
static void model_from_dev_zero_is_refused_at_its_magic(void** state) {
  kma_model* m = (kma_model*)(uintptr_t)1;
  (void)state;
  assert_int_equal(kma_model_open_file(&m, "/dev/zero", NULL), KMA_E_MODEL_FORMAT);
  assert_null(m);
  assert_true(contains(kma_last_error_message(), "/dev/zero"));
  assert_true(contains(kma_last_error_message(), "bad magic"));
}

/* A model streamed through a FIFO opens and analyses like the file; so does
 * one that arrives a few bytes per write (short reads). */
static void model_from_fifo_opens(void** state) {
  size_t size, piece;
  unsigned char* bytes = read_model_bytes(&size);
  (void)state;
  for (piece = 0; piece <= 4093; piece += 4093) {
    fifo_feed f;
    kma_model* m = NULL;
    kma_analyzer* a = NULL;
    kma_result* r = NULL;
    const char* text = "나는 밥을 먹었다.";
    start_fifo(&f, bytes, size, piece, 0);
    assert_int_equal(open_fifo_model(&f, &m), KMA_OK);
    assert_int_equal(kma_analyzer_new(&a, m, NULL), KMA_OK);
    assert_int_equal(kma_analyzer_analyze_utf8(a, text, strlen(text), &r), KMA_OK);
    assert_true(kma_result_token_count(r, 0) > 0);
    kma_result_free(r);
    kma_analyzer_free(a);
    kma_model_free(m);
  }
  free(bytes);
}

/* A stream that ends early is truncated; one with bytes after the declared
 * size is refused once the first of them arrives (the rest is not read). */
static void model_from_fifo_must_have_its_declared_size(void** state) {
  size_t size;
  unsigned char* bytes = read_model_bytes(&size);
  fifo_feed f;
  kma_model* m = (kma_model*)(uintptr_t)1;
  (void)state;
  start_fifo(&f, bytes, size / 2, 0, 0);
  assert_int_equal(open_fifo_model(&f, &m), KMA_E_MODEL_FORMAT);
  assert_null(m);
  assert_true(contains(kma_last_error_message(), "truncated"));
  start_fifo(&f, bytes, size, 0, (size_t)64 << 20);
  assert_int_equal(open_fifo_model(&f, &m), KMA_E_MODEL_FORMAT);
  assert_null(m);
  assert_true(contains(kma_last_error_message(), "trailing bytes"));
  /* The pipe's buffer holds some of the garbage, the reader took no more. */
  assert_true(f.tail_written < ((size_t)1 << 20));
  /* Garbage after a bad header is never read: 64 MB of 'x' follow. */
  start_fifo(&f, "not a model", 11, 0, (size_t)64 << 20);
  assert_int_equal(open_fifo_model(&f, &m), KMA_E_MODEL_FORMAT);
  assert_true(contains(kma_last_error_message(), "bad magic"));
  assert_true(f.tail_written < ((size_t)1 << 20));
  free(bytes);
}

/* ---- user dictionary files ------------------------------------------------ */

/* A directory is not an empty dictionary: KMA_E_IO naming it. */
static void user_dict_from_a_directory_is_an_io_error(void** state) {
  kma_user_dict* d = NULL;
  (void)state;
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_user_dict_load_file(d, KMA_TEST_TMP_DIR), KMA_E_IO);
  assert_true(contains(kma_last_error_message(), KMA_TEST_TMP_DIR));
  assert_true(contains(kma_last_error_message(), "directory"));
  assert_int_equal(kma_user_dict_load_file(d, KMA_TEST_TMP_DIR "/no-such-dict.tsv"), KMA_E_IO);
  assert_true(contains(kma_last_error_message(), "no-such-dict.tsv"));
  assert_int_equal(kma_user_dict_size(d), 0);
  kma_user_dict_free(d);
}

/* A dictionary is text: /dev/zero is refused at its first byte (it was read
 * until memory ran out), a NUL inside a file at its line and column. */
static void user_dict_with_a_nul_byte_is_refused_where_it_is(void** state) {
  static const char tsv[] = "뉴진스\tNNP\n밥\0\tNNG\n";
  char* path = write_temp_file(tsv, sizeof tsv - 1);
  char want[600];
  kma_user_dict* d = NULL;
  (void)state;
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_user_dict_load_file(d, "/dev/zero"), KMA_E_INVALID_ARGUMENT);
  assert_string_equal(kma_last_error_message(), "kma_user_dict_load_file: /dev/zero:1:1: NUL byte (a user dictionary is text)");
  assert_int_equal(kma_last_error_offset(), 0);
  assert_int_equal(kma_user_dict_load_file(d, path), KMA_E_INVALID_ARGUMENT);
  snprintf(want, sizeof want, "kma_user_dict_load_file: %s:2:4: NUL byte (a user dictionary is text)", path);
  assert_string_equal(kma_last_error_message(), want);
  assert_int_equal(kma_last_error_offset(), 17);
  assert_int_equal(kma_user_dict_size(d), 0); /* all or nothing */
  kma_user_dict_free(d);
  unlink(path);
  free(path);
}

/* Blank lines may hold blanks; scores are plain decimal numbers. */
static void user_dict_lines_are_parsed_strictly(void** state) {
  static const char blank[] = "뉴진스\tNNP\n \t \n\t\n";
  static const char* bad_scores[] = {"0x10", " 1", "1 ", "inf"};
  kma_user_dict* d = NULL;
  size_t i;
  (void)state;
  assert_int_equal(kma_user_dict_new(&d, g_model), KMA_OK);
  assert_int_equal(kma_user_dict_load_utf8(d, blank, strlen(blank), NULL), KMA_OK);
  assert_int_equal(kma_user_dict_size(d), 1);
  for (i = 0; i < sizeof bad_scores / sizeof bad_scores[0]; ++i) {
    char line[64];
    snprintf(line, sizeof line, "밥\tNNG\t%s\n", bad_scores[i]);
    assert_int_equal(kma_user_dict_load_utf8(d, line, strlen(line), "s.tsv"), KMA_E_INVALID_ARGUMENT);
    assert_true(contains(kma_last_error_message(), "s.tsv:1:9: bad score"));
  }
  assert_int_equal(kma_user_dict_size(d), 1);
  kma_user_dict_free(d);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(model_from_dev_zero_is_refused_at_its_magic),
      cmocka_unit_test(model_from_fifo_opens),
      cmocka_unit_test(model_from_fifo_must_have_its_declared_size),
      cmocka_unit_test(user_dict_from_a_directory_is_an_io_error),
      cmocka_unit_test(user_dict_with_a_nul_byte_is_refused_where_it_is),
      cmocka_unit_test(user_dict_lines_are_parsed_strictly),
  };
  /* The FIFO writers see EPIPE, not a signal, when the reader stops early. */
  signal(SIGPIPE, SIG_IGN);
  return cmocka_run_group_tests(tests, open_model, close_model);
}
