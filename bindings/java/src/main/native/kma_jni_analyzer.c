/* Natives of io.github.kma.Analyzer. */
#include <stdlib.h>

#include "io_github_kma_Analyzer.h"
#include "kma_jni_util.h"

JNIEXPORT jlong JNICALL Java_io_github_kma_Analyzer_new0(JNIEnv* env, jclass cls, jlong model,
                                                         jintArray slots, jdoubleArray numbers,
                                                         jobjectArray strings) {
  (void)cls;
  kma_options* opt = kma_jni_make_options(env, slots, numbers, strings);
  if (opt == NULL) return 0;
  kma_analyzer* a = NULL;
  kma_status s = kma_analyzer_new(&a, KMA_JNI_PTR(const kma_model, model), opt);
  kma_options_free(opt);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return 0;
  }
  return KMA_JNI_HANDLE(a);
}

JNIEXPORT void JNICALL Java_io_github_kma_Analyzer_setOptions0(JNIEnv* env, jclass cls, jlong h,
                                                               jintArray slots,
                                                               jdoubleArray numbers,
                                                               jobjectArray strings) {
  (void)cls;
  kma_options* opt = kma_jni_make_options(env, slots, numbers, strings);
  if (opt == NULL) return;
  kma_status s = kma_analyzer_set_options(KMA_JNI_PTR(kma_analyzer, h), opt);
  kma_options_free(opt);
  if (s != KMA_OK) kma_jni_throw_status(env, s);
}

JNIEXPORT void JNICALL Java_io_github_kma_Analyzer_free0(JNIEnv* env, jclass cls, jlong h) {
  (void)env;
  (void)cls;
  kma_analyzer_free(KMA_JNI_PTR(kma_analyzer, h));
}

/* The Result of a finished call: the exception for a failure, else the
 * converted result (freed here). */
static jobject to_result(JNIEnv* env, jstring text, kma_status s, kma_result* r) {
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return NULL;
  }
  jobject result = kma_jni_make_result(env, text, r);
  kma_result_free(r);
  return result;
}

typedef kma_status (*utf16_fn)(kma_analyzer*, const uint16_t*, size_t, kma_result**);

/* Shared body of analyze0 and split0: UTF-16 in, Result out. */
static jobject run(JNIEnv* env, jlong h, jstring text, utf16_fn fn) {
  kma_jni_chars chars;
  if (kma_jni_chars_get(env, text, &chars) != 0) return NULL;
  kma_result* r = NULL;
  /* jchar is uint16_t, so the copy is passed as is: offsets come back in
   * UTF-16 units, the same indices String.substring uses. */
  kma_status s = fn(KMA_JNI_PTR(kma_analyzer, h), (const uint16_t*)chars.data,
                    (size_t)chars.length, &r);
  kma_jni_chars_release(&chars);
  return to_result(env, text, s, r);
}

JNIEXPORT jobject JNICALL Java_io_github_kma_Analyzer_analyze0(JNIEnv* env, jclass cls, jlong h,
                                                               jstring text) {
  (void)cls;
  return run(env, h, text, kma_analyzer_analyze_utf16);
}

JNIEXPORT jobject JNICALL Java_io_github_kma_Analyzer_split0(JNIEnv* env, jclass cls, jlong h,
                                                             jstring text) {
  (void)cls;
  return run(env, h, text, kma_analyzer_split_utf16);
}

/* kma_result_format_utf16's record of r for the UTF-16 text, as a String;
 * NULL with an exception pending on failure. */
static jstring format_record(JNIEnv* env, const kma_result* r, jint format,
                             const kma_jni_chars* text) {
  char small[4096];
  size_t n = 0;
  const uint16_t* units = (const uint16_t*)text->data;
  kma_status s = kma_result_format_utf16(r, (int32_t)format, units, (size_t)text->length, small,
                                         sizeof small, &n);
  if (s == KMA_OK) return kma_jni_string_from_utf8(env, small, n);
  if (s != KMA_E_BUFFER_TOO_SMALL) {
    kma_jni_throw_status(env, s);
    return NULL;
  }
  char* big = (char*)malloc(n + 1);
  if (big == NULL) {
    kma_jni_throw_oom(env, "kma: record");
    return NULL;
  }
  s = kma_result_format_utf16(r, (int32_t)format, units, (size_t)text->length, big, n + 1, &n);
  jstring out = s == KMA_OK ? kma_jni_string_from_utf8(env, big, n) : NULL;
  if (s != KMA_OK) kma_jni_throw_status(env, s);
  free(big);
  return out;
}

