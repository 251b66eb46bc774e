#include "tools/kma/io/progress.h"

#include <unistd.h>

#include <cstdio>

namespace kma::cli {
namespace {

// A terminal gets a fresh line four times a second; a file or pipe (only
// with --progress) one line every five seconds, to keep logs short.
constexpr double kTerminalInterval = 0.25;
constexpr double kPlainInterval = 5.0;

std::string Thousands(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

}  // namespace

Progress::Progress(ProgressMode mode, int64_t total_bytes)
    : total_bytes_(total_bytes), start_(Clock::now()), last_draw_(start_) {
  terminal_ = ::isatty(STDERR_FILENO) == 1;
  switch (mode) {
    case ProgressMode::kAuto: enabled_ = terminal_ && ::isatty(STDOUT_FILENO) != 1; break;
    case ProgressMode::kOn: enabled_ = true; break;
    case ProgressMode::kOff: enabled_ = false; break;
  }
}

Progress::~Progress() { Clear(); }

std::string Progress::Format(uint64_t lines, uint64_t bytes, double seconds,
                             int64_t total_bytes) {
  const double mb = static_cast<double>(bytes) / 1e6;
  const double rate = seconds > 0 ? mb / seconds : 0;
  char buf[128];
  std::snprintf(buf, sizeof buf, " lines, %.1f MB, %.1f MB/s", mb, rate);
  std::string text = Thousands(lines) + buf;
  if (total_bytes > 0) {
    const double done = static_cast<double>(bytes) / static_cast<double>(total_bytes);
    std::snprintf(buf, sizeof buf, ", %.0f%%", done > 1 ? 100.0 : done * 100.0);
    text += buf;
    if (rate > 0 && static_cast<int64_t>(bytes) < total_bytes) {
      const double left_mb = static_cast<double>(total_bytes - static_cast<int64_t>(bytes)) / 1e6;
      const long left = static_cast<long>(left_mb / rate + 0.5);
      std::snprintf(buf, sizeof buf, ", %ld:%02ld:%02ld left", left / 3600, left / 60 % 60,
                    left % 60);
      text += buf;
    }
  }
  return text;
}

void Progress::Update(uint64_t lines, uint64_t bytes) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  const double since_draw = std::chrono::duration<double>(now - last_draw_).count();
  if (since_draw < (terminal_ ? kTerminalInterval : kPlainInterval)) return;
  last_draw_ = now;
  Draw(lines, bytes, now);
}

void Progress::Finish(uint64_t lines, uint64_t bytes) {
  if (!enabled_) return;
  if (terminal_) {
    Clear();
  } else {
    Draw(lines, bytes, Clock::now());
  }
  enabled_ = false;
}

void Progress::Draw(uint64_t lines, uint64_t bytes, Clock::time_point now) {
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const std::string text = "kma: " + Format(lines, bytes, seconds, total_bytes_);
  if (terminal_) {
    // \r and erase-to-end-of-line: the line is rewritten in place.
    std::fprintf(stderr, "\r%s\033[K", text.c_str());
    drawn_ = true;
  } else {
    std::fprintf(stderr, "%s\n", text.c_str());
  }
  std::fflush(stderr);
}

void Progress::Clear() {
  if (!drawn_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace kma::cli
