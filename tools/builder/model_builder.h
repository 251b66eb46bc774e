// Model builder: corpus + lexicon + rule file -> one binary model file.
// Deterministic: the same inputs give a byte-identical file.
#ifndef KMA_TOOLS_BUILDER_MODEL_BUILDER_H_
#define KMA_TOOLS_BUILDER_MODEL_BUILDER_H_

#include <functional>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "tools/builder/lm/cong_trainer.h"

namespace kma::build {

struct BuildConfig {
  std::string train_path;      // corpus/train.tsv (never dev.tsv)
  std::string lexicon_dir;     // directory with lexicon.tsv, irregular.tsv
  std::string rules_path;      // models/morph_rules.txt
  std::string output_path;     // model file to write
  // Language models to build; knlm is always built.
  std::vector<std::string> lms = {"knlm", "cong", "cong-global"};
  int knlm_order = 3;
  int tag_order = 3;   // order of the tag-level model (4 measured no better)
  CongTrainOptions cong;        // for "cong" / "cong-fp32" in lms
  bool cong_kn_teacher = true;  // teach CoNg with the Kneser-Ney model (else Witten-Bell)
  // The LM analyses use by default: the most accurate on held-out data
  // (the ensemble cong+knlm ties cong-global+knlm and is faster, see
  // docs/ACCURACY.md); empty = the last of lms.
  std::string default_lm = "cong+knlm";
  // Class-interpolation weight stored for the CoNg LMs (knlm keeps the
  // analyzer's built-in 0.7); chosen on held-out data.
  float cong_class_lambda = 0.7f;
  // Rewrite split motion compounds (들/VV 어/EC 가/VX) of the training data
  // to one verb (들어가/VV); see JoinMotionCompounds.
  bool join_motion_compounds = true;
  // Progress lines (may be null). The library itself never prints.
  std::function<void(const std::string&)> log;
};

Status BuildModel(const BuildConfig& config);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_MODEL_BUILDER_H_
