// kma.Analyzer's native side. Every C call runs with the GIL released and
// under the analyzer's mutex: the C ABI allows one thread per analyzer (and
// per pool) at a time, so Python threads sharing an Analyzer take turns
// instead of corrupting it, while other Python threads keep running.
#include <algorithm>

#include "kma_py.h"

namespace kmapy {
namespace {

// Texts handed to kma_pool per call: bounds the memory held by unconverted
// results while keeping every worker busy.
constexpr size_t kBatch = 2048;

// Strong references to the items of a batch: the buffers of their UTF-8 are
// used without the GIL, while another thread could empty the caller's list.
std::vector<py::object> HoldItems(py::sequence seq) {
  const size_t n = py::len(seq);
  std::vector<py::object> items;
  items.reserve(n);
  for (size_t i = 0; i < n; ++i) items.emplace_back(seq[i]);  // a new reference each
  return items;
}

}  // namespace

Analyzer::Analyzer(const Model& model, const Settings& settings)
    : settings_(settings), model_(model.get()) {
  kma_options* opt = nullptr;
  kma_status st = NewOptions(1, &opt);
  if (st == KMA_OK) st = kma_analyzer_new(&analyzer_, model_, opt);
  const Failure fail = st == KMA_OK ? Failure{} : LastFailure(st);
  kma_options_free(opt);
  if (st != KMA_OK) Raise(fail);
}

Analyzer::~Analyzer() {
  kma_pool_free(pool_);
  kma_analyzer_free(analyzer_);
}

kma_status Analyzer::NewOptions(int top_n, kma_options** out) const {
  kma_status st = kma_options_new(out);
  if (st == KMA_OK) st = ApplySettings(settings_, *out);
  if (st == KMA_OK) st = kma_options_set_int(*out, KMA_OPT_TOP_N, top_n);
  return st;
}

kma_status Analyzer::UseTopN(int top_n) {
  if (top_n == top_n_) return KMA_OK;
  kma_options* opt = nullptr;
  kma_status st = NewOptions(top_n, &opt);
  if (st == KMA_OK) st = kma_analyzer_set_options(analyzer_, opt);
  if (st == KMA_OK) top_n_ = top_n;
  kma_options_free(opt);  // never fails, so the last error stays intact
  return st;
}

kma_result* Analyzer::Run(const Utf8Text& text, int top_n, bool split) {
  kma_result* result = nullptr;
  kma_status st;
  Failure fail;
  {
    py::gil_scoped_release nogil;
    std::lock_guard<std::mutex> lock(mu_);
    st = UseTopN(top_n);
    if (st == KMA_OK) {
      st = split ? kma_analyzer_split_utf8(analyzer_, text.data, text.size, &result)
                 : kma_analyzer_analyze_utf8(analyzer_, text.data, text.size, &result);
    }
    if (st != KMA_OK) fail = LastFailure(st);
  }
  if (st != KMA_OK) Raise(fail);
  return result;
}

Failure Analyzer::Explain(const Utf8Text& text, kma_status status) {
  py::gil_scoped_release nogil;
  std::lock_guard<std::mutex> lock(mu_);
  kma_result* result = nullptr;
  const kma_status st = kma_analyzer_analyze_utf8(analyzer_, text.data, text.size, &result);
  kma_result_free(result);
  if (st != KMA_OK) return LastFailure(st);
  return Failure{status, kma_status_string(status), -1};
}

py::list Analyzer::Analyze(py::handle text, int top_n) {
  Utf8Text t;
  Failure fail;
  if (!ToUtf8(text, &t, &fail)) Raise(fail);
  ResultPtr result(Run(t, top_n, false));
  return ConvertAnalyses(result.get());
}

py::list Analyzer::Tokenize(py::handle text) {
  py::list analyses = Analyze(text, 1);
  // The library always returns at least one analysis (an empty one for "").
  return analyses.empty() ? py::list() : py::list(analyses[0][py::int_(0)]);
}

py::list Analyzer::SplitSentences(py::handle text) {
  Utf8Text t;
  Failure fail;
  if (!ToUtf8(text, &t, &fail)) Raise(fail);
  ResultPtr result(Run(t, top_n_, true));
  return ConvertSentences(result.get(), text, t);
}

kma_status Analyzer::RunBatch(const std::vector<Utf8Text>& texts, size_t begin,
                              size_t end, uint32_t workers, int top_n,
                              std::vector<kma_result*>* results,
                              std::vector<kma_status>* statuses, Failure* fail) {
  const size_t count = end - begin;
  std::vector<const char*> data(count);
  std::vector<size_t> sizes(count);
  for (size_t i = 0; i < count; ++i) {
    data[i] = texts[begin + i].data;
    sizes[i] = texts[begin + i].size;
  }
  results->assign(count, nullptr);
  statuses->assign(count, KMA_OK);
  py::gil_scoped_release nogil;
  std::lock_guard<std::mutex> lock(mu_);
  kma_status st = KMA_OK;
  if (pool_ == nullptr || pool_workers_ != workers || pool_top_n_ != top_n) {
    // Pools are kept between calls: starting threads for every batch would
    // cost more than analysing a short text.
    kma_pool_free(pool_);
    pool_ = nullptr;
    kma_options* opt = nullptr;
    st = NewOptions(top_n, &opt);
    if (st == KMA_OK) st = kma_pool_new(&pool_, model_, opt, workers);
    if (st != KMA_OK) *fail = LastFailure(st);
    kma_options_free(opt);
    if (st != KMA_OK) return st;
    pool_workers_ = workers;
    pool_top_n_ = top_n;
  }
  st = kma_pool_analyze_utf8(pool_, data.data(), sizes.data(), count, results->data(),
                             statuses->data());
  if (st != KMA_OK) *fail = LastFailure(st);
  return st;
}

py::list Analyzer::AnalyzeMany(py::sequence texts, uint32_t workers, int top_n,
                               bool return_errors) {
  const std::vector<py::object> items = HoldItems(texts);
  const size_t n = items.size();
  py::list out(n);
  std::vector<Utf8Text> views(n);
  std::vector<bool> bad(n, false);
  for (size_t i = 0; i < n; ++i) {
    Failure fail;
    if (ToUtf8(items[i], &views[i], &fail)) continue;
    if (!return_errors) Raise(fail, static_cast<Py_ssize_t>(i));
    out[i] = MakeError(fail, static_cast<Py_ssize_t>(i));
    bad[i] = true;
    views[i] = Utf8Text{};  // analysed as "" by the pool; the result is dropped
  }
  std::vector<kma_result*> raw;
  std::vector<kma_status> statuses;
  for (size_t begin = 0; begin < n; begin += kBatch) {
    const size_t end = std::min(n, begin + kBatch);
    Failure fail;
    if (RunBatch(views, begin, end, workers, top_n, &raw, &statuses, &fail) != KMA_OK) {
      Raise(fail);
    }
    std::vector<ResultPtr> results;  // owned at once: a throw below leaks nothing
    for (kma_result* r : raw) results.emplace_back(r);
    for (size_t i = begin; i < end; ++i) {
      if (bad[i]) continue;
      const kma_status st = statuses[i - begin];
      if (st == KMA_OK) {
        out[i] = ConvertAnalyses(results[i - begin].get());
        continue;
      }
      const Failure f = Explain(views[i], st);
      if (!return_errors) Raise(f, static_cast<Py_ssize_t>(i));
      out[i] = MakeError(f, static_cast<Py_ssize_t>(i));
    }
  }
  return out;
}

kma_status AppendRecord(const kma_result* result, int32_t format, const Utf8Text& text,
                        std::string* out) {
  // Most records fit at once; a longer one is written again at its size.
  const size_t at = out->size();
  size_t written = 0;
  out->resize(at + 256 + 32 * text.size);
  kma_status st = kma_result_format(result, format, text.data, text.size, &(*out)[at],
                                    out->size() - at, &written);
  if (st == KMA_E_BUFFER_TOO_SMALL) {
    out->resize(at + written + 1);
    st = kma_result_format(result, format, text.data, text.size, &(*out)[at], written + 1,
                           &written);
  }
  out->resize(st == KMA_OK ? at + written : at);
  return st;
}

namespace {

// The record `kma analyze --format F --top-n N` prints for a line, F given
// as kma.dask's code (0 morphs, 1 json, 2 tsv): morphs lists the ranked
// analyses when N > 1.
int32_t CliRecordFormat(int format, int top_n) {
  if (format == 1) return KMA_FORMAT_JSON;
  if (format == 2) return KMA_FORMAT_TSV;
  return top_n == 1 ? KMA_FORMAT_MORPHS : KMA_FORMAT_MORPHS_NBEST;
}

}  // namespace

py::bytes Analyzer::FormatLines(py::sequence lines, int format, int top_n) {
  if (format < 0 || format > 2) {
    Raise(Failure{KMA_E_INVALID_ARGUMENT, "unknown line format " + std::to_string(format), -1});
  }
  // As `kma analyze -f tsv -n N`: the format has room for one analysis.
  if (format == 2 && top_n > 1) {
    Raise(Failure{KMA_E_INVALID_ARGUMENT,
                  "the tsv format prints one analysis per line: top_n " + std::to_string(top_n) +
                      " needs morphs or json",
                  -1});
  }
  const int32_t record = CliRecordFormat(format, top_n);
  const std::vector<py::object> items = HoldItems(lines);
  const size_t n = items.size();
  std::vector<Utf8Text> views(n);
  for (size_t i = 0; i < n; ++i) {
    Failure fail;
    if (!ToUtf8(items[i], &views[i], &fail)) Raise(fail, static_cast<Py_ssize_t>(i));
  }
  std::string out;
  Failure fail;
  Py_ssize_t failed = -1;
  {
    py::gil_scoped_release nogil;
    std::lock_guard<std::mutex> lock(mu_);
    kma_status st = UseTopN(top_n);
    if (st != KMA_OK) fail = LastFailure(st);
    for (size_t i = 0; st == KMA_OK && i < n; ++i) {
      kma_result* raw = nullptr;
      st = kma_analyzer_analyze_utf8(analyzer_, views[i].data, views[i].size, &raw);
      ResultPtr result(raw);
      if (st == KMA_OK) st = AppendRecord(result.get(), record, views[i], &out);
      if (st != KMA_OK) {
        fail = LastFailure(st);
        failed = static_cast<Py_ssize_t>(i);
      }
    }
  }
  if (fail.status != KMA_OK) Raise(fail, failed);
  return py::bytes(out);
}

py::str Analyzer::Format(py::handle text, int32_t format, int top_n) {
  Utf8Text t;
  Failure fail;
  if (!ToUtf8(text, &t, &fail)) Raise(fail);
  ResultPtr result(Run(t, top_n, false));
  std::string out;
  const kma_status st = AppendRecord(result.get(), format, t, &out);
  if (st != KMA_OK) Raise(LastFailure(st));
  return py::str(out);
}

}  // namespace kmapy
