// kma.Model's language-model queries (kma_lm.h): the next morphemes after a
// history, and the morphemes most similar to one. Both read the immutable
// model only, so they run without the GIL and without any analyzer's mutex.
#include <vector>

#include "kma_py.h"

namespace kmapy {
namespace {

using LmQuery = kma_status (*)(const kma_model*, const char*, const char*, size_t, kma_lm_item*,
                               size_t, size_t*);

// (label, token, score) tuples of the first `k` items `query` gives.
py::list RunLmQuery(LmQuery query, const kma_model* model, const std::string& lm,
                    const std::string& morphs, size_t k) {
  if (lm.find('\0') != std::string::npos) {
    Raise(Failure{KMA_E_INVALID_ARGUMENT, "lm contains a NUL character", -1});
  }
  std::vector<kma_lm_item> items(k);
  size_t count = 0;
  kma_status st;
  Failure fail;
  {
    py::gil_scoped_release nogil;
    st = query(model, lm.empty() ? nullptr : lm.c_str(), morphs.data(), morphs.size(),
               items.empty() ? nullptr : items.data(), k, &count);
    if (st != KMA_OK) fail = LastFailure(st);
  }
  if (st != KMA_OK) Raise(fail);
  py::list out;
  for (size_t i = 0; i < count && i < k; ++i) {
    out.append(py::make_tuple(py::str(items[i].label), items[i].token, items[i].score));
  }
  return out;
}

}  // namespace

py::list Model::PredictNext(const std::string& lm, const std::string& history, size_t k) const {
  return RunLmQuery(kma_lm_predict_next, model_, lm, history, k);
}

py::list Model::MostSimilar(const std::string& lm, const std::string& morph, size_t k) const {
  return RunLmQuery(kma_lm_most_similar, model_, lm, morph, k);
}

}  // namespace kmapy
