#include "core/model/lm_vocabulary.h"

#include "core/base/pos_tag.h"
#include "core/dict/dictionary.h"
#include "core/lm/knlm.h"
#include "core/model/model_view.h"
#include "core/text/char_class.h"

namespace kma {

LmVocabulary::LmVocabulary(const Model& model) {
  const ModelImpl& m = model.impl();
  labels_.assign(m.knlm().vocab_size(), std::string());
  if (labels_.size() > kLmEos) labels_[kLmBos] = "<s>", labels_[kLmEos] = "</s>";
  for (int t = 0; t < kNumTags; ++t) {
    uint32_t tok = LmClassToken(static_cast<PosTag>(t));
    if (tok < labels_.size()) labels_[tok] = "<" + std::string(TagName(static_cast<PosTag>(t))) + ">";
  }
  token_of_.reserve(m.morph_count() * 2);
  for (uint32_t i = 0; i < m.morph_count(); ++i) {
    const MorphRecord& r = m.morph(i);
    std::string key(m.morph_form(i));
    key += '/';
    key += TagName(static_cast<PosTag>(r.tag()));
    if (r.lm_id() >= kLmFirstWord && r.lm_id() < labels_.size() && labels_[r.lm_id()].empty())
      labels_[r.lm_id()] = key;
    token_of_.emplace(std::move(key), r.lm_id());
  }
}

uint32_t LmVocabulary::TokenOf(std::string_view form, std::string_view tag) const {
  PosTag t;
  if (!ParseTag(tag, &t)) return kNoToken;
  std::string key(form);
  key += '/';
  key += TagName(t);
  auto it = token_of_.find(key);
  return it != token_of_.end() ? it->second : LmClassToken(t);
}

Status LmVocabulary::Parse(std::string_view morphs, std::vector<uint32_t>* tokens) const {
  tokens->clear();
  size_t pos = 0;
  while (pos < morphs.size()) {
    size_t end = morphs.find_first_of(" \t", pos);
    if (end == std::string_view::npos) end = morphs.size();
    if (end > pos) {
      std::string_view piece = morphs.substr(pos, end - pos);
      std::string why;
      if (const size_t bad = FindBadFormByte(piece, &why); bad != std::string_view::npos)
        return Status(StatusCode::kInvalidArgument, "morpheme at byte " + std::to_string(pos) + " has " + why +
                                                        " at byte " + std::to_string(pos + bad),
                      static_cast<int64_t>(pos + bad));
      size_t slash = piece.rfind('/');
      uint32_t tok = slash == std::string_view::npos || slash == 0
                         ? kNoToken
                         : TokenOf(piece.substr(0, slash), piece.substr(slash + 1));
      if (tok == kNoToken)
        return Status(StatusCode::kInvalidArgument,
                      "morpheme '" + std::string(piece) + "' at byte " + std::to_string(pos) +
                          " is not form/TAG with a kma tag",
                      static_cast<int64_t>(pos));
      tokens->push_back(tok);
    }
    pos = end + 1;
  }
  return Status::Ok();
}

const std::string& LmVocabulary::Label(uint32_t token) const {
  static const std::string kEmpty;
  return token < labels_.size() ? labels_[token] : kEmpty;
}

}  // namespace kma
