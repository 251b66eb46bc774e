#include "tools/kma/io/line_reader.h"

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
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

void LineReader::Attach(std::FILE* file, const std::string& name) {
  file_ = file;
  owns_file_ = false;
  name_ = name;
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
  if (::fstat(fileno(file_), &st) == 0) {
    // fopen opens a directory for reading; its first read would fail.
    if (S_ISDIR(st.st_mode)) {
      *error = name_ + ": " + std::strerror(EISDIR);
      return false;
    }
    if (S_ISREG(st.st_mode)) size_ = static_cast<int64_t>(st.st_size);
  }
  return true;
}

uint64_t LineReader::ReadBounded() {
  // At most the limit plus a line ending (and a byte order mark on the
  // first line); the buffer grows as long lines need it.
  const uint64_t keep = max_line_bytes_ + 2 + kBomSize;
  // Byte by byte through stdio's buffer: a terminal's lines arrive as typed,
  // and NUL bytes are data.
  uint64_t total = 0;
  kept_ = 0;
  last2_[0] = last2_[1] = '\0';
  for (;;) {
    const int c = getc_unlocked(file_);
    if (c == EOF) {
      // A read interrupted by a signal is retried (stdio calls it an error).
      if (std::ferror(file_) && errno == EINTR) {
        std::clearerr(file_);
        continue;
      }
      break;
    }
    ++total;
    last2_[0] = last2_[1];
    last2_[1] = static_cast<char>(c);
    if (kept_ < keep) {
      if (kept_ == cap_ && !Grow(keep)) return 0;
      buf_[kept_++] = static_cast<char>(c);
    } else if (!skip_long_lines_) {
      // A side file's line over the limit is an error: no need to read the
      // rest of it (/dev/zero has no end).
      error_ = name_ + ":" + std::to_string(line_number_ + 1) + ": line longer than the limit of " +
               std::to_string(max_line_bytes_) + " bytes of this file's lines";
      return 0;
    }
    if (c == '\n') break;
  }
  return total;
}

bool LineReader::Grow(uint64_t most) {
  const size_t size = static_cast<size_t>(std::min<uint64_t>(most, std::max<uint64_t>(4096, uint64_t{cap_} * 2)));
  char* grown = static_cast<char*>(std::realloc(buf_, size));
  if (grown == nullptr) {
    error_ = name_ + ":" + std::to_string(line_number_ + 1) + ": out of memory for a line buffer of " +
             std::to_string(size) + " bytes";
    return false;
  }
  buf_ = grown;
  cap_ = size;
  return true;
}

bool LineReader::Next(std::string_view* line) {
  if (file_ == nullptr) return false;
  errno = 0;
  size_t len;
  uint64_t consumed;
  if (max_line_bytes_ == 0) {
    // POSIX getline grows one buffer as needed, so memory stays bounded by
    // the longest line rather than by the input size.
    const ssize_t n = ::getline(&buf_, &cap_, file_);
    consumed = n < 0 ? 0 : static_cast<uint64_t>(n);
    len = static_cast<size_t>(consumed);
    last2_[0] = len >= 2 ? buf_[len - 2] : '\0';
    last2_[1] = len >= 1 ? buf_[len - 1] : '\0';
  } else {
    consumed = ReadBounded();
    len = kept_;
  }
  // A read error ends the input; the bytes of a line it cut are not a line.
  if (std::ferror(file_)) {
    const int err = errno != 0 ? errno : EIO;
    error_ = name_ + ":" + std::to_string(line_number_ + 1) + ": read error: " + std::strerror(err);
    return false;
  }
  if (consumed == 0) return false;
  line_offset_ = bytes_read_;
  bytes_read_ += consumed;
  const char* begin = buf_;
  // A byte order mark says "this is UTF-8"; it is not text, and analysing it
  // would glue an invisible character to the first word.
  if (line_number_ == 0 && len >= kBomSize && std::memcmp(buf_, kBom, kBomSize) == 0) {
    begin += kBomSize;
    len -= kBomSize;
    line_offset_ += kBomSize;
    // An input of nothing but the mark holds no line (fuzz_line_reader).
    if (consumed == kBomSize) return false;
  }
  // The line ending is stripped from the line's real length (what was
  // consumed, less the byte order mark); a line within the limit was kept
  // whole, ending included.
  uint64_t length = consumed - static_cast<uint64_t>(begin - buf_);
  if (length > 0 && last2_[1] == '\n') --length;
  if (length > 0 && (last2_[1] == '\r' || (last2_[1] == '\n' && last2_[0] == '\r'))) --length;
  len = static_cast<size_t>(std::min<uint64_t>(len, length));
  ++line_number_;
  line_length_ = length;
  too_long_ = max_line_bytes_ != 0 && length > max_line_bytes_;
  if (too_long_ && !skip_long_lines_) {
    // A line a few bytes over the limit was kept whole (ReadBounded).
    error_ = name_ + ":" + std::to_string(line_number_) + ": line longer than the limit of " +
             std::to_string(max_line_bytes_) + " bytes of this file's lines";
    return false;
  }
  *line = too_long_ ? std::string_view() : std::string_view(begin, len);
  return true;
}

std::string LineReader::TooLongMessage(const std::string& option) const {
  return "line of " + std::to_string(line_length_) + " bytes is longer than the limit of " +
         std::to_string(max_line_bytes_) + " bytes (" + option + ")";
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

bool CanOpenFile(const std::string& path, std::string* why) {
  // stat and access, not open: opening a FIFO and closing it again would
  // make its writer's next write fail, and the real open wait for another.
  struct stat st;
  int err = ::stat(path.c_str(), &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
  if (err == 0 && ::access(path.c_str(), R_OK) != 0) err = errno;
  if (err != 0) *why = path + ": " + std::strerror(err);
  return err == 0;
}

bool IsFile(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool IsDir(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace kma::cli
