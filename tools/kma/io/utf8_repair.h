// Replacement of ill-formed UTF-8 by U+FFFD, for `kma analyze --on-error
// replace`. The library itself never repairs text (it reports the first bad
// byte instead); the CLI does it only when asked, and says so on stderr.
#ifndef KMA_TOOLS_KMA_UTF8_REPAIR_H_
#define KMA_TOOLS_KMA_UTF8_REPAIR_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace kma::cli {

// Copies `in` to `*out`, replacing each maximal ill-formed subpart (Unicode
// ch. 3, "U+FFFD Substitution of Maximal Subparts") by U+FFFD. Well-formed
// means exactly what the analyzer accepts: no overlong forms, surrogates or
// values above U+10FFFF. Returns the number of replacements.
size_t ReplaceInvalidUtf8(std::string_view in, std::string* out);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_UTF8_REPAIR_H_
