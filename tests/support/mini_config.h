// The build configuration of the tiny hand-written corpus in
// tests/data/mini, shared by the tests that build it.
#ifndef KMA_TESTS_SUPPORT_MINI_CONFIG_H_
#define KMA_TESTS_SUPPORT_MINI_CONFIG_H_

#include <string>

#include "tools/builder/model_builder.h"

namespace kma::build {

inline constexpr char kMiniDir[] = KMA_TEST_DATA_DIR "/mini";

inline BuildConfig MiniConfig(const std::string& out) {
  BuildConfig c;
  c.train_path = std::string(kMiniDir) + "/train.tsv";
  c.lexicon_dir = std::string(kMiniDir) + "/lexicon";
  c.rules_path = KMA_SOURCE_DIR "/models/morph_rules.txt";
  c.output_path = out;
  return c;
}

}  // namespace kma::build

#endif  // KMA_TESTS_SUPPORT_MINI_CONFIG_H_
