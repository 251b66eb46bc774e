/*
 * Helpers shared by the JNI files: exceptions from kma status codes, string
 * conversion between the C API's UTF-8 and Java's UTF-16, and the cached
 * class/method references (set up once in JNI_OnLoad).
 *
 * Java strings never cross as (modified) UTF-8: text goes in as UTF-16 via
 * GetStringRegion and forms come back through a strict UTF-8 decoder, so
 * supplementary characters (emoji) survive both ways.
 */
#ifndef KMA_JNI_UTIL_H_
#define KMA_JNI_UTIL_H_

#include <jni.h>

#include <kma/kma.h>

/* Cached in JNI_OnLoad; global references, valid while the library is. */
extern jclass kma_jni_result_class;
extern jmethodID kma_jni_result_factory;
extern jclass kma_jni_string_class;

/*
 * Throws io.github.kma.KmaException(status, kma_last_error_message(),
 * offset) where offset is kma_last_error_offset() for invalid text and -1
 * otherwise. Call right after the failing kma function, on the same thread.
 */
void kma_jni_throw_status(JNIEnv* env, kma_status status);

/*
 * A new io.github.kma.KmaException(status, msg, offset), not thrown (for
 * per-text errors of a batch). A NULL or empty @p msg becomes the status
 * name. Returns NULL with an exception pending on failure.
 */
jobject kma_jni_new_exception(JNIEnv* env, kma_status status, const char* msg, int64_t offset);

/*
 * A kma_options from the values of io.github.kma.AnalyzerOptions: slot
 * numbers, and per slot a number (ints and booleans too) or NUL-terminated
 * UTF-8 (string slots), set by the slot's type (kma_jni_options.c). Values
 * are validated by the C library, so the binding reports exactly its bounds
 * and messages. Returns NULL with an exception pending on failure; the
 * caller frees the set.
 */
kma_options* kma_jni_make_options(JNIEnv* env, jintArray slots, jdoubleArray numbers,
                                  jobjectArray strings);

/* Throws java.lang.OutOfMemoryError with the given message. */
void kma_jni_throw_oom(JNIEnv* env, const char* what);

/*
 * A new String from UTF-8 bytes (standard UTF-8, not JNI's modified form).
 * Malformed sequences become U+FFFD. Returns NULL with an exception pending
 * on failure; a NULL @p s gives NULL without an exception.
 */
jstring kma_jni_string_from_utf8(JNIEnv* env, const char* s, size_t bytes);

/*
 * Decodes UTF-8 into @p out (room for @p bytes units is enough, since UTF-8
 * never needs more UTF-16 units than bytes) and returns the unit count.
 */
size_t kma_jni_utf8_to_utf16(const char* s, size_t bytes, jchar* out);

/*
 * The UTF-16 contents of a Java String, copied with GetStringRegion into a
 * small inline buffer or, for long text, the heap.
 */
typedef struct kma_jni_chars {
  jchar* data;
  jsize length;
  jchar inline_buf[256];
} kma_jni_chars;

/* Returns 0 on success; otherwise an exception is pending. */
int kma_jni_chars_get(JNIEnv* env, jstring s, kma_jni_chars* out);
void kma_jni_chars_release(kma_jni_chars* c);

/*
 * Copies a Java byte[] (already NUL-terminated by the Java side) into a
 * malloc'ed buffer. Returns NULL with an exception pending on failure.
 */
char* kma_jni_bytes_dup(JNIEnv* env, jbyteArray bytes, jsize* length);

/* Converts a jlong handle back into a pointer. */
#define KMA_JNI_PTR(type, handle) ((type*)(intptr_t)(handle))
#define KMA_JNI_HANDLE(ptr) ((jlong)(intptr_t)(ptr))

/* Builds an io.github.kma.Result from a native result (kma_jni_result.c). */
jobject kma_jni_make_result(JNIEnv* env, jstring text, const kma_result* result);

#endif /* KMA_JNI_UTIL_H_ */
