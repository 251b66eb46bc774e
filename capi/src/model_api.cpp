// kma_model: C handle over std::shared_ptr<const kma::Model>.
#include <memory>
#include <string>
#include <utility>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "capi/src/isa_env.h"
#include "capi/src/log.h"
#include "capi/src/model_finder.h"
#include "core/kernels/isa_info.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::FromStatus;
using kma::capi::Guard;
using kma::capi::GuardValue;
using kma::capi::NullArgument;

// Wraps an opened model and caches what the borrowed-string getters return.
// Logs the opening at KMA_LOG_DEBUG: `what` names the source.
kma_status Wrap(const char* fn, const std::string& what, std::shared_ptr<const kma::Model> model, kma_model** out) {
  auto handle = std::make_unique<kma_model>();
  handle->format_version = model->format_version();
  handle->morpheme_count = model->morpheme_count();
  handle->lm_names = model->lm_names();
  handle->default_lm = model->default_lm();
  handle->model = std::move(model);
  std::string lms;
  for (const std::string& n : handle->lm_names) lms += (lms.empty() ? "" : ", ") + n;
  const std::string msg = std::string(fn) + ": opened " + what + " (format " +
                          std::to_string(handle->format_version) + ", " + std::to_string(handle->morpheme_count) +
                          " morphemes, language models " + lms + "; kernels " + kma::ActiveIsaName() + ")";
  kma::capi::Log(KMA_LOG_DEBUG, msg.c_str());
  *out = handle.release();
  return KMA_OK;
}

// Opens `path` for `fn` (the public entry point named in messages).
kma_status OpenFile(const char* fn, const char* path, kma_model** out) {
  if (kma_status st = kma::capi::CheckIsaEnvironment(fn); st != KMA_OK) return st;
  auto opened = kma::Model::OpenFile(path);
  if (!opened.ok()) {
    const kma::Status& st = opened.status();
    // The message must let a user find the file; add the path if the core
    // did not already mention it.
    if (st.code() == kma::StatusCode::kIo &&
        st.message().find(path) == std::string::npos) {
      return Fail(KMA_E_IO, {fn, ": cannot open model file '", path, "': ", st.message()});
    }
    return FromStatus(fn, st);
  }
  return Wrap(fn, std::string("'") + path + "'", std::move(opened).value(), out);
}

}  // namespace

kma_status KMA_CALL kma_model_open_file(kma_model** out, const char* path_utf8,
                                        const kma_options* opt) {
  static constexpr char kFn[] = "kma_model_open_file";
  (void)opt;  // reserved: no option affects loading yet
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    if (path_utf8 == nullptr) return NullArgument(kFn, "path_utf8");
    return OpenFile(kFn, path_utf8, out);
  });
}

kma_status KMA_CALL kma_model_open_default(kma_model** out, const kma_options* opt) {
  static constexpr char kFn[] = "kma_model_open_default";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    std::string path, error;
    if (!kma::capi::FindDefaultModel(opt != nullptr ? opt->package_model : "", &path,
                                     &error)) {
      return Fail(KMA_E_IO, {kFn, ": ", error});
    }
    return OpenFile(kFn, path.c_str(), out);
  });
}

kma_status KMA_CALL kma_model_open_memory(kma_model** out, const void* data,
                                          size_t size, const kma_options* opt) {
  static constexpr char kFn[] = "kma_model_open_memory";
  (void)opt;
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    if (data == nullptr) return NullArgument(kFn, "data");
    if (kma_status st = kma::capi::CheckIsaEnvironment(kFn); st != KMA_OK) return st;
    auto opened = kma::Model::OpenMemory(data, size);
    if (!opened.ok()) return FromStatus(kFn, opened.status());
    return Wrap(kFn, std::to_string(size) + " bytes of memory", std::move(opened).value(), out);
  });
}

void KMA_CALL kma_model_free(kma_model* model) {
  // Drops this handle's reference only; analyzers hold their own.
  kma::capi::GuardVoid("kma_model_free", [&] { delete model; });
}

uint32_t KMA_CALL kma_model_format_version(const kma_model* model) {
  return model != nullptr ? model->format_version : 0;
}

uint32_t KMA_CALL kma_model_morpheme_count(const kma_model* model) {
  return model != nullptr ? model->morpheme_count : 0;
}

const char* KMA_CALL kma_model_metadata(const kma_model* model,
                                        const char* key) {
  static constexpr char kFn[] = "kma_model_metadata";
  return GuardValue<const char*>(kFn, nullptr, [&]() -> const char* {
    if (model == nullptr) {
      NullArgument(kFn, "model");
      return nullptr;
    }
    if (key == nullptr) {
      NullArgument(kFn, "key");
      return nullptr;
    }
    // Models are shared between threads, so the cache needs a lock.
    std::lock_guard<std::mutex> lock(model->metadata_mutex);
    auto it = model->metadata_cache.find(std::string_view(key));
    if (it == model->metadata_cache.end()) {
      it = model->metadata_cache
               .emplace(key, model->model->metadata(key))
               .first;
    }
    return it->second.c_str();
  });
}

size_t KMA_CALL kma_model_lm_count(const kma_model* model) {
  return model != nullptr ? model->lm_names.size() : 0;
}

const char* KMA_CALL kma_model_lm_name(const kma_model* model, size_t index) {
  if (model == nullptr || index >= model->lm_names.size()) return nullptr;
  return model->lm_names[index].c_str();
}

const char* KMA_CALL kma_model_default_lm(const kma_model* model) {
  return model != nullptr ? model->default_lm.c_str() : nullptr;
}
