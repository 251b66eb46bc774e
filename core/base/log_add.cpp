#include "core/base/log_add.h"

#include <array>
#include <cmath>

namespace kma::log_add_internal {
namespace {

std::array<float, kSize + 1> MakeTable() {
  std::array<float, kSize + 1> t{};
  for (int i = 0; i <= kSize; ++i) t[i] = std::log1p(std::exp(kMin * (1.0f - float(i) / kSize)));
  return t;
}
}  // namespace

const std::array<float, kSize + 1> kSoftplus = MakeTable();

}  // namespace kma::log_add_internal
