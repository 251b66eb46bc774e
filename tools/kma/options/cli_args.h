// A small command-line option parser shared by the kma subcommands.
// Supports "--name value", "--name=value", "-x value", flags, "--" and "-"
// (a positional meaning stdin). Why it is not CLI11: DEVELOPING.md, "The
// option parser" (CLI11 cannot refuse an empty "--name=" value).
#ifndef KMA_TOOLS_KMA_CLI_ARGS_H_
#define KMA_TOOLS_KMA_CLI_ARGS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kma::cli {

// Exit codes of the kma tool.
inline constexpr int kExitOk = 0;
inline constexpr int kExitRuntime = 1;
inline constexpr int kExitUsage = 2;

// Prints "kma: <message>" as one line on stderr and returns `code`, so that
// callers can write `return Fail(kExitUsage, "...")`. Newlines in the message
// are replaced by spaces to keep the error on one line.
int Fail(int code, const std::string& message);

struct OptionSpec {
  std::string long_name;   // without "--", e.g. "model"
  char short_name = 0;     // e.g. 'o'; 0 for none
  bool takes_value = false;
};

class ArgParser {
 public:
  explicit ArgParser(std::vector<OptionSpec> specs) : specs_(std::move(specs)) {}

  // Parses argv[first..argc). "-h"/"--help" set help(); "--help-all" sets
  // both help() and help_all() (also list the tuning and ablation switches,
  // which the short help leaves out). On error returns
  // false with a message in *error (unknown option, missing or empty value).
  bool Parse(int argc, char** argv, int first, std::string* error);

  bool help() const { return help_; }
  bool help_all() const { return help_all_; }
  bool Has(const std::string& long_name) const { return values_.count(long_name) > 0; }
  // Last value given for an option, or `def`.
  std::string Get(const std::string& long_name, const std::string& def = "") const;
  const std::vector<std::string>& positionals() const { return positionals_; }

 private:
  const OptionSpec* FindLong(const std::string& name) const;
  const OptionSpec* FindShort(char c) const;

  std::vector<OptionSpec> specs_;
  std::map<std::string, std::string> values_;
  std::vector<std::string> positionals_;
  bool help_ = false;
  bool help_all_ = false;
};

// Prints a command's help on stdout: `usage`, then either `dev_switches`
// (--help-all) or a pointer to them (--help). Returns kExitOk.
int PrintHelp(const ArgParser& args, const char* command, const char* usage,
              const char* dev_switches);

// Parses a whole decimal integer in [lo, hi] (an optional sign, digits,
// nothing else); false otherwise.
bool ParseIntInRange(const std::string& s, long lo, long hi, long* out);

// Parses the value of --max-line-bytes (empty: kDefaultMaxLineBytes of
// line_reader.h) into *out; false with a message for anything but an
// integer in 1..2^32-1 (offsets inside a text are 32-bit).
bool ParseMaxLineBytes(const std::string& value, uint64_t* out, std::string* error);
// Parses the value of --memory-budget into *mib: "0" (no budget) or a
// whole number with one suffix K, M, G or T (powers of 1024) that is a
// whole number of MiB in 1M..1T ("512M", "2G", "4096K"); empty leaves *mib
// alone. False with a message for anything else (no bare numbers, no
// fractions, no blanks, no lower case).
bool ParseMemoryBudget(const std::string& value, int* mib, std::string* error);
// The help line of --memory-budget, with the default.
std::string MemoryBudgetHelp();
// Applies --prune-margin X (0..1000; 0: off) and --no-prune (the same as 0)
// to *margin; false with a message for a bad value or both switches.
bool ParsePruneSwitches(const ArgParser& args, float* margin, std::string* error);
// The help lines of --prune-margin and --no-prune, with the default.
std::string PruneHelp();
// `usage` with its "@MAXLINE@" placeholder replaced by kMaxLineBytesHelp.
std::string WithMaxLineHelp(const char* usage);
// Parses a whole decimal number (core/base/decimal.h: no blanks, no
// hexadecimal, no NaN) in [lo, hi]; false otherwise.
bool ParseFloatInRange(const std::string& s, float lo, float hi, float* out);
// A comma-separated list of such numbers (the settings an eval sweeps);
// false if any item is not one.
bool ParseFloatList(const std::string& list, float lo, float hi, std::vector<float>* out);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_CLI_ARGS_H_
