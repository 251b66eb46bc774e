// The constraints of `kma analyze`: --constrain SPEC applies to every input
// line, --constraints FILE gives line N of the input the constraints on
// line N of FILE (';'-separated; an empty line constrains nothing).
#ifndef KMA_TOOLS_KMA_CONSTRAINT_INPUT_H_
#define KMA_TOOLS_KMA_CONSTRAINT_INPUT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/search/constraints.h"

namespace kma::cli {

class LineConstraints {
 public:
  // Parses the inline spec and reads the file (either may be empty). On a
  // syntax error returns false with "FILE:LINE: ... at byte N" (or
  // "--constrain: ...") in *error.
  bool Load(const std::string& spec, const std::string& file, std::string* error);

  bool active() const { return !every_.empty() || has_file_; }
  bool has_file() const { return has_file_; }
  // Lines of the file.
  uint64_t file_lines() const { return per_line_.size(); }
  // The constraints of input line `k` (0-based, counted across all inputs).
  const Constraints& For(uint64_t k) const { return k < per_line_.size() ? per_line_[k] : every_; }

 private:
  Constraints every_;
  std::vector<Constraints> per_line_;
  bool has_file_ = false;
};

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_CONSTRAINT_INPUT_H_
