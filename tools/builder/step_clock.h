// Wall-clock and CPU time of the build's steps, for the progress log (the
// CPU time says how much work a step is on a machine shared with others).
#ifndef KMA_TOOLS_BUILDER_STEP_CLOCK_H_
#define KMA_TOOLS_BUILDER_STEP_CLOCK_H_

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

namespace kma::build {

class StepClock {
 public:
  StepClock() { Restart(); }
  void Restart() {
    wall_ = std::chrono::steady_clock::now();
    cpu_ = std::clock();
  }
  // "W s, C s CPU" since the last lap (or the start), then restarts.
  std::string Lap() {
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count();
    const double cpu = double(std::clock() - cpu_) / CLOCKS_PER_SEC;
    Restart();
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f s, %.1f s CPU", wall, cpu);
    return buf;
  }

 private:
  std::chrono::steady_clock::time_point wall_;
  std::clock_t cpu_;
};

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_STEP_CLOCK_H_
