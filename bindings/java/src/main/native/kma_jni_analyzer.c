/* Natives of io.github.kma.Analyzer. */
#include <stdlib.h>

#include "io_github_kma_Analyzer.h"
#include "kma_jni_util.h"

JNIEXPORT jlong JNICALL Java_io_github_kma_Analyzer_new0(JNIEnv* env, jclass cls, jlong model,
                                                         jint mask, jint top_n, jfloat beam,
                                                         jint max_unknown, jbyteArray lm) {
  (void)cls;
  kma_options* opt = kma_jni_make_options(env, mask, top_n, beam, max_unknown, lm);
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
  kma_options* opt = kma_jni_make_options(env, mask, top_n, beam, max_unknown, lm);
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
