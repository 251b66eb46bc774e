// kma_options: typed, numbered option slots over kma::AnalyzeOptions.
//
// kSlots is the one table of options: type, flags, bounds and where each
// value lives. The setters, the getters and the run-time description of the
// table (kma_option_next/name/find/flags/bounds, which the bindings build
// their option types from) all read it, so adding an option is one row here
// and one constant in kma_options.h.
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>

#include "capi/src/api_guard.h"
#include "capi/src/handles.h"
#include "core/base/name_list.h"
#include "core/search/stop_words.h"
#include "core/text/pretokenizer.h"
#include "kma/kma.h"

namespace {

using kma::AnalyzeOptions;
using kma::capi::Fail;
using kma::capi::Guard;
using kma::capi::NullArgument;

// A string slot's text inside an option set.
using TextOf = std::string& (*)(kma_options&);
// Checks a new string value and updates what is derived from it; false
// with *st set (the error recorded) to reject it.
using TextCheck = bool (*)(const char* fn, const char* value, kma_options* opt, kma_status* st);

struct SlotInfo {
  int32_t option;
  const char* constant;  // "KMA_OPT_TOP_N", for messages; the name derives from it
  int32_t type;
  int32_t flags;
  double min;
  double max;
  // Where the value lives: exactly one of these is set.
  int AnalyzeOptions::*int_field;
  bool AnalyzeOptions::*bool_field;
  float AnalyzeOptions::*float_field;
  TextOf text;
  TextCheck check;  // string slots only; may be null
};

constexpr SlotInfo IntSlot(int32_t option, const char* constant, double min, double max,
                           int AnalyzeOptions::*field) {
  return {option, constant, KMA_OPT_TYPE_INT, 0, min, max, field, nullptr, nullptr, nullptr, nullptr};
}

constexpr SlotInfo BoolSlot(int32_t option, const char* constant, bool AnalyzeOptions::*field) {
  return {option, constant, KMA_OPT_TYPE_INT, KMA_OPT_FLAG_BOOLEAN, 0, 1, nullptr, field, nullptr,
          nullptr, nullptr};
}

constexpr SlotInfo FloatSlot(int32_t option, const char* constant, double min, double max,
                             float AnalyzeOptions::*field) {
  return {option, constant, KMA_OPT_TYPE_FLOAT, 0, min, max, nullptr, nullptr, field, nullptr, nullptr};
}

constexpr SlotInfo StringSlot(int32_t option, const char* constant, int32_t flags, TextOf text,
                              TextCheck check = nullptr) {
  return {option, constant, KMA_OPT_TYPE_STRING, flags, 0, 0, nullptr, nullptr, nullptr, text, check};
}

std::string& LmText(kma_options& o) { return o.analyze.lm; }
std::string& PackageModelText(kma_options& o) { return o.package_model; }
std::string& OutputTagsText(kma_options& o) { return o.output_tags; }
std::string& StopWordListText(kma_options& o) { return o.stop_word_list; }
std::string& NoSpecialText(kma_options& o) { return o.no_special; }

// KMA_OPT_NO_SPECIAL: class names separated by commas or spaces, as bits.
bool ParseNoSpecial(const char* fn, const char* value, kma_options* opt, kma_status* st) {
  uint32_t bits = 0;
  std::string bad;
  if (!kma::ParseSpecialClasses(value, &bits, &bad)) {
    *st = Fail(KMA_E_INVALID_ARGUMENT, {fn, ": KMA_OPT_NO_SPECIAL: unknown class '", bad,
                                        "' (url, email, hashtag, mention, serial, emoji or all)"});
    return false;
  }
  opt->analyze.plain_specials = bits;
  return true;
}

// KMA_OPT_STOP_WORD_LIST: the list's text, parsed once here (shared by the
// copies the analyzers take).
bool ParseStopWordList(const char* fn, const char* value, kma_options* opt, kma_status* st) {
  if (*value == '\0') {
    opt->analyze.stop_word_list = nullptr;
    return true;
  }
  auto list = std::make_shared<kma::StopWords>();
  if (const kma::Status s = kma::StopWords::Parse(value, list.get()); !s.ok()) {
    *st = Fail(KMA_E_INVALID_ARGUMENT, {fn, ": KMA_OPT_STOP_WORD_LIST: ", s.message()});
    return false;
  }
  opt->analyze.stop_word_list = std::move(list);
  return true;
}

// KMA_OPT_OUTPUT_TAGS: tag names separated by commas or spaces, as a mask.
bool ParseOutputTags(const char* fn, const char* value, kma_options* opt, kma_status* st) {
  uint64_t mask = 0;
  const bool ok = kma::ForEachListedName(value, [&](std::string_view name) {
    kma::PosTag tag;
    if (!kma::ParseTag(name, &tag) || tag == kma::PosTag::kUN) {
      *st = Fail(KMA_E_INVALID_ARGUMENT, {fn, ": KMA_OPT_OUTPUT_TAGS: unknown tag '", name, "'"});
      return false;
    }
    mask |= uint64_t{1} << static_cast<unsigned>(tag);
    return true;
  });
  if (ok) opt->analyze.output_tags = mask;
  return ok;
}

// In increasing slot order (kma_option_next relies on it; a test checks).
constexpr SlotInfo kSlots[] = {
    IntSlot(KMA_OPT_TOP_N, "KMA_OPT_TOP_N", 1, 64, &AnalyzeOptions::top_n),
    FloatSlot(KMA_OPT_BEAM, "KMA_OPT_BEAM", 0, 1000, &AnalyzeOptions::beam),
    IntSlot(KMA_OPT_MAX_UNKNOWN_LENGTH, "KMA_OPT_MAX_UNKNOWN_LENGTH", 1, 64,
            &AnalyzeOptions::max_unknown_length),
    StringSlot(KMA_OPT_LM, "KMA_OPT_LM", 0, LmText),
    StringSlot(KMA_OPT_PACKAGE_MODEL, "KMA_OPT_PACKAGE_MODEL", KMA_OPT_FLAG_MODEL_LOOKUP,
               PackageModelText),
    BoolSlot(KMA_OPT_TYPOS, "KMA_OPT_TYPOS", &AnalyzeOptions::typos),
    StringSlot(KMA_OPT_OUTPUT_TAGS, "KMA_OPT_OUTPUT_TAGS", 0, OutputTagsText, ParseOutputTags),
    IntSlot(KMA_OPT_MEMORY_BUDGET_MIB, "KMA_OPT_MEMORY_BUDGET_MIB", 0, kma::search::kMaxMemoryBudgetMib,
            &AnalyzeOptions::memory_budget_mib),
    FloatSlot(KMA_OPT_PRUNE_MARGIN, "KMA_OPT_PRUNE_MARGIN", 0, 1000, &AnalyzeOptions::prune_margin),
    BoolSlot(KMA_OPT_LEMMA, "KMA_OPT_LEMMA", &AnalyzeOptions::lemma),
    BoolSlot(KMA_OPT_JOIN_DERIVATIONS, "KMA_OPT_JOIN_DERIVATIONS", &AnalyzeOptions::join_derivations),
    BoolSlot(KMA_OPT_STOP_WORDS, "KMA_OPT_STOP_WORDS", &AnalyzeOptions::stop_words),
    StringSlot(KMA_OPT_STOP_WORD_LIST, "KMA_OPT_STOP_WORD_LIST", 0, StopWordListText, ParseStopWordList),
    StringSlot(KMA_OPT_NO_SPECIAL, "KMA_OPT_NO_SPECIAL", 0, NoSpecialText, ParseNoSpecial),
};
constexpr size_t kSlotCount = std::size(kSlots);
constexpr std::string_view kConstantPrefix = "KMA_OPT_";

const SlotInfo* FindSlot(int32_t option) {
  for (const SlotInfo& s : kSlots) {
    if (s.option == option) return &s;
  }
  return nullptr;
}

// kma_option_name() of every slot, made once from the constants.
const std::array<std::string, kSlotCount>& SlotNames() {
  static const std::array<std::string, kSlotCount> names = [] {
    std::array<std::string, kSlotCount> n;
    for (size_t i = 0; i < kSlotCount; ++i) {
      n[i] = std::string(kSlots[i].constant).substr(kConstantPrefix.size());
      for (char& c : n[i]) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return n;
  }();
  return names;
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
                   {fn, ": option ", slot->constant, " is ", TypeName(slot->type),
                    " option, not ", TypeName(type), " option"});
    return nullptr;
  }
  return slot;
}

