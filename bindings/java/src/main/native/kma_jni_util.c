#include "kma_jni_util.h"

#include <stdlib.h>
#include <string.h>

jclass kma_jni_result_class;
jmethodID kma_jni_result_factory;
jclass kma_jni_string_class;

static jclass g_exception_class;
static jmethodID g_exception_ctor;

static jclass global_class(JNIEnv* env, const char* name) {
  jclass local = (*env)->FindClass(env, name);
  if (local == NULL) return NULL;
  jclass global = (jclass)(*env)->NewGlobalRef(env, local);
  (*env)->DeleteLocalRef(env, local);
  return global;
}

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void* reserved) {
  (void)reserved;
  JNIEnv* env = NULL;
  if ((*vm)->GetEnv(vm, (void**)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
  /* Looked up once: FindClass per call is slow and, from threads attached
   * later, could use the wrong class loader. */
  g_exception_class = global_class(env, "io/github/kma/KmaException");
  if (g_exception_class == NULL) return JNI_ERR;
  g_exception_ctor =
      (*env)->GetMethodID(env, g_exception_class, "<init>", "(ILjava/lang/String;J)V");
  kma_jni_result_class = global_class(env, "io/github/kma/Result");
  if (g_exception_ctor == NULL || kma_jni_result_class == NULL) return JNI_ERR;
  kma_jni_result_factory = (*env)->GetStaticMethodID(
      env, kma_jni_result_class, "fromNative",
      "(Ljava/lang/String;[F[I[I[FLjava/lang/String;[I)Lio/github/kma/Result;");
  kma_jni_string_class = global_class(env, "java/lang/String");
  if (kma_jni_result_factory == NULL || kma_jni_string_class == NULL) return JNI_ERR;
  return JNI_VERSION_1_8;
}

JNIEXPORT void JNICALL JNI_OnUnload(JavaVM* vm, void* reserved) {
  (void)reserved;
  JNIEnv* env = NULL;
  if ((*vm)->GetEnv(vm, (void**)&env, JNI_VERSION_1_8) != JNI_OK) return;
  (*env)->DeleteGlobalRef(env, g_exception_class);
  (*env)->DeleteGlobalRef(env, kma_jni_result_class);
  (*env)->DeleteGlobalRef(env, kma_jni_string_class);
}

void kma_jni_throw_oom(JNIEnv* env, const char* what) {
  jclass oom = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
  if (oom != NULL) (*env)->ThrowNew(env, oom, what);
}

jobject kma_jni_new_exception(JNIEnv* env, kma_status status, const char* msg, int64_t offset) {
  if (msg == NULL || msg[0] == '\0') msg = kma_status_string(status);
  jstring jmsg = kma_jni_string_from_utf8(env, msg, strlen(msg));
  if (jmsg == NULL) return NULL; /* OutOfMemoryError pending */
  jobject ex = (*env)->NewObject(env, g_exception_class, g_exception_ctor, (jint)status, jmsg,
                                 (jlong)offset);
  (*env)->DeleteLocalRef(env, jmsg);
  return ex;
}

void kma_jni_throw_status(JNIEnv* env, kma_status status) {
  /* Read the thread-local error state before any other call can touch it. */
  const char* msg = kma_last_error_message();
  int64_t offset = -1;
  if (status == KMA_E_INVALID_UTF16 || status == KMA_E_INVALID_UTF8 ||
      status == KMA_E_INVALID_ARGUMENT || status == KMA_E_UNSATISFIABLE) {
    offset = kma_last_error_offset();
  }
  jobject ex = kma_jni_new_exception(env, status, msg, offset);
  if (ex != NULL) {
    (*env)->Throw(env, (jthrowable)ex);
    (*env)->DeleteLocalRef(env, ex);
  }
}

size_t kma_jni_utf8_to_utf16(const char* s, size_t bytes, jchar* out) {
  const unsigned char* p = (const unsigned char*)s;
  size_t i = 0;
  size_t n = 0;
  while (i < bytes) {
    unsigned c = p[i];
    unsigned cp;
    size_t len;
    if (c < 0x80) {
      cp = c;
      len = 1;
    } else if ((c & 0xE0) == 0xC0) {
      cp = c & 0x1F;
      len = 2;
    } else if ((c & 0xF0) == 0xE0) {
      cp = c & 0x0F;
      len = 3;
    } else if ((c & 0xF8) == 0xF0) {
      cp = c & 0x07;
      len = 4;
    } else {
      out[n++] = 0xFFFD;
      ++i;
      continue;
    }
    int ok = i + len <= bytes;
    for (size_t k = 1; ok && k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) ok = 0;
      else cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    /* Reject overlong forms, surrogates and values past U+10FFFF. */
    if (ok && ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
               (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
               (cp >= 0xD800 && cp <= 0xDFFF))) {
      ok = 0;
    }
    if (!ok) {
      out[n++] = 0xFFFD;
      ++i;
      continue;
    }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out[n++] = (jchar)(0xD800 + (cp >> 10));
      out[n++] = (jchar)(0xDC00 + (cp & 0x3FF));
    } else {
      out[n++] = (jchar)cp;
    }
    i += len;
  }
  return n;
}

jstring kma_jni_string_from_utf8(JNIEnv* env, const char* s, size_t bytes) {
  if (s == NULL) return NULL;
  jchar small[128];
  jchar* buf = bytes <= 128 ? small : (jchar*)malloc(bytes * sizeof(jchar));
  if (buf == NULL) {
    kma_jni_throw_oom(env, "kma: string conversion");
    return NULL;
  }
  size_t n = kma_jni_utf8_to_utf16(s, bytes, buf);
  jstring str = (*env)->NewString(env, buf, (jsize)n);
  if (buf != small) free(buf);
  return str;
}

int kma_jni_chars_get(JNIEnv* env, jstring s, kma_jni_chars* out) {
  jsize n = (*env)->GetStringLength(env, s);
  out->length = n;
  out->data = out->inline_buf;
  if ((size_t)n > sizeof(out->inline_buf) / sizeof(jchar)) {
    out->data = (jchar*)malloc((size_t)n * sizeof(jchar));
    if (out->data == NULL) {
      kma_jni_throw_oom(env, "kma: text buffer");
      return -1;
    }
  }
  /* A copy rather than GetStringCritical: analysis can take a while and must
   * not block the garbage collector. */
  (*env)->GetStringRegion(env, s, 0, n, out->data);
  if ((*env)->ExceptionCheck(env)) {
    kma_jni_chars_release(out);
    return -1;
  }
  return 0;
}

void kma_jni_chars_release(kma_jni_chars* c) {
  if (c->data != NULL && c->data != c->inline_buf) free(c->data);
  c->data = NULL;
}

char* kma_jni_bytes_dup(JNIEnv* env, jbyteArray bytes, jsize* length) {
  jsize n = (*env)->GetArrayLength(env, bytes);
  char* buf = (char*)malloc((size_t)n + 1);
  if (buf == NULL) {
    kma_jni_throw_oom(env, "kma: byte copy");
    return NULL;
  }
  (*env)->GetByteArrayRegion(env, bytes, 0, n, (jbyte*)buf);
  buf[n] = '\0'; /* belt and braces: the Java side already terminates */
  if (length != NULL) *length = n;
  return buf;
}
