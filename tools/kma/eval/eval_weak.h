// `kma eval --weak FILE`: headword agreement on the dictionary usage
// examples (weak/dict_examples.tsv, docs/DATA.md): the share of examples
// whose unconstrained top-1 analysis holds the example's headword in corpus
// convention (tools/builder/weak/headword_convention.h), overall, per
// headword class and per example kind. With --conventions TRAIN it instead
// measures how the training corpus writes the examples' headwords; with
// --homographs, the homograph agreement on the held-out homograph examples
// (tools/builder/weak/homograph_set.h, homograph_agreement.h).
#ifndef KMA_TOOLS_KMA_EVAL_WEAK_H_
#define KMA_TOOLS_KMA_EVAL_WEAK_H_

#include <functional>
#include <string>
#include <vector>

#include "tools/builder/weak/agreement.h"
#include "tools/builder/weak/corpus_usage.h"
#include "tools/builder/weak/homograph_agreement.h"
#include "tools/builder/weak/homograph_set.h"
#include "tools/kma/io/json_report.h"

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
  bool plain = false, held_out = false, unfiltered = false, homographs = false;
  std::vector<std::string> kinds;   // the kinds scored
  long threads = 1;
  double seconds = 0;               // analysis (or corpus) time, wall clock
  double cpu_seconds = 0;           // the same in CPU time of the process (all threads)
};

// The homograph set of the whole file, as its definition gives it.
struct HomographSetInfo {
  size_t examples = 0;        // homograph examples (any kind)
  size_t held_out = 0;        // of them held out of training
  size_t pairs = 0;           // homograph pairs with an example
  size_t held_out_pairs = 0;  // pairs with a held-out example
};

// {"sentence":{...},...}: each kind's object made by `count`.
Json JsonPerKind(const std::function<Json(weak::ExampleKind)>& count);
// "0.9530" (4 decimals), or "-" when `count`, the share's denominator, is 0.
std::string ShareText(int64_t count, double share);
// The report title ("FILE (measured convention, lm ...)") and the run's
// JSON fields, shared by the reports.
std::string WeakTitle(const WeakRunInfo& info);
Json WeakJsonInfo(const WeakRunInfo& info);

std::string FormatWeakText(const WeakRunInfo& info, const weak::AgreementTally& tally);
std::string FormatWeakJson(const WeakRunInfo& info, const weak::AgreementTally& tally);
// The --homographs report: the set's counts, agreement overall and per
// kind, and per pair (the text lists the pairs with most examples and those
// with most disagreements; the JSON every pair).
std::string FormatHomographText(const WeakRunInfo& info, const HomographSetInfo& set_info,
                                const weak::HomographSet& set, const weak::HomographTally& tally);
std::string FormatHomographJson(const WeakRunInfo& info, const HomographSetInfo& set_info,
                                const weak::HomographSet& set, const weak::HomographTally& tally);
// The --conventions table: per class and rule, corpus occurrences,
// headwords and share (see weak::RuleUsage).
std::string FormatUsageText(const WeakRunInfo& info, const weak::CorpusUsage& usage, bool plain);
std::string FormatUsageJson(const WeakRunInfo& info, const weak::CorpusUsage& usage, bool plain);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_EVAL_WEAK_H_
