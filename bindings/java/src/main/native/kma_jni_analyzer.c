/* Natives of io.github.kma.Analyzer. */
#include <stdlib.h>

#include "io_github_kma_Analyzer.h"
#include "kma_jni_util.h"

/* Bits of AnalyzerOptions.mask (see AnalyzerOptions.java). */
enum { kHasTopN = 1, kHasBeam = 2, kHasMaxUnknown = 4, kHasLm = 8 };

/*
 * Builds a kma_options from the Java option fields. Values are validated by
 * the C library, so the binding reports exactly its bounds and messages.
 * Returns NULL with an exception pending on failure.
 */
static kma_options* make_options(JNIEnv* env, jint mask, jint top_n, jfloat beam,
                                 jint max_unknown, jbyteArray lm) {
  kma_options* opt = NULL;
  kma_status s = kma_options_new(&opt);
  if (s == KMA_OK && (mask & kHasTopN)) s = kma_options_set_int(opt, KMA_OPT_TOP_N, top_n);
  if (s == KMA_OK && (mask & kHasBeam)) s = kma_options_set_float(opt, KMA_OPT_BEAM, beam);
  if (s == KMA_OK && (mask & kHasMaxUnknown)) {
    s = kma_options_set_int(opt, KMA_OPT_MAX_UNKNOWN_LENGTH, max_unknown);
  }
  if (s == KMA_OK && (mask & kHasLm) && lm != NULL) {
    char* name = kma_jni_bytes_dup(env, lm, NULL);
    if (name == NULL) {
      kma_options_free(opt);
      return NULL;
    }
    s = kma_options_set_string(opt, KMA_OPT_LM, name);
    free(name);
  }
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    kma_options_free(opt);
    return NULL;
  }
  return opt;
}

JNIEXPORT jlong JNICALL Java_io_github_kma_Analyzer_new0(JNIEnv* env, jclass cls, jlong model,
                                                         jint mask, jint top_n, jfloat beam,
                                                         jint max_unknown, jbyteArray lm) {
  (void)cls;
  kma_options* opt = make_options(env, mask, top_n, beam, max_unknown, lm);
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
                                                               jint mask, jint top_n,
                                                               jfloat beam, jint max_unknown,
                                                               jbyteArray lm) {
  (void)cls;
  kma_options* opt = make_options(env, mask, top_n, beam, max_unknown, lm);
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
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return NULL;
  }
  jobject result = kma_jni_make_result(env, text, r);
  kma_result_free(r);
  return result;
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
