// The one place where C++ failures become C ABI status codes.
//
// Every exported kma_* body runs inside Guard() (or GuardValue() for getters
// that return a value instead of a status). The guard turns std::bad_alloc
// into KMA_E_OUT_OF_MEMORY and any other exception into KMA_E_INTERNAL, and
// records a message in the calling thread's last-error slot, so no exception
// ever crosses the ABI (kiwi_c.cpp repeats that try/catch ~95 times instead).
// Expected failures do not throw: bodies return Fail(...) or FromStatus(...).
#ifndef KMA_CAPI_SRC_API_GUARD_H_
#define KMA_CAPI_SRC_API_GUARD_H_

#include <cstdint>
#include <exception>
#include <initializer_list>
#include <new>
#include <string_view>

#include "core/base/status.h"
#include "kma/kma_common.h"

namespace kma::capi {

// Stores the calling thread's last error: the concatenation of `parts`, and
// `offset` (only meaningful for invalid UTF-8/16 input, else -1). Never
// throws; if the message cannot be allocated a static text is used instead.
void SetLastError(std::initializer_list<std::string_view> parts,
                  int64_t offset = -1) noexcept;

// Records an error and returns its code, so bodies can `return Fail(...)`.
inline kma_status Fail(kma_status code,
                       std::initializer_list<std::string_view> parts) noexcept {
  SetLastError(parts);
  return code;
}

// "<fn>: <arg> must not be NULL" as KMA_E_INVALID_ARGUMENT.
inline kma_status NullArgument(const char* fn, const char* arg) noexcept {
  return Fail(KMA_E_INVALID_ARGUMENT, {fn, ": argument '", arg, "' must not be NULL"});
}

// Maps a core Status 1:1 onto kma_status (the codes are equal by design) and
// records its message. The offset is kept only for input-encoding errors,
// which is what kma_last_error_offset() documents.
kma_status FromStatus(const char* fn, const Status& status) noexcept;

// Records the message for an exception caught by a guard; returns the code.
kma_status FromCurrentException(const char* fn) noexcept;

template <typename Body>
kma_status Guard(const char* fn, Body&& body) noexcept {
  try {
    return body();
  } catch (...) {
    return FromCurrentException(fn);
  }
}

// For exported functions that return a value: `fallback` on an exception.
template <typename T, typename Body>
T GuardValue(const char* fn, T fallback, Body&& body) noexcept {
  try {
    return body();
  } catch (...) {
    FromCurrentException(fn);
    return fallback;
  }
}

// Guard for functions returning void (the frees).
template <typename Body>
void GuardVoid(const char* fn, Body&& body) noexcept {
  try {
    body();
  } catch (...) {
    FromCurrentException(fn);
  }
}

// Read access for kma_last_error_message() / kma_last_error_offset().
const char* LastErrorMessage() noexcept;
int64_t LastErrorOffset() noexcept;

}  // namespace kma::capi

#endif  // KMA_CAPI_SRC_API_GUARD_H_
