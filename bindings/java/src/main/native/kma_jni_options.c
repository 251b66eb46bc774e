/* Natives of io.github.kma.AnalyzerOptions: the library's option table, and
 * the one generic path from the values it holds to a kma_options. No option
 * is named here, so a new slot of the C ABI needs no change to this file. */
#include <stdlib.h>
#include <string.h>

#include "io_github_kma_AnalyzerOptions.h"
#include "kma_jni_util.h"

JNIEXPORT jint JNICALL Java_io_github_kma_AnalyzerOptions_next0(JNIEnv* env, jclass cls,
                                                                jint option) {
  (void)env;
  (void)cls;
  return (jint)kma_option_next((int32_t)option);
}

JNIEXPORT jstring JNICALL Java_io_github_kma_AnalyzerOptions_name0(JNIEnv* env, jclass cls,
                                                                   jint option) {
  (void)cls;
  const char* name = kma_option_name((int32_t)option);
  return name != NULL ? kma_jni_string_from_utf8(env, name, strlen(name)) : NULL;
}

JNIEXPORT jint JNICALL Java_io_github_kma_AnalyzerOptions_type0(JNIEnv* env, jclass cls,
                                                                jint option) {
  (void)env;
  (void)cls;
  return (jint)kma_option_type((int32_t)option);
}

JNIEXPORT jint JNICALL Java_io_github_kma_AnalyzerOptions_flags0(JNIEnv* env, jclass cls,
                                                                 jint option) {
  (void)env;
  (void)cls;
  return (jint)kma_option_flags((int32_t)option);
}

JNIEXPORT void JNICALL Java_io_github_kma_AnalyzerOptions_find0(JNIEnv* env, jclass cls,
                                                                jbyteArray name) {
  (void)cls;
  char* n = kma_jni_bytes_dup(env, name, NULL);
  if (n == NULL) return;
  int32_t option = 0;
  kma_status s = kma_option_find(n, &option);
  free(n);
  if (s != KMA_OK) kma_jni_throw_status(env, s);
}

/* Sets value i of the arrays on @p opt, by the slot's type in the table. */
static kma_status set_value(JNIEnv* env, kma_options* opt, int32_t slot, jdouble number,
                            jbyteArray text, int* oom) {
  switch (kma_option_type(slot)) {
    case KMA_OPT_TYPE_FLOAT:
      return kma_options_set_float(opt, slot, (float)number);
    case KMA_OPT_TYPE_STRING: {
      if (text == NULL) return kma_options_set_string(opt, slot, "");
      char* value = kma_jni_bytes_dup(env, text, NULL);
      if (value == NULL) {
        *oom = 1;
        return KMA_OK;
      }
      kma_status s = kma_options_set_string(opt, slot, value);
      free(value);
      return s;
    }
    default: /* int, or a slot unknown here, which the setter reports */
      return kma_options_set_int(opt, slot, (int32_t)number);
  }
}

kma_options* kma_jni_make_options(JNIEnv* env, jintArray slots, jdoubleArray numbers,
                                  jobjectArray strings) {
  kma_options* opt = NULL;
  kma_status s = kma_options_new(&opt);
  const jsize n = slots != NULL ? (*env)->GetArrayLength(env, slots) : 0;
  jint* slot = n > 0 ? (*env)->GetIntArrayElements(env, slots, NULL) : NULL;
  jdouble* number = n > 0 ? (*env)->GetDoubleArrayElements(env, numbers, NULL) : NULL;
  int oom = n > 0 && (slot == NULL || number == NULL);
  for (jsize i = 0; s == KMA_OK && !oom && i < n; ++i) {
    jbyteArray text = (jbyteArray)(*env)->GetObjectArrayElement(env, strings, i);
    s = set_value(env, opt, (int32_t)slot[i], number[i], text, &oom);
    if (text != NULL) (*env)->DeleteLocalRef(env, text);
  }
  if (slot != NULL) (*env)->ReleaseIntArrayElements(env, slots, slot, JNI_ABORT);
  if (number != NULL) (*env)->ReleaseDoubleArrayElements(env, numbers, number, JNI_ABORT);
  if (oom) { /* an OutOfMemoryError is pending */
    kma_options_free(opt);
    return NULL;
  }
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    kma_options_free(opt);
    return NULL;
  }
  return opt;
}
