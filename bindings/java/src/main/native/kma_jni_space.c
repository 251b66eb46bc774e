/* Analyzer.space0: spacing correction (kma_space_utf8) for Java. */
#include <stdlib.h>

#include "kma_jni_util.h"

JNIEXPORT jstring JNICALL Java_io_github_kma_Analyzer_space0(JNIEnv* env, jclass cls, jlong h,
                                                             jbyteArray utf8, jdouble weight) {
  (void)cls;
  jsize n = (*env)->GetArrayLength(env, utf8);
  char* bytes = (char*)malloc((size_t)n + 1);
  if (bytes == NULL) {
    kma_jni_throw_oom(env, "space");
    return NULL;
  }
  (*env)->GetByteArrayRegion(env, utf8, 0, n, (jbyte*)bytes);
  kma_text* out = NULL;
  kma_status s = kma_space_utf8(KMA_JNI_PTR(kma_analyzer, h), bytes, (size_t)n, weight, &out);
  free(bytes);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return NULL;
  }
  size_t len = 0;
  const char* data = kma_text_data(out, &len);
  jstring result = kma_jni_string_from_utf8(env, data, len);
  kma_text_free(out);
  return result;
}
