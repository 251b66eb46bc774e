/* Natives of io.github.kma.AnalyzerPool: batches over kma_pool. */
#include <stdlib.h>

#include "io_github_kma_AnalyzerPool.h"
#include "kma_jni_util.h"

JNIEXPORT jlong JNICALL Java_io_github_kma_AnalyzerPool_new0(JNIEnv* env, jclass cls,
                                                             jlong model, jintArray slots,
                                                             jdoubleArray numbers,
                                                             jobjectArray strings, jint threads) {
  (void)cls;
  /* threads >= 0: checked by AnalyzerPool.java. */
  kma_options* opt = kma_jni_make_options(env, slots, numbers, strings);
  if (opt == NULL) return 0;
  kma_pool* pool = NULL;
  kma_status s =
      kma_pool_new(&pool, KMA_JNI_PTR(const kma_model, model), opt, (uint32_t)threads);
  kma_options_free(opt);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    return 0;
  }
  return KMA_JNI_HANDLE(pool);
}

JNIEXPORT void JNICALL Java_io_github_kma_AnalyzerPool_free0(JNIEnv* env, jclass cls, jlong h) {
  (void)env;
  (void)cls;
  kma_pool_free(KMA_JNI_PTR(kma_pool, h));
}

JNIEXPORT jint JNICALL Java_io_github_kma_AnalyzerPool_threadCount0(JNIEnv* env, jclass cls,
                                                                    jlong h) {
  (void)env;
  (void)cls;
  return (jint)kma_pool_thread_count(KMA_JNI_PTR(const kma_pool, h));
}

/* The UTF-16 copies of a batch, all in one allocation. */
typedef struct batch {
  const uint16_t** texts;
  size_t* lengths;
  kma_result** results;
  kma_status* statuses;
  jchar* units;
} batch;

static void batch_free(batch* b) {
  free(b->texts);
  free(b->lengths);
  free(b->results);
  free(b->statuses);
  free(b->units);
}

/* Copies the Strings' UTF-16 (GetStringRegion: never modified UTF-8).
 * Returns 0, or -1 with an exception pending. */
static int batch_fill(JNIEnv* env, jobjectArray texts, jsize n, batch* b) {
  size_t total = 0;
  jsize i;
  size_t count = n > 0 ? (size_t)n : 1;
  b->texts = (const uint16_t**)calloc(count, sizeof *b->texts);
  b->lengths = (size_t*)calloc(count, sizeof *b->lengths);
  b->results = (kma_result**)calloc(count, sizeof *b->results);
  b->statuses = (kma_status*)calloc(count, sizeof *b->statuses);
  if (!b->texts || !b->lengths || !b->results || !b->statuses) goto oom;
  for (i = 0; i < n; ++i) {
    jstring s = (jstring)(*env)->GetObjectArrayElement(env, texts, i);
    b->lengths[i] = (size_t)(*env)->GetStringLength(env, s);
    total += b->lengths[i];
    (*env)->DeleteLocalRef(env, s);
  }
  b->units = (jchar*)malloc((total > 0 ? total : 1) * sizeof(jchar));
  if (b->units == NULL) goto oom;
  total = 0;
  for (i = 0; i < n; ++i) {
    jstring s = (jstring)(*env)->GetObjectArrayElement(env, texts, i);
    (*env)->GetStringRegion(env, s, 0, (jsize)b->lengths[i], b->units + total);
    (*env)->DeleteLocalRef(env, s);
    /* jchar is uint16_t: offsets come back in the units substring uses. */
    b->texts[i] = (const uint16_t*)(b->units + total);
    total += b->lengths[i];
  }
  return 0;
oom:
  kma_jni_throw_oom(env, "kma: batch of texts");
  return -1;
}

/* Element i: a Result, or the KmaException of text i. */
static jobject batch_element(JNIEnv* env, kma_pool* pool, jobjectArray texts, batch* b,
                             jsize i) {
  if (b->statuses[i] != KMA_OK) {
    return kma_jni_new_exception(env, b->statuses[i], kma_pool_text_error(pool, (size_t)i),
                                 kma_pool_text_error_offset(pool, (size_t)i));
  }
  jstring s = (jstring)(*env)->GetObjectArrayElement(env, texts, i);
  jobject r = kma_jni_make_result(env, s, b->results[i]);
  (*env)->DeleteLocalRef(env, s);
  return r;
}

JNIEXPORT jobjectArray JNICALL Java_io_github_kma_AnalyzerPool_analyze0(JNIEnv* env, jclass cls,
                                                                        jlong h,
                                                                        jobjectArray texts) {
  (void)cls;
  kma_pool* pool = KMA_JNI_PTR(kma_pool, h);
  jsize n = (*env)->GetArrayLength(env, texts);
  batch b = {0};
  jobjectArray out = NULL;
  jsize i;
  if (batch_fill(env, texts, n, &b) != 0) goto done;
  kma_status s = kma_pool_analyze_utf16(pool, b.texts, b.lengths, (size_t)n, b.results,
                                        b.statuses);
  if (s != KMA_OK) {
    kma_jni_throw_status(env, s);
    goto done;
  }
  out = (*env)->NewObjectArray(env, n, (*env)->FindClass(env, "java/lang/Object"), NULL);
  for (i = 0; out != NULL && i < n; ++i) {
    jobject e = batch_element(env, pool, texts, &b, i);
    if (e == NULL) {
      out = NULL; /* exception pending; the local reference dies with the frame */
      break;
    }
    (*env)->SetObjectArrayElement(env, out, i, e);
    (*env)->DeleteLocalRef(env, e);
  }
done:
  for (i = 0; i < n && b.results != NULL; ++i) kma_result_free(b.results[i]);
  batch_free(&b);
  return out;
}
