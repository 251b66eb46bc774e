#include "tools/kma/io/json_report.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace kma::cli {

Json JsonNumber(double v) {
  if (!std::isfinite(v)) return nullptr;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  const double rounded = std::strtod(buf, nullptr);
  // Integral values as integers: a double would print as "6.0".
  if (rounded == std::trunc(rounded) && std::fabs(rounded) < 1e15) {
    return static_cast<int64_t>(rounded);
  }
  return static_cast<float>(rounded);
}

std::string JsonText(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace kma::cli
