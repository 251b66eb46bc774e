// Chooses the trainers' kernels once: the AVX2 copy where the CPU runs it
// (detected by the engine's own kernels::IsaSupported), else the baseline
// one. This replaces GCC's target_clones, whose ifunc resolvers run inside
// the dynamic loader before a sanitizer runtime is ready (a TSan build of
// the CLI crashed at start-up).
#include "tools/builder/lm/train_kernels.h"

#include "core/kernels/isa.h"

namespace kma::build::train {

namespace baseline {
namespace {
#include "tools/builder/lm/train_math_kernels.inc"
}  // namespace
}  // namespace baseline

const TrainKernels& ActiveTrainKernels() {
  static const TrainKernels* const table = [] {
#if defined(__x86_64__)
    if (kernels::IsaSupported(kernels::Isa::kAvx2)) return avx2::Table();
#endif
    return &baseline::kTrainKernels;
  }();
  return *table;
}

}  // namespace kma::build::train
