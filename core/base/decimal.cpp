#include "core/base/decimal.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace kma {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Skips digits from *i; returns how many.
size_t SkipDigits(std::string_view s, size_t* i) {
  const size_t start = *i;
  while (*i < s.size() && IsDigit(s[*i])) ++*i;
  return *i - start;
}

// True when `s` is exactly the grammar of ParseDecimal.
bool IsPlainDecimal(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t digits = SkipDigits(s, &i);
  if (i < s.size() && s[i] == '.') {
    ++i;
    digits += SkipDigits(s, &i);
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (SkipDigits(s, &i) == 0) return false;
  }
  return i == s.size();
}

template <typename T>
bool ParseAs(std::string_view s, T* out) {
  if (!IsPlainDecimal(s)) return false;
  // from_chars takes no '+' and ignores the locale's decimal point.
  if (s[0] == '+') s.remove_prefix(1);
  T v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

}  // namespace

bool ParseDecimal(std::string_view s, double* out) { return ParseAs(s, out); }
bool ParseDecimal(std::string_view s, float* out) { return ParseAs(s, out); }

}  // namespace kma
