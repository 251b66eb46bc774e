#include "tools/builder/weak/inverse_morphology.h"

#include <algorithm>

#include "core/text/hangul.h"

namespace kma::weak {
namespace {

// Jungseong (vowel) indices of Unicode's syllable arithmetic.
enum Vowel : int {
  kA = 0, kAe = 1, kYa = 2, kYae = 3, kEo = 4, kE = 5, kYeo = 6,
  kO = 8, kWa = 9, kWae = 10, kOe = 11, kU = 13, kWo = 14, kEu = 18, kI = 20,
};
constexpr int kOnsetRieul = 5, kOnsetIeung = 11, kOnsetHieut = 18;
constexpr int kCodaNieun = 4, kCodaDigeut = 7, kCodaRieul = 8, kCodaRieulMieum = 10, kCodaMieum = 16,
              kCodaBieup = 17, kCodaSiot = 19, kCodaHieut = 27;

struct Syl {
  int onset = -1, vowel = -1, coda = 0;
};

bool Split(char32_t c, Syl* s) {
  if (!hangul::IsSyllable(c)) return false;
  s->onset = hangul::OnsetIndex(c);
  s->vowel = hangul::VowelIndex(c);
  s->coda = hangul::CodaIndex(c);
  return true;
}

char32_t Make(int onset, int vowel, int coda = 0) { return hangul::Compose(onset, vowel, coda); }

// `s` with the final consonant of its last syllable replaced by `coda`.
std::u32string WithLastCoda(std::u32string s, int coda) {
  Syl y;
  if (!s.empty() && Split(s.back(), &y)) s.back() = Make(y.onset, y.vowel, coda);
  return s;
}

int LastCoda(std::u32string_view s) {
  Syl y;
  return !s.empty() && Split(s.back(), &y) ? y.coda : -1;
}

void Add(std::vector<StemEnding>* out, std::u32string stem, std::u32string_view ending) {
  if (stem.empty()) return;
  StemEnding se{std::move(stem), std::u32string(ending)};
  if (std::find(out->begin(), out->end(), se) == out->end()) out->push_back(std::move(se));
}

// Stems whose last vowel contracted with 아/어 into the syllable (onset,
// vowel) that ends the infinitive; `p` is the text before that syllable.
void ContractedInfinitive(const std::u32string& p, int onset, int vowel, std::vector<StemEnding>* out) {
  const std::u32string a = U"아", eo = U"어";
  auto stem = [&](int v, int coda = 0) { return p + Make(onset, v, coda); };
  // ㅂ irregular: 도와 = 돕 + 아, 사나워 = 사납 + 어 (the ㅂ leaves the stem).
  auto bieup = [&](std::u32string_view e) {
    if (onset == kOnsetIeung && LastCoda(p) == 0) Add(out, WithLastCoda(p, kCodaBieup), e);
  };
  switch (vowel) {
    case kWa: Add(out, stem(kO), a); bieup(a); break;
    case kWo: Add(out, stem(kU), eo); bieup(eo); break;
    case kYeo: Add(out, stem(kI), eo); break;
    case kWae: Add(out, stem(kOe), eo); break;
    case kAe:  // 내 = 내 + 어; 해 = 하 + 여/아/어; 파래 = 파랗 + 아; 그래 = 그렇 + 어
      Add(out, stem(kAe), eo);
      if (onset == kOnsetHieut) {
        for (const char32_t* e : {U"여", U"어", U"아"}) Add(out, p + U"하", e);
      }
      Add(out, stem(kA, kCodaHieut), a);
      Add(out, stem(kEo, kCodaHieut), eo);
      break;
    case kYae: Add(out, stem(kYa, kCodaHieut), a); break;  // 하얘 = 하얗 + 아
    case kE: Add(out, stem(kE), eo); Add(out, stem(kEo, kCodaHieut), eo); break;
    case kEo:
    case kA: {
      if (onset == kOnsetIeung) break;  // 아/어 themselves: handled by the caller
      const std::u32string& e = vowel == kA ? a : eo;
      Add(out, stem(vowel), e);  // 서 = 서 + 어, 가 = 가 + 아
      Add(out, stem(kEu), e);    // 써 = 쓰 + 어, 바빠 = 바쁘 + 아
      if (vowel == kEo) Add(out, stem(kU), e);  // 퍼 = 푸 + 어 (우 irregular)
      // 르 irregular: 불러 = 부르 + 어, 말라 = 마르 + 아.
      if (onset == kOnsetRieul && LastCoda(p) == kCodaRieul) Add(out, WithLastCoda(p, 0) + U"르", e);
      break;
    }
    default: break;
  }
}

}  // namespace

std::vector<StemEnding> InfinitiveStems(std::u32string_view infinitive) {
  std::vector<StemEnding> out;
  Syl last;
  if (infinitive.empty() || !Split(infinitive.back(), &last) || last.coda != 0) return out;
  const std::u32string p(infinitive.substr(0, infinitive.size() - 1));
  const bool plain = last.onset == kOnsetIeung &&
                     (last.vowel == kA || last.vowel == kEo || last.vowel == kYeo);
  if (plain && !p.empty()) {
    const std::u32string e(1, infinitive.back());
    Add(&out, p, e);                          // 몰아 = 몰 + 아
    // 하여: the corpus writes 하 + 어 (들여 = 들이 + 어 comes from the contraction below).
    if (last.vowel == kYeo) Add(&out, p, U"어");
    const int coda = LastCoda(p);
    if (coda == 0) Add(&out, WithLastCoda(p, kCodaSiot), e);            // 나아 = 낫 + 아
    if (coda == kCodaRieul) Add(&out, WithLastCoda(p, kCodaDigeut), e);  // 들어 = 듣 + 어
  }
  ContractedInfinitive(p, last.onset, last.vowel, &out);
  return out;
}

std::vector<StemEnding> NominalizedStems(std::u32string_view noun) {
  std::vector<StemEnding> out;
  Syl last;
  if (noun.size() < 1 || !Split(noun.back(), &last)) return out;
  const std::u32string p(noun.substr(0, noun.size() - 1));
  const std::u32string mieum = U"ㅁ";
  if (noun.back() == U'기') Add(&out, p, U"기");
  if (noun.back() == U'음' && !p.empty()) {
    for (const char32_t* e : {U"음", U"ㅁ"}) {
      Add(&out, p, e);
      const int coda = LastCoda(p);
      if (coda == kCodaRieul) Add(&out, WithLastCoda(p, kCodaDigeut), e);  // 걸음 = 걷 + 음
      if (coda == 0) Add(&out, WithLastCoda(p, kCodaSiot), e);            // 지음 = 짓 + 음
    }
  }
  if (last.coda == kCodaMieum) {  // 느낌 = 느끼 + ㅁ
    const std::u32string stem = p + Make(last.onset, last.vowel);
    Add(&out, stem, mieum);
    // ㅂ irregular: 도움 = 돕 + ㅁ, 아름다움 = 아름답 + ㅁ.
    if (last.onset == kOnsetIeung && last.vowel == kU && LastCoda(p) == 0 && !p.empty())
      Add(&out, WithLastCoda(p, kCodaBieup), mieum);
  }
  if (last.coda == kCodaRieulMieum) Add(&out, p + Make(last.onset, last.vowel, kCodaRieul), mieum);  // 삶
  return out;
}

std::vector<std::u32string> EndingAllomorphs(std::u32string_view ending) {
  std::vector<std::u32string> out;
  Syl first;
  if (ending.empty() || !Split(ending[0], &first) || first.onset != kOnsetIeung) return out;
  const std::u32string rest(ending.substr(1));
  if (first.vowel == kYeo) out.push_back(Make(kOnsetIeung, kEo, first.coda) + rest);  // 였 -> 었
  if (first.vowel == kEu) {
    static const struct { int coda; char32_t jamo; } kJamo[] = {
        {kCodaNieun, U'ㄴ'}, {kCodaRieul, U'ㄹ'}, {kCodaMieum, U'ㅁ'}, {kCodaBieup, U'ㅂ'}};
    if (first.coda == 0 && !rest.empty()) out.push_back(rest);  // 으면 -> 면
    for (const auto& j : kJamo)
      if (first.coda == j.coda) out.push_back(std::u32string(1, j.jamo) + rest);  // 은데 -> ㄴ데
  }
  return out;
}

std::vector<std::u32string> ContractedSpellings(std::u32string_view headword) {
  std::vector<std::u32string> out{std::u32string(headword)};
  for (size_t i = 0; i + 1 < headword.size(); ++i) {
    Syl a, b;
    if (!Split(headword[i], &a) || !Split(headword[i + 1], &b) || a.coda != 0 || b.onset != kOnsetIeung)
      continue;
    int v = -1;
    if (a.vowel == kU && b.vowel == kEo) v = kWo;
    else if (a.vowel == kO && b.vowel == kA) v = kWa;
    else if (a.vowel == kI && b.vowel == kEo) v = kYeo;
    else if (a.vowel == kOe && b.vowel == kEo) v = kWae;
    else if (a.onset == kOnsetHieut && a.vowel == kA && b.vowel == kYeo) v = kAe;
    else if ((a.vowel == kA || a.vowel == kEo || a.vowel == kAe || a.vowel == kE) &&
             (b.vowel == kA || b.vowel == kEo))
      v = a.vowel;  // 가아 -> 가
    if (v < 0) continue;
    std::u32string s(headword);
    s.replace(i, 2, 1, Make(a.onset, v, b.coda));
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(std::move(s));
  }
  return out;
}

}  // namespace kma::weak
