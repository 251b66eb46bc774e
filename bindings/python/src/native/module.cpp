// The `kma._kma` extension module: bindings of Model and Analyzer (model.cpp,
// analyzer.cpp) and of the library-wide functions of kma_runtime.h. The
// documented API is the Python package around it (kma/__init__.py).
#include <utility>

#include <pybind11/stl.h>

#include "kma_py.h"

namespace kmapy {
namespace {

using namespace pybind11::literals;

// kma_status codes by name, from the header, so that kma/_errors.py never
// repeats a number by hand.
py::dict StatusCodes() {
#define KMA_PY_CODE(name) {#name, static_cast<int>(name)}
  static const std::pair<const char*, int> kCodes[] = {
      KMA_PY_CODE(KMA_OK),           KMA_PY_CODE(KMA_E_UNKNOWN),
      KMA_PY_CODE(KMA_E_INVALID_ARGUMENT), KMA_PY_CODE(KMA_E_OUT_OF_MEMORY),
      KMA_PY_CODE(KMA_E_IO),         KMA_PY_CODE(KMA_E_RESOURCE),
      KMA_PY_CODE(KMA_E_MODEL_FORMAT),
      KMA_PY_CODE(KMA_E_MODEL_VERSION), KMA_PY_CODE(KMA_E_INVALID_UTF8),
      KMA_PY_CODE(KMA_E_INVALID_UTF16), KMA_PY_CODE(KMA_E_INPUT_TOO_LONG),
      KMA_PY_CODE(KMA_E_BUFFER_TOO_SMALL), KMA_PY_CODE(KMA_E_UNSUPPORTED),
      KMA_PY_CODE(KMA_E_UNSATISFIABLE), KMA_PY_CODE(KMA_E_INTERNAL)};
#undef KMA_PY_CODE
  py::dict codes;
  for (const auto& [name, code] : kCodes) codes[name] = code;
  return codes;
}

// The record formats of kma_result_format(), by name, from the header.
py::dict RecordFormats() {
  py::dict formats;
  formats["morphs"] = static_cast<int>(KMA_FORMAT_MORPHS);
  formats["morphs_nbest"] = static_cast<int>(KMA_FORMAT_MORPHS_NBEST);
  formats["json"] = static_cast<int>(KMA_FORMAT_JSON);
  formats["tsv"] = static_cast<int>(KMA_FORMAT_TSV);
  return formats;
}

void BindModel(py::module_& m) {
  py::class_<Model>(m, "Model")
      .def(py::init<const std::string&>(), "path"_a)
      .def(py::init<const Model&, const UserDict&>(), "base"_a, "dict"_a)
      .def_property_readonly("format_version", &Model::format_version)
      .def_property_readonly("morpheme_count", &Model::morpheme_count)
      .def_property_readonly("lm_names", &Model::lm_names)
      .def_property_readonly("default_lm", &Model::default_lm)
      .def("metadata", &Model::metadata, "key"_a)
      .def("predict_next", &Model::PredictNext, "lm"_a, "history"_a, "k"_a)
      .def("most_similar", &Model::MostSimilar, "lm"_a, "morph"_a, "k"_a);
}

void BindAnalyzer(py::module_& m) {
  py::class_<Analyzer>(m, "Analyzer")
      .def(py::init([](const Model& model, py::sequence options) {
             return new Analyzer(model, ToSettings(options));
           }),
           "model"_a, "options"_a,
           py::keep_alive<1, 2>())  // pools are made from the model handle
      .def("analyze", &Analyzer::Analyze, "text"_a, "top_n"_a)
      .def("analyze_constrained", &Analyzer::AnalyzeConstrained, "text"_a, "top_n"_a, "spans"_a,
           "lemmas"_a)
      .def("tokenize", &Analyzer::Tokenize, "text"_a)
      .def("split_sentences", &Analyzer::SplitSentences, "text"_a)
      .def("space", &Analyzer::Space, "text"_a, "weight"_a)
      .def("extract_words", &Analyzer::ExtractWords, "texts"_a, "top"_a, "min_count"_a)
      .def("analyze_many", &Analyzer::AnalyzeMany, "texts"_a, "workers"_a, "top_n"_a,
           "return_errors"_a)
      .def("format_lines", &Analyzer::FormatLines, "lines"_a, "format"_a, "top_n"_a)
      .def("format", &Analyzer::Format, "text"_a, "format"_a, "top_n"_a);
}

void BindUserDict(py::module_& m) {
  py::class_<UserDict>(m, "UserDict")
      .def(py::init<const Model&>(), "model"_a)
      .def("add_word", &UserDict::AddWord, "form"_a, "tag"_a, "score"_a)
      .def("add_stem", &UserDict::AddStem, "form"_a, "tag"_a, "irregular"_a, "score"_a)
      .def("add_analysis", &UserDict::AddAnalysis, "surface"_a, "morphs"_a, "score"_a)
      .def("add_pattern", &UserDict::AddPattern, "regex"_a, "tag"_a, "score"_a)
      .def("block", &UserDict::Block, "form"_a, "tag"_a)
      .def("load_file", &UserDict::LoadFile, "path"_a)
      .def("load_text", &UserDict::LoadText, "text"_a, "name"_a)
      .def("__len__", &UserDict::size);
  py::class_<Joiner>(m, "Joiner")
      .def(py::init<const Model&>(), "model"_a, py::keep_alive<1, 2>())
      .def("join", &Joiner::Join, "morphs"_a)
      .def("join_items", &Joiner::JoinItems, "items"_a);
}

}  // namespace
}  // namespace kmapy

PYBIND11_MODULE(_kma, m) {
  using namespace kmapy;
  m.doc() = "Native layer of the kma package over the kma C ABI (use the kma package).";
  // The headers this module was compiled with must match the loaded library.
  if (kma_version_number() / 10000 != KMA_VERSION_MAJOR) {
    throw py::import_error(std::string("kma: library version ") + kma_version_string() +
                           " does not match the headers' " KMA_VERSION_STRING);
  }
  m.attr("STATUS_CODES") = StatusCodes();
  m.attr("HEADER_VERSION") = KMA_VERSION_STRING;
  m.attr("RECORD_FORMATS") = RecordFormats();
  m.def("version", [] { return std::string(kma_version_string()); });
  m.def("abi_version", [] { return kma_abi_version(); });
  m.def("model_format_versions", [] {
    return py::make_tuple(kma_model_format_version_min_supported(),
                          kma_model_format_version_supported());
  });
  m.def("active_isa", [] { return std::string(kma_active_isa_name()); });
  m.def("status_string", [](kma_status st) { return std::string(kma_status_string(st)); });
  m.def("tag_names", [] {
    py::list names;
    for (uint16_t t = 0; t < kma_tag_count(); ++t) names.append(kma_tag_name(t));
    return names;
  });
  BindOptions(m);
  BindModel(m);
  BindAnalyzer(m);
  BindUserDict(m);
}
