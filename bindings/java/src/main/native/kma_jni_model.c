/* Natives of io.github.kma.Model. */
#include <stdlib.h>
#include <string.h>

#include "io_github_kma_Model.h"
#include "kma_jni_util.h"

JNIEXPORT jlong JNICALL Java_io_github_kma_Model_open0(JNIEnv* env, jclass cls,
                                                       jbyteArray path) {
  (void)cls;
  char* p = kma_jni_bytes_dup(env, path, NULL);
  if (p == NULL) return 0;
  kma_model* model = NULL;
  kma_status s = kma_model_open_file(&model, p, NULL);
  free(p);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return 0;
  }
  return KMA_JNI_HANDLE(model);
}

/* A kma_options with KMA_OPT_PACKAGE_MODEL set to @p path (NUL-terminated),
 * or NULL for a NULL path. NULL with an exception pending on failure. */
static kma_options* package_options(JNIEnv* env, jbyteArray path) {
  if (path == NULL) return NULL;
  char* p = kma_jni_bytes_dup(env, path, NULL);
  if (p == NULL) return NULL;
  kma_options* opt = NULL;
  kma_status s = kma_options_new(&opt);
  if (s == KMA_OK) s = kma_options_set_string(opt, KMA_OPT_PACKAGE_MODEL, p);
  free(p);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    kma_options_free(opt);
    return NULL;
  }
  return opt;
}

JNIEXPORT jlong JNICALL Java_io_github_kma_Model_openDefault0(JNIEnv* env, jclass cls,
                                                              jbyteArray package_model) {
  (void)cls;
  kma_options* opt = package_options(env, package_model);
  if ((*env)->ExceptionCheck(env)) return 0;
  kma_model* model = NULL;
  kma_status s = kma_model_open_default(&model, opt);
  kma_options_free(opt);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return 0;
  }
  return KMA_JNI_HANDLE(model);
}

JNIEXPORT jlong JNICALL Java_io_github_kma_Model_openMemory0(JNIEnv* env, jclass cls,
                                                             jbyteArray data) {
  (void)cls;
  jsize n = (*env)->GetArrayLength(env, data);
  jbyte* bytes = (*env)->GetByteArrayElements(env, data, NULL);
  if (bytes == NULL) return 0; /* OutOfMemoryError pending */
  kma_model* model = NULL;
  kma_status s = kma_model_open_memory(&model, bytes, (size_t)n, NULL);
  /* JNI_ABORT: the bytes were only read. */
  (*env)->ReleaseByteArrayElements(env, data, bytes, JNI_ABORT);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return 0;
  }
  return KMA_JNI_HANDLE(model);
}

JNIEXPORT void JNICALL Java_io_github_kma_Model_free0(JNIEnv* env, jclass cls, jlong h) {
  (void)env;
  (void)cls;
  kma_model_free(KMA_JNI_PTR(kma_model, h));
}

JNIEXPORT jint JNICALL Java_io_github_kma_Model_formatVersion0(JNIEnv* env, jclass cls,
                                                               jlong h) {
  (void)env;
  (void)cls;
  return (jint)kma_model_format_version(KMA_JNI_PTR(kma_model, h));
}

JNIEXPORT jint JNICALL Java_io_github_kma_Model_morphemeCount0(JNIEnv* env, jclass cls,
                                                               jlong h) {
  (void)env;
  (void)cls;
  return (jint)kma_model_morpheme_count(KMA_JNI_PTR(kma_model, h));
}

JNIEXPORT jstring JNICALL Java_io_github_kma_Model_metadata0(JNIEnv* env, jclass cls, jlong h,
                                                             jbyteArray key) {
  (void)cls;
  char* k = kma_jni_bytes_dup(env, key, NULL);
  if (k == NULL) return NULL;
  const char* v = kma_model_metadata(KMA_JNI_PTR(kma_model, h), k);
  free(k);
  if (v == NULL) {
    kma_jni_throw_status(env, KMA_E_INVALID_ARGUMENT);
    return NULL;
  }
  return kma_jni_string_from_utf8(env, v, strlen(v));
}

JNIEXPORT jobjectArray JNICALL Java_io_github_kma_Model_lmNames0(JNIEnv* env, jclass cls,
                                                                 jlong h) {
  (void)cls;
  const kma_model* m = KMA_JNI_PTR(kma_model, h);
  size_t n = kma_model_lm_count(m);
  jobjectArray arr = (*env)->NewObjectArray(env, (jsize)n, kma_jni_string_class, NULL);
  if (arr == NULL) return NULL;
  for (size_t i = 0; i < n; ++i) {
    const char* name = kma_model_lm_name(m, i);
    jstring s = kma_jni_string_from_utf8(env, name != NULL ? name : "",
                                         name != NULL ? strlen(name) : 0);
    if (s == NULL) return NULL;
    (*env)->SetObjectArrayElement(env, arr, (jsize)i, s);
    (*env)->DeleteLocalRef(env, s);
  }
  return arr;
}

JNIEXPORT jstring JNICALL Java_io_github_kma_Model_defaultLm0(JNIEnv* env, jclass cls,
                                                              jlong h) {
  (void)cls;
  const char* name = kma_model_default_lm(KMA_JNI_PTR(kma_model, h));
  if (name == NULL) name = "";
  return kma_jni_string_from_utf8(env, name, strlen(name));
}
