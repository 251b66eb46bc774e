// kma_user_dict (over kma::UserDictionaryBuilder), derived model handles
// (kma_model_with_user_dict) and kma_joiner (over kma::Joiner).
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "core/base/text_file.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::FromStatus;
using kma::capi::Guard;
using kma::capi::NullArgument;

// A tag argument: KMA_E_INVALID_ARGUMENT naming it when unknown.
kma_status Tag(const char* fn, const char* name, kma::PosTag* out) {
  if (name == nullptr) return NullArgument(fn, "tag");
  if (!kma::ParseTag(name, out) || *out == kma::PosTag::kUN)
    return Fail(KMA_E_INVALID_ARGUMENT, {fn, ": unknown tag '", name, "'"});
  return KMA_OK;
}

// A failed load keeps its offset (the error's byte in the file), which
// FromStatus keeps for encoding errors only.
kma_status LoadFailed(const char* fn, const kma::Status& st) {
  const kma_status code = FromStatus(fn, st);
  if (st.offset() >= 0) kma::capi::SetLastError({fn, ": ", st.message()}, st.offset());
  return code;
}

kma_status Checked(const char* fn, const kma::Status& st) { return st.ok() ? KMA_OK : FromStatus(fn, st); }

}  // namespace

kma_status KMA_CALL kma_user_dict_new(kma_user_dict** out, const kma_model* model) {
  static constexpr char kFn[] = "kma_user_dict_new";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    if (model == nullptr) return NullArgument(kFn, "model");
    *out = new kma_user_dict(model->model);
    return KMA_OK;
  });
}

void KMA_CALL kma_user_dict_free(kma_user_dict* dict) {
  kma::capi::GuardVoid("kma_user_dict_free", [&] { delete dict; });
}

kma_status KMA_CALL kma_user_dict_add_word(kma_user_dict* dict, const char* form, const char* tag, float score) {
  static constexpr char kFn[] = "kma_user_dict_add_word";
  return Guard(kFn, [&]() -> kma_status {
    if (dict == nullptr) return NullArgument(kFn, "dict");
    if (form == nullptr) return NullArgument(kFn, "form");
    kma::PosTag t;
    if (kma_status st = Tag(kFn, tag, &t); st != KMA_OK) return st;
    return Checked(kFn, dict->builder.AddWord(form, t, score));
  });
}

kma_status KMA_CALL kma_user_dict_add_stem(kma_user_dict* dict, const char* form, const char* tag,
                                           const char* irregular, float score) {
  static constexpr char kFn[] = "kma_user_dict_add_stem";
  return Guard(kFn, [&]() -> kma_status {
    if (dict == nullptr) return NullArgument(kFn, "dict");
    if (form == nullptr) return NullArgument(kFn, "form");
    kma::PosTag t;
    if (kma_status st = Tag(kFn, tag, &t); st != KMA_OK) return st;
    kma::IrregularClass irr = kma::IrregularClass::kNone;
    const std::string_view cls = irregular == nullptr ? "" : irregular;
    if (!cls.empty() && cls != "-" && !kma::ParseIrregularClass(cls, &irr))
      return Fail(KMA_E_INVALID_ARGUMENT,
                  {kFn, ": unknown irregular class '", cls, "' (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으, or - for regular)"});
    return Checked(kFn, dict->builder.AddStem(form, t, irr, score));
  });
}

kma_status KMA_CALL kma_user_dict_add_analysis(kma_user_dict* dict, const char* surface, const char* morphs,
                                               float score) {
  static constexpr char kFn[] = "kma_user_dict_add_analysis";
  return Guard(kFn, [&]() -> kma_status {
    if (dict == nullptr) return NullArgument(kFn, "dict");
    if (surface == nullptr) return NullArgument(kFn, "surface");
    if (morphs == nullptr) return NullArgument(kFn, "morphs");
    return Checked(kFn, dict->builder.AddAnalysis(surface, morphs, score));
  });
}

kma_status KMA_CALL kma_user_dict_add_pattern(kma_user_dict* dict, const char* regex, const char* tag,
                                              float score) {
  static constexpr char kFn[] = "kma_user_dict_add_pattern";
  return Guard(kFn, [&]() -> kma_status {
    if (dict == nullptr) return NullArgument(kFn, "dict");
    if (regex == nullptr) return NullArgument(kFn, "regex");
    kma::PosTag t;
    if (kma_status st = Tag(kFn, tag, &t); st != KMA_OK) return st;
    return Checked(kFn, dict->builder.AddPattern(regex, t, score));
  });
}

kma_status KMA_CALL kma_user_dict_block(kma_user_dict* dict, const char* form, const char* tag) {
  static constexpr char kFn[] = "kma_user_dict_block";
  return Guard(kFn, [&]() -> kma_status {
    if (dict == nullptr) return NullArgument(kFn, "dict");
    kma::PosTag t;
    if (kma_status st = Tag(kFn, tag, &t); st != KMA_OK) return st;
    return Checked(kFn, dict->builder.Block(form == nullptr ? "" : form, t));
  });
}