kma_status OutOfRange(const char* fn, const SlotInfo& slot,
                      const std::string& value) {
  return Fail(KMA_E_INVALID_ARGUMENT,
              {fn, ": value ", value, " of ", slot.constant, " is outside [",
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
    if (slot->bool_field != nullptr) {
      opt->analyze.*slot->bool_field = value != 0;
    } else {
      opt->analyze.*slot->int_field = value;
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
    const SlotInfo* slot = CheckSlot(kFn, option, KMA_OPT_TYPE_INT, &st);
    if (slot == nullptr) return st;
    *out = slot->bool_field != nullptr ? (opt->analyze.*slot->bool_field ? 1 : 0)
                                       : opt->analyze.*slot->int_field;
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
    opt->analyze.*slot->float_field = value;
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
    const SlotInfo* slot = CheckSlot(kFn, option, KMA_OPT_TYPE_FLOAT, &st);
    if (slot == nullptr) return st;
    *out = opt->analyze.*slot->float_field;
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
    const SlotInfo* slot = CheckSlot(kFn, option, KMA_OPT_TYPE_STRING, &st);
    if (slot == nullptr) return st;
    // Copied first: a failed copy (KMA_E_OUT_OF_MEMORY) leaves the set as it was.
    std::string value = value_utf8;
    if (slot->check != nullptr && !slot->check(kFn, value_utf8, opt, &st)) return st;
    slot->text(*opt).swap(value);
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
    const SlotInfo* slot = CheckSlot(kFn, option, KMA_OPT_TYPE_STRING, &st);
    if (slot == nullptr) return st;
    // TextOf hands out a mutable reference; nothing is written through it.
    *out = slot->text(const_cast<kma_options&>(*opt)).c_str();
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
                  {kFn, ": ", slot->constant, " is a string option without bounds"});
    }
    *min_out = slot->min;
    *max_out = slot->max;
    return KMA_OK;
  });
}