JNIEXPORT jstring JNICALL Java_io_github_kma_Analyzer_format0(JNIEnv* env, jclass cls, jlong h,
                                                              jstring text, jint format) {
  (void)cls;
  kma_jni_chars chars;
  if (kma_jni_chars_get(env, text, &chars) != 0) return NULL;
  kma_result* r = NULL;
  kma_status s = kma_analyzer_analyze_utf16(KMA_JNI_PTR(kma_analyzer, h),
                                            (const uint16_t*)chars.data, (size_t)chars.length,
                                            &r);
  jstring out = NULL;
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
  } else {
    out = format_record(env, r, format, &chars);
  }
  kma_result_free(r);
  kma_jni_chars_release(&chars);
  return out;
}

/* Fills @p c from the columns of io.github.kma.Constraints. Returns 0, or
 * -1 with an exception pending. */
static int fill_constraints(JNIEnv* env, kma_constraints* c, jintArray kinds, jintArray begins,
                            jintArray ends, jobjectArray texts) {
  const jsize n = (*env)->GetArrayLength(env, kinds);
  jint* k = (*env)->GetIntArrayElements(env, kinds, NULL);
  jint* b = (*env)->GetIntArrayElements(env, begins, NULL);
  jint* e = (*env)->GetIntArrayElements(env, ends, NULL);
  int rc = (k == NULL || b == NULL || e == NULL) ? -1 : 0;
  for (jsize i = 0; rc == 0 && i < n; ++i) {
    jbyteArray t = (jbyteArray)(*env)->GetObjectArrayElement(env, texts, i);
    jsize len = 0;
    char* bytes = t != NULL ? kma_jni_bytes_dup(env, t, &len) : NULL;
    if (t != NULL) (*env)->DeleteLocalRef(env, t);
    if (bytes == NULL) {
      rc = -1;
      break;
    }
    kma_status s;
    if (k[i] == 0) {
      s = kma_constraints_add_span(c, (uint32_t)b[i], (uint32_t)e[i], bytes, (size_t)len);
    } else if (k[i] == 1) {
      s = kma_constraints_add_lemma(c, bytes, (size_t)len, (uint32_t)b[i], (uint32_t)e[i]);
    } else {
      s = kma_constraints_parse(c, bytes, (size_t)len);
    }
    free(bytes);
    if (s != KMA_OK) {
      kma_jni_throw_status(env, s);
      rc = -1;
    }
  }
  if (k != NULL) (*env)->ReleaseIntArrayElements(env, kinds, k, JNI_ABORT);
  if (b != NULL) (*env)->ReleaseIntArrayElements(env, begins, b, JNI_ABORT);
  if (e != NULL) (*env)->ReleaseIntArrayElements(env, ends, e, JNI_ABORT);
  return rc;
}

JNIEXPORT jobject JNICALL Java_io_github_kma_Analyzer_analyzeConstrained0(
    JNIEnv* env, jclass cls, jlong h, jstring text, jintArray kinds, jintArray begins,
    jintArray ends, jobjectArray texts) {
  (void)cls;
  kma_constraints* c = NULL;
  kma_status s = kma_constraints_new(&c);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return NULL;
  }
  if (fill_constraints(env, c, kinds, begins, ends, texts) != 0) {
    kma_constraints_free(c);
    return NULL;
  }
  kma_jni_chars chars;
  if (kma_jni_chars_get(env, text, &chars) != 0) {
    kma_constraints_free(c);
    return NULL;
  }
  kma_result* r = NULL;
  s = kma_analyzer_analyze_constrained_utf16(KMA_JNI_PTR(kma_analyzer, h),
                                             (const uint16_t*)chars.data, (size_t)chars.length,
                                             c, &r);
  kma_jni_chars_release(&chars);
  kma_constraints_free(c);
  return to_result(env, text, s, r);
}
