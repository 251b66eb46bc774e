// Streaming line input for the kma subcommands: one line in memory at a
// time, "\n" and "\r\n" endings stripped, a UTF-8 byte order mark at the
// start of the input dropped, 1-based line numbers and file byte offsets
// for errors. With a line limit, memory stays bounded whatever the input: a
// longer line is read past, not kept (too_long()).
#ifndef KMA_TOOLS_KMA_LINE_READER_H_
#define KMA_TOOLS_KMA_LINE_READER_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/base/status.h"

namespace kma::cli {

// The line limit of the commands that stream user text (analyze, split,
// join): analysis holds about 50 bytes per input byte, so a 16 MiB line
// needs some 800 MB, and a 1 GB line would need 50 GB, which the OOM killer
// ends. --max-line-bytes changes it.
constexpr uint64_t kDefaultMaxLineBytes = uint64_t{16} << 20;
constexpr const char kMaxLineBytesHelp[] =
    "  --max-line-bytes N  longest line read, in bytes (default 16777216 = 16 MiB,\n"
    "                 at most 4294967295); a longer line is read past in bounded\n"
    "                 memory, not analysed, and a message names it (analysis needs\n"
    "                 about 50 bytes of memory per byte of a line)\n";

class LineReader {
 public:
  LineReader() = default;
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Opens `path`; "-" means stdin. On failure (also for a directory)
  // returns false with a message naming the path.
  bool Open(const std::string& path, std::string* error);
  // Reads an open stream instead (not closed by the reader), named `name`
  // in messages; call once, before the first Next.
  void Attach(std::FILE* file, const std::string& name);

  // Lines longer than `bytes` (line ending excluded; 0: no limit) are not
  // kept: Next returns them empty with too_long() set, and reading goes on.
  // Without this call (side files: gold, constraints, benchmark input) a
  // line longer than kDefaultMaxLineBytes is an error that ends the input,
  // so memory stays bounded for every reader.
  void set_max_line_bytes(uint64_t bytes) {
    max_line_bytes_ = bytes;
    skip_long_lines_ = true;
  }

  // Reads the next line (without its line ending) into *line, valid until the
  // next call. Returns false at end of input or on an error (see error()):
  // a read error, also one in the middle of a line (whose bytes are then not
  // returned), or a line over the limit of a side file.
  bool Next(std::string_view* line);

  // True when the line last returned was longer than the limit: *line was
  // empty and line_length() has its real length.
  bool too_long() const { return too_long_; }
  // Bytes of the line last returned (line ending excluded), kept or not.
  uint64_t line_length() const { return line_length_; }
  // "line of N bytes is longer than the limit of M bytes (OPTION)": the
  // message for a too_long() line, naming the option that sets the limit.
  std::string TooLongMessage(const std::string& option) const;

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
  // Next's bounded form: reads one line, keeping at most max_line_bytes_ + 5
  // bytes of it (room for "\r\n" and a byte order mark). Returns the bytes consumed, 0 at end of
  // input or on a read error.
  uint64_t ReadBounded();
  // Doubles the line buffer, to at most `most` bytes; false with error()
  // set if the memory is not there.
  bool Grow(uint64_t most);

  std::FILE* file_ = nullptr;
  bool owns_file_ = false;
  char* buf_ = nullptr;
  size_t cap_ = 0;
  uint64_t max_line_bytes_ = kDefaultMaxLineBytes;
  bool skip_long_lines_ = false;
  uint64_t line_length_ = 0;
  size_t kept_ = 0;  // bytes of the line in buf_ (ReadBounded)
  char last2_[2] = {};  // the last two bytes consumed by the line, for its ending
  bool too_long_ = false;
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

// True if `path` exists, is readable and is not a directory (a file, a
// device, a FIFO); else false with "PATH: reason" in *why. For the files options name: one that cannot be
// opened is a usage error (exit 2), one that cannot be read a data error.
bool CanOpenFile(const std::string& path, std::string* why);

// True if `path` names a regular file (a .sources sibling, an input the
// commands require), or a directory.
bool IsFile(const std::string& path);
bool IsDir(const std::string& path);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_LINE_READER_H_
