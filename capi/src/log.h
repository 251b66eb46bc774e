// The process-wide log callback (kma_set_log_callback). The library never
// writes to stdout/stderr; anything worth telling the user goes through here
// and is dropped when no callback is installed.
#ifndef KMA_CAPI_SRC_LOG_H_
#define KMA_CAPI_SRC_LOG_H_

#include <cstdint>

#include "kma/kma_runtime.h"

namespace kma::capi {

void SetLogCallback(kma_log_callback cb, void* user) noexcept;
// Delivers one message to the installed callback, if any. Never throws.
void Log(int32_t level, const char* message) noexcept;

}  // namespace kma::capi

#endif  // KMA_CAPI_SRC_LOG_H_
