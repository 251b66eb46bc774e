// The progress line of long CLI runs: lines, megabytes, throughput and, for
// regular files, percentage and time left. It goes to stderr and is redrawn
// in place. By default it is shown only when stderr is a terminal and stdout
// is not (output redirected to a file or pipe), so it never lands in a pipe
// or a log and never mixes with results on screen.
#ifndef KMA_TOOLS_KMA_PROGRESS_H_
#define KMA_TOOLS_KMA_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <string>

namespace kma::cli {

enum class ProgressMode {
  kAuto,  // stderr is a terminal and stdout is not
  kOn,    // --progress: always (one plain line every few seconds off a terminal)
  kOff,   // --no-progress
};

class Progress {
 public:
  // `total_bytes` is the input size when known (all inputs regular files),
  // else -1: no percentage and no time left then.
  Progress(ProgressMode mode, int64_t total_bytes);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool enabled() const { return enabled_; }

  // Reports the totals so far; redraws when enough time has passed.
  void Update(uint64_t lines, uint64_t bytes);
  // Erases the line, so that a message can be printed on stderr; the next
  // Update draws it again.
  void Clear();
  // End of the run: a terminal's line is erased; elsewhere (--progress) the
  // final totals are printed as one last line.
  void Finish(uint64_t lines, uint64_t bytes);

  // "12,345 lines, 45.2 MB, 3.1 MB/s, 32%, 1:05 left" (exposed for tests).
  static std::string Format(uint64_t lines, uint64_t bytes, double seconds,
                            int64_t total_bytes);

 private:
  using Clock = std::chrono::steady_clock;
  void Draw(uint64_t lines, uint64_t bytes, Clock::time_point now);

  bool enabled_ = false;
  bool terminal_ = false;  // redraw in place with \r
  bool drawn_ = false;
  int64_t total_bytes_;
  Clock::time_point start_;
  Clock::time_point last_draw_;
};

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_PROGRESS_H_
