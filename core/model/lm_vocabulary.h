// The language models' vocabulary seen from outside: which LM token a
// morpheme "form/TAG" scores as, and a readable label for every token.
// Morphemes seen at least twice in training have their own token; every
// other morpheme (rare, lexicon-only, unseen) scores as its tag's class token.
#ifndef KMA_CORE_MODEL_LM_VOCABULARY_H_
#define KMA_CORE_MODEL_LM_VOCABULARY_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/status.h"
#include "core/model/model.h"

namespace kma {

class LmVocabulary {
 public:
  static constexpr uint32_t kNoToken = 0xFFFFFFFFu;

  explicit LmVocabulary(const Model& model);

  // Token of one morpheme; kNoToken if the tag is not a kma tag. Tags may
  // carry the corpus' -I/-R suffixes.
  uint32_t TokenOf(std::string_view form, std::string_view tag) const;

  // Parses "form/TAG form/TAG ..." (spaces or tabs between morphemes) into
  // tokens. kInvalidArgument with the byte offset of the bad piece, or of
  // the bad byte in a piece that is not UTF-8 or holds a control character
  // (FindBadFormByte).
  Status Parse(std::string_view morphs, std::vector<uint32_t>* tokens) const;

  // "form/TAG" for a morpheme token, "<TAG>" for a class token, "<s>" and
  // "</s>" for sentence start and end.
  const std::string& Label(uint32_t token) const;
  uint32_t size() const { return static_cast<uint32_t>(labels_.size()); }

 private:
  std::unordered_map<std::string, uint32_t> token_of_;  // "form/TAG" -> token
  std::vector<std::string> labels_;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_LM_VOCABULARY_H_
