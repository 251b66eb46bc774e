/* Natives of io.github.kma.UserDictionary, io.github.kma.Joiner and
 * Model.withUserDict0. Strings arrive as NUL-terminated UTF-8 byte arrays. */
#include <stdlib.h>
#include <string.h>

#include "io_github_kma_Joiner.h"
#include "io_github_kma_Model.h"
#include "io_github_kma_UserDictionary.h"
#include "kma_jni_util.h"

JNIEXPORT jlong JNICALL Java_io_github_kma_Model_withUserDict0(JNIEnv* env, jclass cls, jlong model,
                                                               jlong dict) {
  (void)cls;
  kma_model* out = NULL;
  kma_status s = kma_model_with_user_dict(&out, KMA_JNI_PTR(kma_model, model), KMA_JNI_PTR(kma_user_dict, dict));
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return 0;
  }
  return KMA_JNI_HANDLE(out);
}

JNIEXPORT jlong JNICALL Java_io_github_kma_UserDictionary_new0(JNIEnv* env, jclass cls, jlong model) {
  (void)cls;
  kma_user_dict* d = NULL;
  kma_status s = kma_user_dict_new(&d, KMA_JNI_PTR(kma_model, model));
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return 0;
  }
  return KMA_JNI_HANDLE(d);
}

JNIEXPORT void JNICALL Java_io_github_kma_UserDictionary_free0(JNIEnv* env, jclass cls, jlong h) {
  (void)env;
  (void)cls;
  kma_user_dict_free(KMA_JNI_PTR(kma_user_dict, h));
}

/* Up to three string arguments, duplicated; NULL stays NULL. Returns 0 on
 * success, else an exception is pending and nothing is allocated. */
static int dup3(JNIEnv* env, jbyteArray a, jbyteArray b, jbyteArray c, char** out) {
  jbyteArray in[3] = {a, b, c};
  int i;
  for (i = 0; i < 3; ++i) {
    out[i] = NULL;
    if (in[i] == NULL) continue;
    out[i] = kma_jni_bytes_dup(env, in[i], NULL);
    if (out[i] == NULL) {
      while (i-- > 0) free(out[i]);
      return -1;
    }
  }
  return 0;
}

static void finish(JNIEnv* env, kma_status s, char** args) {
  free(args[0]);
  free(args[1]);
  free(args[2]);
  if (s != KMA_OK) kma_jni_throw_status(env, s);
}

JNIEXPORT void JNICALL Java_io_github_kma_UserDictionary_addWord0(JNIEnv* env, jclass cls, jlong h, jbyteArray form,
                                                                  jbyteArray tag, jfloat score) {
  char* a[3];
  (void)cls;
  if (dup3(env, form, tag, NULL, a) != 0) return;
  finish(env, kma_user_dict_add_word(KMA_JNI_PTR(kma_user_dict, h), a[0], a[1], score), a);
}

JNIEXPORT void JNICALL Java_io_github_kma_UserDictionary_addStem0(JNIEnv* env, jclass cls, jlong h, jbyteArray form,
                                                                  jbyteArray tag, jbyteArray irregular,
                                                                  jfloat score) {
  char* a[3];
  (void)cls;
  if (dup3(env, form, tag, irregular, a) != 0) return;
  finish(env, kma_user_dict_add_stem(KMA_JNI_PTR(kma_user_dict, h), a[0], a[1], a[2], score), a);
}

JNIEXPORT void JNICALL Java_io_github_kma_UserDictionary_addAnalysis0(JNIEnv* env, jclass cls, jlong h,
                                                                      jbyteArray surface, jbyteArray morphs,
                                                                      jfloat score) {
  char* a[3];
  (void)cls;
  if (dup3(env, surface, morphs, NULL, a) != 0) return;
  finish(env, kma_user_dict_add_analysis(KMA_JNI_PTR(kma_user_dict, h), a[0], a[1], score), a);
}

JNIEXPORT void JNICALL Java_io_github_kma_UserDictionary_addPattern0(JNIEnv* env, jclass cls, jlong h,
                                                                     jbyteArray regex, jbyteArray tag,
                                                                     jfloat score) {
  char* a[3];
  (void)cls;
  if (dup3(env, regex, tag, NULL, a) != 0) return;
  finish(env, kma_user_dict_add_pattern(KMA_JNI_PTR(kma_user_dict, h), a[0], a[1], score), a);
}

JNIEXPORT void JNICALL Java_io_github_kma_UserDictionary_block0(JNIEnv* env, jclass cls, jlong h, jbyteArray form,
                                                                jbyteArray tag) {
  char* a[3];
  (void)cls;
  if (dup3(env, form, tag, NULL, a) != 0) return;
  finish(env, kma_user_dict_block(KMA_JNI_PTR(kma_user_dict, h), a[0], a[1]), a);
}

JNIEXPORT void JNICALL Java_io_github_kma_UserDictionary_load0(JNIEnv* env, jclass cls, jlong h, jbyteArray path) {
  char* a[3];
  (void)cls;
  if (dup3(env, path, NULL, NULL, a) != 0) return;
  finish(env, kma_user_dict_load_file(KMA_JNI_PTR(kma_user_dict, h), a[0]), a);
}

JNIEXPORT jint JNICALL Java_io_github_kma_UserDictionary_size0(JNIEnv* env, jclass cls, jlong h) {
  (void)env;
  (void)cls;
  return (jint)kma_user_dict_size(KMA_JNI_PTR(kma_user_dict, h));
}

JNIEXPORT jlong JNICALL Java_io_github_kma_Joiner_new0(JNIEnv* env, jclass cls, jlong model) {
  (void)cls;
  kma_joiner* j = NULL;
  kma_status s = kma_joiner_new(&j, KMA_JNI_PTR(kma_model, model));
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return 0;
  }
  return KMA_JNI_HANDLE(j);
}

JNIEXPORT void JNICALL Java_io_github_kma_Joiner_free0(JNIEnv* env, jclass cls, jlong h) {
  (void)env;
  (void)cls;
  kma_joiner_free(KMA_JNI_PTR(kma_joiner, h));
}

JNIEXPORT jstring JNICALL Java_io_github_kma_Joiner_join0(JNIEnv* env, jclass cls, jlong h, jbyteArray morphs) {
  jsize n = 0;
  char* m;
  kma_status s;
  const char* text;
  (void)cls;
  m = kma_jni_bytes_dup(env, morphs, &n);
  if (m == NULL) return NULL;
  kma_joiner_clear(KMA_JNI_PTR(kma_joiner, h));
  s = kma_joiner_add_morphs(KMA_JNI_PTR(kma_joiner, h), m, (size_t)n);
  free(m);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return NULL;
  }
  text = kma_joiner_text(KMA_JNI_PTR(kma_joiner, h));
  return kma_jni_string_from_utf8(env, text, strlen(text));
}
