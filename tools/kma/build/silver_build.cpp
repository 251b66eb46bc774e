// The teacher / silver / student build (silver_build.h).
#include "tools/kma/build/silver_build.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "tools/builder/lm/lm_plan.h"
#include "tools/builder/step_clock.h"
#include "tools/kma/build/silver_maker.h"

namespace kma::cli {
namespace {

// Files removed when it goes out of scope, on success or failure alike.
class TempFiles {
 public:
  ~TempFiles() {
    for (const std::string& p : paths_) std::remove(p.c_str());
  }
  std::string Add(std::string path) {
    paths_.push_back(path);
    return path;
  }

 private:
  std::vector<std::string> paths_;
};

void Log(const build::BuildConfig& c, const std::string& msg) {
  if (c.log) c.log(msg);
}

// The silver stage: the teacher's analyses of the examples, one file per
// kind with a weight, added to config's silver list.
Status MakeSilver(const std::string& teacher_path, const SilverExamples& examples, const SilverSettings& s,
                  const ExampleSilverSpec& spec, TempFiles* temp, build::BuildConfig* config) {
  auto model = Model::OpenFile(teacher_path);
  if (!model.ok()) return model.status();
  using FilePtr = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;
  std::vector<FilePtr> files;
  std::FILE* outs[weak::kNumExampleKinds] = {};
  std::vector<std::string> paths(weak::kNumExampleKinds);
  for (int k = 0; k < weak::kNumExampleKinds; ++k) {
    if (spec.weight[k] <= 0) continue;
    paths[k] = temp->Add(config->output_path + "." +
                         std::string(weak::KindName(static_cast<weak::ExampleKind>(k))) + ".tmp");
    files.emplace_back(std::fopen(paths[k].c_str(), "wb"), std::fclose);
    if (!files.back()) return Status(StatusCode::kIo, "cannot write " + paths[k] + ": " + std::strerror(errno));
    outs[k] = files.back().get();
  }
  std::string pairs_path;
  if (spec.pair_weight > 0) {
    pairs_path = temp->Add(config->output_path + ".pairs.tmp");
    files.emplace_back(std::fopen(pairs_path.c_str(), "wb"), std::fclose);
    if (!files.back()) return Status(StatusCode::kIo, "cannot write " + pairs_path + ": " + std::strerror(errno));
  }
  SilverCounts counts;
  KMA_RETURN_IF_ERROR(WriteSilver(model.value(), s, examples, outs, &counts,
                                  pairs_path.empty() ? nullptr : files.back().get()));
  for (FilePtr& f : files)
    if (std::fclose(f.release()) != 0) return Status(StatusCode::kIo, "error writing the silver data");
  std::string report = SilverReport(examples, counts);
  report.pop_back();  // the log adds its own line break
  Log(*config, "silver: " + report);
  if (!pairs_path.empty())
    Log(*config, "silver: " + std::to_string(examples.pair_examples) + " examples of homograph pairs' words");
  for (int k = 0; k < weak::kNumExampleKinds; ++k)
    if (!paths[k].empty()) config->corpus.silver.push_back({paths[k], spec.weight[k]});
  if (!pairs_path.empty()) config->corpus.silver.push_back({pairs_path, spec.pair_weight});
  return Status::Ok();
}

// A given teacher must analyse with the LM the build's teacher would.
Status CheckTeacher(const std::string& path, const std::string& default_lm) {
  auto model = Model::OpenFile(path);
  if (!model.ok()) return Status(model.status().code(), "teacher " + path + ": " + model.status().message());
  if (model.value()->default_lm() != default_lm)
    return Status(StatusCode::kInvalidArgument, "teacher " + path + ": its default LM is " +
                                                    model.value()->default_lm() + ", the build's " + default_lm);
  return Status::Ok();
}

}  // namespace

Status BuildModelWithSilver(build::BuildConfig config, const std::string& examples_path,
                            const ExampleSilverSpec& spec) {
  SilverSettings s;  // s.lm empty: the teacher's default LM, the student's too
  s.threads = config.cong.threads;
  s.margin = spec.margin;
  s.pair_margin = spec.pair_weight > 0 ? spec.pair_margin : spec.margin;
  s.lexicon_dir = config.lexicon_dir;
  s.rules_path = config.rules_path;
  for (int k = 0; k < weak::kNumExampleKinds; ++k) s.kind_on[k] = spec.weight[k] > 0;
  // The examples are read first, so a bad file fails before the long builds.
  SilverExamples examples;
  KMA_RETURN_IF_ERROR(LoadSilverExamples(examples_path, s, &examples));

  TempFiles temp;
  build::StepClock clock;
  // The teacher builds only the LMs its analyses use, the parts of the
  // default LM ("cong+knlm": cong and knlm, not cong-global).
  auto default_lm = build::ResolveDefaultLm(config.default_lm, config.lms);
  if (!default_lm.ok()) return default_lm.status();
  std::string teacher_path = spec.teacher_path;
  if (teacher_path.empty()) {
    build::BuildConfig teacher = config;
    teacher.output_path = teacher_path = temp.Add(config.output_path + ".teacher.tmp");
    teacher.default_lm = default_lm.value();
    teacher.lms = build::PartsOf(teacher.default_lm);
    if (config.log) teacher.log = [&config](const std::string& m) { config.log("teacher: " + m); };
    KMA_RETURN_IF_ERROR(build::BuildModel(teacher));
    Log(config, "stage teacher: " + clock.Lap());
  } else {
    KMA_RETURN_IF_ERROR(CheckTeacher(teacher_path, default_lm.value()));
    Log(config, "stage teacher: " + teacher_path + " (given)");
  }

  KMA_RETURN_IF_ERROR(MakeSilver(teacher_path, examples, s, spec, &temp, &config));
  Log(config, "stage silver: " + clock.Lap());

  KMA_RETURN_IF_ERROR(build::BuildModel(config));
  Log(config, "stage student: " + clock.Lap());
  return Status::Ok();
}

}  // namespace kma::cli
