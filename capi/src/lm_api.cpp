// kma_lm_*: language-model introspection over kma::LmIntrospector.
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::FromStatus;
using kma::capi::Guard;
using kma::capi::NullArgument;

// The model's introspector for `lm` (NULL/"" = default), built once.
kma_status GetIntrospector(const char* fn, const kma_model* model, const char* lm,
                           const kma::LmIntrospector** out) {
  std::string name = lm == nullptr || *lm == '\0' ? model->default_lm : std::string(lm);
  std::lock_guard<std::mutex> lock(model->lm_mutex);
  auto it = model->introspectors.find(name);
  if (it == model->introspectors.end()) {
    auto created = kma::LmIntrospector::Create(model->model, name);
    if (!created.ok()) return FromStatus(fn, created.status());
    it = model->introspectors.emplace(name, std::move(created).value()).first;
  }
  *out = it->second.get();
  return KMA_OK;
}

// Copies `label` into a fixed buffer, cutting at a UTF-8 character boundary.
void CopyLabel(const std::string& label, char (&dst)[KMA_LM_LABEL_SIZE]) {
  size_t n = std::min(label.size(), sizeof dst - 1);
  while (n > 0 && n < label.size() && (static_cast<unsigned char>(label[n]) & 0xC0) == 0x80) --n;
  std::memcpy(dst, label.data(), n);
  dst[n] = '\0';
}

kma_status FillItems(const kma::LmIntrospector& in, const std::vector<kma::LmItem>& got, kma_lm_item* items,
                     size_t* count) {
  for (size_t i = 0; i < got.size(); ++i) {
    CopyLabel(in.vocabulary().Label(got[i].token), items[i].label);
    items[i].token = got[i].token;
    items[i].score = got[i].score;
  }
  *count = got.size();
  return KMA_OK;
}

}  // namespace

kma_status KMA_CALL kma_lm_context_id(const kma_model* model, const char* lm, const char* morphs_utf8,
                                      size_t length, uint32_t* context_id, uint32_t* context_len) {
  static constexpr char kFn[] = "kma_lm_context_id";
  return Guard(kFn, [&]() -> kma_status {
    if (model == nullptr) return NullArgument(kFn, "model");
    if (context_id == nullptr) return NullArgument(kFn, "context_id");
    if (morphs_utf8 == nullptr && length != 0) return NullArgument(kFn, "morphs_utf8");
    const kma::LmIntrospector* in;
    if (kma_status st = GetIntrospector(kFn, model, lm, &in); st != KMA_OK) return st;
    uint32_t id = 0, len = 0;
    kma::Status st = in->ContextId(std::string_view(morphs_utf8 ? morphs_utf8 : "", length), &id, &len);
    if (!st.ok()) return FromStatus(kFn, st);
    *context_id = id;
    if (context_len != nullptr) *context_len = len;
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_lm_predict_next(const kma_model* model, const char* lm, const char* morphs_utf8,
                                        size_t length, kma_lm_item* items, size_t capacity, size_t* count) {
  static constexpr char kFn[] = "kma_lm_predict_next";
  return Guard(kFn, [&]() -> kma_status {
    if (count != nullptr) *count = 0;
    if (model == nullptr) return NullArgument(kFn, "model");
    if (count == nullptr) return NullArgument(kFn, "count");
    if (items == nullptr && capacity != 0) return NullArgument(kFn, "items");
    if (morphs_utf8 == nullptr && length != 0) return NullArgument(kFn, "morphs_utf8");
    const kma::LmIntrospector* in;
    if (kma_status st = GetIntrospector(kFn, model, lm, &in); st != KMA_OK) return st;
    std::vector<kma::LmItem> got;
    kma::Status st = in->PredictNext(std::string_view(morphs_utf8 ? morphs_utf8 : "", length), capacity, &got);
    if (!st.ok()) return FromStatus(kFn, st);
    return FillItems(*in, got, items, count);
  });
}

kma_status KMA_CALL kma_lm_most_similar(const kma_model* model, const char* lm, const char* morph_utf8,
                                        size_t length, kma_lm_item* items, size_t capacity, size_t* count) {
  static constexpr char kFn[] = "kma_lm_most_similar";
  return Guard(kFn, [&]() -> kma_status {
    if (count != nullptr) *count = 0;
    if (model == nullptr) return NullArgument(kFn, "model");
    if (count == nullptr) return NullArgument(kFn, "count");
    if (items == nullptr && capacity != 0) return NullArgument(kFn, "items");
    if (morph_utf8 == nullptr) return NullArgument(kFn, "morph_utf8");
    const kma::LmIntrospector* in;
    if (kma_status st = GetIntrospector(kFn, model, lm, &in); st != KMA_OK) return st;
    std::vector<kma::LmItem> got;
    kma::Status st = in->MostSimilar(std::string_view(morph_utf8, length), capacity, &got);
    if (!st.ok()) return FromStatus(kFn, st);
    return FillItems(*in, got, items, count);
  });
}
