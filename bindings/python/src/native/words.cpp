// Analyzer.extract_words: new-word discovery (kma_words.h) for Python.
#include <memory>
#include <mutex>
#include <vector>

#include "kma_py.h"

namespace kmapy {
namespace {

struct FinderDeleter {
  void operator()(kma_word_finder* f) const { kma_word_finder_free(f); }
};
struct ListDeleter {
  void operator()(kma_word_list* l) const { kma_word_list_free(l); }
};

}  // namespace

py::list Analyzer::ExtractWords(py::sequence texts, size_t top, uint32_t min_count) {
  kma_word_finder* raw = nullptr;
  if (const kma_status st = kma_word_finder_new(&raw); st != KMA_OK) Raise(LastFailure(st));
  std::unique_ptr<kma_word_finder, FinderDeleter> finder(raw);
  const Py_ssize_t n = static_cast<Py_ssize_t>(py::len(texts));
  for (Py_ssize_t i = 0; i < n; ++i) {
    Utf8Text t;
    Failure fail;
    if (!ToUtf8(texts[i], &t, &fail)) Raise(fail, i);
    kma_status st;
    {
      py::gil_scoped_release nogil;
      st = kma_word_finder_add_utf8(finder.get(), t.data, t.size);
      if (st != KMA_OK) fail = LastFailure(st);
    }
    if (st != KMA_OK) Raise(fail, i);
  }
  kma_word_list* list_raw = nullptr;
  kma_status st;
  Failure fail;
  {
    py::gil_scoped_release nogil;
    std::lock_guard<std::mutex> lock(mu_);
    st = kma_word_finder_extract(finder.get(), analyzer_, top, min_count, &list_raw);
    if (st != KMA_OK) fail = LastFailure(st);
  }
  if (st != KMA_OK) Raise(fail);
  std::unique_ptr<kma_word_list, ListDeleter> list(list_raw);
  py::list out;
  for (size_t i = 0; i < kma_word_list_count(list.get()); ++i) {
    const char* form = nullptr;
    uint32_t count = 0;
    double score = 0;
    if (const kma_status s = kma_word_list_get(list.get(), i, &form, &count, &score); s != KMA_OK)
      Raise(LastFailure(s));
    out.append(py::make_tuple(py::str(form), count, score));
  }
  return out;
}

}  // namespace kmapy
