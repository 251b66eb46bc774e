// The C ABI's handling of the KMA_ISA environment variable (defined in
// runtime_api.cpp): an unknown name is an error of every call that opens a
// model or sets the ISA; a known level this CPU cannot run is a warning
// through the log callback (the library never prints).
#ifndef KMA_CAPI_SRC_ISA_ENV_H_
#define KMA_CAPI_SRC_ISA_ENV_H_

#include "kma/kma_common.h"

namespace kma::capi {

// KMA_OK, or KMA_E_INVALID_ARGUMENT with the last error set ("<fn>: the
// environment variable KMA_ISA='...' names no instruction set ..."). Logs a
// KMA_LOG_WARNING when KMA_ISA names a level this CPU or build cannot run.
kma_status CheckIsaEnvironment(const char* fn) noexcept;

}  // namespace kma::capi

#endif  // KMA_CAPI_SRC_ISA_ENV_H_
