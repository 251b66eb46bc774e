// Reading a whole text file named by a user (a user dictionary) in bounded
// memory, with the errors a user can act on: the path, and why.
#ifndef KMA_CORE_BASE_TEXT_FILE_H_
#define KMA_CORE_BASE_TEXT_FILE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/status.h"

namespace kma {

// Largest user dictionary file read: 256 MiB, some ten million entries,
// which would take about 8 GB once compiled (about 840 bytes per entry).
inline constexpr uint64_t kMaxUserDictFileBytes = uint64_t{256} << 20;

// Reads the file at `path` into *out (replaced). `what` names the file in
// messages ("user dictionary"). Errors:
//  - kIo "cannot read <what> '<path>': <reason>": it cannot be opened, is a
//    directory, or a read fails part way (the bytes so far are not kept);
//  - kInputTooLong "<what> '<path>' is larger than the limit of N bytes"
//    once more than `max_bytes` have arrived (a device or a FIFO is read
//    only that far);
//  - kInvalidArgument "<path>:LINE:COLUMN: NUL byte (a <what> is text)",
//    with its offset: a text file never holds one, and /dev/zero is
//    refused after its first block instead of after `max_bytes`.
// Thread-safety: any thread.
Status ReadTextFile(const std::string& path, uint64_t max_bytes, std::string_view what, std::string* out);

}  // namespace kma

#endif  // KMA_CORE_BASE_TEXT_FILE_H_
