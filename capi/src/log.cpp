#include "capi/src/log.h"

#include <mutex>

namespace kma::capi {
namespace {

// A mutex rather than two atomics: callback and user pointer must change
// together, or a message could reach the new callback with the old pointer.
std::mutex g_log_mutex;
kma_log_callback g_log_callback = nullptr;
void* g_log_user = nullptr;

}  // namespace

void SetLogCallback(kma_log_callback cb, void* user) noexcept {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  g_log_callback = cb;
  g_log_user = user;
}

void Log(int32_t level, const char* message) noexcept {
  kma_log_callback cb;
  void* user;
  {
    std::lock_guard<std::mutex> lock(g_log_mutex);
    cb = g_log_callback;
    user = g_log_user;
  }
  // Called outside the lock so a slow callback does not serialize threads.
  if (cb != nullptr) cb(level, message != nullptr ? message : "", user);
}

}  // namespace kma::capi
