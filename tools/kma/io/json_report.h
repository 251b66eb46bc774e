// The JSON the CLI's reports write (eval, eval --split, eval --weak, bench,
// and split's JSON Lines): nlohmann::json, with keys in insertion order.
// The analysis records of `kma analyze -f json` are not reports: they come
// from the C ABI's record writer (output_format.h).
#ifndef KMA_TOOLS_KMA_JSON_REPORT_H_
#define KMA_TOOLS_KMA_JSON_REPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kma::cli {

// Keys stay in insertion order. Numbers are floats: a report gives six
// significant digits, and the shortest form nlohmann prints for the float
// nearest such a decimal is that decimal, while for the double it sometimes
// is not (0.0135933 comes out as 0.013593299999999999).
using Json = nlohmann::basic_json<nlohmann::ordered_map, std::vector, std::string, bool,
                                  std::int64_t, std::uint64_t, float>;

// A measured value with six significant digits (what a report can claim;
// integral values print as integers), or null when it is not finite.
Json JsonNumber(double v);

// `j` on one line, without a newline. Invalid UTF-8 in strings (a file name,
// say) becomes U+FFFD instead of failing.
std::string JsonText(const Json& j);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_JSON_REPORT_H_
