// Vocabulary stage of the model builder: the morpheme table (every corpus
// and lexicon morpheme, sorted by form and tag so that ids are
// deterministic; id 0 is a placeholder for unknown words and patterns) and
// the language-model vocabulary. Morphemes seen at least
// own_id_min_count times in the corpus get their own LM token; the rest
// share their tag's class token and carry log P(morph | class).
#ifndef KMA_TOOLS_BUILDER_DICT_VOCABULARY_H_
#define KMA_TOOLS_BUILDER_DICT_VOCABULARY_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/morph/morph_rules.h"
#include "tools/builder/corpus/corpus_stage.h"
#include "tools/builder/dict/dictionary_writer.h"

namespace kma::build {

struct VocabularySpec {
  // Measured on a held-out tenth of train.tsv: 1 (every corpus morpheme its
  // own LM token) lost 0.9 F1 points; 3 was no better than 2.
  uint32_t own_id_min_count = 2;
  // Probability mass of lexicon-only words relative to corpus singletons.
  double lexicon_share = 0.5;
};

struct MorphKey {
  std::string form;
  PosTag tag;
  bool operator<(const MorphKey& o) const;
};

// What the corpus and the lexicon say about one morpheme.
struct MorphStats {
  double corpus_count = 0;  // occurrences, silver of weight < 1 counted fractionally
  uint32_t lex_count = 0;
  uint32_t lex_sources = 0;
  IrregularClass irregular = IrregularClass::kNone;
};

struct Vocabulary {
  std::vector<MorphDraft> morphs;          // id = index
  std::vector<MorphStats> stats;           // per id
  std::vector<std::u32string> normalized;  // per id: form with split codas
  std::map<MorphKey, uint32_t> id_of;      // every id but 0
  uint32_t lm_vocab = 0;                   // LM tokens (class tokens included)

  // The LM token of a corpus morpheme (its class token if it is not in the
  // table).
  uint32_t LmToken(const CorpusMorph& m) const;
};

void BuildVocabulary(const VocabularySpec& spec, const CorpusData& data, const LogFn& log, Vocabulary* out);

// A form with split codas, as the rules and the trie see it ("" if the form
// is not valid UTF-8).
std::u32string NormalizedForm(const std::string& form);

// The corpus as LM token sequences (without <s> and </s>): morpheme tokens,
// and tag class tokens for the tag-level model.
void LmSentences(const Vocabulary& vocab, const std::vector<CorpusSentence>& corpus,
                 std::vector<std::vector<uint32_t>>* morph_tokens,
                 std::vector<std::vector<uint32_t>>* tag_tokens);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_DICT_VOCABULARY_H_
