// Builds the tiny test model from tests/data/mini (a few milliseconds), for
// tests that need a real model without the bundled one.
#ifndef KMA_TESTS_SUPPORT_MINI_MODEL_H_
#define KMA_TESTS_SUPPORT_MINI_MODEL_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/model/model.h"
#include "tests/support/mini_config.h"
#include "tools/builder/model_builder.h"

namespace kma::test {

// `name` keeps temp files of different suites apart; ctest runs each case in
// its own process, so the path also carries the pid.
// `lms` as for `kma build-model --lm`; CoNg models get a small, fast setup.
inline StatusOr<std::shared_ptr<const Model>> BuildMiniModel(const std::string& name,
                                                             std::vector<std::string> lms = {"knlm"}) {
  const std::string path =
      ::testing::TempDir() + "kma_" + name + "_" + std::to_string(::getpid()) + "_mini.kmam";
  build::BuildConfig c = build::MiniConfig(path);
  c.lms = std::move(lms);
  c.default_lm.clear();  // the last of lms, as with `kma build-model --lm`
  c.cong.dim = 16;
  c.cong.epochs = 20;
  c.cong.batch_contexts = 16;
  c.cong.min_count = 1;
  c.cong.learning_rate = 0.02f;
  Status s = build::BuildModel(c);
  if (!s.ok()) return s;
  auto m = Model::OpenFile(path);
  std::remove(path.c_str());  // the mapping stays valid after unlink
  return m;
}

// Fixture base: the mini model is built once per test suite; SetUp fails
// every test of the suite if that did not work. A suite that needs other
// LMs defines its own SetUpTestSuite calling BuildSuiteModel.
class MiniModelTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { BuildSuiteModel("suite", {"knlm"}); }
  static void BuildSuiteModel(const std::string& name, std::vector<std::string> lms) {
    auto m = BuildMiniModel(name, std::move(lms));
    if (m.ok()) model_ = new std::shared_ptr<const Model>(m.value());
    status_ = new Status(m.status());
  }
  static void TearDownTestSuite() {
    delete model_;
    model_ = nullptr;
    delete status_;
    status_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(status_->ok()) << status_->message(); }

  inline static std::shared_ptr<const Model>* model_ = nullptr;
  inline static Status* status_ = nullptr;
};

}  // namespace kma::test

#endif  // KMA_TESTS_SUPPORT_MINI_MODEL_H_
