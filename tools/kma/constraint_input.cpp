#include "tools/kma/constraint_input.h"

#include "tools/kma/line_reader.h"

namespace kma::cli {

bool LineConstraints::Load(const std::string& spec, const std::string& file, std::string* error) {
  if (!spec.empty()) {
    Status st = ParseConstraints(spec, &every_);
    if (!st.ok()) {
      *error = "--constrain: " + st.message();
      return false;
    }
  }
  if (file.empty()) return true;
  has_file_ = true;
  LineReader reader;
  if (!reader.Open(file, error)) return false;
  std::string_view line;
  while (reader.Next(&line)) {
    Constraints& c = per_line_.emplace_back(every_);
    Status st = ParseConstraints(line, &c);
    if (!st.ok()) {
      *error = file + ":" + std::to_string(reader.line_number()) + ": " + st.message();
      return false;
    }
  }
  if (!reader.error().empty()) {
    *error = reader.error();
    return false;
  }
  return true;
}

}  // namespace kma::cli
