// Declarations shared by the sources of the `kma._kma` extension module.
//
// The module talks to kma through its C ABI only (<kma/kma.h>, linked against
// the shared libkma, which exports nothing else); pybind11 is the glue. The
// Python package (kma/*.py) wraps these classes in the documented API.
#ifndef KMA_BINDINGS_PYTHON_KMA_PY_H_
#define KMA_BINDINGS_PYTHON_KMA_PY_H_

#include <kma/kma.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace kmapy {

namespace py = pybind11;

// ---- errors (errors.cpp) -----------------------------------------------------

// A failed kma call, captured on the thread that made it (the C library's
// last-error state is thread-local).
struct Failure {
  kma_status status = KMA_OK;
  std::string message;
  int64_t offset = -1;  // bad byte (UTF-8) or index (str), -1 if none
};

// Reads the calling thread's last-error message and offset for `status`.
Failure LastFailure(kma_status status);

// Builds a kma.KmaError instance (kma/_errors.py) without raising it.
// `index` is the position of the text in a batch, -1 for a single text.
py::object MakeError(const Failure& f, Py_ssize_t index = -1);

// Raises the KmaError for `f` as a C++ exception pybind11 understands.
[[noreturn]] void Raise(const Failure& f, Py_ssize_t index = -1);

// ---- text input (text.cpp) ---------------------------------------------------

// A text argument as UTF-8: the bytes of a `bytes` object, or the UTF-8
// form CPython caches inside a `str`. Valid while `owner` is alive.
struct Utf8Text {
  const char* data = nullptr;
  size_t size = 0;
  bool is_str = false;
};

// Converts `obj` (str or bytes); a str with a lone surrogate fills *fail
// (KMA_E_INVALID_UTF16, offset = its index) and returns false; any other
// type raises TypeError. Needs the GIL.
bool ToUtf8(py::handle obj, Utf8Text* out, Failure* fail);

// ---- result conversion (convert.cpp) -----------------------------------------

// list[Analysis] (kma/_types.py) for a result, best first.
py::list ConvertAnalyses(const kma_result* result);
// list[Sentence] for a result; `source` is the analysed object, sliced for
// the sentence texts (str by code points, bytes by byte offsets).
py::list ConvertSentences(const kma_result* result, py::handle source,
                          const Utf8Text& text);

// ---- records (analyzer.cpp) ---------------------------------------------------

// Appends kma_result_format()'s record of `result` for `text` (UTF-8).
// Returns the status; on failure nothing is appended.
kma_status AppendRecord(const kma_result* result, int32_t format, const Utf8Text& text,
                        std::string* out);

// Frees a kma_result when it goes out of scope.
struct ResultFree {
  void operator()(kma_result* r) const { kma_result_free(r); }
};
using ResultPtr = std::unique_ptr<kma_result, ResultFree>;

// ---- handles (model.cpp, analyzer.cpp) ---------------------------------------

// Owns one reference to a kma_model (immutable, shared by threads).
class UserDict;
class Model {
 public:
  explicit Model(const std::string& path);
  // A model analysing with `base` and a snapshot of `dict` (user_dict.cpp).
  Model(const Model& base, const UserDict& dict);
  ~Model();
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  const kma_model* get() const { return model_; }
  uint32_t format_version() const;
  uint32_t morpheme_count() const;
  std::vector<std::string> lm_names() const;
  std::string default_lm() const;
  std::string metadata(const std::string& key) const;
  // kma_lm_predict_next / kma_lm_most_similar (lm.cpp): up to `k`
  // (label, token, score) tuples, best first; lm "" is the default.
  py::list PredictNext(const std::string& lm, const std::string& history, size_t k) const;
  py::list MostSimilar(const std::string& lm, const std::string& morph, size_t k) const;

 private:
  kma_model* model_ = nullptr;
};

// A kma_user_dict (user_dict.cpp); used under the GIL only, so one
// thread at a time as the C ABI asks.
class UserDict {
 public:
  explicit UserDict(const Model& model);
  ~UserDict();
  UserDict(const UserDict&) = delete;
  UserDict& operator=(const UserDict&) = delete;
  const kma_user_dict* get() const { return dict_; }
  void AddWord(const std::string& form, const std::string& tag, float score);
  void AddStem(const std::string& form, const std::string& tag, const std::string& irregular, float score);
  void AddAnalysis(const std::string& surface, const std::string& morphs, float score);
  void AddPattern(const std::string& regex, const std::string& tag, float score);
  void Block(py::object form, const std::string& tag);
  void LoadFile(const std::string& path);
  void LoadText(const std::string& text, const std::string& name);
  size_t size() const { return kma_user_dict_size(dict_); }

