#include "tools/builder/weak/surface_presence.h"

#include <algorithm>
#include <string>

#include "core/text/hangul.h"
#include "core/text/utf.h"
#include "tools/builder/weak/inverse_morphology.h"

namespace kma::weak {
namespace {

constexpr char32_t kHaSyllable = U'하', kEuSyllable = U'으';

// Vowels (jungseong indices) a stem-final vowel can turn into when an
// ending fuses with it: 하 -> 해, 오 -> 와, 주 -> 줘 / 푸 -> 퍼, 되 -> 돼,
// 쓰 -> 써 / 바쁘 -> 바빠, 기다리 -> 기다려 / 계시 -> 계세요; also 나 -> 내
// (나 + 가), 저 -> 제 for pronouns.
bool VowelMayBecome(int from, int to) {
  if (from == to) return true;
  switch (from) {
    case 0: return to == 1;                          // ㅏ -> ㅐ
    case 2: return to == 3;                          // ㅑ -> ㅒ
    case 4: return to == 5 || to == 1;               // ㅓ -> ㅔ ㅐ
    case 8: return to == 9 || to == 10;              // ㅗ -> ㅘ ㅙ
    case 13: return to == 14 || to == 15 || to == 4;  // ㅜ -> ㅝ ㅞ ㅓ
    case 11: return to == 10;                        // ㅚ -> ㅙ
    case 18: return to == 4 || to == 0;              // ㅡ -> ㅓ ㅏ
    case 20: return to == 6 || to == 5;              // ㅣ -> ㅕ ㅔ
    default: return false;
  }
}

// May text syllable `t` spell headword syllable `h` at the end of the
// headword? Same onset, a reachable vowel; the final consonant is free for
// inflecting words (걷 -> 걸, 가 -> 갔) and for coda-less nouns (나 -> 난).
bool LastSyllableMatches(char32_t t, char32_t h, bool inflects) {
  if (!hangul::IsSyllable(t) || !hangul::IsSyllable(h)) return t == h;
  if (hangul::OnsetIndex(t) != hangul::OnsetIndex(h)) return false;
  if (!VowelMayBecome(hangul::VowelIndex(h), hangul::VowelIndex(t))) return false;
  return inflects || hangul::CodaIndex(h) == 0 || hangul::CodaIndex(t) == hangul::CodaIndex(h);
}

// End (exclusive code point index) of a spelling of `h` starting at text[i],
// or 0.
size_t MatchAt(std::u32string_view text, size_t i, std::u32string_view h, bool inflects) {
  const size_t n = h.size();
  if (n == 0 || i + n > text.size()) return 0;
  if (text.compare(i, n - 1, h.substr(0, n - 1)) != 0) {
    // 르 irregular: 부르 -> 불러 (the syllable before 르 gains ㄹ).
    if (!(n >= 2 && h[n - 1] == U'르' && text.compare(i, n - 2, h.substr(0, n - 2)) == 0 &&
          hangul::IsSyllable(h[n - 2]) && hangul::CodaIndex(h[n - 2]) == 0 &&
          hangul::IsSyllable(text[i + n - 2]) &&
          hangul::StripCoda(text[i + n - 2]) == h[n - 2] && hangul::CodaIndex(text[i + n - 2]) == 8))
      return 0;
  }
  return LastSyllableMatches(text[i + n - 1], h[n - 1], inflects) ? i + n : 0;
}

struct Finder {
  std::u32string_view text;
  bool inflects, ending;
  std::vector<std::pair<size_t, size_t>> spans;  // code point ranges

  void Find(std::u32string_view h) {
    if (h.empty()) return;
    const char32_t coda = hangul::CompatToCoda(h[0]);
    if (coda != 0) {  // ㄴ, ㅂ니다: the consonant closes the syllable before
      const int index = hangul::CodaIndexOfJamo(coda);
      for (size_t i = 0; i < text.size(); ++i) {
        if (!hangul::IsSyllable(text[i]) || hangul::CodaIndex(text[i]) != index) continue;
        if (h.size() == 1) spans.emplace_back(i, i + 1);
        else if (size_t e = MatchAt(text, i + 1, h.substr(1), inflects)) spans.emplace_back(i, e);
      }
      return;
    }
    // X하 may lose 하 or fuse it with the next syllable (괘념치, 방불케).
    if (inflects && h.size() > 1 && h.back() == kHaSyllable) {
      const std::u32string_view stem = h.substr(0, h.size() - 1);
      for (size_t j = text.find(stem); j != std::u32string_view::npos; j = text.find(stem, j + 1))
        spans.emplace_back(j, std::min(text.size(), j + h.size()));
    }
    if (ending) FindFusedEnding(h);
    for (const std::u32string& v : ContractedSpellings(h))
      for (size_t i = 0; i < text.size(); ++i)
        if (size_t e = MatchAt(text, i, v, inflects)) spans.emplace_back(i, e);
  }

  // An ending starting with 아/어/여 may fuse with the stem's last syllable
  // (가 + 았 -> 갔, 쓰 + 었 -> 썼, 마시 + 어도 -> 마셔도); one starting with 으
  // loses it after a vowel (입으세요 / 가세요).
  void FindFusedEnding(std::u32string_view h) {
    const char32_t first = h[0];
    if (hangul::IsSyllable(first) && hangul::OnsetIndex(first) == hangul::kOnsetIeung) {
      const int v = hangul::VowelIndex(first);
      if (v == 0 || v == 4 || v == 6) {  // 아 어 여
        for (size_t i = 0; i < text.size(); ++i) {
          const char32_t t = text[i];
          if (!hangul::IsSyllable(t) || hangul::CodaIndex(t) != hangul::CodaIndex(first)) continue;
          static const int kFused[] = {0, 1, 3, 4, 5, 6, 7, 9, 10, 14, 15};  // ㅏㅐㅒㅓㅔㅕㅖㅘㅙㅝㅞ
          const int tv = hangul::VowelIndex(t);
          if (std::find(std::begin(kFused), std::end(kFused), tv) == std::end(kFused)) continue;
          if (i + h.size() <= text.size() && text.compare(i + 1, h.size() - 1, h.substr(1)) == 0)
            spans.emplace_back(i, i + h.size());
        }
      }
    }
    if (first == kEuSyllable && h.size() > 1) Find(h.substr(1));
  }
};

}  // namespace

std::vector<ByteSpan> FindHeadwordSurface(std::string_view text, std::string_view headword, bool inflects,
                                          bool ending) {
  std::u32string t, h;
  std::vector<uint32_t> offsets;
  if (!DecodeUtf8(text, &t, &offsets).ok() || !Utf8ToU32(headword, &h)) return {};
  Finder f{t, inflects, ending, {}};
  f.Find(h);
  std::vector<ByteSpan> out;
  for (const auto& [b, e] : f.spans) out.push_back({offsets[b], offsets[e]});
  std::sort(out.begin(), out.end(),
            [](const ByteSpan& a, const ByteSpan& b) { return a.begin != b.begin ? a.begin < b.begin : a.end < b.end; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace kma::weak
