#include "core/model/model.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/base/stored_floats.h"
#include "core/lm/cong.h"
#include "core/lm/cong_global.h"
#include "core/lm/knlm.h"
#include "core/model/format.h"
#include "core/model/mapped_file.h"
#include "core/model/model_view.h"
#include "core/morph/conjugation.h"
#include "core/text/utf.h"

namespace kma {
namespace {

// A stored log-probability: in [-kMaxStoredMagnitude, 0] (false for NaN;
// core/base/stored_floats.h says why finite is not enough).
bool IsStoredLogp(float v) { return v <= 0.0f && v >= -kMaxStoredMagnitude; }

Status Bad(const std::string& what) {
  return Status(StatusCode::kModelFormat, "model file: " + what);
}

// Reads a section written as {u32 count, u32 pad, T[count]}.
template <typename T>
Status PodArray(const ModelFile& mf, std::string_view name, const T** out, uint32_t* count) {
  const uint8_t* d;
  size_t n;
  if (!mf.FindSection(name, &d, &n)) return Bad("missing section '" + std::string(name) + "'");
  if (n < 8 || reinterpret_cast<uintptr_t>(d) % 8 != 0) return Bad("section '" + std::string(name) + "' too small");
  uint32_t c;
  std::memcpy(&c, d, 4);
  if (uint64_t{c} * sizeof(T) != n - 8) return Bad("section '" + std::string(name) + "' has the wrong size");
  *out = reinterpret_cast<const T*>(d + 8);
  *count = c;
  return Status::Ok();
}

}  // namespace

struct ModelImpl::Storage {
  std::unique_ptr<MappedFile> file;
  ModelFile model_file;
  KnlmView knlm;
  CongView cong;
  CongGlobalView global;
  KnlmView tag_lm;
};

ModelImpl::ModelImpl() : storage_(std::make_unique<Storage>()) {}
ModelImpl::~ModelImpl() = default;

const KnlmView& ModelImpl::knlm() const { return storage_->knlm; }
const ModelFile& ModelImpl::file() const { return storage_->model_file; }
size_t ModelImpl::file_size() const { return storage_->file->size(); }

// The dictionary sections (layouts in core/dict/dictionary.h and core/dict/trie.h).
// Every index a lookup follows is checked here, once, so that a damaged file
// is rejected instead of read out of bounds.
Status ModelImpl::LoadDictionary() {
  const ModelFile& m = storage_->model_file;
  KMA_RETURN_IF_ERROR(PodArray(m, "morphs", &morphs_, &morph_count_));
  if (morph_count_ == 0) return Bad("empty dictionary");
  uint32_t score_count = 0;
  KMA_RETURN_IF_ERROR(PodArray(m, "morph_scores", &morph_scores_, &score_count));
  // Log-probabilities: finite and at most 0 (a NaN here reached the search's
  // arithmetic through a model that otherwise loaded).
  for (uint32_t i = 0; i < score_count; ++i)
    if (!IsStoredLogp(morph_scores_[i].emit_logp) || !IsStoredLogp(morph_scores_[i].tag_logp))
      return Bad("morpheme score " + std::to_string(i) + " is not a log-probability in [-10000, 0]");
  const uint8_t* d;
  size_t n;
  if (!m.FindSection("strings", &d, &n)) return Bad("missing section 'strings'");
  strings_ = reinterpret_cast<const char*>(d);
  // Forms reach users as UTF-8 (kma_result_token_form): the pool must be
  // UTF-8 and every form a non-empty run of whole characters in it.
  // kma_result_token_form() hands forms out NUL-terminated: no NUL inside.
  if (!IsValidUtf8(std::string_view(strings_, n)) || std::memchr(strings_, 0, n) != nullptr)
    return Bad("morpheme strings are not UTF-8 text without NUL bytes");
  auto continuation = [&](uint64_t at) { return at < n && (static_cast<uint8_t>(strings_[at]) & 0xC0) == 0x80; };
  for (uint32_t i = 0; i < morph_count_; ++i) {
    const MorphRecord& r = morphs_[i];
    if (uint64_t{r.form_offset()} + r.form_length() > n || r.tag() >= kNumTags || r.scores >= score_count)
      return Bad("morpheme record out of range");
    // Morpheme 0 stands for unknown words and patterns: its form is empty.
    if ((r.form_length() == 0 && i != 0) || continuation(r.form_offset()) ||
        continuation(uint64_t{r.form_offset()} + r.form_length()))
      return Bad("morpheme " + std::to_string(i) + " has an empty form or one that cuts a character");
  }
  KMA_RETURN_IF_ERROR(PodArray(m, "entries", &entries_, &entry_count_));
  uint32_t penalty_count = 0;
  KMA_RETURN_IF_ERROR(PodArray(m, "entry_penalties", &entry_penalties_, &penalty_count));
  for (uint32_t i = 0; i < penalty_count; ++i)
    if (!(entry_penalties_[i] >= 0.0f && entry_penalties_[i] <= kMaxStoredMagnitude))
      return Bad("entry penalty " + std::to_string(i) + " is not a cost in [0, 10000]");
  KMA_RETURN_IF_ERROR(PodArray(m, "entry_morphs", &entry_morphs_, &entry_morph_count_));
  for (uint32_t i = 0; i < entry_count_; ++i) {
    const EntryRecord& e = entries_[i];
    const uint32_t need = e.morph_count();
    if (need == 0 || uint64_t{e.morph_begin} + need > entry_morph_count_ || e.kind() > EntryKind::kSocket ||
        (e.info & 0x80) != 0 || e.penalty >= penalty_count)
      return Bad("entry out of range");
    // Morpheme 0 is the unknown-word placeholder: no entry may name it.
    for (uint32_t k = 0; k < need; ++k)
      if (entry_morphs_[e.morph_begin + k] == 0 || entry_morphs_[e.morph_begin + k] >= morph_count_)
        return Bad("entry morpheme out of range");
  }
  if (!m.FindSection("trie", &d, &n)) return Bad("missing section 'trie'");
  auto trie = TrieView::Open(d, n, entry_count_);
  if (!trie.ok()) return trie.status();
  trie_ = trie.value();
  dictionary_words_.Reset(trie_.node_count());
  return Status::Ok();
}

// The LM sections ("lm.knlm", "lm.cong", "lm.cong-global"; others, such as
// float rows kept for experiments, are not runtime formats and are ignored)
// and the registry of the LMs they make, with their tuned metadata.
Status ModelImpl::LoadLanguageModels() {
  const ModelFile& m = storage_->model_file;
  const uint8_t* d;
  size_t n;
  if (!m.FindSection("lm.knlm", &d, &n)) return Bad("missing section 'lm.knlm'");
  auto kn = KnlmView::Open(d, n);
  if (!kn.ok()) return kn.status();
  storage_->knlm = kn.value();
  for (uint32_t i = 0; i < morph_count_; ++i)
    if (morphs_[i].lm_id() >= storage_->knlm.vocab_size()) return Bad("LM id out of range");
  lm::LmParts parts;
  parts.knlm = &storage_->knlm;
  if (m.FindSection("lm.cong", &d, &n)) {
    auto c = CongView::Open(d, n);
    if (!c.ok()) return c.status();
    if (c.value().vocab_size() != storage_->knlm.vocab_size()) return Bad("cong vocabulary differs from knlm");
    if (c.value().quant_bits() != 8) return Bad("cong rows must be int8");
    storage_->cong = c.value();
    parts.cong = &storage_->cong;
  }
  if (m.FindSection("lm.cong-global", &d, &n)) {
    if (parts.cong == nullptr) return Bad("cong-global without its local model");
    auto g = CongGlobalView::Open(d, n, storage_->cong);
    if (!g.ok()) return g.status();
    storage_->global = g.value();
    parts.cong_global = &storage_->global;
  }
  auto reg = lm::LmRegistry::Build(parts);
  if (!reg.ok()) return Bad(reg.status().message());
  lms_ = std::move(reg.value());
  for (const std::string& name : lms_->names()) {
    std::string v = m.Metadata(name + ".class_lambda");
    if (v.empty()) continue;
    char* end = nullptr;
    float l = std::strtof(v.c_str(), &end);
    if (*end != '\0' || !(l > 0.0f && l <= 1.0f)) return Bad(name + ".class_lambda must be in (0, 1]");
    class_lambda_.emplace_back(name, l);
  }
  default_lm_ = m.Metadata("default_lm");
  if (!has_lm(default_lm_)) default_lm_ = lm::kKnlm;
  return Status::Ok();
}

float ModelImpl::class_lambda(std::string_view lm) const {
  for (const auto& [name, value] : class_lambda_)
    if (name == lm) return value;
  if (lm == lm::kCongKnlm) return class_lambda(lm::kCong);
  if (lm == lm::kCongGlobalKnlm) return class_lambda(lm::kCongGlobal);
  return 0.0f;
}

Status ModelImpl::Load(std::unique_ptr<MappedFile> file) {
  storage_->file = std::move(file);
  auto mf = ModelFile::Parse(storage_->file->data(), storage_->file->size(), true);
  if (!mf.ok()) return mf.status();
  storage_->model_file = std::move(mf.value());
  const ModelFile& m = storage_->model_file;
  KMA_RETURN_IF_ERROR(LoadDictionary());
  const uint8_t* d;
  size_t n;
  KMA_RETURN_IF_ERROR(PodArray(m, "concat_block", &concat_block_, &concat_block_count_));
  uint32_t bcount = 0;
  KMA_RETURN_IF_ERROR(PodArray(m, "boundary", &boundary_, &bcount));
  if (bcount != static_cast<uint32_t>((kNumTags + 1) * kNumTags * 2)) return Bad("boundary table has the wrong size");
  for (uint32_t i = 0; i < bcount; ++i)
    if (!IsStoredLogp(boundary_[i]))
      return Bad("boundary score " + std::to_string(i) + " is not a log-probability in [-10000, 0]");
  if (m.FindSection(kSpacingSection, &d, &n)) {
    auto spacing = SpacingTableView::Open(d, n);
    if (!spacing.ok()) return spacing.status();
    spacing_ = spacing.value();
  }
  KMA_RETURN_IF_ERROR(LoadLanguageModels());
  if (!m.FindSection("lm.tag", &d, &n)) return Bad("missing section 'lm.tag'");
  auto tag_lm = KnlmView::Open(d, n);
  if (!tag_lm.ok()) return tag_lm.status();
  storage_->tag_lm = tag_lm.value();
  if (storage_->tag_lm.vocab_size() != kLmFirstWord) return Bad("tag model has the wrong vocabulary");
  if (storage_->tag_lm.node_count() > 200000) return Bad("tag model too large");
  tag_table_.Build(storage_->tag_lm);
  if (m.FindSection(kConjugationSection, &d, &n)) {
    auto conj = Conjugation::Load(d, n, morph_count_);
    if (!conj.ok()) return conj.status();
    conjugation_ = std::move(conj.value());
  }
  // A "convention" section (the convention prior of models of earlier
  // builders) is not read: such a model analyses in one convention like
  // every other (docs/MODEL_FORMAT.md).
  period_lm_id_ = LmClassToken(PosTag::kSF);
  const uint32_t node = trie_.Find(U".");
  if (node != TrieView::kNone) {
    for (uint32_t v = trie_.value_begin(node); v < trie_.value_end(node); ++v) {
      const EntryRecord& e = entries_[v];
      const MorphRecord& r = morphs_[entry_morphs_[e.morph_begin]];
      if (e.kind() == EntryKind::kPlain && e.morph_count() == 1 &&
          r.tag() == static_cast<uint8_t>(PosTag::kSF))
        period_lm_id_ = r.lm_id();
    }
  }
  return Status::Ok();
}

Model::Model() : impl_(std::make_unique<ModelImpl>()) {}
Model::~Model() = default;

StatusOr<std::shared_ptr<const Model>> Model::OpenFile(const std::string& path) {
  auto f = MappedFile::Open(path);
  if (!f.ok()) return f.status();
  std::shared_ptr<Model> m(new Model());
  Status s = m->impl_->Load(std::move(f.value()));
  if (!s.ok()) return Status(s.code(), "'" + path + "': " + s.message());
  return std::shared_ptr<const Model>(std::move(m));
}

StatusOr<std::shared_ptr<const Model>> Model::OpenMemory(const void* data, size_t size) {
  if (data == nullptr && size != 0) return Status(StatusCode::kInvalidArgument, "model data is NULL");
  std::unique_ptr<MappedFile> copy = MappedFile::CopyOf(data, size);
  if (!copy) return Status(StatusCode::kOutOfMemory, "cannot allocate " + std::to_string(size) + " bytes for the model");
  std::shared_ptr<Model> m(new Model());
  KMA_RETURN_IF_ERROR(m->impl_->Load(std::move(copy)));
  return std::shared_ptr<const Model>(std::move(m));
}

uint32_t Model::format_version() const { return impl_->file().format_version(); }
std::vector<std::string> Model::lm_names() const { return impl_->lm_names(); }
bool Model::has_lm(std::string_view name) const { return impl_->has_lm(name); }
std::string Model::default_lm() const { return impl_->default_lm(); }
std::string Model::metadata(std::string_view key) const { return impl_->file().Metadata(key); }
uint32_t Model::morpheme_count() const { return impl_->morph_count(); }
size_t Model::file_size() const { return impl_->file_size(); }

}  // namespace kma
