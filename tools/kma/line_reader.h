// Streaming line input for the kma subcommands: one line in memory at a
// time, "\n" and "\r\n" endings stripped, a UTF-8 byte order mark at the
// start of the input dropped, 1-based line numbers and file byte offsets
// for errors.
#ifndef KMA_TOOLS_KMA_LINE_READER_H_
#define KMA_TOOLS_KMA_LINE_READER_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/base/status.h"

namespace kma::cli {

class LineReader {
 public:
  LineReader() = default;
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Opens `path`; "-" means stdin. On failure returns false with a message.
  bool Open(const std::string& path, std::string* error);

  // Reads the next line (without its line ending) into *line, valid until the
  // next call. Returns false at end of input or on a read error (see error()).
  bool Next(std::string_view* line);

  // Non-empty after a read error.
  const std::string& error() const { return error_; }
  // "<stdin>" or the path, for messages.
  const std::string& name() const { return name_; }
  // Number of the line last returned (1-based).
  size_t line_number() const { return line_number_; }
  // Byte offset in the input of the first byte of the line last returned
  // (after a dropped byte order mark).
  uint64_t line_offset() const { return line_offset_; }
  // Bytes consumed so far, line endings and byte order mark included.
  uint64_t bytes_read() const { return bytes_read_; }
  // Size of the input if it is a regular file, else -1 (pipes, terminals).
  int64_t size() const { return size_; }

 private:
  std::FILE* file_ = nullptr;
  bool owns_file_ = false;
  char* buf_ = nullptr;
  size_t cap_ = 0;
  size_t line_number_ = 0;
  uint64_t line_offset_ = 0;
  uint64_t bytes_read_ = 0;
  int64_t size_ = -1;
  std::string name_;
  std::string error_;
};

// "FILE:LINE: invalid UTF-8 at byte N" for kInvalidUtf8 (N = byte offset
// within the line, 0-based), else "FILE:LINE: <status message>".
std::string LineErrorMessage(const LineReader& reader, const Status& status);
// The same for an earlier line of `reader` (input read ahead in blocks).
std::string LineErrorMessage(const LineReader& reader, size_t line_number,
                             const Status& status);
// The same, followed by " (file offset M)": the bad byte's offset in the
// whole input, given the offset of its line's first byte.
std::string LineErrorMessage(const LineReader& reader, size_t line_number,
                             uint64_t line_offset, const Status& status);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_LINE_READER_H_
