// Text arguments: str (UTF-8 cached by CPython inside the object, so a second
// analysis of the same str does not re-encode it) or bytes holding UTF-8,
// which the library validates itself. Both are immutable, so their buffers
// stay valid while the GIL is released (a bytearray could be resized by
// another thread meanwhile, so it is refused).
#include "kma_py.h"

namespace kmapy {
namespace {

// Index of the first lone surrogate of a str that failed to encode.
Py_ssize_t FirstSurrogate(PyObject* str) {
  const Py_ssize_t n = PyUnicode_GET_LENGTH(str);
  for (Py_ssize_t i = 0; i < n; ++i) {
    const Py_UCS4 c = PyUnicode_READ_CHAR(str, i);
    if (c >= 0xD800 && c <= 0xDFFF) return i;
  }
  return -1;
}

}  // namespace

bool ToUtf8(py::handle obj, Utf8Text* out, Failure* fail) {
  PyObject* o = obj.ptr();
  if (PyUnicode_Check(o)) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(o, &size);
    if (data == nullptr) {
      // Only lone surrogates make a str unencodable: report them as the
      // library reports an unpaired surrogate in UTF-16 input.
      PyErr_Clear();
      fail->status = KMA_E_INVALID_UTF16;
      fail->offset = FirstSurrogate(o);
      fail->message = "text holds a lone surrogate at index " +
                      std::to_string(fail->offset) + " (not encodable as UTF-8)";
      return false;
    }
    *out = Utf8Text{data, static_cast<size_t>(size), true};
    return true;
  }
  if (PyBytes_Check(o)) {
    *out = Utf8Text{PyBytes_AS_STRING(o), static_cast<size_t>(PyBytes_GET_SIZE(o)), false};
    return true;
  }
  // A wrong type is a programming error, not bad data: TypeError, even in
  // a batch that returns the errors of bad texts.
  throw py::type_error(std::string("text must be str or bytes, not ") + Py_TYPE(o)->tp_name);
}

}  // namespace kmapy
