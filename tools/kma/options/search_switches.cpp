#include "tools/kma/options/search_switches.h"

#include "core/search/search_defaults.h"

#include <cstdio>

namespace kma::cli {
namespace {

std::string SkipMarginText() {
  if (search::kDefaultSkipMargin >= 1000.0f) return "off";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", search::kDefaultSkipMargin);
  return buf;
}

}  // namespace

std::vector<OptionSpec> SearchSwitchSpecs() {
  return {{"beam", 0, true}, {"max-states", 0, true}, {"skip-margin", 0, true}, {"typos", 0, false}, {"typo-scale", 0, true},
          {"memory-budget", 0, true}, {"prune-margin", 0, true}, {"no-prune", 0, false}};
}

std::string SearchSwitchHelp() {
  return "  --beam X         score-relative search beam in nats, 0..1000 (default " +
         std::to_string(static_cast<int>(search::kDefaultBeam)) +
         ")\n"
         "  --max-states N   states kept per text position, 1..1000 (default " +
         std::to_string(search::kDefaultMaxStates) +
         ")\n"
         "  --skip-margin X  a node whose extension of the best state misses the\n"
         "                   beam by more than X nats is not tried from the others,\n"
         "                   0..1000 (default " + SkipMarginText() + ")\n"
         "  --typo-scale X   with --typos: multiply every edit cost by X, 0..100 (default 1)\n" +
         MemoryBudgetHelp() + PruneHelp();
}

bool ApplySearchSwitches(const ArgParser& args, AnalyzeOptions* opt, std::string* error) {
  if (args.Has("beam") && !ParseFloatInRange(args.Get("beam"), 0.0f, 1000.0f, &opt->beam)) {
    *error = "--beam must be a number in 0..1000";
    return false;
  }
  if (args.Has("skip-margin") &&
      !ParseFloatInRange(args.Get("skip-margin"), 0.0f, 1000.0f, &opt->skip_margin)) {
    *error = "--skip-margin must be a number in 0..1000";
    return false;
  }
  long states = 0;
  if (args.Has("max-states")) {
    if (!ParseIntInRange(args.Get("max-states"), 1, 1000, &states)) {
      *error = "--max-states must be an integer in 1..1000";
      return false;
    }
    opt->max_states = static_cast<int>(states);
  }
  if (!ParseMemoryBudget(args.Get("memory-budget"), &opt->memory_budget_mib, error)) return false;
  if (!ParsePruneSwitches(args, &opt->prune_margin, error)) return false;
  opt->typos = args.Has("typos");
  if (args.Has("typo-scale")) {
    if (!ParseFloatInRange(args.Get("typo-scale"), 0.0f, 100.0f, &opt->typo_cost_scale) || !(opt->typo_cost_scale > 0)) {
      *error = "--typo-scale must be a number in (0, 100]";
      return false;
    }
  }
  return true;
}

}  // namespace kma::cli
