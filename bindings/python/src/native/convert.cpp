// kma_result → Python objects. The record types are typing.NamedTuple classes
// of kma/_types.py; instances are made with tuple.__new__ at C level (what
// NamedTuple._make does, without its Python frames), which keeps the cost per
// token at a few hundred nanoseconds.
#include <vector>

#include "kma_py.h"

namespace kmapy {
namespace {

// Borrowed-forever references: taken once, never released, so nothing is
// decref'd after the interpreter has shut down.
struct Types {
  PyTypeObject* token = nullptr;
  PyTypeObject* analysis = nullptr;
  PyTypeObject* sentence = nullptr;
  std::vector<PyObject*> tags;  // interned tag names by tag value
};

const Types& GetTypes() {
  static Types* types = [] {
    auto* t = new Types();
    py::module_ m = py::module_::import("kma._types");
    auto type = [&m](const char* name) {
      py::object cls = m.attr(name);
      return reinterpret_cast<PyTypeObject*>(cls.release().ptr());
    };
    t->token = type("Token");
    t->analysis = type("Analysis");
    t->sentence = type("Sentence");
    for (uint16_t tag = 0; tag < kma_tag_count(); ++tag) {
      PyObject* name = PyUnicode_FromString(kma_tag_name(tag));
      if (name == nullptr) throw py::error_already_set();
      PyUnicode_InternInPlace(&name);
      t->tags.push_back(name);
    }
    return t;
  }();
  return *types;
}

// A NamedTuple instance of `cls` from `items` (a new tuple, consumed).
py::object MakeRecord(PyTypeObject* cls, PyObject* items) {
  if (items == nullptr) throw py::error_already_set();
  PyObject* args = PyTuple_Pack(1, items);
  Py_DECREF(items);
  if (args == nullptr) throw py::error_already_set();
  PyObject* rec = PyTuple_Type.tp_new(cls, args, nullptr);
  Py_DECREF(args);
  if (rec == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(rec);
}

PyObject* TagName(const Types& types, uint16_t tag) {
  PyObject* name = tag < types.tags.size() ? types.tags[tag] : types.tags[0];
  Py_INCREF(name);
  return name;
}

// Token(form, tag, start, len, score, sent_position, word_position, unknown, id, corrected, user,
//       lemma)
py::object ConvertToken(const Types& types, const kma_result* r, const kma_token& t) {
  constexpr Py_ssize_t kFields = 12;
  PyObject* items = PyTuple_New(kFields);
  if (items == nullptr) throw py::error_already_set();
  PyObject* form = PyUnicode_DecodeUTF8(kma_result_token_form(r, &t),
                                        static_cast<Py_ssize_t>(t.form_length), "strict");
  PyTuple_SET_ITEM(items, 0, form);
  PyTuple_SET_ITEM(items, 1, TagName(types, t.tag));
  PyTuple_SET_ITEM(items, 2, PyLong_FromUnsignedLong(t.cp_begin));
  PyTuple_SET_ITEM(items, 3, PyLong_FromUnsignedLong(t.cp_length));
  PyTuple_SET_ITEM(items, 4, PyFloat_FromDouble(t.score));
  PyTuple_SET_ITEM(items, 5, PyLong_FromUnsignedLong(t.sentence));
  PyTuple_SET_ITEM(items, 6, PyLong_FromUnsignedLong(t.word));
  PyTuple_SET_ITEM(items, 7, PyBool_FromLong(t.flags & KMA_TOKEN_UNKNOWN));
  PyTuple_SET_ITEM(items, 8, PyLong_FromUnsignedLong(t.morph_id));
  PyTuple_SET_ITEM(items, 9, PyBool_FromLong(t.flags & KMA_TOKEN_CORRECTED));
  PyTuple_SET_ITEM(items, 10, PyBool_FromLong(t.flags & KMA_TOKEN_USER));
  PyTuple_SET_ITEM(items, 11, PyUnicode_FromString(kma_result_token_lemma(r, &t)));
  for (Py_ssize_t i = 0; i < kFields; ++i) {
    if (PyTuple_GET_ITEM(items, i) == nullptr) {
      Py_DECREF(items);
      throw py::error_already_set();
    }
  }
  py::object token = MakeRecord(types.token, items);
  // A token holds only atomic objects (str, int, float, bool) and is
  // immutable, so it can never be part of a reference cycle: it leaves the
  // garbage collector's lists, as CPython does for plain tuples of atomic
  // objects (it cannot for tuple subclasses). Tracked, the millions of
  // tokens a corpus run keeps were rescanned by every full collection.
  PyObject_GC_UnTrack(token.ptr());
  return token;
}

}  // namespace

py::list ConvertAnalyses(const kma_result* result) {
  const Types& types = GetTypes();
  const size_t count = kma_result_analysis_count(result);
  py::list out(count);
  for (size_t a = 0; a < count; ++a) {
    const size_t n = kma_result_token_count(result, a);
    const kma_token* tokens = kma_result_tokens(result, a);
    py::list toks(n);
    for (size_t i = 0; i < n; ++i) {
      toks[i] = ConvertToken(types, result, tokens[i]);
    }
    PyObject* items = PyTuple_New(2);
    if (items == nullptr) throw py::error_already_set();
    PyTuple_SET_ITEM(items, 0, toks.release().ptr());
    PyTuple_SET_ITEM(items, 1, PyFloat_FromDouble(kma_result_analysis_score(result, a)));
    if (PyTuple_GET_ITEM(items, 1) == nullptr) {
      Py_DECREF(items);
      throw py::error_already_set();
    }
    out[a] = MakeRecord(types.analysis, items);
  }
  return out;
}

py::list ConvertSentences(const kma_result* result, py::handle source,
                          const Utf8Text& text) {
  const Types& types = GetTypes();
  const size_t count = kma_result_sentence_count(result);
  py::list out(count);
  for (size_t i = 0; i < count; ++i) {
    kma_span s{};
    if (kma_result_sentence(result, i, &s) != KMA_OK) Raise(LastFailure(KMA_E_INTERNAL));
    // Sentence(text, start, end): the text is sliced from the input, so it is
    // exactly what the span covers (str by code points, bytes by bytes).
    PyObject* piece =
        text.is_str
            ? PyUnicode_Substring(source.ptr(), s.cp_begin, s.cp_begin + s.cp_length)
            : PyUnicode_DecodeUTF8(text.data + s.begin, s.length, "strict");
    PyObject* items = PyTuple_New(3);
    if (items == nullptr || piece == nullptr) {
      Py_XDECREF(items);
      Py_XDECREF(piece);
      throw py::error_already_set();
    }
    PyTuple_SET_ITEM(items, 0, piece);
    PyTuple_SET_ITEM(items, 1, PyLong_FromUnsignedLong(s.cp_begin));
    PyTuple_SET_ITEM(items, 2, PyLong_FromUnsignedLong(s.cp_begin + s.cp_length));
    if (PyTuple_GET_ITEM(items, 1) == nullptr || PyTuple_GET_ITEM(items, 2) == nullptr) {
      Py_DECREF(items);
      throw py::error_already_set();
    }
    out[i] = MakeRecord(types.sentence, items);
  }
  return out;
}

}  // namespace kmapy
