// Silver training data from the dictionary usage examples, shared
// by `kma silver` and `kma build-model --weak`. Every example of a headword
// that is not held out (tools/builder/weak/held_out.h) and whose text spells
// the headword is analysed twice: freely, and under a lemma constraint
// holding one of the headword's readings in corpus convention
// (HeadwordConventions::Readings()). The constrained analysis is kept when
// its score is within `margin` nats of the free one: a small margin means
// the model itself almost chose the headword's reading, a large one that
// the constraint forced an analysis the model finds implausible (often a
// convention the readings do not cover). Kept analyses are written in
// corpus/train.tsv's format, in input order, so the output does not depend
// on the number of threads. Held-out examples never reach the output, so
// the held-out headword agreement (`kma eval --weak --held-out`) and the
// homograph agreement (`kma eval --weak --homographs`) stay honest tests.
#ifndef KMA_TOOLS_KMA_SILVER_MAKER_H_
#define KMA_TOOLS_KMA_SILVER_MAKER_H_

#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/model/model.h"
#include "core/search/constraints.h"
#include "tools/builder/weak/dict_examples.h"

namespace kma::cli {

struct SilverSettings {
  std::string lm;  // language model of the model to analyse with ("": its default)
  long threads = 1;
  long limit = -1;   // examples of the file considered (the first N); -1: all
  // What the homograph set is built from besides the examples
  // (weak::LoadHomographSet).
  std::string lexicon_dir, rules_path;
  long window = -1;  // words kept on each side of the headword's word; -1: all
  float margin = 5.0f;
  bool no_unknown = false;  // drop analyses guessing unknown words besides the headword
  bool kind_on[weak::kNumExampleKinds] = {true, true, true};
  // The examples of the words of a homograph pair (an entry of the
  // homograph set, or a rival of one: 걸 VV, 걷 VV, 달 VA, ...) go to their
  // own output (WriteSilver's `pairs`) when it is given, kept within
  // `pair_margin` nats: their headword is the one signal the corpus lacks
  // for telling the pair apart (train.tsv holds 달/VA once).
  float pair_margin = 5.0f;
};

// The examples to analyse, each with the lemma constraint of its entry.
struct SilverExamples {
  std::deque<std::string> lines;  // views into its strings stay valid
  std::vector<weak::DictExample> examples;
  std::vector<uint32_t> entry;           // per example: index into constraints
  std::vector<Constraints> constraints;  // per entry; empty: no forcible reading
  std::vector<bool> pair_word;           // per example: its headword is a word of a homograph pair
  size_t pair_examples = 0;              // examples with pair_word set
  size_t read = 0, held_out = 0, held_out_homographs = 0, other_kind = 0, not_spelled = 0;
};

// Reads the examples file (weak/dict_examples.tsv) and keeps the examples
// to analyse; the homograph set is built from the whole file, whatever the
// limit. A malformed line is an error naming FILE:LINE; the lexicon's and
// rule file's errors are weak::LoadHomographSet's.
Status LoadSilverExamples(const std::string& file, const SilverSettings& s, SilverExamples* out);

// What became of the examples, per kind.
enum class SilverFate { kKept, kNoReading, kUnsatisfiable, kTooFar, kUnknown };
constexpr int kNumSilverFates = 5;
struct SilverCounts {
  size_t fates[weak::kNumExampleKinds][kNumSilverFates] = {};
};

// Analyses the examples with `model` and writes the kept ones of each kind
// to out[kind] (the same file may serve several kinds; null drops a kind),
// those of a homograph pair's words to `pairs` instead when it is not null
// (whatever their kind, if the kind is on).
Status WriteSilver(const std::shared_ptr<const Model>& model, const SilverSettings& s, const SilverExamples& w,
                   std::FILE* const out[weak::kNumExampleKinds], SilverCounts* counts,
                   std::FILE* pairs = nullptr);

// The counts as `kma silver` reports them (a header line and a table).
std::string SilverReport(const SilverExamples& w, const SilverCounts& counts);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_SILVER_MAKER_H_
