/* Helpers shared by the C ABI tests (header-only, static functions). */
#ifndef KMA_TESTS_CAPI_TEST_UTIL_H_
#define KMA_TESTS_CAPI_TEST_UTIL_H_

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kma/kma.h>

#ifndef KMA_TEST_MODEL_PATH
#error "KMA_TEST_MODEL_PATH must be defined (path of the bundled model)"
#endif

/* Sentences the multi-threaded tests analyse (spacing, no spacing, numbers,
 * an e-mail address, emoji, Hanja, punctuation). */
#define KMA_TEST_SENTENCES                                   \
  "아버지가방에들어가신다", "오늘 날씨가 정말 좋네요.",           \
      "나는 어제 친구와 함께 영화를 봤다.",                      \
      "한국어 형태소 분석기는 문장을 형태소로 나눕니다.",          \
      "서울시 강남구에서 2024년 3월 15일에 행사가 열렸다.",       \
      "이메일은 test@example.com 으로 보내 주세요 😀",            \
      "漢字와 한글을 섞어 쓴 文章도 있습니다.", "빨리 가자! 늦겠어?"

/* Defines g_model, the bundled model opened once for a cmocka group, with
 * the group's setup and teardown: open_model and close_model. */
#define KMA_TEST_GROUP_MODEL()                                                    \
  static kma_model* g_model;                                                      \
  static int open_model(void** state) {                                           \
    (void)state;                                                                  \
    if (kma_model_open_file(&g_model, KMA_TEST_MODEL_PATH, NULL) == KMA_OK) return 0; \
    fprintf(stderr, "cannot open %s: %s\n", KMA_TEST_MODEL_PATH, kma_last_error_message()); \
    return -1;                                                                    \
  }                                                                               \
  static int close_model(void** state) {                                          \
    (void)state;                                                                  \
    kma_model_free(g_model);                                                      \
    g_model = NULL;                                                               \
    return 0;                                                                     \
  }

/* The next line of f without its '\n', malloc'ed (caller frees); NULL at
 * the end of the file or when out of memory. */
static inline char* test_read_line(FILE* f) {
  size_t cap = 256, n = 0;
  char* buf = (char*)malloc(cap);
  int c;
  if (buf == NULL) return NULL;
  while ((c = fgetc(f)) != EOF && c != '\n') {
    if (n + 1 >= cap) {
      char* bigger = (char*)realloc(buf, cap *= 2);
      if (bigger == NULL) { free(buf); return NULL; }
      buf = bigger;
    }
    buf[n++] = (char)c;
  }
  if (c == EOF && n == 0) { free(buf); return NULL; }
  buf[n] = '\0';
  return buf;
}

/* Converts valid UTF-8 to UTF-16; returns a malloc'ed buffer (caller frees)
 * and stores the unit count. Test input only: no validation. */
static inline uint16_t* test_utf8_to_utf16(const char* s, size_t bytes,
                                    size_t* units) {
  uint16_t* out = (uint16_t*)malloc((bytes + 1) * sizeof(uint16_t));
  size_t n = 0;
  size_t i = 0;
  if (out == NULL) return NULL;
  while (i < bytes) {
    unsigned char c = (unsigned char)s[i];
    uint32_t cp;
    size_t len;
    if (c < 0x80) {
      cp = c;
      len = 1;
    } else if (c < 0xE0) {
      cp = c & 0x1Fu;
      len = 2;
    } else if (c < 0xF0) {
      cp = c & 0x0Fu;
      len = 3;
    } else {
      cp = c & 0x07u;
      len = 4;
    }
    {
      size_t k;
      for (k = 1; k < len; ++k) cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3Fu);
    }
    i += len;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out[n++] = (uint16_t)(0xD800 + (cp >> 10));
      out[n++] = (uint16_t)(0xDC00 + (cp & 0x3FF));
    } else {
      out[n++] = (uint16_t)cp;
    }
  }
  *units = n;
  return out;
}

/* Number of code points in UTF-8 bytes [0, n). */
static inline uint32_t test_utf8_cp_count(const char* s, size_t n) {
  uint32_t count = 0;
  size_t i;
  for (i = 0; i < n; ++i) {
    if (((unsigned char)s[i] & 0xC0) != 0x80) ++count;
  }
  return count;
}

/* Number of code points in UTF-16 units [0, n). */
static inline uint32_t test_utf16_cp_count(const uint16_t* s, size_t n) {
  uint32_t count = 0;
  size_t i;
  for (i = 0; i < n; ++i) {
    if (s[i] < 0xDC00 || s[i] > 0xDFFF) ++count;
  }
  return count;
}

/* Appends "form/TAG@begin+length " for every token of analysis 0 into buf
 * (truncated to cap). Used to compare results between runs and threads. */
static inline void test_serialize(const kma_result* r, char* buf, size_t cap) {
  size_t used = 0;
  size_t a;
  buf[0] = '\0';
  for (a = 0; a < kma_result_analysis_count(r); ++a) {
    const kma_token* t = kma_result_tokens(r, a);
    size_t n = kma_result_token_count(r, a);
    size_t i;
    int w = snprintf(buf + used, cap - used, "#%zu %.4f|", a,
                     (double)kma_result_analysis_score(r, a));
    if (w < 0 || (size_t)w >= cap - used) return;
    used += (size_t)w;
    for (i = 0; i < n; ++i) {
      w = snprintf(buf + used, cap - used, "%s/%s@%u+%u ",
                   kma_result_token_form(r, &t[i]), kma_tag_name(t[i].tag),
                   (unsigned)t[i].begin, (unsigned)t[i].length);
      if (w < 0 || (size_t)w >= cap - used) return;
      used += (size_t)w;
    }
  }
}

#endif /* KMA_TESTS_CAPI_TEST_UTIL_H_ */
