// The search's switches shared by `kma eval` and `kma bench`: --typos (in
// their usage text) and the tuning switches listed by --help-all: --beam,
// --max-states and --typo-scale.
#ifndef KMA_TOOLS_KMA_SEARCH_SWITCHES_H_
#define KMA_TOOLS_KMA_SEARCH_SWITCHES_H_

#include <string>
#include <vector>

#include "core/search/analyzer.h"
#include "tools/kma/options/cli_args.h"

namespace kma::cli {

// Their ArgParser specs, to append to a command's own.
std::vector<OptionSpec> SearchSwitchSpecs();
// Their lines for the --help-all text.
std::string SearchSwitchHelp();
// Applies the switches present in `args` to `opt`; false with *error set on
// a bad value.
bool ApplySearchSwitches(const ArgParser& args, AnalyzeOptions* opt, std::string* error);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_SEARCH_SWITCHES_H_