 private:
  kma_user_dict* dict_ = nullptr;
};

// A kma_joiner (user_dict.cpp), used under the GIL.
class Joiner {
 public:
  explicit Joiner(const Model& model);
  ~Joiner();
  Joiner(const Joiner&) = delete;
  Joiner& operator=(const Joiner&) = delete;
  std::string Join(const std::string& morphs);
  // (form, tag, space) triples, space a KMA_JOIN_* value; all or nothing.
  std::string JoinItems(py::sequence items);

 private:
  kma_joiner* joiner_ = nullptr;
};

// One option slot's value, as kma.Options gives it (slot numbers and types
// come from the library's table: kma_option_next and friends).
struct SlotValue {
  int32_t slot = 0;
  int32_t type = KMA_OPT_TYPE_NONE;
  int32_t i = 0;
  float f = 0;
  std::string s;
};

// Analysis settings fixed when an Analyzer is made: the slots kma.Options
// sets, in order (unset slots keep the library's defaults). KMA_OPT_TOP_N
// varies per call and is set by the calls.
using Settings = std::vector<SlotValue>;

// Converts kma.Options's (slot, value) pairs; raises TypeError for a value
// of the wrong type and InvalidArgumentError for a string with a NUL.
Settings ToSettings(py::sequence items);

// Sets every value of `settings` on `opt`; the first failing status.
kma_status ApplySettings(const Settings& settings, kma_options* opt);

// Adds option_table(), check_options() and the type and flag constants.
void BindOptions(py::module_& m);

// One kma_analyzer (used under a mutex, with the GIL released) and, made on
// first use, one kma_pool for batches.
class Analyzer {
 public:
  Analyzer(const Model& model, const Settings& settings);
  ~Analyzer();
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;

  py::list Analyze(py::handle text, int top_n);
  // spans: (begin, end, morphs) tuples; lemmas: (readings, begin, end)
  // tuples, end 0 for anywhere (constrained.cpp).
  py::list AnalyzeConstrained(py::handle text, int top_n, py::sequence spans, py::sequence lemmas);
  py::list Tokenize(py::handle text);
  py::list SplitSentences(py::handle text);
  // Spacing correction (space.cpp); a negative weight is the default.
  py::str Space(py::handle text, double weight);
  // New-word discovery over `texts` (words.cpp): (form, count, score)
  // tuples, best first; a bad text raises with its index.
  py::list ExtractWords(py::sequence texts, size_t top, uint32_t min_count);
  py::list AnalyzeMany(py::sequence texts, uint32_t workers, int top_n,
                       bool return_errors);
  py::bytes FormatLines(py::sequence lines, int format, int top_n);
  // kma_result_format()'s record of `text` (a KMA_FORMAT_* value).
  py::str Format(py::handle text, int32_t format, int top_n);

 private:
  kma_status NewOptions(int top_n, kma_options** out) const;
  kma_status UseTopN(int top_n);  // caller holds mu_
  kma_result* Run(const Utf8Text& text, int top_n, bool split);
  // The message and offset of a text the pool rejected (only the first
  // failure of a batch leaves them in the last-error state): the text is
  // run again alone, which fails at the same place.
  Failure Explain(const Utf8Text& text, kma_status status);
  kma_status RunBatch(const std::vector<Utf8Text>& texts, size_t begin,
                      size_t end, uint32_t workers, int top_n,
                      std::vector<kma_result*>* results,
                      std::vector<kma_status>* statuses, Failure* fail);

  std::mutex mu_;  // one thread in the analyzer (and the pool) at a time
  Settings settings_;
  // Pools are made from the model handle; the binding keeps the Python
  // Model alive as long as this analyzer (py::keep_alive in module.cpp).
  const kma_model* model_ = nullptr;
  kma_analyzer* analyzer_ = nullptr;
  int top_n_ = 1;
  kma_pool* pool_ = nullptr;
  uint32_t pool_workers_ = 0;  // as requested (0 = all CPUs)
  int pool_top_n_ = 0;
};

}  // namespace kmapy

#endif  // KMA_BINDINGS_PYTHON_KMA_PY_H_
