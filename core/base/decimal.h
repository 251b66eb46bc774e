// Strict parsing of the numbers users write in files and options (scores,
// weights): a plain decimal number and nothing else, whatever the locale.
#ifndef KMA_CORE_BASE_DECIMAL_H_
#define KMA_CORE_BASE_DECIMAL_H_

#include <string_view>

namespace kma {

// Parses the whole of `s` as [+-]digits[.digits][(e|E)[+-]digits] (at least
// one digit before or after the point) into *out. False for anything else:
// blanks around it, hexadecimal (0x10), inf, nan, an empty string, or a
// value too large for a double. *out is unchanged on failure.
bool ParseDecimal(std::string_view s, double* out);
// The same, rounded once to the nearest float (not through a double).
bool ParseDecimal(std::string_view s, float* out);

}  // namespace kma

#endif  // KMA_CORE_BASE_DECIMAL_H_
