#include "tools/kma/options/cli_args.h"

#include "core/base/decimal.h"
#include "core/search/search_defaults.h"
#include "tools/kma/io/line_reader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace kma::cli {

int Fail(int code, const std::string& message) {
  std::string line = message;
  for (char& c : line) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  // Results may be buffered on stdout; flush them first so that the error
  // appears after the output it follows when both go to a terminal.
  std::fflush(stdout);
  std::fprintf(stderr, "kma: %s\n", line.c_str());
  return code;
}

const OptionSpec* ArgParser::FindLong(const std::string& name) const {
  for (const auto& s : specs_) {
    if (s.long_name == name) return &s;
  }
  return nullptr;
}

const OptionSpec* ArgParser::FindShort(char c) const {
  for (const auto& s : specs_) {
    if (s.short_name == c) return &s;
  }
  return nullptr;
}

bool ArgParser::Parse(int argc, char** argv, int first, std::string* error) {
  bool options_done = false;
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (options_done || arg == "-" || arg.empty() || arg[0] != '-') {
      positionals_.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    if (arg == "-h" || arg == "--help" || arg == "--help-all") {
      help_ = true;
      help_all_ = help_all_ || arg == "--help-all";
      continue;
    }
    const OptionSpec* spec = nullptr;
    std::string value;
    bool has_inline_value = false;
    if (arg.compare(0, 2, "--") == 0) {
      std::string name = arg.substr(2);
      size_t eq = name.find('=');
      if (eq != std::string::npos) {
        value = name.substr(eq + 1);
        name.resize(eq);
        has_inline_value = true;
      }
      spec = FindLong(name);
    } else if (arg.size() >= 2) {
      spec = FindShort(arg[1]);
      if (spec && arg.size() > 2) {  // "-oFILE"
        value = arg.substr(2);
        has_inline_value = true;
      }
    }
    if (spec == nullptr) {
      *error = "unknown option '" + arg + "'";
      return false;
    }
    if (!spec->takes_value) {
      if (has_inline_value) {
        *error = "option '--" + spec->long_name + "' takes no value";
        return false;
      }
      values_[spec->long_name] = "1";
      continue;
    }
    if (!has_inline_value) {
      if (i + 1 >= argc) {
        *error = "option '" + arg + "' needs a value";
        return false;
      }
      value = argv[++i];
    }
    // An empty value is a mistake (often an unset shell variable), never a
    // way to ask for the default: `--model ''` must not open the bundled
    // model as if no --model had been given.
    if (value.empty()) {
      *error = "option '--" + spec->long_name + "' needs a non-empty value";
      return false;
    }
    values_[spec->long_name] = value;
  }
  return true;
}

std::string ArgParser::Get(const std::string& long_name, const std::string& def) const {
  auto it = values_.find(long_name);
  return it == values_.end() ? def : it->second;
}

int PrintHelp(const ArgParser& args, const char* command, const char* usage,
              const char* dev_switches) {
  std::fputs(usage, stdout);
  if (args.help_all()) {
    std::printf("\nTuning and ablation switches (for measuring and developing kma):\n%s",
                dev_switches);
  } else {
    std::printf("Tuning and ablation switches: 'kma %s --help-all'.\n", command);
  }
  return kExitOk;
}

bool ParseIntInRange(const std::string& s, long lo, long hi, long* out) {
  // strtol alone would take blanks before the number and hexadecimal.
  const size_t first = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (s.size() == first || s.find_first_not_of("0123456789", first) != std::string::npos) return false;
  errno = 0;
  char* end = nullptr;
  long v = std::strtol(s.c_str(), &end, 10);
  if (errno != 0 || *end != '\0' || v < lo || v > hi) return false;
  *out = v;
  return true;
}

bool ParseFloatInRange(const std::string& s, float lo, float hi, float* out) {
  float v = 0;
  if (!ParseDecimal(s, &v) || !(v >= lo && v <= hi)) return false;
  *out = v;
  return true;
}

