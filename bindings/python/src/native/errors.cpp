// kma status codes → kma.KmaError (defined in Python, kma/_errors.py, so that
// it pickles and carries its attributes like any Python exception).
#include "kma_py.h"

namespace kmapy {

Failure LastFailure(kma_status status) {
  Failure f;
  f.status = status;
  f.message = kma_last_error_message();
  if (f.message.empty()) f.message = kma_status_string(status);
  f.offset = kma_last_error_offset();
  return f;
}

py::object MakeError(const Failure& f, Py_ssize_t index) {
  // Looked up per error, not cached: errors are rare, and a cached object
  // would outlive the interpreter at exit.
  py::object make = py::module_::import("kma._errors").attr("_from_status");
  py::object offset = f.offset < 0 ? py::object(py::none()) : py::int_(f.offset);
  py::object idx = index < 0 ? py::object(py::none()) : py::int_(index);
  return make(f.status, py::str(f.message), offset, idx);
}

void Raise(const Failure& f, Py_ssize_t index) {
  py::object err = MakeError(f, index);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(err.ptr())), err.ptr());
  throw py::error_already_set();
}

}  // namespace kmapy
