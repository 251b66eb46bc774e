#include "tools/kma/eval/typo_set.h"

#include <utility>

#include "core/text/hangul.h"
#include "core/text/utf.h"

namespace kma::cli {
namespace {

namespace hg = kma::hangul;

// Jamo indices (Unicode order) used below.
enum Onset { kG = 0, kGG = 1, kN = 2, kD = 3, kR = 5, kM = 6, kB = 7, kS = 9, kSS = 10, kNg = 11, kJ = 12, kJJ = 13 };
enum Vowel { kA = 0, kAe = 1, kYae = 3, kEo = 4, kE = 5, kYe = 7, kWae = 10, kOe = 11, kYo = 12, kWe = 15, kUi = 19, kI = 20 };
enum Coda { kCodaR = 8, kCodaBs = 18, kCodaS = 19, kCodaSsang = 20 };

// Kind ids: indices into kKinds.
enum KindId {
  kKindDwae, kKindDwaeRev, kKindAeE, kKindWae, kKindLge, kKindAn, kKindYo, kKindLink, kKindSs,
  kKindCodaDrop, kKindCodaDouble, kKindWord, kKindKeyboard, kKindTense, kKindEui, kKindDeonji
};

struct Syl {
  int l, v, t;
};

bool Dec(char32_t c, Syl* s) {
  if (!hg::IsSyllable(c)) return false;
  *s = {hg::OnsetIndex(c), hg::VowelIndex(c), hg::CodaIndex(c)};
  return true;
}
char32_t Comp(const Syl& s) { return hg::Compose(s.l, s.v, s.t); }

// The kinds, with the weights of the catalogue: the commonest confusions of
// web text weigh most; about a fifth are kinds the analyzer's first edit set
// did not cover (keyboard, tense, eui, deonji), which it now reads only in
// part and at a high cost (docs/ACCURACY.md, "Typo-tolerant analysis").
const std::vector<TypoKind> kKinds = {
    {"dwae", 9, "됐다 -> 됬다, 돼요 -> 되요"},
    {"dwae-rev", 3, "되는 -> 돼는"},
    {"ae-e", 10, "했는데 -> 했는대, 베개 -> 배개"},
    {"wae", 3, "웬 -> 왠, 왜 -> 외"},
    {"lge", 6, "할게 -> 할께, 할 거야 -> 할 꺼야"},
    {"an", 4, "안 해 -> 않 해, 않았다 -> 안았다"},
    {"yo", 5, "하세요 -> 하세여"},
    {"link", 10, "있어 -> 이써, 좋아 -> 조아, 많이 -> 마니"},
    {"ss", 8, "했다 -> 햇다"},
    {"coda-drop", 5, "먹었다 -> 머었다"},
    {"coda-double", 3, "있어 -> 있써"},
    {"word", 6, "며칠 -> 몇일, 얘기 -> 예기"},
    {"keyboard", 8, "하다 -> 하더 (a neighbouring key)"},
    {"tense", 4, "가다 -> 까다 (shift slip)"},
    {"eui", 4, "나의 -> 나에, 희망 -> 히망"},
    {"deonji", 2, "하든지 -> 하던지"},
};

// Misspellings people make of particular words (correct, misspelled).
const std::vector<std::pair<const char*, const char*>> kWords = {
    {"며칠", "몇일"}, {"어떡", "어떻"}, {"웬만", "왠만"}, {"금세", "금새"}, {"오랜만", "오랫만"},
    {"희한", "희안"}, {"설거지", "설겆이"}, {"역할", "역활"}, {"일부러", "일부로"}, {"깨끗이", "깨끗히"},
    {"곰곰이", "곰곰히"}, {"굳이", "구지"}, {"봬", "뵈"}, {"어이없", "어의없"}, {"왠지", "웬지"},
    {"얘기", "예기"}, {"대가", "댓가"}, {"어쨌든", "어쨋든"}, {"치렀", "치뤘"}, {"내로라", "내노라"},
    {"으레", "으례"}, {"베개", "배게"}, {"결제", "결재"}, {"통째", "통채"}, {"움큼", "웅큼"},
    {"예요", "에요"}, {"안돼", "안되"}, {"할게", "할께"}, {"건드리", "건들이"}, {"떡볶이", "떡볶기"},
};

// Neighbouring keys on the standard two-set (두벌식) layout, consonants
// with consonants and vowels with vowels (so a slip still spells a syllable).
const std::vector<std::pair<char32_t, std::u32string>> kKeys = {
    {U'ㅂ', U"ㅈㅁ"},   {U'ㅈ', U"ㅂㄷㄴ"}, {U'ㄷ', U"ㅈㄱㅇ"}, {U'ㄱ', U"ㄷㅅㄹ"}, {U'ㅅ', U"ㄱㅎ"},
    {U'ㅁ', U"ㅂㄴㅋ"}, {U'ㄴ', U"ㅁㅇㅈㅌ"}, {U'ㅇ', U"ㄴㄹㄷㅊ"}, {U'ㄹ', U"ㅇㅎㄱㅍ"}, {U'ㅎ', U"ㄹㅅ"},
    {U'ㅋ', U"ㅌㅁ"},   {U'ㅌ', U"ㅋㅊㄴ"}, {U'ㅊ', U"ㅌㅍㅇ"}, {U'ㅍ', U"ㅊㄹ"},
    {U'ㅛ', U"ㅕㅗ"},   {U'ㅕ', U"ㅛㅑㅓ"}, {U'ㅑ', U"ㅕㅐㅏ"}, {U'ㅐ', U"ㅑㅔㅣ"}, {U'ㅔ', U"ㅐ"},
    {U'ㅗ', U"ㅓㅛㅠ"}, {U'ㅓ', U"ㅗㅏㅕㅜ"}, {U'ㅏ', U"ㅓㅣㅑㅡ"}, {U'ㅣ', U"ㅏㅐ"}, {U'ㅠ', U"ㅜㅗ"},
    {U'ㅜ', U"ㅠㅡㅓ"}, {U'ㅡ', U"ㅜㅏ"},
};

// Where a final consonant goes when written as the next syllable's onset:
// the final left behind and the onset written (ㄳ -> ㄱ + ㅆ, ㅎ -> silent).
// Indexed by coda index; onset -1: it does not move.
struct Move {
  int rest, onset;
};
constexpr Move kMoves[hg::kCodaCount] = {
    {0, -1}, {0, kG},  {0, kGG}, {1, kSS}, {0, kN},  {4, kJ},  {0, kN},  {0, kD},  {0, kR},   {8, kG},
    {8, kM}, {8, kB},  {8, kSS}, {8, 16},  {8, 17},  {0, kR},  {0, kM},  {0, kB},  {17, kSS}, {0, kS},
    {0, kSS}, {0, -1}, {0, kJ},  {0, 14},  {0, 15},  {0, 16},  {0, 17},  {0, kNg}};

using Variants = std::vector<std::u32string>;

// Adds `w` with syllable i replaced by `s`.
void With(const std::u32string& w, size_t i, const Syl& s, Variants* out) {
  std::u32string v = w;
  v[i] = Comp(s);
  out->push_back(std::move(v));
}

// Vowel swaps over every syllable (`swap` gives the misspelled vowel or -1).
template <typename F>
void VowelSwaps(const std::u32string& w, F swap, Variants* out) {
  Syl s;
  for (size_t i = 0; i < w.size(); ++i) {
    if (!Dec(w[i], &s)) continue;
    for (int v : swap(s)) {
      Syl m = s;
      m.v = v;
      With(w, i, m, out);
    }
  }
}

void PairSyllables(int kind, const std::u32string& w, Variants* out) {
  Syl a, b;
  for (size_t i = 0; i + 1 < w.size(); ++i) {
    if (!Dec(w[i], &a) || !Dec(w[i + 1], &b)) continue;
    if (kind == kKindLge && a.t == kCodaR && ((b.l == kG && (b.v == kE || b.v == kEo)) || (b.l == kJ && b.v == kI))) {
      b.l = b.l == kG ? kGG : kJJ;  // ㄹ게 -> ㄹ께, ㄹ지 -> ㄹ찌
      With(w, i + 1, b, out);
    } else if (kind == kKindLink && b.l == kNg && kMoves[a.t].onset >= 0) {
      std::u32string v = w;
      v[i] = hg::Compose(a.l, a.v, kMoves[a.t].rest);
      v[i + 1] = hg::Compose(kMoves[a.t].onset, b.v, b.t);
      out->push_back(std::move(v));
    } else if (kind == kKindCodaDouble && (a.t == kCodaSsang || a.t == kCodaBs) && b.l == kNg) {
      b.l = kSS;
      With(w, i + 1, b, out);
    }
  }
}

void SingleSyllables(int kind, const std::u32string& w, Variants* out) {
  Syl s;
  for (size_t i = 0; i < w.size(); ++i) {
    if (!Dec(w[i], &s)) continue;
    Syl m = s;
    if (kind == kKindSs && s.t == kCodaSsang) m.t = kCodaS;
    else if (kind == kKindCodaDrop && s.t != 0) m.t = 0;
    else if (kind == kKindTense && (s.l == kG || s.l == kD || s.l == kB || s.l == kS || s.l == kJ)) m.l = s.l + 1;
    else if (kind == kKindTense && (s.l == kGG || s.l == 4 || s.l == 8 || s.l == kSS || s.l == kJJ)) m.l = s.l - 1;
    else if (kind == kKindEui && s.v == kUi && s.l != kNg) m.v = kI;
    else if (kind == kKindEui && s.v == kUi && s.t == 0 && i > 0 && i + 1 == w.size()) m.v = kE;  // 의 -> 에
    else continue;
    With(w, i, m, out);
  }
}

void KeyboardSlips(const std::u32string& w, Variants* out) {
  Syl s;
  for (size_t i = 0; i < w.size(); ++i) {
    if (!Dec(w[i], &s)) continue;
    const char32_t onset = hg::OnsetToCompat(s.l);
    const char32_t vowel = 0x314F + static_cast<char32_t>(s.v);
    for (const auto& [key, near] : kKeys) {
      for (char32_t n : near) {
        Syl m = s;
        if (key == onset && hg::CompatToOnset(n) >= 0) m.l = hg::CompatToOnset(n);
        else if (key == vowel && n >= 0x314F) m.v = static_cast<int>(n - 0x314F);
        else continue;
        With(w, i, m, out);
      }
    }
  }
}

void Replacements(const std::vector<std::pair<const char*, const char*>>& pairs, const std::u32string& w,
                  Variants* out) {
  for (const auto& [right, wrong] : pairs) {
    std::u32string r, x;
    Utf8ToU32(right, &r);
    Utf8ToU32(wrong, &x);
    for (size_t at = w.find(r); at != std::u32string::npos; at = w.find(r, at + 1))
      out->push_back(w.substr(0, at) + x + w.substr(at + r.size()));
  }
}

// Index of the word's last syllable when only punctuation follows it.
size_t LastSyllable(const std::u32string& w) {
  size_t i = w.size();
  while (i > 0 && !hg::IsSyllable(w[i - 1])) {
    if (w[i - 1] < 0x80 && w[i - 1] != U'.' && w[i - 1] != U'?' && w[i - 1] != U'!' && w[i - 1] != U',')
      return std::u32string::npos;
    --i;
  }
  return i == 0 ? std::u32string::npos : i - 1;
}

}  // namespace

const std::vector<TypoKind>& TypoKinds() { return kKinds; }

std::vector<std::u32string> TypoVariants(int kind, const std::u32string& w) {
  Variants out;
  switch (kind) {
    case kKindDwae: case kKindDwaeRev:  // 돼 -> 되, 되 -> 돼
      VowelSwaps(w, [kind](const Syl& s) {
        return s.l == kD && s.v == (kind == kKindDwae ? kWae : kOe) ? std::vector<int>{kind == kKindDwae ? kOe : kWae} : std::vector<int>{};
      }, &out);
      break;
    case kKindAeE:
      VowelSwaps(w, [](const Syl& s) {
        switch (s.v) {
          case kAe: return std::vector<int>{kE};
          case kE: return std::vector<int>{kAe};
          case kYae: return std::vector<int>{kYe};
          case kYe: return std::vector<int>{kYae};
          default: return std::vector<int>{};
        }
      }, &out);
      break;
    case kKindWae:
      VowelSwaps(w, [](const Syl& s) {
        if (s.v == kWe) return std::vector<int>{kWae, kOe};
        if (s.l == kD || (s.v != kWae && s.v != kOe)) return std::vector<int>{};
        return s.v == kWae ? std::vector<int>{kOe, kWe} : std::vector<int>{kWae, kWe};
      }, &out);
      break;
    case kKindAn:
      if (w == U"안") out.push_back(U"않");
      else if (!w.empty() && w[0] == U'않') out.push_back(U"안" + w.substr(1));
      break;
    case kKindYo: {
      const size_t i = LastSyllable(w);
      if (i != std::u32string::npos && i > 0 && w[i] == U'요' && hg::IsSyllable(w[i - 1])) {
        std::u32string v = w;
        v[i] = U'여';
        out.push_back(std::move(v));
      }
      break;
    }
    case kKindLge: case kKindLink: case kKindCodaDouble: PairSyllables(kind, w, &out); break;
    case kKindSs: case kKindCodaDrop: case kKindTense: case kKindEui: SingleSyllables(kind, w, &out); break;
    case kKindWord: Replacements(kWords, w, &out); break;
    case kKindKeyboard: KeyboardSlips(w, &out); break;
    case kKindDeonji: Replacements({{"든지", "던지"}, {"던지", "든지"}}, w, &out); break;
    default: break;
  }
  return out;
}

std::string AddTypos(std::string_view raw, const TypoSetOptions& options, Rng* rng, std::vector<int>* applied) {
  std::vector<std::u32string> words(1);
  std::u32string cps;
  if (!Utf8ToU32(raw, &cps)) return std::string(raw);
  for (char32_t c : cps) {
    if (c == U' ') words.emplace_back();
    else words.back().push_back(c);
  }
  // Geometric count with the requested mean, at most 4 per sentence.
  const double go_on = options.rate / (options.rate + 1.0);
  int count = 0;
  while (count < 4 && rng->Chance(go_on)) ++count;
  std::vector<bool> changed(words.size(), false);
  const std::vector<TypoKind>& kinds = TypoKinds();
  for (int k = 0; k < count; ++k) {
    // Every kind's places among the words not yet misspelled.
    std::vector<std::vector<std::pair<size_t, std::u32string>>> sites(kinds.size());
    double total = 0;
    for (size_t kind = 0; kind < kinds.size(); ++kind) {
      if (!options.kinds.empty() && !options.kinds[kind]) continue;
      for (size_t w = 0; w < words.size(); ++w)
        if (!changed[w])
          for (std::u32string& v : TypoVariants(static_cast<int>(kind), words[w])) sites[kind].emplace_back(w, std::move(v));
      if (!sites[kind].empty()) total += kinds[kind].weight;
    }
    if (total <= 0) break;
    double pick = rng->Uniform() * total;
    size_t kind = 0;
    for (size_t i = 0; i < kinds.size(); ++i) {
      if (sites[i].empty()) continue;
      kind = i;  // the last available one absorbs rounding
      if (pick < kinds[i].weight) break;
      pick -= kinds[i].weight;
    }
    auto& [w, variant] = sites[kind][rng->Below(sites[kind].size())];
    words[w] = std::move(variant);
    changed[w] = true;
    if (applied != nullptr) applied->push_back(static_cast<int>(kind));
  }
  std::u32string out;
  for (size_t w = 0; w < words.size(); ++w) {
    if (w > 0) out.push_back(U' ');
    out += words[w];
  }
  return ToUtf8(out);
}

}  // namespace kma::cli
