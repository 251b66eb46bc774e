// Packs the builder's morpheme table and surface entries into the model's
// dictionary sections (layouts in core/dict/dictionary.h and core/dict/trie.h): shared
// score and penalty tables, a prefix-shared string pool, entries renumbered
// in trie order, and the form trie.
#ifndef KMA_TOOLS_BUILDER_DICT_DICTIONARY_WRITER_H_
#define KMA_TOOLS_BUILDER_DICT_DICTIONARY_WRITER_H_

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "core/dict/dictionary.h"
#include "core/model/format.h"
#include "core/base/status.h"

namespace kma::build {

// A POD array section as the runtime reads it: u32 count, 4 zero bytes (so
// the array stays 8-byte aligned), the elements.
template <typename T>
std::string PodSection(const std::vector<T>& v) {
  std::string out;
  uint32_t n = static_cast<uint32_t>(v.size());
  out.append(reinterpret_cast<const char*>(&n), 4);
  out.append(4, '\0');
  out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  return out;
}

// A morpheme as the builder computes it; id = index.
struct MorphDraft {
  std::string form;
  PosTag tag = PosTag::kUN;
  uint32_t lm_id = 0;
  float emit_logp = 0;
  float tag_logp = 0;
  uint32_t socket_key = 0;
};

// A surface form and what it stands for (see EntryKind).
struct EntryDraft {
  std::u32string surface;
  EntryKind kind;
  uint32_t socket;
  float penalty;
  bool after_vowel_only;
  std::vector<uint32_t> morphs;
  bool operator<(const EntryDraft& o) const {
    return std::tie(surface, kind, socket, morphs, penalty, after_vowel_only) <
           std::tie(o.surface, o.kind, o.socket, o.morphs, o.penalty, o.after_vowel_only);
  }
  // Same reading: a duplicate with another penalty or flag is dropped (after
  // sorting, the lowest penalty comes first and is kept).
  bool operator==(const EntryDraft& o) const {
    return surface == o.surface && kind == o.kind && socket == o.socket && morphs == o.morphs;
  }
};

// Adds the sections morphs, morph_scores, strings, entries, entry_penalties,
// entry_morphs and trie to `w`. `entries` are stored in trie order; within one
// surface they keep their order. Fails with kInvalidArgument when a value
// exceeds what the packed records hold (see the limits in core/dict/dictionary.h).
// `*summary` gets a line of sizes for the build log.
Status WriteDictionary(const std::vector<MorphDraft>& morphs, const std::vector<EntryDraft>& entries,
                       ModelWriter* w, std::string* summary);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_DICT_DICTIONARY_WRITER_H_
