// Jamo and text helpers of the rule compiler and matcher (rule_text.h).
#include "core/morph/rule_text.h"

namespace kma::rule_text {

void AppendDecomposed(std::u32string_view s, std::u32string* out) {
  for (char32_t c : s) {
    if (IsSyllable(c)) {
      uint32_t idx = c - kSyllableFirst;
      out->push_back(kOnsetBase + idx / 588);
      out->push_back(kVowelBase + (idx % 588) / 28);
      if (idx % 28) out->push_back(kCodaBase + idx % 28);
    } else {
      out->push_back(c);
    }
  }
}

bool ComposeNormalized(const std::u32string& jamo, std::u32string* out) {
  out->clear();
  for (size_t i = 0; i < jamo.size(); ++i) {
    char32_t c = jamo[i];
    if (IsOnset(c)) {
      if (i + 1 >= jamo.size() || !IsVowel(jamo[i + 1])) return false;
      out->push_back(kSyllableFirst + ((c - kOnsetBase) * 21 + (jamo[i + 1] - kVowelBase)) * 28);
      ++i;
    } else if (IsVowel(c)) {
      return false;
    } else if (IsCoda(c)) {
      if (i > 0 && !IsVowel(jamo[i - 1])) return false;
      out->push_back(c);
    } else {
      out->push_back(c);
    }
  }
  return true;
}

bool DecodeUtf8(std::string_view s, std::u32string* out) {
  out->clear();
  size_t i = 0;
  while (i < s.size()) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    char32_t c;
    int n;
    if (b < 0x80) { c = b; n = 0; }
    else if ((b & 0xE0) == 0xC0) { c = b & 0x1F; n = 1; }
    else if ((b & 0xF0) == 0xE0) { c = b & 0x0F; n = 2; }
    else if ((b & 0xF8) == 0xF0) { c = b & 0x07; n = 3; }
    else return false;
    if (n > 0 && i + n >= s.size()) return false;  // truncated sequence
    for (int k = 1; k <= n; ++k) {
      unsigned char cb = static_cast<unsigned char>(s[i + k]);
      if ((cb & 0xC0) != 0x80) return false;
      c = (c << 6) | (cb & 0x3F);
    }
    if ((n == 1 && c < 0x80) || (n == 2 && c < 0x800) || (n == 3 && c < 0x10000) ||
        c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
      return false;
    }
    out->push_back(c);
    i += n + 1;
  }
  return true;
}

void AppendUtf8(char32_t c, std::string* out) {
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (c >> 6)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (c >> 12)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (c >> 18)));
    out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

std::u32string NormalizeText(const std::u32string& s) {
  std::u32string out;
  for (char32_t c : s) {
    bool after_open_syllable = out.empty() || IsCodalessSyllable(out.back());
    if (IsSyllable(c) && (c - kSyllableFirst) % 28 != 0) {
      uint32_t t = (c - kSyllableFirst) % 28;
      out.push_back(c - t);
      out.push_back(kCodaBase + t);
    } else if (c >= kCompatFirst && c <= kCompatConsonantLast && after_open_syllable &&
               kCompatToCoda[c - kCompatFirst] != 0) {
      out.push_back(kCodaBase + kCompatToCoda[c - kCompatFirst]);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string DenormalizeToUtf8(const std::u32string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char32_t c = s[i];
    if (IsCodalessSyllable(c) && i + 1 < s.size() && IsCoda(s[i + 1])) {
      AppendUtf8(c + (s[i + 1] - kCodaBase), &out);
      ++i;
    } else if (IsCoda(c)) {
      int t = static_cast<int>(c - kCodaBase);
      char32_t compat = c;
      for (int k = 0; k < 30; ++k) {
        if (kCompatToCoda[k] == t) { compat = kCompatFirst + k; break; }
      }
      AppendUtf8(compat, &out);
    } else {
      AppendUtf8(c, &out);
    }
  }
  return out;
}

std::vector<std::string_view> SplitWhitespace(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= line.size() || line[i] == '#') break;  // rest of the line is a comment
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<std::string_view> SplitChar(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

bool IsIdentifier(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  }
  return true;
}

}  // namespace kma::rule_text
