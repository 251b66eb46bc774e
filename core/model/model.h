// kma::Model: the immutable bundle of dictionary, form trie and language
// models loaded from one model file. Shared read-only by any number of
// threads (through std::shared_ptr<const Model>); all mutable per-analysis
// state lives in kma::Analyzer.
#ifndef KMA_CORE_MODEL_MODEL_H_
#define KMA_CORE_MODEL_MODEL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace kma {

class ModelImpl;  // core/model/model_view.h: the view the search and the user dictionary read

class Model {
 public:
  // Opens a model file (memory-mapped read-only). Errors: kIo (cannot open),
  // kModelFormat (bad magic, truncated, checksum mismatch),
  // kModelVersion (format version outside what this library reads).
  static StatusOr<std::shared_ptr<const Model>> OpenFile(const std::string& path);
  // Opens a model from memory. The bytes are copied.
  static StatusOr<std::shared_ptr<const Model>> OpenMemory(const void* data, size_t size);

  ~Model();

  // Format version of the loaded file.
  uint32_t format_version() const;
  // Names of the language models this file carries (e.g. {"knlm"}), and the
  // default one.
  std::vector<std::string> lm_names() const;
  bool has_lm(std::string_view name) const;
  std::string default_lm() const;
  // Free-form metadata (license, attribution, build info) by key; empty if absent.
  std::string metadata(std::string_view key) const;
  // Number of morphemes in the dictionary.
  uint32_t morpheme_count() const;
  // Size of the model file in bytes.
  size_t file_size() const;

  // For the layers above the model (search, user dictionary, joiner), not
  // for applications.
  const ModelImpl& impl() const { return *impl_; }

 private:
  Model();
  std::unique_ptr<ModelImpl> impl_;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_MODEL_H_