kma_status KMA_CALL kma_user_dict_load_file(kma_user_dict* dict, const char* path) {
  static constexpr char kFn[] = "kma_user_dict_load_file";
  return Guard(kFn, [&]() -> kma_status {
    if (dict == nullptr) return NullArgument(kFn, "dict");
    if (path == nullptr) return NullArgument(kFn, "path");
    static_assert(KMA_USER_DICT_MAX_FILE_BYTES == kma::kMaxUserDictFileBytes, "one limit");
    std::string text;
    kma::Status st = kma::ReadTextFile(path, kma::kMaxUserDictFileBytes, "user dictionary", &text);
    if (st.ok()) st = dict->builder.LoadTsv(text, path);
    return st.ok() ? KMA_OK : LoadFailed(kFn, st);
  });
}

kma_status KMA_CALL kma_user_dict_load_utf8(kma_user_dict* dict, const char* text, size_t bytes,
                                            const char* name) {
  static constexpr char kFn[] = "kma_user_dict_load_utf8";
  return Guard(kFn, [&]() -> kma_status {
    if (dict == nullptr) return NullArgument(kFn, "dict");
    if (text == nullptr && bytes != 0) return NullArgument(kFn, "text");
    const kma::Status st =
        dict->builder.LoadTsv(std::string_view(text == nullptr ? "" : text, bytes), name ? name : "<memory>");
    return st.ok() ? KMA_OK : LoadFailed(kFn, st);
  });
}

size_t KMA_CALL kma_user_dict_size(const kma_user_dict* dict) { return dict == nullptr ? 0 : dict->builder.size(); }

kma_status KMA_CALL kma_model_with_user_dict(kma_model** out, const kma_model* model, const kma_user_dict* dict) {
  static constexpr char kFn[] = "kma_model_with_user_dict";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    if (model == nullptr) return NullArgument(kFn, "model");
    if (dict == nullptr) return NullArgument(kFn, "dict");
    if (dict->builder.model() != model->model)
      return Fail(KMA_E_INVALID_ARGUMENT, {kFn, ": the dictionary was created for another model"});
    auto compiled = dict->builder.Compile();
    if (!compiled.ok()) return FromStatus(kFn, compiled.status());
    auto handle = std::make_unique<kma_model>();
    handle->model = model->model;
    handle->user = std::move(compiled).value();
    handle->format_version = model->format_version;
    handle->morpheme_count = model->morpheme_count;
    handle->lm_names = model->lm_names;
    handle->default_lm = model->default_lm;
    *out = handle.release();
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_joiner_new(kma_joiner** out, const kma_model* model) {
  static constexpr char kFn[] = "kma_joiner_new";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    if (model == nullptr) return NullArgument(kFn, "model");
    auto j = std::make_unique<kma_joiner>();
    j->model = model->model;
    j->user = model->user;
    kma::Joiner::StemClassFn stems;
    if (j->user != nullptr) {
      const kma::UserDictionary* user = j->user.get();
      stems = [user](std::string_view form, kma::PosTag tag) { return user->StemClass(form, tag); };
    }
    auto created = kma::Joiner::Create(*j->model, std::move(stems));
    if (!created.ok()) return FromStatus(kFn, created.status());
    j->joiner = std::make_unique<kma::Joiner>(std::move(created).value());
    *out = j.release();
    return KMA_OK;
  });
}

void KMA_CALL kma_joiner_free(kma_joiner* joiner) {
  kma::capi::GuardVoid("kma_joiner_free", [&] { delete joiner; });
}

kma_status KMA_CALL kma_joiner_add(kma_joiner* joiner, const char* form, const char* tag, int32_t space) {
  static constexpr char kFn[] = "kma_joiner_add";
  return Guard(kFn, [&]() -> kma_status {
    if (joiner == nullptr) return NullArgument(kFn, "joiner");
    if (form == nullptr) return NullArgument(kFn, "form");
    kma::PosTag t;
    if (kma_status st = Tag(kFn, tag, &t); st != KMA_OK) return st;
    if (space < KMA_JOIN_AUTO || space > KMA_JOIN_SPACE)
      return Fail(KMA_E_INVALID_ARGUMENT, {kFn, ": space must be KMA_JOIN_AUTO, KMA_JOIN_ATTACH or KMA_JOIN_SPACE"});
    return Checked(kFn, joiner->joiner->Add(form, t, static_cast<kma::JoinSpace>(space)));
  });
}

kma_status KMA_CALL kma_joiner_add_morphs(kma_joiner* joiner, const char* text, size_t bytes) {
  static constexpr char kFn[] = "kma_joiner_add_morphs";
  return Guard(kFn, [&]() -> kma_status {
    if (joiner == nullptr) return NullArgument(kFn, "joiner");
    if (text == nullptr && bytes != 0) return NullArgument(kFn, "text");
    const kma::Status st = joiner->joiner->AddMorphs(std::string_view(text == nullptr ? "" : text, bytes));
    return st.ok() ? KMA_OK : LoadFailed(kFn, st);
  });
}

const char* KMA_CALL kma_joiner_text(kma_joiner* joiner) {
  return kma::capi::GuardValue("kma_joiner_text", "", [&]() -> const char* {
    if (joiner == nullptr) return "";
    joiner->text = joiner->joiner->Text();
    return joiner->text.c_str();
  });
}

void KMA_CALL kma_joiner_clear(kma_joiner* joiner) {
  kma::capi::GuardVoid("kma_joiner_clear", [&] {
    if (joiner != nullptr) joiner->joiner->Clear();
  });
}
