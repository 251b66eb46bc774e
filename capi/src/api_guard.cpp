#include "capi/src/api_guard.h"

#include <string>

namespace kma::capi {
namespace {

struct LastError {
  std::string message;
  // Non-null when `message` could not be allocated; points to static text.
  const char* fallback = nullptr;
  int64_t offset = -1;
};

// Thread-local because every binding calls kma on the caller's own thread;
// a per-handle message would race (SQLite documents exactly that race).
thread_local LastError t_last_error;

}  // namespace

void SetLastError(std::initializer_list<std::string_view> parts,
                  int64_t offset) noexcept {
  LastError& e = t_last_error;
  e.offset = offset;
  try {
    size_t total = 0;
    for (std::string_view p : parts) total += p.size();
    e.message.clear();
    e.message.reserve(total);
    for (std::string_view p : parts) e.message.append(p.data(), p.size());
    e.fallback = nullptr;
  } catch (...) {
    // Out of memory while describing an error: keep a static message rather
    // than throwing from inside the error path.
    e.fallback = "kma: out of memory while formatting an error message";
  }
}

kma_status FromStatus(const char* fn, const Status& status) noexcept {
  if (status.ok()) return KMA_OK;
  const auto code = static_cast<kma_status>(status.code());
  // Input errors carry the offset of the bad unit; constraint errors the
  // offset in the constraint text or the code point of the input.
  const bool has_offset = code == KMA_E_INVALID_UTF8 || code == KMA_E_INVALID_UTF16 ||
                          ((code == KMA_E_INVALID_ARGUMENT || code == KMA_E_UNSATISFIABLE) &&
                           status.offset() >= 0);
  SetLastError({fn, ": ", status.message()}, has_offset ? status.offset() : -1);
  return code;
}

kma_status FromCurrentException(const char* fn) noexcept {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return Fail(KMA_E_OUT_OF_MEMORY, {fn, ": out of memory"});
  } catch (const std::exception& e) {
    return Fail(KMA_E_INTERNAL, {fn, ": internal error: ", e.what()});
  } catch (...) {
    return Fail(KMA_E_INTERNAL, {fn, ": internal error: unknown exception"});
  }
}

const char* LastErrorMessage() noexcept {
  const LastError& e = t_last_error;
  return e.fallback != nullptr ? e.fallback : e.message.c_str();
}

int64_t LastErrorOffset() noexcept { return t_last_error.offset; }

}  // namespace kma::capi
