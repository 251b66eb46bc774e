/**
 * @file kma_lm.h
 * @brief Looking inside a model's language models.
 *
 * For exploring what a model learned: the context a morpheme history maps
 * to, the most likely next morphemes, and, for CoNg models, the morphemes
 * whose output embeddings are most similar. Nothing here is needed to
 * analyse text.
 *
 * Morphemes are written "form/TAG" (e.g. "먹/VV"); a history is several of
 * them separated by spaces and starts at the beginning of a sentence.
 * Morphemes the language model has no own entry for (seen fewer than twice
 * in training) stand for their tag's class, labelled "<TAG>" (e.g. "<NNP>").
 */
#ifndef KMA_LM_H_
#define KMA_LM_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/** Longest label of a kma_lm_item, including the terminating NUL. */
#define KMA_LM_LABEL_SIZE 96

/** One language-model vocabulary entry with a score. */
typedef struct kma_lm_item {
  /** "form/TAG", "<TAG>" for a class, "</s>" for the end of a sentence;
   *  NUL-terminated UTF-8 (a longer label is cut at a character boundary). */
  char label[KMA_LM_LABEL_SIZE];
  /** The entry's id in the language model's vocabulary. */
  uint32_t token;
  /** Natural-log probability (kma_lm_predict_next) or cosine similarity
   *  (kma_lm_most_similar). */
  float score;
} kma_lm_item;

/**
 * Context of a morpheme history.
 *
 * @param[in]  model        the model.
 * @param[in]  lm           language model name (kma_model_lm_name()); NULL
 *                          or "" for the model's default.
 * @param[in]  morphs_utf8  the history, "form/TAG form/TAG ..."; may be
 *                          empty (sentence start).
 * @param[in]  length       its length in bytes.
 * @param[out] context_id   CoNg: the context row id; n-gram model: its state.
 * @param[out] context_len  how many of the last morphemes (sentence start
 *                          counted as one) the context covers. May be NULL.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL model/context_id, NULL text
 *         with nonzero length, unknown language model, a piece that is not
 *         form/TAG with a kma tag, or that is not UTF-8 or holds a control
 *         character: the message and kma_last_error_offset() give the byte
 *         offset).
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_lm_context_id(const kma_model* model, const char* lm, const char* morphs_utf8,
                                              size_t length, uint32_t* context_id, uint32_t* context_len);

/**
 * The most likely next entries after a morpheme history, best first.
 *
 * @param[in]  model, lm, morphs_utf8, length  as for kma_lm_context_id().
 * @param[out] items     array of @p capacity entries to fill.
 * @param[in]  capacity  how many to return at most.
 * @param[out] count     receives how many were written.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT as for kma_lm_context_id(), or
 *         NULL items/count.
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_lm_predict_next(const kma_model* model, const char* lm, const char* morphs_utf8,
                                                size_t length, kma_lm_item* items, size_t capacity, size_t* count);

/**
 * The entries whose CoNg output embeddings are closest (cosine similarity)
 * to one morpheme's, best first, the morpheme itself excluded.
 *
 * @param[in]  morph_utf8  one "form/TAG".
 * @param[in]  length      its length in bytes.
 * Other parameters as for kma_lm_predict_next().
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT; KMA_E_UNSUPPORTED if @p lm is the
 *         n-gram model (it has no embeddings).
 * Thread-safety: any thread.
 */
KMA_API kma_status KMA_CALL kma_lm_most_similar(const kma_model* model, const char* lm, const char* morph_utf8,
                                                size_t length, kma_lm_item* items, size_t capacity, size_t* count);

KMA_EXTERN_C_END

#endif /* KMA_LM_H_ */
