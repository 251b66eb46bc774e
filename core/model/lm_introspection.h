// Looking inside a model's language models: the context a morpheme sequence
// maps to, the most likely next morphemes, and (CoNg) the morphemes whose
// output embeddings are closest. For users exploring the model; nothing here
// is on the analysis path.
#ifndef KMA_CORE_MODEL_LM_INTROSPECTION_H_
#define KMA_CORE_MODEL_LM_INTROSPECTION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/model/lm_vocabulary.h"
#include "core/model/model.h"

namespace kma {

class CongView;
namespace lm {
class LanguageModel;
class LmScorer;
struct LmState;
}  // namespace lm

struct LmItem {
  uint32_t token;
  float score;  // log-probability (next) or cosine similarity
};

class LmIntrospector {
 public:
  // `lm`: a name from model.lm_names(), or "" for the model's default.
  // kInvalidArgument for an unknown name.
  static StatusOr<std::unique_ptr<LmIntrospector>> Create(std::shared_ptr<const Model> model, std::string_view lm);

  // Context of a history given as "form/TAG ..." from the start of a
  // sentence: for CoNg, the context row (trie node) and its length in
  // morphemes; for the n-gram model, its state and length. An ensemble
  // ("cong+knlm") reports its CoNg context. Everything here goes through
  // the LM seam (core/lm/language_model.h), so it agrees with the search.
  Status ContextId(std::string_view morphs, uint32_t* id, uint32_t* length) const;
  // The k most likely next tokens after the history, best first.
  Status PredictNext(std::string_view morphs, size_t k, std::vector<LmItem>* out) const;
  // The k tokens whose CoNg output embeddings have the highest cosine
  // similarity with the morpheme's (itself excluded). kUnsupported for the
  // n-gram model.
  Status MostSimilar(std::string_view morph, size_t k, std::vector<LmItem>* out) const;

  const LmVocabulary& vocabulary() const { return vocab_; }
  const std::string& lm_name() const { return name_; }

 private:
  LmIntrospector(std::shared_ptr<const Model> model, std::string name);
  // The LM's state after the history, in `scorer` (a new one).
  Status Walk(std::string_view morphs, lm::LmScorer* scorer, lm::LmState* state) const;

  std::shared_ptr<const Model> model_;
  std::string name_;
  const lm::LanguageModel* lm_ = nullptr;
  const CongView* cong_ = nullptr;  // for MostSimilar; null for the n-gram model
  LmVocabulary vocab_;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_LM_INTROSPECTION_H_
