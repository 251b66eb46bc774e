#include "tools/kma/options/constraint_input.h"

namespace kma::cli {

bool LineConstraints::Load(const std::string& spec, const std::string& file, uint64_t max_line_bytes,
                           std::string* error) {
  if (!spec.empty()) {
    Status st = ParseConstraints(spec, &every_);
    if (!st.ok()) {
      *error = "--constrain: " + st.message();
      return false;
    }
  }
  if (file.empty()) return true;
  has_file_ = true;
  if (!reader_.Open(file, error)) return false;
  reader_.set_max_line_bytes(max_line_bytes);
  return true;
}

bool LineConstraints::Next(Constraints* out, Status* line_error) {
  *out = every_;
  if (!has_file_ || file_ended_) return true;
  std::string_view line;
  if (!reader_.Next(&line)) {
    file_ended_ = true;
    return reader_.error().empty();
  }
  ++file_lines_;
  const std::string where = reader_.name() + ":" + std::to_string(reader_.line_number()) + ": ";
  if (reader_.too_long()) {
    *line_error = Status(StatusCode::kInputTooLong, where + reader_.TooLongMessage("--max-line-bytes"));
    return false;
  }
  Status st = ParseConstraints(line, out);
  if (!st.ok()) {
    *out = every_;
    *line_error = Status(st.code(), where + st.message());
    return false;
  }
  return true;
}

std::string LineConstraints::CheckLineCount(uint64_t input_lines) {
  if (!has_file_ || !reader_.error().empty()) return "";
  if (file_ended_ && file_lines_ < input_lines) {
    return "the constraints file has " + std::to_string(file_lines_) + " lines but the input " +
           std::to_string(input_lines);
  }
  std::string_view line;
  if (!file_ended_ && reader_.Next(&line)) {
    return "the constraints file has more lines than the input's " + std::to_string(input_lines);
  }
  return reader_.error();
}

}  // namespace kma::cli
