// Rules stage of the model builder: expands the morphophonological rules
// (core/morph/morph_rules.h) over (stem tail, ending) pairs into the fused
// surface forms of the dictionary (see EntryKind in core/dict/dictionary.h).
//
// Stems are grouped into sockets by what the rules can see (last syllable
// unit, tag, irregular class, whether the tail is the whole stem), so each
// rule application is done once per socket rather than once per stem.
#ifndef KMA_TOOLS_BUILDER_DICT_RULE_EXPANSION_H_
#define KMA_TOOLS_BUILDER_DICT_RULE_EXPANSION_H_

#include <cstdint>
#include <vector>

#include "core/morph/conjugation.h"
#include "core/morph/morph_rules.h"
#include "tools/builder/dict/dictionary_writer.h"
#include "tools/builder/dict/vocabulary.h"

namespace kma::build {

struct RulesSpec {
  // Endings (and particles after pronoun/bound-noun stems) seen at least this
  // often in the corpus: rarer lexicon endings added many fused forms and no
  // measurable accuracy (held-out part of train).
  uint32_t ending_min_count = 2;
  // Pronouns and bound nouns of at most this many normalized units fuse with
  // particles as whole words (나 + 는 → 난).
  size_t whole_left_max_units = 2;
};

struct ExpandedForms {
  std::vector<EntryDraft> entries;     // sorted, unique
  std::vector<uint64_t> concat_block;  // (socket << 32 | first char) pairs whose plain join is not a word
  // For run-time conjugation (user-dictionary stems, kma join; see
  // core/morph/conjugation.h): every socket's class (index = socket key,
  // 0 unused) and the endings expanded over them.
  std::vector<SocketClass> socket_classes;
  std::vector<uint32_t> rights;
};

// Sets the socket key of every stem in `vocab` and fills `out`.
void ExpandRules(const RulesSpec& spec, const MorphRules& rules, Vocabulary* vocab, const LogFn& log,
                 ExpandedForms* out);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_DICT_RULE_EXPANSION_H_
