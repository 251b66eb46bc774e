// kma.Options's native side: the library's option table for the Python
// class to build itself from, and the generic setter that turns its values
// into a kma_options. No option is named here: a new slot of the C ABI
// reaches Python without a change to this file.
#include "kma_py.h"

namespace kmapy {

Settings ToSettings(py::sequence items) {
  Settings settings;
  for (py::handle item : items) {
    auto pair = item.cast<py::tuple>();
    SlotValue v;
    v.slot = pair[0].cast<int32_t>();
    v.type = kma_option_type(v.slot);
    py::handle value = pair[1];
    if (v.type == KMA_OPT_TYPE_INT) {
      v.i = value.cast<int32_t>();
    } else if (v.type == KMA_OPT_TYPE_FLOAT) {
      v.f = value.cast<float>();
    } else if (v.type == KMA_OPT_TYPE_STRING) {
      v.s = value.cast<std::string>();
      if (v.s.find('\0') != std::string::npos) {
        Raise(Failure{KMA_E_INVALID_ARGUMENT,
                      std::string(kma_option_name(v.slot)) + " contains a NUL character", -1});
      }
    }
    // An unknown slot keeps type NONE: ApplySettings reports it.
    settings.push_back(std::move(v));
  }
  return settings;
}

kma_status ApplySettings(const Settings& settings, kma_options* opt) {
  for (const SlotValue& v : settings) {
    kma_status st;
    switch (v.type) {
      case KMA_OPT_TYPE_INT: st = kma_options_set_int(opt, v.slot, v.i); break;
      case KMA_OPT_TYPE_FLOAT: st = kma_options_set_float(opt, v.slot, v.f); break;
      // The int setter reports an unknown slot (KMA_E_UNSUPPORTED) like any.
      case KMA_OPT_TYPE_STRING: st = kma_options_set_string(opt, v.slot, v.s.c_str()); break;
      default: st = kma_options_set_int(opt, v.slot, v.i); break;
    }
    if (st != KMA_OK) return st;
  }
  return KMA_OK;
}

namespace {

// [(name, slot, type, flags, min, max, default)] for every slot the library
// knows; min and max are None for strings.
py::list OptionTable() {
  kma_options* defaults = nullptr;
  if (kma_options_new(&defaults) != KMA_OK) Raise(LastFailure(KMA_E_OUT_OF_MEMORY));
  py::list table;
  for (int32_t o = kma_option_next(0); o != 0; o = kma_option_next(o)) {
    const int32_t type = kma_option_type(o);
    py::object lo = py::none(), hi = py::none(), value;
    double min = 0, max = 0;
    if (type != KMA_OPT_TYPE_STRING && kma_option_bounds(o, &min, &max) == KMA_OK) {
      lo = py::float_(min);
      hi = py::float_(max);
    }
    if (type == KMA_OPT_TYPE_INT) {
      int32_t v = 0;
      kma_options_get_int(defaults, o, &v);
      value = py::int_(v);
    } else if (type == KMA_OPT_TYPE_FLOAT) {
      float v = 0;
      kma_options_get_float(defaults, o, &v);
      value = py::float_(v);
    } else {
      const char* v = "";
      kma_options_get_string(defaults, o, &v);
      value = py::str(v);
    }
    table.append(py::make_tuple(kma_option_name(o), o, type, kma_option_flags(o), lo, hi, value));
  }
  kma_options_free(defaults);
  return table;
}

// Raises the library's error for the first value it rejects.
void CheckSettings(py::sequence items) {
  const Settings settings = ToSettings(items);
  kma_options* opt = nullptr;
  kma_status st = kma_options_new(&opt);
  if (st == KMA_OK) st = ApplySettings(settings, opt);
  const Failure fail = st == KMA_OK ? Failure{} : LastFailure(st);
  kma_options_free(opt);
  if (st != KMA_OK) Raise(fail);
}

}  // namespace

void BindOptions(py::module_& m) {
  m.attr("OPTION_TYPES") = py::dict(py::arg("int") = static_cast<int>(KMA_OPT_TYPE_INT),
                                    py::arg("float") = static_cast<int>(KMA_OPT_TYPE_FLOAT),
                                    py::arg("string") = static_cast<int>(KMA_OPT_TYPE_STRING));
  m.attr("OPTION_FLAGS") =
      py::dict(py::arg("boolean") = static_cast<int>(KMA_OPT_FLAG_BOOLEAN),
               py::arg("model_lookup") = static_cast<int>(KMA_OPT_FLAG_MODEL_LOOKUP));
  m.def("option_table", &OptionTable);
  m.def("check_options", &CheckSettings, py::arg("items"));
}

}  // namespace kmapy
