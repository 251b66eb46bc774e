// The constraints of `kma analyze`: --constrain SPEC applies to every input
// line, --constraints FILE gives line N of the input the constraints on
// line N of FILE (';'-separated; an empty line constrains nothing). The file
// is read along with the input, one line per input line, so its cost does
// not grow with its length.
#ifndef KMA_TOOLS_KMA_CONSTRAINT_INPUT_H_
#define KMA_TOOLS_KMA_CONSTRAINT_INPUT_H_

#include <cstdint>
#include <string>

#include "core/base/status.h"
#include "core/search/constraints.h"
#include "tools/kma/io/line_reader.h"

namespace kma::cli {

class LineConstraints {
 public:
  // Parses the inline spec and opens the file (either may be empty); lines
  // of the file longer than `max_line_bytes` are errors of their input line.
  // Returns false with "--constrain: ... at byte N" or the file's open
  // error in *error.
  bool Load(const std::string& spec, const std::string& file, uint64_t max_line_bytes, std::string* error);

  bool has_file() const { return has_file_; }

  // The constraints of the next input line into *out: the inline spec's,
  // and those of the file's next line (none once the file has ended).
  // Returns false when that line of the file cannot be used: with a syntax
  // error, *line_error is "FILE:LINE: ..." and reading goes on; after a read
  // error of the file, *line_error is empty and fatal_error() says why.
  bool Next(Constraints* out, Status* line_error);

  // Non-empty after a read error of the file: no later line has its
  // constraints, so the run must stop.
  const std::string& fatal_error() const { return reader_.error(); }

  // After the last input line: "" when the file had exactly one line per
  // input line, else a message saying how they differ.
  std::string CheckLineCount(uint64_t input_lines);

 private:
  Constraints every_;
  LineReader reader_;
  bool has_file_ = false;
  bool file_ended_ = false;
  uint64_t file_lines_ = 0;
};

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_CONSTRAINT_INPUT_H_
