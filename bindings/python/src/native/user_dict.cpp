// kma.UserDict and kma.Joiner's native side, and models derived with a user
// dictionary: thin wrappers over kma_user_dict.h that raise KmaError.
#include "kma_py.h"

namespace kmapy {
namespace {

// Raises the last error of a failed call; strings with NUL are refused
// first (the C ABI takes NUL-terminated strings).
void Check(kma_status st) {
  if (st != KMA_OK) Raise(LastFailure(st));
}

const char* NoNul(const std::string& s, const char* what) {
  if (s.find('\0') != std::string::npos)
    Raise(Failure{KMA_E_INVALID_ARGUMENT, std::string(what) + " contains a NUL character", -1});
  return s.c_str();
}

}  // namespace

Model::Model(const Model& base, const UserDict& dict) {
  Check(kma_model_with_user_dict(&model_, base.get(), dict.get()));
}

UserDict::UserDict(const Model& model) { Check(kma_user_dict_new(&dict_, model.get())); }

UserDict::~UserDict() { kma_user_dict_free(dict_); }

void UserDict::AddWord(const std::string& form, const std::string& tag, float score) {
  Check(kma_user_dict_add_word(dict_, NoNul(form, "form"), NoNul(tag, "tag"), score));
}

void UserDict::AddStem(const std::string& form, const std::string& tag, const std::string& irregular,
                       float score) {
  Check(kma_user_dict_add_stem(dict_, NoNul(form, "form"), NoNul(tag, "tag"), NoNul(irregular, "irregular"),
                               score));
}

void UserDict::AddAnalysis(const std::string& surface, const std::string& morphs, float score) {
  Check(kma_user_dict_add_analysis(dict_, NoNul(surface, "surface"), NoNul(morphs, "morphs"), score));
}

void UserDict::AddPattern(const std::string& regex, const std::string& tag, float score) {
  Check(kma_user_dict_add_pattern(dict_, NoNul(regex, "regex"), NoNul(tag, "tag"), score));
}

void UserDict::Block(py::object form, const std::string& tag) {
  std::string f;
  if (!form.is_none()) f = form.cast<std::string>();
  Check(kma_user_dict_block(dict_, form.is_none() ? nullptr : NoNul(f, "form"), NoNul(tag, "tag")));
}

void UserDict::LoadFile(const std::string& path) { Check(kma_user_dict_load_file(dict_, NoNul(path, "path"))); }

void UserDict::LoadText(const std::string& text, const std::string& name) {
  Check(kma_user_dict_load_utf8(dict_, text.data(), text.size(), NoNul(name, "name")));
}

Joiner::Joiner(const Model& model) { Check(kma_joiner_new(&joiner_, model.get())); }

Joiner::~Joiner() { kma_joiner_free(joiner_); }

std::string Joiner::Join(const std::string& morphs) {
  kma_joiner_clear(joiner_);
  Check(kma_joiner_add_morphs(joiner_, morphs.data(), morphs.size()));
  return kma_joiner_text(joiner_);
}

std::string Joiner::JoinItems(py::sequence items) {
  // Converted first, so a bad item raises before the joiner changes.
  struct Item {
    std::string form, tag;
    int32_t space;
  };
  std::vector<Item> parsed;
  const size_t n = py::len(items);
  parsed.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const py::tuple t = items[i].cast<py::tuple>();
    parsed.push_back(Item{t[0].cast<std::string>(), t[1].cast<std::string>(), t[2].cast<int32_t>()});
  }
  kma_joiner_clear(joiner_);
  for (size_t i = 0; i < n; ++i) {
    const kma_status st = kma_joiner_add(joiner_, NoNul(parsed[i].form, "form"),
                                         NoNul(parsed[i].tag, "tag"), parsed[i].space);
    if (st != KMA_OK) {
      const Failure f = LastFailure(st);
      kma_joiner_clear(joiner_);
      Raise(f, static_cast<Py_ssize_t>(i));
    }
  }
  return kma_joiner_text(joiner_);
}

}  // namespace kmapy
