#include "tools/builder/dict/dictionary_writer.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <map>
#include <numeric>
#include <set>

#include "core/dict/trie.h"

namespace kma::build {
namespace {

Status TooLarge(const std::string& what) {
  return Status(StatusCode::kInvalidArgument,
                "dictionary: " + what + " (see the limits in core/dict/dictionary.h)");
}

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// String pool where a form that is a prefix of another form points into it.
// Sorted forms make that a check against the next one: every string that has
// `x` as a prefix sorts right after `x`, so a chain of prefixes ends at the
// longest form, which alone is stored. Forms are stored in id order.
std::string PrefixSharedPool(const std::vector<MorphDraft>& morphs, std::vector<uint32_t>* offsets) {
  const size_t n = morphs.size();
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return morphs[a].form < morphs[b].form; });
  std::vector<uint32_t> owner(n);
  for (size_t k = n; k-- > 0;) {
    const uint32_t i = order[k];
    const bool shared =
        k + 1 < n && morphs[order[k + 1]].form.compare(0, morphs[i].form.size(), morphs[i].form) == 0;
    owner[i] = shared ? owner[order[k + 1]] : i;
  }
  std::string pool;
  offsets->assign(n, 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (owner[i] != i) continue;
    (*offsets)[i] = static_cast<uint32_t>(pool.size());
    pool += morphs[i].form;
  }
  for (uint32_t i = 0; i < n; ++i) (*offsets)[i] = (*offsets)[owner[i]];
  return pool;
}

}  // namespace

Status WriteDictionary(const std::vector<MorphDraft>& morphs, const std::vector<EntryDraft>& entries,
                       ModelWriter* w, std::string* summary) {
  // ---- morphemes: packed records, shared score pairs, string pool ----
  std::vector<uint32_t> offsets;
  std::string pool = PrefixSharedPool(morphs, &offsets);
  if (pool.size() > MorphRecord::kMaxFormOffset) return TooLarge("string pool over 16 MiB");
  std::vector<MorphScores> scores;
  std::map<uint64_t, uint32_t> score_index;  // bit patterns, so equal means bit-identical
  std::vector<MorphRecord> records;
  records.reserve(morphs.size());
  for (uint32_t i = 0; i < morphs.size(); ++i) {
    const MorphDraft& m = morphs[i];
    if (m.form.size() > MorphRecord::kMaxFormLength)
      return TooLarge("form '" + m.form + "' longer than 255 bytes");
    if (m.lm_id > MorphRecord::kMaxLmId) return TooLarge("LM vocabulary over 2^24 tokens");
    if (m.socket_key > 0xFFFF) return TooLarge("more than 65535 stem classes");
    const uint64_t key = (uint64_t{Bits(m.emit_logp)} << 32) | Bits(m.tag_logp);
    auto it = score_index.emplace(key, static_cast<uint32_t>(scores.size())).first;
    if (it->second == scores.size()) scores.push_back({m.emit_logp, m.tag_logp});
    if (scores.size() > MorphRecord::kMaxScores)
      return TooLarge("more than 65536 distinct morpheme score pairs");
    records.push_back(MorphRecord::Make(offsets[i], static_cast<uint32_t>(m.form.size()), m.lm_id,
                                        static_cast<uint8_t>(m.tag), static_cast<uint16_t>(it->second),
                                        static_cast<uint16_t>(m.socket_key)));
  }

  // ---- trie over the surfaces; entries are stored in its value order ----
  TrieBuilder tb;
  for (uint32_t e = 0; e < entries.size(); ++e) tb.Add(entries[e].surface, e);
  std::string trie;
  std::vector<uint32_t> trie_order;
  KMA_RETURN_IF_ERROR(tb.Build(&trie, &trie_order));

  std::set<uint32_t> penalty_bits;  // non-negative, so bit order is value order
  for (const EntryDraft& e : entries) penalty_bits.insert(Bits(e.penalty));
  if (penalty_bits.size() > EntryRecord::kMaxPenalties)
    return TooLarge("more than 256 distinct entry penalties");
  std::vector<float> penalties;
  for (uint32_t b : penalty_bits) {
    float f;
    std::memcpy(&f, &b, 4);
    penalties.push_back(f);
  }
  std::vector<EntryRecord> entry_records;
  std::vector<uint32_t> entry_morphs;
  entry_records.reserve(entries.size());
  for (uint32_t e : trie_order) {
    const EntryDraft& en = entries[e];
    if (en.morphs.empty() || en.morphs.size() > EntryRecord::kMaxMorphCount)
      return TooLarge("an entry with " + std::to_string(en.morphs.size()) + " morphemes");
    if (en.socket > 0xFFFF) return TooLarge("more than 65535 stem classes");
    const auto penalty =
        static_cast<uint8_t>(std::distance(penalty_bits.begin(), penalty_bits.find(Bits(en.penalty))));
    entry_records.push_back(
        EntryRecord::Make(static_cast<uint32_t>(entry_morphs.size()), static_cast<uint16_t>(en.socket),
                          penalty, static_cast<uint32_t>(en.morphs.size()), en.kind, en.after_vowel_only));
    entry_morphs.insert(entry_morphs.end(), en.morphs.begin(), en.morphs.end());
  }

  w->AddSection("morphs", PodSection(records));
  w->AddSection("morph_scores", PodSection(scores));
  w->AddSection("strings", pool);
  w->AddSection("entries", PodSection(entry_records));
  w->AddSection("entry_penalties", PodSection(penalties));
  w->AddSection("entry_morphs", PodSection(entry_morphs));
  const size_t trie_size = trie.size();
  w->AddSection("trie", std::move(trie));
  *summary = "entries: " + std::to_string(entries.size()) +
             ", score pairs: " + std::to_string(scores.size()) +
             ", penalties: " + std::to_string(penalties.size()) +
             ", strings: " + std::to_string(pool.size() / 1024) +
             " KiB, trie: " + std::to_string(trie_size / 1024) + " KiB";
  return Status::Ok();
}

}  // namespace kma::build
