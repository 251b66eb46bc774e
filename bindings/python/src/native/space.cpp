// Analyzer.space: spacing correction (kma_space_utf8) for Python.
#include <mutex>
#include <string>

#include "kma_py.h"

namespace kmapy {

py::str Analyzer::Space(py::handle text, double weight) {
  Utf8Text t;
  Failure fail;
  if (!ToUtf8(text, &t, &fail)) Raise(fail);
  kma_text* out = nullptr;
  kma_status st;
  {
    py::gil_scoped_release nogil;
    std::lock_guard<std::mutex> lock(mu_);
    st = kma_space_utf8(analyzer_, t.data, t.size, weight, &out);
    if (st != KMA_OK) fail = LastFailure(st);
  }
  if (st != KMA_OK) Raise(fail);
  size_t bytes = 0;
  const char* data = kma_text_data(out, &bytes);
  py::str result(data, bytes);
  kma_text_free(out);
  return result;
}

}  // namespace kmapy
