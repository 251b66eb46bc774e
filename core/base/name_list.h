// Lists of names that options take as one string ("url,email", "NNG VV"):
// the option slots of the C ABI and the CLI's switches parse them alike, so
// a list means the same wherever a user writes it.
#ifndef KMA_CORE_BASE_NAME_LIST_H_
#define KMA_CORE_BASE_NAME_LIST_H_

#include <string_view>

namespace kma {

// Calls `visit(name)` for each name of `list`, the names separated by commas
// or spaces (empty names, from ",," or a trailing comma, are skipped). Stops
// and returns false at the first name `visit` refuses (returns false for).
template <typename Visit>
bool ForEachListedName(std::string_view list, Visit&& visit) {
  size_t b = 0;
  while (b < list.size()) {
    size_t e = list.find_first_of(", ", b);
    if (e == std::string_view::npos) e = list.size();
    const std::string_view name = list.substr(b, e - b);
    b = e + 1;
    if (!name.empty() && !visit(name)) return false;
  }
  return true;
}

}  // namespace kma

#endif  // KMA_CORE_BASE_NAME_LIST_H_
