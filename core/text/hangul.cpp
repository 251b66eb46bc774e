#include "core/text/hangul.h"

#include <cstdint>

#include "core/text/utf.h"

namespace kma::hangul {
namespace {

// Coda index (1..27) of each compatibility consonant U+3131 (ㄱ) .. U+314E (ㅎ),
// 0 where the consonant never appears as a coda (ㄸ ㅃ ㅉ). The two
// alphabets order the letters differently, hence the table.
constexpr uint8_t kCompatToCodaIndex[30] = {
    1,  2,  3,  4,  5,  6,  7,   // ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ
    0,                           // ㄸ
    8,  9,  10, 11, 12, 13, 14, 15,  // ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ
    16, 17,                      // ㅁ ㅂ
    0,                           // ㅃ
    18, 19, 20, 21, 22,          // ㅄ ㅅ ㅆ ㅇ ㅈ
    0,                           // ㅉ
    23, 24, 25, 26, 27,          // ㅊ ㅋ ㅌ ㅍ ㅎ
};

constexpr char32_t kCompatConsonantLast = kCompatVowelFirst - 1;  // ㅎ

}  // namespace

char32_t CompatToCoda(char32_t compat) {
  if (compat < kCompatConsonantFirst || compat > kCompatConsonantLast) return 0;
  return CodaJamo(kCompatToCodaIndex[compat - kCompatConsonantFirst]);
}

char32_t CodaToCompat(char32_t coda) {
  const int idx = CodaIndexOfJamo(coda);
  if (idx == 0) return 0;
  for (int k = 0; k < 30; ++k) {
    if (kCompatToCodaIndex[k] == idx) return kCompatConsonantFirst + static_cast<char32_t>(k);
  }
  return 0;  // unreachable: every coda index appears in the table
}

namespace {
// The onsets in index order (Unicode 3.12 L order).
constexpr char32_t kOnsetCompat[kOnsetCount] = {U'ㄱ', U'ㄲ', U'ㄴ', U'ㄷ', U'ㄸ', U'ㄹ', U'ㅁ',
                                                U'ㅂ', U'ㅃ', U'ㅅ', U'ㅆ', U'ㅇ', U'ㅈ', U'ㅉ',
                                                U'ㅊ', U'ㅋ', U'ㅌ', U'ㅍ', U'ㅎ'};
}  // namespace

int CompatToOnset(char32_t compat) {
  for (int i = 0; i < kOnsetCount; ++i)
    if (kOnsetCompat[i] == compat) return i;
  return -1;
}

char32_t OnsetToCompat(int onset_index) {
  return onset_index >= 0 && onset_index < kOnsetCount ? kOnsetCompat[onset_index] : 0;
}

std::u32string SplitCodas(std::u32string_view s, bool convert_compat_consonants) {
  std::u32string out;
  out.reserve(s.size() * 2);
  for (char32_t c : s) {
    if (HasCoda(c)) {
      out.push_back(StripCoda(c));
      out.push_back(CodaJamo(CodaIndex(c)));
    } else if (convert_compat_consonants && IsCompatJamo(c)) {
      const char32_t coda = CompatToCoda(c);
      out.push_back(coda != 0 ? coda : c);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::u32string JoinCodas(std::u32string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (char32_t c : s) {
    if (!IsCodaJamo(c)) {
      out.push_back(c);
    } else if (!out.empty() && IsSyllable(out.back()) && CodaIndex(out.back()) == 0) {
      out.back() = AddCoda(out.back(), CodaIndexOfJamo(c));
    } else {
      out.push_back(CodaToCompat(c));
    }
  }
  return out;
}

bool JoinedEqualsUtf8(std::u32string_view s, std::string_view utf8) {
  size_t pos = 0;
  char buf[4];
  for (size_t i = 0; i < s.size(); ++i) {
    char32_t c = s[i];
    // JoinCodas's rule, one character ahead: a coda joins the syllable
    // before it when that syllable has none; an unjoined coda is written as
    // the compatibility consonant.
    if (IsCodaJamo(c)) {
      c = CodaToCompat(c);
    } else if (IsSyllable(c) && CodaIndex(c) == 0 && i + 1 < s.size() && IsCodaJamo(s[i + 1])) {
      c = AddCoda(c, CodaIndexOfJamo(s[++i]));
    }
    const size_t n = EncodeUtf8(c, buf);
    if (utf8.size() - pos < n) return false;
    for (size_t k = 0; k < n; ++k) {  // a few bytes: a memcmp call cost more than the loop
      if (utf8[pos + k] != buf[k]) return false;
    }
    pos += n;
  }
  return pos == utf8.size();
}

}  // namespace kma::hangul