int32_t KMA_CALL kma_option_next(int32_t option) {
  for (const SlotInfo& s : kSlots) {
    if (s.option > option) return s.option;
  }
  return 0;
}

const char* KMA_CALL kma_option_name(int32_t option) {
  return kma::capi::GuardValue<const char*>("kma_option_name", nullptr, [&]() -> const char* {
    const SlotInfo* slot = FindSlot(option);
    return slot != nullptr ? SlotNames()[slot - kSlots].c_str() : nullptr;
  });
}

kma_status KMA_CALL kma_option_find(const char* name, int32_t* option_out) {
  static constexpr char kFn[] = "kma_option_find";
  return Guard(kFn, [&]() -> kma_status {
    if (option_out == nullptr) return NullArgument(kFn, "option_out");
    *option_out = 0;
    if (name == nullptr) return NullArgument(kFn, "name");
    const auto& names = SlotNames();
    std::string known;
    for (size_t i = 0; i < kSlotCount; ++i) {
      if (names[i] == name) {
        *option_out = kSlots[i].option;
        return KMA_OK;
      }
      known += (i > 0 ? ", " : "") + names[i];
    }
    return Fail(KMA_E_UNSUPPORTED, {kFn, ": unknown option '", name, "' (known: ", known, ")"});
  });
}

int32_t KMA_CALL kma_option_flags(int32_t option) {
  const SlotInfo* slot = FindSlot(option);
  return slot != nullptr ? slot->flags : 0;
}
