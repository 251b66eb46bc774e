/* Natives of io.github.kma.Kma (library-wide information). */
#include <string.h>

#include "io_github_kma_Kma.h"
#include "kma_jni_util.h"

JNIEXPORT jint JNICALL Java_io_github_kma_Kma_versionNumber0(JNIEnv* env, jclass cls) {
  (void)env;
  (void)cls;
  return (jint)kma_version_number();
}

JNIEXPORT jstring JNICALL Java_io_github_kma_Kma_versionString0(JNIEnv* env, jclass cls) {
  (void)cls;
  const char* v = kma_version_string();
  return kma_jni_string_from_utf8(env, v, strlen(v));
}

JNIEXPORT jstring JNICALL Java_io_github_kma_Kma_activeIsa0(JNIEnv* env, jclass cls) {
  (void)cls;
  const char* v = kma_active_isa_name();
  return kma_jni_string_from_utf8(env, v, strlen(v));
}

JNIEXPORT jobjectArray JNICALL Java_io_github_kma_Kma_tagNames0(JNIEnv* env, jclass cls) {
  (void)cls;
  /* Copied once into Java so that Token.tag() needs no native call. */
  uint16_t n = kma_tag_count();
  jobjectArray arr = (*env)->NewObjectArray(env, n, kma_jni_string_class, NULL);
  if (arr == NULL) return NULL;
  for (uint16_t t = 0; t < n; ++t) {
    const char* name = kma_tag_name(t);
    jstring s = kma_jni_string_from_utf8(env, name, strlen(name));
    if (s == NULL) return NULL;
    (*env)->SetObjectArrayElement(env, arr, t, s);
    (*env)->DeleteLocalRef(env, s);
  }
  return arr;
}
