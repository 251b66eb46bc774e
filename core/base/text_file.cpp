#include "core/base/text_file.h"

#include <algorithm>
#include <cstring>

#include "core/base/os.h"

namespace kma {
namespace {

constexpr size_t kChunk = 64 << 10;

Status ReadError(std::string_view what, const std::string& path, const std::string& reason) {
  return Status(StatusCode::kIo, "cannot read " + std::string(what) + " '" + path + "': " + reason);
}

// "PATH:LINE:COLUMN: NUL byte (a WHAT is text)" for a NUL right after `before`.
Status NulError(std::string_view what, const std::string& path, const std::string& before) {
  const size_t line_start = before.rfind('\n') == std::string::npos ? 0 : before.rfind('\n') + 1;
  const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
  return Status(StatusCode::kInvalidArgument,
                path + ":" + std::to_string(line) + ":" + std::to_string(before.size() - line_start + 1) +
                    ": NUL byte (a " + std::string(what) + " is text)",
                static_cast<int64_t>(before.size()));
}

}  // namespace

Status ReadTextFile(const std::string& path, uint64_t max_bytes, std::string_view what, std::string* out) {
  out->clear();
  os::InputFile file;
  if (std::string why = file.Open(path); !why.empty()) return ReadError(what, path, why);
  char chunk[kChunk];
  // A failed read keeps nothing, not even the memory.
  auto fail = [out](Status st) {
    std::string().swap(*out);
    return st;
  };
  for (;;) {
    std::string why;
    const int64_t n = file.Read(chunk, sizeof chunk, &why);
    if (n < 0) return fail(ReadError(what, path, why));
    if (n == 0) return Status::Ok();
    if (const void* nul = std::memchr(chunk, '\0', static_cast<size_t>(n)); nul != nullptr) {
      out->append(chunk, static_cast<size_t>(static_cast<const char*>(nul) - chunk));
      return fail(NulError(what, path, *out));
    }
    if (out->size() + static_cast<uint64_t>(n) > max_bytes) {
      return fail(Status(StatusCode::kInputTooLong, std::string(what) + " '" + path +
                                                        "' is larger than the limit of " +
                                                        std::to_string(max_bytes) + " bytes"));
    }
    out->append(chunk, static_cast<size_t>(n));
  }
}

}  // namespace kma
