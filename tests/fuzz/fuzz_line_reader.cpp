// Fuzz target: the CLI's line reader (tools/kma/io/line_reader.h), which every
// streaming command reads user input through, with and without a line
// limit (--max-line-bytes).
//
// Input layout (ByteReader; missing bytes read as 0):
//   [0..1] the limit: 0 for none, else 1 + value % 300 bytes
//   [2..]  the input stream, read through fmemopen
//
// Checks, against lines cut independently here: line numbers, file offsets
// and lengths; a line within the limit comes back exactly (its "\n", a
// "\r" before it or at the end of the input, and a byte order mark at the
// start of the input dropped); a longer one comes back empty with
// too_long(); every byte of the input is consumed, no read error.
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/fuzz_util.h"
#include "tools/kma/io/line_reader.h"

namespace {

struct Line {
  std::string text;  // without its ending
  uint64_t offset;   // of its first byte in the input
};

// The lines as the CLI defines them.
std::vector<Line> CutLines(const std::string& in) {
  std::vector<Line> lines;
  size_t pos = 0;
  if (in.compare(0, 3, "\xEF\xBB\xBF") == 0) pos = 3;
  while (pos < in.size()) {
    size_t end = in.find('\n', pos);
    const size_t next = end == std::string::npos ? in.size() : end + 1;
    if (end == std::string::npos) end = in.size();
    std::string text = in.substr(pos, end - pos);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    lines.push_back({std::move(text), pos});
    pos = next;
  }
  return lines;
}

std::string N(uint64_t v) { return std::to_string(v); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  kma::fuzz::ByteReader in(data, size);
  const uint16_t v = in.U16();
  const uint64_t limit = v == 0 ? 0 : 1 + v % 300;
  const std::string input = in.Rest();
  const std::vector<Line> want = CutLines(input);
  // fmemopen cannot open an empty buffer for reading on every libc.
  std::string buffer = input.empty() ? std::string(1, '\0') : input;
  std::FILE* f = fmemopen(buffer.data(), input.empty() ? 1 : input.size(), "rb");
  FUZZ_CHECK(f != nullptr, "fmemopen failed");
  if (input.empty()) std::fgetc(f);  // the placeholder byte is not input
  kma::cli::LineReader reader;
  reader.Attach(f, "<fuzz>");
  reader.set_max_line_bytes(limit);
  std::string_view line;
  size_t i = 0;
  while (reader.Next(&line)) {
    FUZZ_CHECK(i < want.size(), "more lines than the input has: " + N(i + 1));
    const Line& w = want[i];
    FUZZ_CHECK(reader.line_number() == i + 1, "line number " + N(reader.line_number()) + " for line " + N(i + 1));
    FUZZ_CHECK(reader.line_offset() == w.offset, "line " + N(i + 1) + " at offset " + N(reader.line_offset()) +
                                                     ", expected " + N(w.offset));
    FUZZ_CHECK(reader.line_length() == w.text.size(), "line " + N(i + 1) + " of length " +
                                                          N(reader.line_length()) + ", expected " + N(w.text.size()));
    const bool too_long = limit != 0 && w.text.size() > limit;
    FUZZ_CHECK(reader.too_long() == too_long, "line " + N(i + 1) + ": too_long() is wrong");
    FUZZ_CHECK(line == (too_long ? std::string_view() : std::string_view(w.text)),
               "line " + N(i + 1) + " differs from the input");
    ++i;
  }
  FUZZ_CHECK(reader.error().empty(), reader.error());
  FUZZ_CHECK(i == want.size(), "read " + N(i) + " lines of " + N(want.size()));
  FUZZ_CHECK(reader.bytes_read() == input.size(), "consumed " + N(reader.bytes_read()) + " of " + N(input.size()));
  std::fclose(f);
  return 0;
}
