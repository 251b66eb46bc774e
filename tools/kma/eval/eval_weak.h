// `kma eval --weak FILE`: headword agreement on the dictionary usage
// examples (weak/dict_examples.tsv, docs/DATA.md): the share of examples
// whose unconstrained top-1 analysis holds the example's headword in corpus
// convention (tools/builder/weak/headword_convention.h), overall, per
// headword class and per example kind. With --conventions TRAIN it instead
// measures how the training corpus writes the examples' headwords.
#ifndef KMA_TOOLS_KMA_EVAL_WEAK_H_
#define KMA_TOOLS_KMA_EVAL_WEAK_H_

#include <string>
#include <vector>

#include "tools/builder/weak/agreement.h"
#include "tools/builder/weak/corpus_usage.h"

namespace kma::cli {

// True if argv[first..argc) holds --weak (or --weak=FILE): `kma eval`
// hands the whole command line to RunEvalWeak then.
bool WantsEvalWeak(int argc, char** argv, int first);

// Runs `kma eval --weak ...`; returns the exit code.
int RunEvalWeak(int argc, char** argv, int first);

// What a run reports (eval_weak_report.cpp formats it).
struct WeakRunInfo {
  std::string file;
  std::string lm;                   // empty for --conventions
  bool plain = false, held_out = false, unfiltered = false;
  std::vector<std::string> kinds;   // the kinds scored
  long threads = 1;
  double seconds = 0;               // analysis (or corpus) time, wall clock
  double cpu_seconds = 0;           // the same in CPU time of the process (all threads)
};

std::string FormatWeakText(const WeakRunInfo& info, const weak::AgreementTally& tally);
std::string FormatWeakJson(const WeakRunInfo& info, const weak::AgreementTally& tally);
// The --conventions table: per class and rule, corpus occurrences,
// headwords and share (see weak::RuleUsage).
std::string FormatUsageText(const WeakRunInfo& info, const weak::CorpusUsage& usage, bool plain);
std::string FormatUsageJson(const WeakRunInfo& info, const weak::CorpusUsage& usage, bool plain);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_EVAL_WEAK_H_