bool ParseFloatList(const std::string& list, float lo, float hi, std::vector<float>* out) {
  out->clear();
  size_t b = 0;
  while (b <= list.size()) {
    const size_t e = std::min(list.find(',', b), list.size());
    float v = 0;
    if (!ParseFloatInRange(list.substr(b, e - b), lo, hi, &v)) return false;
    out->push_back(v);
    b = e + 1;
  }
  return true;
}

bool ParseMaxLineBytes(const std::string& value, uint64_t* out, std::string* error) {
  constexpr long kMax = 0xFFFFFFFFL;
  long v = 0;
  if (value.empty()) {
    *out = kDefaultMaxLineBytes;
    return true;
  }
  if (!ParseIntInRange(value, 1, kMax, &v)) {
    *error = "--max-line-bytes must be an integer in 1.." + std::to_string(kMax);
    return false;
  }
  *out = static_cast<uint64_t>(v);
  return true;
}

bool ParseMemoryBudget(const std::string& value, int* mib, std::string* error) {
  if (value.empty()) return true;
  if (value == "0") {
    *mib = 0;
    return true;
  }
  static constexpr std::string_view kSuffixes = "KMGT";
  const size_t shift = kSuffixes.find(value.back());  // power of 1024 of the suffix
  const std::string digits = value.substr(0, value.size() - 1);
  long v = 0;
  // At most 1T: 2^30 K, 2^20 M, 2^10 G, 1 T.
  const bool parsed = shift != std::string_view::npos && !digits.empty() && std::isdigit(digits[0]) != 0 &&
                      ParseIntInRange(digits, 0, (1L << 30) >> (10 * shift), &v);
  const uint64_t bytes = parsed ? static_cast<uint64_t>(v) << (10 * (shift + 1)) : 0;
  if (!parsed || v == 0 || bytes % (1u << 20) != 0 || (bytes >> 20) > uint64_t{search::kMaxMemoryBudgetMib}) {
    *error = "--memory-budget must be 0 (no budget) or a whole number of MiB from 1M to 1T with a suffix K, M, G "
             "or T (e.g. 512M, 2G), not '" + value + "'";
    return false;
  }
  *mib = static_cast<int>(bytes >> 20);
  return true;
}

std::string MemoryBudgetHelp() {
  return "  --memory-budget SIZE  the memory the analysis of one line may hold, with\n"
         "                 a suffix K, M, G or T (default " + std::to_string(search::kDefaultMemoryBudgetMib >> 10) +
         "G; 0: none); a line that would\n"
         "                 need more is that line's error (code memory_budget)\n";
}

bool ParsePruneSwitches(const ArgParser& args, float* margin, std::string* error) {
  if (args.Has("prune-margin") && args.Has("no-prune")) {
    *error = "--prune-margin and --no-prune exclude each other";
    return false;
  }
  if (args.Has("no-prune")) *margin = 0.0f;
  if (args.Has("prune-margin") && !ParseFloatInRange(args.Get("prune-margin"), 0.0f, 1000.0f, margin)) {
    *error = "--prune-margin must be a number in 0..1000 (0: no pruning)";
    return false;
  }
  return true;
}

std::string PruneHelp() {
  char def[32];
  std::snprintf(def, sizeof def, "%g", search::kDefaultPruneMargin);
  return std::string("  --prune-margin X coarse-to-fine search: a cheap first pass drops the\n"
                     "                   lattice nodes whose best cheap path costs more than X\n"
                     "                   nats above the cheapest, 0..1000 (default ") +
         (search::kDefaultPruneMargin > 0.0f ? def : "0") +
         "; 0: off)\n"
         "  --no-prune       no first pass: the exact search (--prune-margin 0)\n";
}

std::string WithMaxLineHelp(const char* usage) {
  std::string s = usage;
  s.replace(s.find("@MAXLINE@"), 9, kMaxLineBytesHelp);
  return s;
}

}  // namespace kma::cli
