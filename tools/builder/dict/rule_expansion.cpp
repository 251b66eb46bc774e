#include "tools/builder/dict/rule_expansion.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/text/hangul.h"

namespace kma::build {
namespace {

bool IsLeftTag(PosTag t) { return IsVerbLike(t) || t == PosTag::kEP; }
bool IsWholeLeftTag(PosTag t) { return t == PosTag::kNP || t == PosTag::kNNB; }

// Last syllable unit of a normalized form (a syllable plus its coda jamo),
// split as the run time's conjugation splits user stems.
size_t TailStart(const std::u32string& f) { return StemTailStart(f); }

struct Socket {
  std::u32string tail;
  PosTag tag;
  IrregularClass irregular;
  bool whole;  // the tail is the whole stem
  std::vector<uint32_t> members;
};

// Socket 0 is unused (socket key 0 means "no socket").
std::vector<Socket> GroupStems(const RulesSpec& spec, Vocabulary* v) {
  std::map<std::tuple<std::u32string, uint8_t, uint8_t, bool>, uint32_t> ids;
  std::vector<Socket> sockets(1);
  for (uint32_t i = 1; i < v->morphs.size(); ++i) {
    const PosTag t = v->morphs[i].tag;
    const std::u32string& norm = v->normalized[i];
    const bool whole_left = IsWholeLeftTag(t) && norm.size() <= spec.whole_left_max_units;
    if ((!IsLeftTag(t) && !whole_left) || norm.empty()) continue;
    const size_t ts = TailStart(norm);
    const IrregularClass irr = v->stats[i].irregular;
    auto key = std::make_tuple(norm.substr(ts), static_cast<uint8_t>(t), static_cast<uint8_t>(irr), ts == 0);
    auto it = ids.find(key);
    if (it == ids.end()) {
      it = ids.emplace(key, static_cast<uint32_t>(sockets.size())).first;
      sockets.push_back({norm.substr(ts), t, irr, ts == 0, {}});
    }
    sockets[it->second].members.push_back(i);
    v->morphs[i].socket_key = it->second;
  }
  return sockets;
}

// Fused forms of every socket with every attested ending (particles for
// whole-word pronoun and bound-noun sockets); plain joins that no rule
// allows are recorded in `concat_block`.
void Fuse(const MorphRules& rules, const Vocabulary& v, const std::vector<Socket>& sockets,
          const std::vector<uint32_t>& rights, const std::vector<uint32_t>& particle_rights, const LogFn& log,
          ExpandedForms* out, std::set<uint32_t>* socket_used) {
  std::set<uint64_t> concat_ok, concat_seen;
  size_t fused = 0;
  for (uint32_t s = 1; s < sockets.size(); ++s) {
    const Socket& sk = sockets[s];
    for (uint32_t r : IsWholeLeftTag(sk.tag) ? particle_rights : rights) {
      const std::u32string& right = v.normalized[r];
      std::vector<Fusion> fusions =
          rules.Combine(sk.tail, sk.tag, sk.irregular, sk.whole, right, v.morphs[r].tag);
      const uint64_t ck = (uint64_t{s} << 32) | MorphFirstChar(v.morphs[r].form);
      concat_seen.insert(ck);
      const std::u32string plain = sk.tail + right;
      for (const Fusion& f : fusions) {
        if (f.surface == plain && f.penalty == 0 && !f.after_vowel_only) {
          concat_ok.insert(ck);
          continue;
        }
        if (f.surface.empty()) continue;
        if (sk.whole) {
          for (uint32_t m : sk.members)
            out->entries.push_back({f.surface, EntryKind::kPlain, 0, f.penalty, f.after_vowel_only, {m, r}});
        } else {
          out->entries.push_back({f.surface, EntryKind::kSocket, s, f.penalty, f.after_vowel_only, {r}});
          socket_used->insert(s);
        }
        ++fused;
      }
    }
  }
  for (uint64_t k : concat_seen)
    if (!concat_ok.count(k)) out->concat_block.push_back(k);
  log("fused forms: " + std::to_string(fused) +
      ", blocked plain joins: " + std::to_string(out->concat_block.size()));
}

}  // namespace

void ExpandRules(const RulesSpec& spec, const MorphRules& rules, Vocabulary* v, const LogFn& log,
                 ExpandedForms* out) {
  const std::vector<Socket> sockets = GroupStems(spec, v);
  std::vector<uint32_t> rights, particle_rights;
  for (uint32_t i = 1; i < v->morphs.size(); ++i) {
    if (v->normalized[i].empty() || v->stats[i].corpus_count < spec.ending_min_count) continue;
    const PosTag t = v->morphs[i].tag;
    if (IsEnding(t))
      rights.push_back(i);
    else if (IsParticle(t) || t == PosTag::kVCP)
      particle_rights.push_back(i);
  }
  log("rule expansion: " + std::to_string(sockets.size() - 1) + " stem classes x " +
      std::to_string(rights.size()) + " endings");
  std::set<uint32_t> socket_used;
  Fuse(rules, *v, sockets, rights, particle_rights, log, out, &socket_used);
  out->socket_classes.assign(sockets.size(), SocketClass{});
  for (size_t s = 1; s < sockets.size(); ++s)
    out->socket_classes[s] = MakeSocketClass(sockets[s].tail, sockets[s].tag, sockets[s].irregular, sockets[s].whole);
  out->rights = rights;
  // A socket's stems are entered as heads (the stem without its tail).
  for (uint32_t s : socket_used) {
    for (uint32_t m : sockets[s].members) {
      const std::u32string& norm = v->normalized[m];
      out->entries.push_back({norm.substr(0, TailStart(norm)), EntryKind::kHead, s, 0.0f, false, {m}});
    }
  }
  for (uint32_t i = 1; i < v->morphs.size(); ++i) {
    if (v->normalized[i].empty()) continue;
    out->entries.push_back({v->normalized[i], EntryKind::kPlain, 0, 0.0f, false, {i}});
  }
  std::sort(out->entries.begin(), out->entries.end());
  out->entries.erase(std::unique(out->entries.begin(), out->entries.end()), out->entries.end());
}

}  // namespace kma::build
