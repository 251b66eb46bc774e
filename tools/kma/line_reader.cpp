#include "tools/kma/line_reader.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace kma::cli {
namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";
constexpr size_t kBomSize = 3;

}  // namespace

LineReader::~LineReader() {
  if (owns_file_ && file_ != nullptr) std::fclose(file_);
  std::free(buf_);
}

bool LineReader::Open(const std::string& path, std::string* error) {
  if (path == "-") {
    file_ = stdin;
    owns_file_ = false;
    name_ = "<stdin>";
  } else {
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) {
      *error = path + ": " + std::strerror(errno);
      return false;
    }
    owns_file_ = true;
    name_ = path;
  }
  struct stat st;
  if (::fstat(fileno(file_), &st) == 0 && S_ISREG(st.st_mode)) {
    size_ = static_cast<int64_t>(st.st_size);
  }
  return true;
}

bool LineReader::Next(std::string_view* line) {
  if (file_ == nullptr) return false;
  errno = 0;
  // POSIX getline grows one buffer as needed, so memory stays bounded by the
  // longest line rather than by the input size.
  ssize_t n = ::getline(&buf_, &cap_, file_);
  if (n < 0) {
    if (std::ferror(file_)) error_ = name_ + ": read error: " + std::strerror(errno);
    return false;
  }
  size_t len = static_cast<size_t>(n);
  line_offset_ = bytes_read_;
  bytes_read_ += len;
  const char* begin = buf_;
  // A byte order mark says "this is UTF-8"; it is not text, and analysing it
  // would glue an invisible character to the first word.
  if (line_number_ == 0 && len >= kBomSize && std::memcmp(buf_, kBom, kBomSize) == 0) {
    begin += kBomSize;
    len -= kBomSize;
    line_offset_ += kBomSize;
  }
  if (len > 0 && begin[len - 1] == '\n') --len;
  if (len > 0 && begin[len - 1] == '\r') --len;
  ++line_number_;
  *line = std::string_view(begin, len);
  return true;
}

std::string LineErrorMessage(const LineReader& reader, const Status& status) {
  return LineErrorMessage(reader, reader.line_number(), status);
}

std::string LineErrorMessage(const LineReader& reader, size_t line_number,
                             const Status& status) {
  std::string where = reader.name() + ":" + std::to_string(line_number) + ": ";
  if (status.code() == StatusCode::kInvalidUtf8) {
    return where + "invalid UTF-8 at byte " +
           std::to_string(status.offset() < 0 ? 0 : status.offset());
  }
  return where + status.message();
}

std::string LineErrorMessage(const LineReader& reader, size_t line_number,
                             uint64_t line_offset, const Status& status) {
  std::string message = LineErrorMessage(reader, line_number, status);
  // Only a UTF-8 error's offset is a byte of the line (a constraint's is a
  // code point).
  if (status.code() == StatusCode::kInvalidUtf8 && status.offset() >= 0) {
    message += " (file offset " +
               std::to_string(line_offset + static_cast<uint64_t>(status.offset())) + ")";
  }
  return message;
}

}  // namespace kma::cli
