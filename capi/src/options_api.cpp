// kma_options: typed, numbered option slots over kma::AnalyzeOptions.
#include <cmath>
#include <memory>
#include <string>
#include <string_view>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::Guard;
using kma::capi::NullArgument;

// Slot table: one row per option. Bounds live here only, so the setters and
// kma_option_bounds() cannot disagree.
struct SlotInfo {
  int32_t option;
  int32_t type;
  const char* name;
  double min;
  double max;
};

constexpr SlotInfo kSlots[] = {
    {KMA_OPT_TOP_N, KMA_OPT_TYPE_INT, "KMA_OPT_TOP_N", 1, 64},
    {KMA_OPT_BEAM, KMA_OPT_TYPE_FLOAT, "KMA_OPT_BEAM", 0, 1000},
    {KMA_OPT_MAX_UNKNOWN_LENGTH, KMA_OPT_TYPE_INT, "KMA_OPT_MAX_UNKNOWN_LENGTH", 1, 64},
    {KMA_OPT_LM, KMA_OPT_TYPE_STRING, "KMA_OPT_LM", 0, 0},
    {KMA_OPT_PACKAGE_MODEL, KMA_OPT_TYPE_STRING, "KMA_OPT_PACKAGE_MODEL", 0, 0},
    {KMA_OPT_TYPOS, KMA_OPT_TYPE_INT, "KMA_OPT_TYPOS", 0, 1},
    {KMA_OPT_OUTPUT_TAGS, KMA_OPT_TYPE_STRING, "KMA_OPT_OUTPUT_TAGS", 0, 0},
    {KMA_OPT_CONVENTION, KMA_OPT_TYPE_INT, "KMA_OPT_CONVENTION", 0, 1},
};

// The string slot an option names (a string slot, checked by the caller).
template <typename Options>
auto& StringSlot(Options* opt, int32_t option) {
  if (option == KMA_OPT_LM) return opt->analyze.lm;
  return option == KMA_OPT_OUTPUT_TAGS ? opt->output_tags : opt->package_model;
}

// KMA_OPT_OUTPUT_TAGS: tag names separated by commas or spaces, as a mask.
bool ParseOutputTags(const char* fn, std::string_view list, uint64_t* mask, kma_status* st) {
  *mask = 0;
  size_t b = 0;
  while (b < list.size()) {
    size_t e = list.find_first_of(", ", b);
    if (e == std::string_view::npos) e = list.size();
    const std::string_view name = list.substr(b, e - b);
    b = e + 1;
    if (name.empty()) continue;
    kma::PosTag tag;
    if (!kma::ParseTag(name, &tag) || tag == kma::PosTag::kUN) {
      *st = Fail(KMA_E_INVALID_ARGUMENT, {fn, ": KMA_OPT_OUTPUT_TAGS: unknown tag '", name, "'"});
      return false;
    }
    *mask |= uint64_t{1} << static_cast<unsigned>(tag);
  }
  return true;
}

const SlotInfo* FindSlot(int32_t option) {
  for (const SlotInfo& s : kSlots) {
    if (s.option == option) return &s;
  }
  return nullptr;
}

const char* TypeName(int32_t type) {
  switch (type) {
    case KMA_OPT_TYPE_INT: return "an int";
    case KMA_OPT_TYPE_FLOAT: return "a float";
    case KMA_OPT_TYPE_STRING: return "a string";
    default: return "an unknown";
  }
}

// Resolves `option` and checks that it has `type`. On failure records the
// error and returns null with *status set.
const SlotInfo* CheckSlot(const char* fn, int32_t option, int32_t type,
                          kma_status* status) {
  const SlotInfo* slot = FindSlot(option);
  if (slot == nullptr) {
    *status = Fail(KMA_E_UNSUPPORTED,
                   {fn, ": unknown option slot ", std::to_string(option)});
    return nullptr;
  }
  if (slot->type != type) {
    *status = Fail(KMA_E_INVALID_ARGUMENT,
                   {fn, ": option ", slot->name, " is ", TypeName(slot->type),
                    " option, not ", TypeName(type), " option"});
    return nullptr;
  }
  return slot;
}

kma_status OutOfRange(const char* fn, const SlotInfo& slot,
                      const std::string& value) {
  return Fail(KMA_E_INVALID_ARGUMENT,
              {fn, ": value ", value, " of ", slot.name, " is outside [",
               std::to_string(slot.min), ", ", std::to_string(slot.max), "]"});
}

}  // namespace

kma_status KMA_CALL kma_options_new(kma_options** out) {
  static constexpr char kFn[] = "kma_options_new";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    *out = new kma_options();
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_options_clone(kma_options** out,
                                      const kma_options* src) {
  static constexpr char kFn[] = "kma_options_clone";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    if (src == nullptr) return NullArgument(kFn, "src");
    *out = new kma_options(*src);
    return KMA_OK;
  });
}

void KMA_CALL kma_options_free(kma_options* opt) { delete opt; }

