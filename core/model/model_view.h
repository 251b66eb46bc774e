// ModelImpl: a loaded model as the layers above core/model read it
// (kma::Model::impl()): typed, read-only access to the dictionary records,
// the form trie, the boundary and concatenation tables, the language
// models and the conjugation data. The search, the
// user dictionary and the joiner work on this; applications and the C ABI
// see kma::Model only (core/model/model.h). Everything is read-only after
// loading, but for two thread-safe memos (dictionary word tags, and the
// slot the user dictionary keeps its basis in). How a file becomes a
// ModelImpl (the mapping, the section container, the checks, the LM views
// the registry points into) is core/model/model.cpp's alone.
#ifndef KMA_CORE_MODEL_MODEL_VIEW_H_
#define KMA_CORE_MODEL_MODEL_VIEW_H_

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/dict/dictionary.h"
#include "core/dict/trie.h"
#include "core/lm/factory.h"
#include "core/lm/tag_table.h"
#include "core/model/dictionary_words.h"
#include "core/model/model_memo.h"
#include "core/model/spacing_table.h"

namespace kma {

class Conjugation;
class KnlmView;
class MappedFile;
class Model;
class ModelFile;

class ModelImpl {
 public:
  ModelImpl();
  ~ModelImpl();
  ModelImpl(const ModelImpl&) = delete;
  ModelImpl& operator=(const ModelImpl&) = delete;

  const MorphRecord& morph(uint32_t id) const { return morphs_[id]; }
  uint32_t morph_count() const { return morph_count_; }
  std::string_view morph_form(uint32_t id) const {
    return std::string_view(strings_ + morphs_[id].form_offset(), morphs_[id].form_length());
  }
  const MorphScores& morph_scores(const MorphRecord& r) const { return morph_scores_[r.scores]; }
  // First character of the normalized form (see MorphFirstChar).
  char32_t morph_first_char(uint32_t id) const { return MorphFirstChar(morph_form(id)); }
  const EntryRecord& entry(uint32_t i) const { return entries_[i]; }
  uint32_t entry_count() const { return entry_count_; }
  float entry_penalty(const EntryRecord& e) const { return entry_penalties_[e.penalty]; }
  const uint32_t* entry_morphs(const EntryRecord& e) const { return entry_morphs_ + e.morph_begin; }
  // The form trie; the values of a node are entry indices (entries are
  // stored in trie value order).
  const TrieView& trie() const { return trie_; }
  // Which of NNG/NNP trie node `node` (whose key is `key`) is as the
  // dictionary's own word (DictionaryWords::kNng | kNnp bits). Remembered
  // per node: the one part of the model that changes after Load(), as a
  // thread-safe cache of a pure function (core/model/dictionary_words.h).
  unsigned dictionary_word_tags(uint32_t node, std::u32string_view key) const {
    return dictionary_words_.Tags(*this, node, key);
  }
  // True if a stem of conjugation class `socket_key` may not be followed by
  // the plain form of an ending starting with `first_char`.
  bool ConcatBlocked(uint32_t socket_key, uint32_t first_char) const {
    uint64_t k = (uint64_t{socket_key} << 32) | first_char;
    return std::binary_search(concat_block_, concat_block_ + concat_block_count_, k);
  }
  // log P(space before | prev tag, tag); prev == kNumTags at sentence start.
  float BoundaryLogp(int prev_tag, int tag, bool space) const {
    return boundary_[(prev_tag * kNumTags + tag) * 2 + (space ? 1 : 0)];
  }
  // The corpus's spacing by morpheme (core/model/spacing_table.h); empty
  // for a model without the section.
  const SpacingTableView& spacing_table() const { return spacing_; }
  // The Kneser-Ney model; its vocabulary is every LM's.
  const KnlmView& knlm() const;
  // Every language model of the file, by name (core/lm/factory.h).
  const lm::LmRegistry& lms() const { return *lms_; }
  const std::vector<std::string>& lm_names() const { return lms_->names(); }
  bool has_lm(std::string_view name) const { return lms_->Find(name) != nullptr; }
  // The class-interpolation weight tuned for an LM ("<lm>.class_lambda" in
  // the metadata), or 0 if the model does not say. An ensemble uses the
  // weight of its CoNg part unless it has its own.
  float class_lambda(std::string_view lm) const;
  const std::string& default_lm() const { return default_lm_; }
  const TagLmTable& tag_lm_table() const { return tag_table_; }
  // LM token of the full stop "."/SF: text that ends without punctuation is
  // closed as if it had one, since nearly every training sentence does.
  uint32_t period_lm_id() const { return period_lm_id_; }
  // Run-time conjugation data (core/morph/conjugation.h), or nullptr for a
  // model built without it.
  const Conjugation* conjugation() const { return conjugation_.get(); }
  // Where the user dictionary keeps what every dictionary compiled against
  // this model shares (core/userdict/user_dict_basis.h).
  const ModelMemo& user_dict_memo() const { return user_dict_memo_; }
  // The section container (format version, metadata) and its size in bytes.
  const ModelFile& file() const;
  size_t file_size() const;

 private:
  friend class Model;
  // The mapped file, its container and the LM views the registry points
  // into: only loading touches them (model.cpp).
  struct Storage;

  Status Load(std::unique_ptr<MappedFile> file);
  Status LoadDictionary();
  Status LoadLanguageModels();

  std::unique_ptr<Storage> storage_;
  const MorphRecord* morphs_ = nullptr;
  uint32_t morph_count_ = 0;
  const MorphScores* morph_scores_ = nullptr;
  const char* strings_ = nullptr;
  const EntryRecord* entries_ = nullptr;
  uint32_t entry_count_ = 0;
  const float* entry_penalties_ = nullptr;
  const uint32_t* entry_morphs_ = nullptr;
  uint32_t entry_morph_count_ = 0;
  TrieView trie_;
  DictionaryWords dictionary_words_;
  ModelMemo user_dict_memo_;
  const uint64_t* concat_block_ = nullptr;
  uint32_t concat_block_count_ = 0;
  const float* boundary_ = nullptr;
  SpacingTableView spacing_;
  std::unique_ptr<lm::LmRegistry> lms_;
  std::string default_lm_;
  std::vector<std::pair<std::string, float>> class_lambda_;
  TagLmTable tag_table_;
  uint32_t period_lm_id_ = 0;
  std::unique_ptr<Conjugation> conjugation_;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_MODEL_VIEW_H_
