// Tests for reading a user's text file in bounded memory
// (core/base/text_file.h): limits, directories, devices, NUL bytes.
#include "core/base/text_file.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <string>
#include <thread>

namespace kma {
namespace {

std::string TempPath(const char* name) { return testing::TempDir() + "kma_text_file_" + name; }

void WriteFile(const std::string& path, const std::string& bytes) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
  std::fclose(f);
}

TEST(TextFile, ReadsAWholeFile) {
  const std::string path = TempPath("whole");
  const std::string bytes = "뉴진스\tNNP\n" + std::string(200000, 'a') + "\n";
  WriteFile(path, bytes);
  std::string out = "old";
  ASSERT_TRUE(ReadTextFile(path, bytes.size(), "dictionary", &out).ok());
  EXPECT_EQ(out, bytes);
  std::remove(path.c_str());
}

TEST(TextFile, RefusesAFileOverTheLimit) {
  const std::string path = TempPath("big");
  WriteFile(path, std::string(100001, 'a'));
  std::string out;
  const Status st = ReadTextFile(path, 100000, "dictionary", &out);
  EXPECT_EQ(st.code(), StatusCode::kInputTooLong);
  EXPECT_EQ(st.message(), "dictionary '" + path + "' is larger than the limit of 100000 bytes");
  EXPECT_TRUE(out.empty());
  std::remove(path.c_str());
}

// A FIFO that never ends is read only as far as the limit.
TEST(TextFile, ReadsAnEndlessStreamOnlyToTheLimit) {
  const std::string path = TempPath("fifo");
  ::unlink(path.c_str());
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  // The writer sees EPIPE once the reader stops.
  ::signal(SIGPIPE, SIG_IGN);
  size_t written = 0;
  std::thread writer([&] {
    const int fd = ::open(path.c_str(), O_WRONLY);
    const std::string lines(4096, '\n');
    ssize_t n;
    while (fd >= 0 && (n = ::write(fd, lines.data(), lines.size())) > 0) written += static_cast<size_t>(n);
    if (fd >= 0) ::close(fd);
  });
  std::string out;
  const Status st = ReadTextFile(path, 1 << 20, "dictionary", &out);
  // Restore SIGPIPE only after the writer is done: its next write after the
  // reader closed would otherwise kill the process (seen under ASan timing).
  writer.join();
  ::signal(SIGPIPE, SIG_DFL);
  EXPECT_EQ(st.code(), StatusCode::kInputTooLong);
  EXPECT_LT(written, size_t{3} << 20);
  ::unlink(path.c_str());
}

TEST(TextFile, DirectoriesAndMissingFilesAreIoErrors) {
  std::string out;
  Status st = ReadTextFile(testing::TempDir(), 1000, "dictionary", &out);
  EXPECT_EQ(st.code(), StatusCode::kIo);
  EXPECT_NE(st.message().find("cannot read dictionary '" + testing::TempDir() + "': "), std::string::npos);
  st = ReadTextFile(TempPath("missing"), 1000, "dictionary", &out);
  EXPECT_EQ(st.code(), StatusCode::kIo);
  EXPECT_NE(st.message().find("No such file"), std::string::npos) << st.message();
}

TEST(TextFile, NulBytesAreRefusedAtTheirLineAndColumn) {
  std::string out;
  Status st = ReadTextFile("/dev/zero", 1 << 30, "dictionary", &out);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(), "/dev/zero:1:1: NUL byte (a dictionary is text)");
  EXPECT_EQ(st.offset(), 0);
  const std::string path = TempPath("nul");
  WriteFile(path, std::string("ab\ncd\nef\0", 9));
  st = ReadTextFile(path, 1000, "dictionary", &out);
  EXPECT_EQ(st.message(), path + ":3:3: NUL byte (a dictionary is text)");
  EXPECT_EQ(st.offset(), 8);
  EXPECT_TRUE(out.empty());
  std::remove(path.c_str());
}

}  // namespace
}  // namespace kma