kma_status KMA_CALL kma_options_set_int(kma_options* opt, int32_t option,
                                        int32_t value) {
  static constexpr char kFn[] = "kma_options_set_int";
  return Guard(kFn, [&]() -> kma_status {
    if (opt == nullptr) return NullArgument(kFn, "opt");
    kma_status st = KMA_OK;
    const SlotInfo* slot = CheckSlot(kFn, option, KMA_OPT_TYPE_INT, &st);
    if (slot == nullptr) return st;
    if (value < slot->min || value > slot->max) {
      return OutOfRange(kFn, *slot, std::to_string(value));
    }
    if (option == KMA_OPT_TOP_N) {
      opt->analyze.top_n = value;
    } else if (option == KMA_OPT_TYPOS) {
      opt->analyze.typos = value != 0;
    } else if (option == KMA_OPT_CONVENTION) {
      opt->analyze.convention_prior = value != 0;
    } else {
      opt->analyze.max_unknown_length = value;
    }
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_options_get_int(const kma_options* opt, int32_t option,
                                        int32_t* out) {
  static constexpr char kFn[] = "kma_options_get_int";
  return Guard(kFn, [&]() -> kma_status {
    if (opt == nullptr) return NullArgument(kFn, "opt");
    if (out == nullptr) return NullArgument(kFn, "out");
    kma_status st = KMA_OK;
    if (CheckSlot(kFn, option, KMA_OPT_TYPE_INT, &st) == nullptr) return st;
    if (option == KMA_OPT_TOP_N) {
      *out = opt->analyze.top_n;
    } else if (option == KMA_OPT_TYPOS) {
      *out = opt->analyze.typos ? 1 : 0;
    } else if (option == KMA_OPT_CONVENTION) {
      *out = opt->analyze.convention_prior ? 1 : 0;
    } else {
      *out = opt->analyze.max_unknown_length;
    }
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_options_set_float(kma_options* opt, int32_t option,
                                          float value) {
  static constexpr char kFn[] = "kma_options_set_float";
  return Guard(kFn, [&]() -> kma_status {
    if (opt == nullptr) return NullArgument(kFn, "opt");
    kma_status st = KMA_OK;
    const SlotInfo* slot = CheckSlot(kFn, option, KMA_OPT_TYPE_FLOAT, &st);
    if (slot == nullptr) return st;
    // The negated comparison also rejects NaN.
    if (!(value >= slot->min && value <= slot->max)) {
      return OutOfRange(kFn, *slot, std::to_string(value));
    }
    opt->analyze.beam = value;
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_options_get_float(const kma_options* opt,
                                          int32_t option, float* out) {
  static constexpr char kFn[] = "kma_options_get_float";
  return Guard(kFn, [&]() -> kma_status {
    if (opt == nullptr) return NullArgument(kFn, "opt");
    if (out == nullptr) return NullArgument(kFn, "out");
    kma_status st = KMA_OK;
    if (CheckSlot(kFn, option, KMA_OPT_TYPE_FLOAT, &st) == nullptr) return st;
    *out = opt->analyze.beam;
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_options_set_string(kma_options* opt, int32_t option,
                                           const char* value_utf8) {
  static constexpr char kFn[] = "kma_options_set_string";
  return Guard(kFn, [&]() -> kma_status {
    if (opt == nullptr) return NullArgument(kFn, "opt");
    if (value_utf8 == nullptr) return NullArgument(kFn, "value_utf8");
    kma_status st = KMA_OK;
    if (CheckSlot(kFn, option, KMA_OPT_TYPE_STRING, &st) == nullptr) return st;
    if (option == KMA_OPT_OUTPUT_TAGS &&
        !ParseOutputTags(kFn, value_utf8, &opt->analyze.output_tags, &st))
      return st;
    StringSlot(opt, option) = value_utf8;
    return KMA_OK;
  });
}

kma_status KMA_CALL kma_options_get_string(const kma_options* opt,
                                           int32_t option, const char** out) {
  static constexpr char kFn[] = "kma_options_get_string";
  return Guard(kFn, [&]() -> kma_status {
    if (opt == nullptr) return NullArgument(kFn, "opt");
    if (out == nullptr) return NullArgument(kFn, "out");
    kma_status st = KMA_OK;
    if (CheckSlot(kFn, option, KMA_OPT_TYPE_STRING, &st) == nullptr) return st;
    *out = StringSlot(opt, option).c_str();
    return KMA_OK;
  });
}

int32_t KMA_CALL kma_option_type(int32_t option) {
  const SlotInfo* slot = FindSlot(option);
  return slot != nullptr ? slot->type : KMA_OPT_TYPE_NONE;
}

kma_status KMA_CALL kma_option_bounds(int32_t option, double* min_out,
                                      double* max_out) {
  static constexpr char kFn[] = "kma_option_bounds";
  return Guard(kFn, [&]() -> kma_status {
    if (min_out == nullptr) return NullArgument(kFn, "min_out");
    if (max_out == nullptr) return NullArgument(kFn, "max_out");
    const SlotInfo* slot = FindSlot(option);
    if (slot == nullptr) {
      return Fail(KMA_E_UNSUPPORTED,
                  {kFn, ": unknown option slot ", std::to_string(option)});
    }
    if (slot->type == KMA_OPT_TYPE_STRING) {
      return Fail(KMA_E_INVALID_ARGUMENT,
                  {kFn, ": ", slot->name, " is a string option without bounds"});
    }
    *min_out = slot->min;
    *max_out = slot->max;
    return KMA_OK;
  });
}
