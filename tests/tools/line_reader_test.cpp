// I/O faults under the CLI's line reader (tools/kma/io/line_reader.h), which
// every command reads its inputs and side files through: a stream made with
// fopencookie fails its N-th read with EIO or EINTR, or returns short reads,
// for every N until the input is read without reaching it.
#include "tools/kma/io/line_reader.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

namespace kma::cli {
namespace {

// A stream over `data` whose reads return at most `piece` bytes and whose
// `fail_at`-th read (1-based; 0: none) fails with `error`.
struct FaultyStream {
  std::string data;
  size_t pos = 0;
  size_t piece = 1 << 16;
  int fail_at = 0;
  int error = EIO;
  int reads = 0;
};

ssize_t ReadFaulty(void* cookie, char* buf, size_t n) {
  auto* s = static_cast<FaultyStream*>(cookie);
  if (++s->reads == s->fail_at) {
    errno = s->error;
    return -1;
  }
  n = std::min({n, s->piece, s->data.size() - s->pos});
  s->data.copy(buf, n, s->pos);
  s->pos += n;
  return static_cast<ssize_t>(n);
}

std::FILE* Open(FaultyStream* s) {
  cookie_io_functions_t io{};
  io.read = ReadFaulty;
  std::FILE* f = fopencookie(s, "r", io);
  // A small buffer, so that a few hundred bytes take several reads.
  if (f != nullptr) std::setvbuf(f, nullptr, _IOFBF, 16);
  return f;
}

struct Outcome {
  std::vector<std::string> lines;
  std::string error;
};

Outcome ReadAll(FaultyStream* s, bool side_file) {
  Outcome out;
  std::FILE* f = Open(s);
  EXPECT_NE(f, nullptr);
  LineReader reader;
  reader.Attach(f, "in.txt");
  if (!side_file) reader.set_max_line_bytes(kDefaultMaxLineBytes);
  std::string_view line;
  while (reader.Next(&line)) out.lines.emplace_back(line);
  out.error = reader.error();
  std::fclose(f);
  return out;
}

const char kInput[] = "첫째 줄\n둘째 줄은 조금 더 길다\r\n\n셋째\n마지막 줄, 줄바꿈 없이";

TEST(LineReaderFaults, ShortReadsChangeNothing) {
  FaultyStream whole{kInput};
  const Outcome want = ReadAll(&whole, true);
  ASSERT_EQ(want.lines.size(), 5u);
  ASSERT_TRUE(want.error.empty());
  for (size_t piece : {1, 2, 3, 7}) {
    FaultyStream s{kInput};
    s.piece = piece;
    const Outcome got = ReadAll(&s, piece % 2 == 0);
    EXPECT_EQ(got.lines, want.lines) << piece;
    EXPECT_TRUE(got.error.empty()) << got.error;
  }
}

// A read error at any point is an error naming the line it cut; the lines
// before it come back whole, the one it cut does not come back at all (it
// came back shortened, as if the input ended there), and EINTR is retried.
TEST(LineReaderFaults, EveryReadErrorIsReportedAndEintrIsRetried) {
  FaultyStream probe{kInput};
  probe.piece = 5;
  const Outcome want = ReadAll(&probe, true);
  const int reads = probe.reads;
  ASSERT_GT(reads, 5);
  for (int n = 1; n <= reads; ++n) {
    for (const bool side_file : {true, false}) {
      FaultyStream s{kInput};
      s.piece = 5;
      s.fail_at = n;
      const Outcome got = ReadAll(&s, side_file);
      ASSERT_LE(got.lines.size(), want.lines.size()) << n;
      for (size_t i = 0; i < got.lines.size(); ++i) EXPECT_EQ(got.lines[i], want.lines[i]) << n;
      const std::string where = "in.txt:" + std::to_string(got.lines.size() + 1) + ": read error: ";
      EXPECT_EQ(got.error.substr(0, where.size()), where) << "read " << n << ": " << got.error;
      EXPECT_NE(got.error.find("Input/output error"), std::string::npos) << got.error;

      FaultyStream e{kInput};
      e.piece = 5;
      e.fail_at = n;
      e.error = EINTR;
      const Outcome retried = ReadAll(&e, side_file);
      EXPECT_EQ(retried.lines, want.lines) << n;
      EXPECT_TRUE(retried.error.empty()) << retried.error;
    }
  }
}

// A side file's line over the limit ends its reading at the limit, with no
// need to read the rest of the line.
TEST(LineReaderFaults, ALongSideFileLineIsAnErrorReadOnlyToTheLimit) {
  FaultyStream s{"짧다\n" + std::string(kDefaultMaxLineBytes + (4 << 20), 'x') + "\n다음"};
  s.piece = 1 << 20;
  const Outcome got = ReadAll(&s, true);
  EXPECT_EQ(got.lines, std::vector<std::string>{"짧다"});
  EXPECT_EQ(got.error, "in.txt:2: line longer than the limit of 16777216 bytes of this file's lines");
  EXPECT_LT(s.pos, s.data.size());
}

}  // namespace
}  // namespace kma::cli
