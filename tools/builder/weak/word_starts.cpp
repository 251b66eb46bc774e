// Which words can begin a written word (word_starts.h).
#include "tools/builder/weak/word_starts.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/morph/conjugation.h"
#include "core/text/hangul.h"
#include "tools/builder/weak/held_out.h"

namespace kma::weak {
namespace {

// FNV-1a over a number and code points, then fmix64 (an in-memory key: a
// 64-bit collision between two of a few million keys is not a concern).
uint64_t Key(uint64_t first, std::u32string_view s, char32_t last = 0) {
  uint64_t h = 14695981039346656037ull;
  auto add = [&h](uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  };
  add(first);
  for (char32_t c : s) add(c);
  add(last);
  return Fmix64(h);
}

uint64_t Bit(PosTag t) { return uint64_t{1} << static_cast<int>(t); }


}  // namespace

WordStartIndex::WordStartIndex(const MorphRules& rules, std::vector<StartWord> words,
                               const std::vector<Follower>& endings, const std::vector<Follower>& particles)
    : words_(std::move(words)) {
  std::map<std::u32string, uint32_t> unit_ids;
  for (const Follower& e : endings) {
    const std::u32string& f = e.norm;
    size_t end = 0;
    while (end < f.size() && !hangul::IsSyllable(f[end])) ++end;  // a bare consonant first (ᆫ다)
    if (end < f.size()) ++end;
    if (end < f.size() && hangul::IsCodaJamo(f[end])) ++end;
    if (end == 0) continue;
    auto [it, added] = unit_ids.emplace(f.substr(0, end), uint32_t(units_.size()));
    if (added) units_.push_back({f.substr(0, end), {}});
    units_[it->second].endings.emplace_back(f.substr(end), e.tag);
    endings_[f] |= Bit(e.tag);
    longest_ending_ = std::max(longest_ending_, f.size());
  }
  for (const Follower& p : particles) {
    // Quotative particles follow a quoted sentence, not a word; 다/JX
    // (여기다 두다) is spelled like the citation ending every phrase example
    // ends in (달다, 옮기다), which it would make a noun plus a particle.
    if (p.norm.empty() || p.tag == PosTag::kJKQ || (p.tag == PosTag::kJX && p.norm == U"다")) continue;
    particles_[p.norm] |= Bit(p.tag);
    longest_particle_ = std::max(longest_particle_, p.norm.size());
  }
  IndexStems(rules);
  for (uint32_t id = 0; id < words_.size(); ++id)
    if (!words_[id].inflects && !words_[id].norm.empty()) others_[words_[id].norm].push_back(id);
}

void WordStartIndex::IndexStems(const MorphRules& rules) {
  std::map<std::tuple<std::u32string, PosTag, IrregularClass, bool>, uint32_t> socket_ids;
  std::vector<std::set<char32_t>> firsts;  // per socket: first code points of its fused spellings
  socket_of_.assign(words_.size(), UINT32_MAX);
  head_size_.assign(words_.size(), 0);
  for (uint32_t id = 0; id < words_.size(); ++id) {
    const StartWord& w = words_[id];
    if (!w.inflects || w.norm.empty()) continue;
    const size_t ts = StemTailStart(w.norm);
    head_size_[id] = ts;
    const Socket sk{w.norm.substr(ts), w.tag, w.irregular, ts == 0};
    auto [it, added] =
        socket_ids.emplace(std::make_tuple(sk.tail, sk.tag, sk.irregular, sk.whole), uint32_t(sockets_.size()));
    socket_of_[id] = it->second;
    if (!added) continue;
    sockets_.push_back(sk);
    firsts.emplace_back();
    for (uint32_t u = 0; u < units_.size(); ++u) {
      for (const Fusion& f : rules.Combine(sk.tail, sk.tag, sk.irregular, sk.whole, units_[u].first, PosTag::kEC)) {
        // Only the usual spellings (a penalty marks a rare one: 하 + 지 -> 치,
        // or a lemma the corpus writes otherwise: 잡 + 어 -> 잡아); those after
        // a coda-less syllable only are the copula's (학교다).
        if (f.surface.empty() || f.penalty > 0 || f.after_vowel_only) continue;
        std::vector<uint32_t>& spelled = fused_[Key(it->second, f.surface)];
        if (spelled.empty() || spelled.back() != u) spelled.push_back(u);
        longest_fused_ = std::max(longest_fused_, f.surface.size());
        firsts.back().insert(f.surface[0]);
      }
    }
  }
  for (uint32_t id = 0; id < words_.size(); ++id) {
    if (socket_of_[id] == UINT32_MAX) continue;
    const std::u32string_view head = std::u32string_view(words_[id].norm).substr(0, head_size_[id]);
    for (char32_t c : firsts[socket_of_[id]]) stems_by_head_[Key(0, head, c)].push_back(id);
  }
}

bool WordStartIndex::StemBegins(uint32_t id, std::u32string_view word) const {
  const std::u32string_view head = std::u32string_view(words_[id].norm).substr(0, head_size_[id]);
  if (word.substr(0, head.size()) != head) return false;
  const std::u32string_view rest = word.substr(head.size());
  for (size_t n = 1; n <= std::min(rest.size(), longest_fused_); ++n) {
    auto it = fused_.find(Key(socket_of_[id], rest.substr(0, n)));
    if (it == fused_.end()) continue;
    const std::u32string_view after = rest.substr(n);
    for (uint32_t u : it->second)
      for (const auto& [tail, tag] : units_[u].endings)
        if (after.substr(0, tail.size()) == tail && MayFollow(tag, after.substr(tail.size()))) return true;
  }
  return false;
}

bool WordStartIndex::MayFollow(PosTag tag, std::u32string_view rest) const {
  if (rest.empty()) return tag != PosTag::kEP;
  if (tag == PosTag::kEP) return IsEndingRun(rest);
  if (tag == PosTag::kETN) return IsParticleRun(rest, false);
  return false;  // connective, final and determiner endings end the word
}

bool WordStartIndex::IsEndingRun(std::u32string_view rest) const {
  for (size_t n = 1; n <= std::min(rest.size(), longest_ending_); ++n) {
    auto it = endings_.find(std::u32string(rest.substr(0, n)));
    if (it == endings_.end()) continue;
    for (int t = static_cast<int>(PosTag::kEP); t <= static_cast<int>(PosTag::kETM); ++t)
      if ((it->second & Bit(static_cast<PosTag>(t))) && MayFollow(static_cast<PosTag>(t), rest.substr(n)))
        return true;
  }
  return false;
}

bool WordStartIndex::IsParticleRun(std::u32string_view rest, bool auxiliary_only) const {
  const uint64_t stacking = Bit(PosTag::kJKB) | Bit(PosTag::kJX);
  for (size_t n = 1; n <= std::min(rest.size(), longest_particle_); ++n) {
    auto first = particles_.find(std::u32string(rest.substr(0, n)));
    if (first == particles_.end()) continue;
    const uint64_t tags = auxiliary_only ? first->second & Bit(PosTag::kJX) : first->second;
    if (tags == 0) continue;
    if (n == rest.size()) return true;
    if (!(tags & stacking)) continue;
    auto second = particles_.find(std::u32string(rest.substr(n)));
    if (second == particles_.end()) continue;
    if ((second->second & Bit(PosTag::kJX)) || ((tags & Bit(PosTag::kJKB)) && (second->second & Bit(PosTag::kJKG))))
      return true;
  }
  return false;
}

bool WordStartIndex::OtherBegins(uint32_t id, std::u32string_view word) const {
  const StartWord& w = words_[id];
  if (word.substr(0, w.norm.size()) != w.norm) return false;
  if (word.size() == w.norm.size()) return true;
  // Nominals take particles, adverbs auxiliary ones (빨리도), determiners
  // and interjections none.
  if (IsNoun(w.tag) || w.tag == PosTag::kNR) return IsParticleRun(word.substr(w.norm.size()), false);
  if (w.tag == PosTag::kMAG || w.tag == PosTag::kMAJ) return IsParticleRun(word.substr(w.norm.size()), true);
  return false;
}

bool WordStartIndex::Begins(uint32_t id, std::u32string_view word) const {
  if (id >= words_.size() || words_[id].norm.empty()) return false;
  return words_[id].inflects ? StemBegins(id, word) : OtherBegins(id, word);
}

void WordStartIndex::AddStemCandidates(std::u32string_view word, std::vector<uint32_t>* out) const {
  for (size_t i = 0; i < word.size(); ++i) {
    auto it = stems_by_head_.find(Key(0, word.substr(0, i), word[i]));
    if (it != stems_by_head_.end()) out->insert(out->end(), it->second.begin(), it->second.end());
  }
}

std::vector<uint32_t> WordStartIndex::Beginning(std::u32string_view word) const {
  std::vector<uint32_t> candidates, out;
  AddStemCandidates(word, &candidates);
  for (size_t n = 1; n <= word.size(); ++n) {
    auto it = others_.find(std::u32string(word.substr(0, n)));
    if (it != others_.end()) candidates.insert(candidates.end(), it->second.begin(), it->second.end());
  }
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  for (uint32_t id : candidates)
    if (Begins(id, word)) out.push_back(id);
  return out;
}

}  // namespace kma::weak
