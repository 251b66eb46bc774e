#include "core/search/word_discovery.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <unordered_set>

#include "core/text/utf.h"

namespace kma {
namespace {

bool IsSyllable(char32_t c) { return c >= 0xAC00 && c <= 0xD7A3; }
bool IsBlank(char32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x3000; }

// What may follow a noun inside its word: particles, the copula's common
// forms and the plural suffix with a particle. Endings that also follow
// verb stems (다, 고, 네, 야) are left out: with them, 재밌 (재밌다, 재밌고)
// would read as a noun.
const std::unordered_set<std::u32string>& Particles() {
  static const std::unordered_set<std::u32string> set = [] {
    const char* list[] = {
        "이", "가", "은", "는", "을", "를", "의", "에", "에서", "에게", "께", "한테", "로", "으로", "와", "과",
        "도", "만", "까지", "부터", "보다", "처럼", "같이", "이나", "이랑", "랑", "하고", "이며", "이고",
        "이다", "인데", "인가", "이지", "이야", "이라", "이라고", "라고", "이라서", "이었다", "였다", "임",
        "입니다", "이에요", "예요", "이네", "들", "들이", "들은", "들을", "들의", "들도", "에는", "에도",
        "에서는", "에서도", "으로는", "로는", "으로도", "로도", "은요", "는요", "이요", "만큼", "마다", "밖에",
        "뿐", "조차", "마저", "이란", "란", "이면", "으론", "론", "엔", "에선", "이죠", "인지", "이냐"};
    std::unordered_set<std::u32string> s;
    for (const char* p : list) {
      std::u32string cps;
      std::vector<uint32_t> units;
      DecodeUtf8(p, &cps, &units);
      s.insert(cps);
    }
    return s;
  }();
  return set;
}

bool IsParticle(std::u32string_view r) { return r.empty() || Particles().count(std::u32string(r)) > 0; }

uint64_t Hash(std::u32string_view s) { return std::hash<std::u32string_view>{}(s); }

// Right contexts of one prefix: occurrences, those followed by a particle
// or nothing, and the other ones by their first syllable.
struct Contexts {
  uint32_t count = 0, particle = 0;
  std::map<char32_t, uint32_t> next;  // ordered: the result must not depend on hashing
  std::map<std::u32string, uint32_t> particles;  // the non-empty particles that followed
};

// True if the candidate's last syllable and what follows it are a particle
// as well (앞으+로, 학교에+서): the occurrence belongs to the shorter prefix.
bool SplitsParticle(std::u32string_view l, std::u32string_view r) {
  if (r.empty()) return false;
  std::u32string joined(1, l.back());
  joined += r;
  return Particles().count(joined) > 0;
}

std::string Utf8(std::u32string_view s) {
  std::string out;
  for (char32_t c : s) AppendUtf8(c, &out);
  return out;
}

// True if the model knows `form` as one morpheme, or reads it as known
// morphemes ending in an ending (든다: 들 + ㄴ다, a verb form). Only these
// are dropped: a word the model lacks is often read as pieces of other
// words (꼬맹이 as an unknown 꼬맹 and a particle, 잔소리 as 자 + ㄴ + 소리), so
// the tags of a split say little.
StatusOr<bool> KnownWord(Analyzer* analyzer, const std::string& form) {
  std::vector<Analysis> a;
  KMA_RETURN_IF_ERROR(analyzer->AnalyzeUtf8(form, AnalyzeOptions(), &a));
  if (a.empty() || a[0].tokens.empty()) return false;
  const std::vector<Token>& t = a[0].tokens;
  for (const Token& k : t)
    if (k.flags & kTokenUnknown) return false;
  return t.size() == 1 || IsEnding(t.back().tag);
}

}  // namespace

std::string CandidatesAsUserDictionary(const std::vector<WordCandidate>& found, size_t distinct_words,
                                       std::string_view tag) {
  std::string out = "# kma extract-words: " + std::to_string(found.size()) + " candidate nouns of " +
                    std::to_string(distinct_words) + " distinct words, best first\n";
  for (const WordCandidate& w : found) {
    out += w.form;
    out += '\t';
    out += tag;
    out += '\n';
  }
  return out;
}

Status WordDiscovery::Add(std::string_view text) {
  std::u32string cps;
  std::vector<uint32_t> units;
  KMA_RETURN_IF_ERROR(DecodeUtf8(text, &cps, &units));
  size_t i = 0;
  while (i < cps.size()) {
    while (i < cps.size() && IsBlank(cps[i])) ++i;
    const size_t b = i;
    while (i < cps.size() && IsSyllable(cps[i])) ++i;
    if (i - b >= 2) ++words_[cps.substr(b, i - b)];
    while (i < cps.size() && !IsBlank(cps[i])) ++i;  // the rest of the word
  }
  return Status::Ok();
}

Status WordDiscovery::Extract(Analyzer* analyzer, const DiscoveryOptions& opt,
                              std::vector<WordCandidate>* out) const {
  out->clear();
  // Pass 1: occurrences of every prefix, by hash (a collision can only
  // let a prefix through to the exact count of pass 2).
  std::unordered_map<uint64_t, uint32_t> seen;
  std::map<char32_t, uint32_t> first;  // words by their first syllable (cohesion)
  for (const auto& [w, n] : words_) first[w[0]] += n;
  for (const auto& [w, n] : words_)
    for (size_t k = 2; k <= std::min<size_t>(w.size(), kMaxNounSyllables); ++k)
      seen[Hash(std::u32string_view(w).substr(0, k))] += n;
  // Pass 2: the right contexts of the prefixes seen often enough.
  std::map<std::u32string, Contexts> ctx;
  for (const auto& [w, n] : words_)
    for (size_t k = 2; k <= std::min<size_t>(w.size(), kMaxNounSyllables); ++k) {
      const std::u32string_view l = std::u32string_view(w).substr(0, k);
      if (auto it = seen.find(Hash(l)); it == seen.end() || it->second < opt.min_count) continue;
      Contexts& c = ctx[std::u32string(l)];
      c.count += n;
      const std::u32string_view r = std::u32string_view(w).substr(k);
      if (SplitsParticle(l, r)) continue;
      if (IsParticle(r)) {
        c.particle += n;
        if (!r.empty()) c.particles[std::u32string(r)] += n;
      } else {
        c.next[r[0]] += n;
      }
    }
  // Noun-like, whole prefixes.
  std::vector<std::pair<std::u32string, const Contexts*>> kept;
  for (const auto& [l, c] : ctx) {
    if (c.count < opt.min_count) continue;
    const float share = static_cast<float>(c.particle) / static_cast<float>(c.count);
    if (share < opt.min_particle_share) continue;
    uint32_t top_next = 0;
    for (const auto& [cp, n] : c.next) top_next = std::max(top_next, n);
    if (static_cast<float>(top_next) >= opt.max_continuation_share * static_cast<float>(c.count)) continue;
    // Nouns take several particles (이, 을, 에서, ...); an inflected form
    // the analyzer does not know (재밋음) is followed by nothing.
    size_t kinds = 0;
    for (const auto& [r, n] : c.particles) kinds += n >= 2;
    if (kinds < opt.min_particle_kinds) continue;
    kept.emplace_back(l, &c);
  }
  std::unordered_set<std::u32string> names;
  for (const auto& [l, c] : kept) names.insert(l);
  for (const auto& [l, c] : kept) {
    // An inflected form of a shorter candidate (디렉터스컷이).
    bool inflected = false;
    for (size_t k = 2; k < l.size() && !inflected; ++k)
      inflected = names.count(l.substr(0, k)) && IsParticle(std::u32string_view(l).substr(k));
    if (inflected) continue;
    WordCandidate w;
    w.form = Utf8(l);
    auto known = KnownWord(analyzer, w.form);
    if (!known.ok()) return known.status();
    if (known.value()) continue;
    w.count = c->count;
    w.particle_share = static_cast<float>(c->particle) / static_cast<float>(c->count);
    // Cohesion: how predictable the candidate is from its first syllable,
    // per syllable ((count / words starting with that syllable)^(1/(n-1))):
    // low for two frequent words written together (영화속, 공포영화).
    w.cohesion = std::pow(static_cast<float>(c->count) / static_cast<float>(first.at(l[0])),
                          1.0f / static_cast<float>(l.size() - 1));
    w.score = w.particle_share * std::log(static_cast<float>(c->count)) * w.cohesion;
    out->push_back(std::move(w));
  }
  std::sort(out->begin(), out->end(), [](const WordCandidate& a, const WordCandidate& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.count != b.count) return a.count > b.count;
    return a.form < b.form;
  });
  if (opt.top > 0 && out->size() > opt.top) out->resize(opt.top);
  return Status::Ok();
}

}  // namespace kma
