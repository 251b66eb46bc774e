// `kma build-model --weak FILE`: a model trained on the gold corpus plus
// silver analyses of the dictionary usage examples (docs/DATA.md), in one
// command. Three stages:
//   teacher  the same build without the examples (the gold model)
//   silver   the teacher analyses every usable example under its headword's
//            constraint (silver_maker.h); one file per kind
//   student  the build again, with each kind's silver at its weight
// Every stage is deterministic, so the result is too. The intermediate
// files sit beside the output (OUT.teacher.tmp, OUT.KIND.tmp) and are
// removed whether the build succeeds or not. With a given teacher
// (ExampleSilverSpec::teacher_path) the first stage is skipped.
#ifndef KMA_TOOLS_KMA_SILVER_BUILD_H_
#define KMA_TOOLS_KMA_SILVER_BUILD_H_

#include <string>

#include "core/base/status.h"
#include "tools/builder/model_builder.h"
#include "tools/builder/weak/dict_examples.h"

namespace kma::cli {

struct ExampleSilverSpec {
  // Weight of each kind's silver against the gold corpus (sentence,
  // dialogue, phrase; CorpusSpec::Silver: a fraction weighs the n-gram
  // counts); 0 leaves the kind out. Chosen on held-out data
  // (docs/ACCURACY.md, "Silver data from the examples"): dialogue turns
  // added nothing measurable.
  double weight[weak::kNumExampleKinds] = {0.2, 0.0, 0.1};
  // Largest score gap (nats) between the constrained and the free analysis
  // of a kept example (kma silver --margin).
  float margin = 5.0f;
  // Weight of the silver of the examples of a homograph pair's words
  // (silver_maker.h, SilverExamples::pair_word), whatever their kind, and
  // their margin; 0: they weigh as their kind (`--homograph-weight W`,
  // `--homograph-margin M`). Chosen on the selection protocol
  // (docs/ACCURACY.md, "Silver of homograph pairs' words"): against weight 0,
  // +5.0 points on the held-out homographs, LOSO mean +0.01, blocks -0.05.
  double pair_weight = 1.0;
  float pair_margin = 10.0f;
  // A teacher to use instead of building one (`--teacher FILE`): a model of
  // the same corpus built with the same options and without the examples.
  // Its default LM must be the build's. Such a model analyses exactly as
  // the teacher the build would make (which has only the default LM's
  // parts), so the result is the same file.
  std::string teacher_path;
};

// Builds config.output_path from the gold data of `config` plus the silver of
// the examples in `examples_path`; progress goes to config.log.
Status BuildModelWithSilver(build::BuildConfig config, const std::string& examples_path,
                            const ExampleSilverSpec& spec);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_SILVER_BUILD_H_
