// kma.Model's native side: one kma_model reference, opened with the GIL
// released (memory-mapping and checking a 33 MB model takes milliseconds).
#include "kma_py.h"

namespace kmapy {

Model::Model(const std::string& path) {
  if (path.find('\0') != std::string::npos) {
    Raise(Failure{KMA_E_INVALID_ARGUMENT, "model path contains a NUL character", -1});
  }
  kma_status st;
  Failure fail;
  {
    py::gil_scoped_release nogil;
    st = kma_model_open_file(&model_, path.c_str(), nullptr);
    if (st != KMA_OK) fail = LastFailure(st);
  }
  if (st != KMA_OK) Raise(fail);
}

Model::~Model() { kma_model_free(model_); }

uint32_t Model::format_version() const { return kma_model_format_version(model_); }

uint32_t Model::morpheme_count() const { return kma_model_morpheme_count(model_); }

std::vector<std::string> Model::lm_names() const {
  std::vector<std::string> names;
  const size_t n = kma_model_lm_count(model_);
  for (size_t i = 0; i < n; ++i) names.emplace_back(kma_model_lm_name(model_, i));
  return names;
}

std::string Model::default_lm() const { return kma_model_default_lm(model_); }

std::string Model::metadata(const std::string& key) const {
  const char* value = kma_model_metadata(model_, key.c_str());
  if (value == nullptr) Raise(LastFailure(KMA_E_INVALID_ARGUMENT));
  return value;
}

}  // namespace kmapy
