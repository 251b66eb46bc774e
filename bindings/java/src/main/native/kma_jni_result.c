/*
 * Copies a kma_result into an io.github.kma.Result. Everything is flattened
 * into a few primitive arrays plus one String of all forms (each token's
 * form, then its lemma), then handed to
 * the Java factory Result.fromNative in a single call: a JNI call per token
 * would cost more than the copy.
 */
#include <stdlib.h>
#include <string.h>

#include "kma_jni_util.h"

enum { kTokenInts = 11, kSentenceInts = 4 }; /* Result.TOKEN_INTS */

jobject kma_jni_make_result(JNIEnv* env, jstring text, const kma_result* r) {
  size_t n_analyses = kma_result_analysis_count(r);
  size_t n_tokens = 0;
  size_t form_bytes = 0;
  for (size_t a = 0; a < n_analyses; ++a) {
    size_t n = kma_result_token_count(r, a);
    const kma_token* t = kma_result_tokens(r, a);
    n_tokens += n;
    /* The lemma is the form or the form and 다 (kma_result_token_lemma). */
    for (size_t k = 0; k < n; ++k) form_bytes += 2 * (size_t)t[k].form_length + 3;
  }
  size_t n_sentences = kma_result_sentence_count(r);

  float* a_scores = (float*)malloc((n_analyses + 1) * sizeof(float));
  jint* a_counts = (jint*)malloc((n_analyses + 1) * sizeof(jint));
  jint* t_ints = (jint*)malloc((n_tokens * kTokenInts + 1) * sizeof(jint));
  float* t_scores = (float*)malloc((n_tokens + 1) * sizeof(float));
  jchar* forms = (jchar*)malloc((form_bytes + 1) * sizeof(jchar));
  jint* s_ints = (jint*)malloc((n_sentences * kSentenceInts + 1) * sizeof(jint));
  jobject result = NULL;
  jfloatArray j_a_scores = NULL, j_t_scores = NULL;
  jintArray j_a_counts = NULL, j_t_ints = NULL, j_s_ints = NULL;
  jstring j_forms = NULL;
  if (!a_scores || !a_counts || !t_ints || !t_scores || !forms || !s_ints) {
    kma_jni_throw_oom(env, "kma: result copy");
    goto done;
  }

  size_t ti = 0;
  size_t form_units = 0;
  for (size_t a = 0; a < n_analyses; ++a) {
    size_t n = kma_result_token_count(r, a);
    const kma_token* t = kma_result_tokens(r, a);
    a_scores[a] = kma_result_analysis_score(r, a);
    a_counts[a] = (jint)n;
    for (size_t k = 0; k < n; ++k, ++ti) {
      jint* o = t_ints + ti * kTokenInts;
      const char* form = kma_result_token_form(r, &t[k]);
      size_t units = kma_jni_utf8_to_utf16(form, t[k].form_length, forms + form_units);
      form_units += units;
      const char* lemma = kma_result_token_lemma(r, &t[k]);
      size_t lemma_units = kma_jni_utf8_to_utf16(lemma, strlen(lemma), forms + form_units);
      form_units += lemma_units;
      o[0] = (jint)t[k].begin;
      o[1] = (jint)t[k].length;
      o[2] = (jint)t[k].cp_begin;
      o[3] = (jint)t[k].cp_length;
      o[4] = (jint)t[k].morph_id;
      o[5] = (jint)t[k].tag;
      o[6] = (jint)t[k].flags;
      o[7] = (jint)t[k].sentence;
      o[8] = (jint)t[k].word;
      o[9] = (jint)units;
      o[10] = (jint)lemma_units;
      t_scores[ti] = t[k].score;
    }
  }
  for (size_t i = 0; i < n_sentences; ++i) {
    kma_span span = {0, 0, 0, 0};
    kma_result_sentence(r, i, &span);
    s_ints[i * kSentenceInts + 0] = (jint)span.begin;
    s_ints[i * kSentenceInts + 1] = (jint)span.length;
    s_ints[i * kSentenceInts + 2] = (jint)span.cp_begin;
    s_ints[i * kSentenceInts + 3] = (jint)span.cp_length;
  }

  if (!(j_a_scores = (*env)->NewFloatArray(env, (jsize)n_analyses))) goto done;
  (*env)->SetFloatArrayRegion(env, j_a_scores, 0, (jsize)n_analyses, a_scores);
  if (!(j_a_counts = (*env)->NewIntArray(env, (jsize)n_analyses))) goto done;
  (*env)->SetIntArrayRegion(env, j_a_counts, 0, (jsize)n_analyses, a_counts);
  if (!(j_t_ints = (*env)->NewIntArray(env, (jsize)(n_tokens * kTokenInts)))) goto done;
  (*env)->SetIntArrayRegion(env, j_t_ints, 0, (jsize)(n_tokens * kTokenInts), t_ints);
  if (!(j_t_scores = (*env)->NewFloatArray(env, (jsize)n_tokens))) goto done;
  (*env)->SetFloatArrayRegion(env, j_t_scores, 0, (jsize)n_tokens, t_scores);
  if (!(j_forms = (*env)->NewString(env, forms, (jsize)form_units))) goto done;
  if (!(j_s_ints = (*env)->NewIntArray(env, (jsize)(n_sentences * kSentenceInts)))) goto done;
  (*env)->SetIntArrayRegion(env, j_s_ints, 0, (jsize)(n_sentences * kSentenceInts), s_ints);

  result = (*env)->CallStaticObjectMethod(env, kma_jni_result_class, kma_jni_result_factory,
                                          text, j_a_scores, j_a_counts, j_t_ints, j_t_scores,
                                          j_forms, j_s_ints);

done:
  free(a_scores);
  free(a_counts);
  free(t_ints);
  free(t_scores);
  free(forms);
  free(s_ints);
  if (j_a_scores) (*env)->DeleteLocalRef(env, j_a_scores);
  if (j_a_counts) (*env)->DeleteLocalRef(env, j_a_counts);
  if (j_t_ints) (*env)->DeleteLocalRef(env, j_t_ints);
  if (j_t_scores) (*env)->DeleteLocalRef(env, j_t_scores);
  if (j_forms) (*env)->DeleteLocalRef(env, j_forms);
  if (j_s_ints) (*env)->DeleteLocalRef(env, j_s_ints);
  return result;
}
