// kma.Analyzer.analyze(..., spans=, lemmas=): constrained analysis through
// kma_constraints (kma_constraints.h). The constraint list is built with
// the GIL held (it reads Python objects), the analysis runs without it.
#include "kma_py.h"

namespace kmapy {
namespace {

struct ConstraintsFree {
  void operator()(kma_constraints* c) const { kma_constraints_free(c); }
};
using ConstraintsPtr = std::unique_ptr<kma_constraints, ConstraintsFree>;

// The UTF-8 of a Python str argument (a constraint's morphemes).
std::string StrArg(py::handle obj, const char* what) {
  if (!py::isinstance<py::str>(obj)) throw py::type_error(std::string(what) + " must be a str");
  return obj.cast<std::string>();
}

}  // namespace

py::list Analyzer::AnalyzeConstrained(py::handle text, int top_n, py::sequence spans,
                                      py::sequence lemmas) {
  Utf8Text t;
  Failure fail;
  if (!ToUtf8(text, &t, &fail)) Raise(fail);
  kma_constraints* raw = nullptr;
  kma_status st = kma_constraints_new(&raw);
  if (st != KMA_OK) Raise(LastFailure(st));
  ConstraintsPtr c(raw);
  for (py::handle item : spans) {
    auto s = item.cast<std::tuple<uint32_t, uint32_t, py::object>>();
    const std::string morphs = StrArg(std::get<2>(s), "a span's morphemes");
    st = kma_constraints_add_span(c.get(), std::get<0>(s), std::get<1>(s), morphs.data(), morphs.size());
    if (st != KMA_OK) Raise(LastFailure(st));
  }
  for (py::handle item : lemmas) {
    auto l = item.cast<std::tuple<py::object, uint32_t, uint32_t>>();
    const std::string readings = StrArg(std::get<0>(l), "a lemma's readings");
    st = kma_constraints_add_lemma(c.get(), readings.data(), readings.size(), std::get<1>(l),
                                   std::get<2>(l));
    if (st != KMA_OK) Raise(LastFailure(st));
  }
  kma_result* result = nullptr;
  {
    py::gil_scoped_release nogil;
    std::lock_guard<std::mutex> lock(mu_);
    st = UseTopN(top_n);
    if (st == KMA_OK) {
      st = kma_analyzer_analyze_constrained_utf8(analyzer_, t.data, t.size, c.get(), &result);
    }
    if (st != KMA_OK) fail = LastFailure(st);
  }
  if (st != KMA_OK) Raise(fail);
  ResultPtr owned(result);
  return ConvertAnalyses(owned.get());
}

}  // namespace kmapy
