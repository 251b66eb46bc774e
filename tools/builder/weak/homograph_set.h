// The homograph set of the dictionary examples: the examples whose
// headword is written, where the example spells it, the way another word
// is written, so that only the context tells which one the text means.
//
// The words are the dictionary's entries (a headword with the tags of one
// part of speech; nouns, verbs, adjectives, auxiliaries, adverbs,
// determiners, bound nouns, pronouns, numerals and interjections) and the
// lexicon's verb and adjective stems that at least two of its resources
// attest with a count of 50 (the readings the model can give a stem besides
// the dictionary's: 굽 VA). An example of entry A is in the set when a word of
// its text that spells A (surface_presence.h) can begin with A and with
// another word B by the model's morphophonological rules (word_starts.h),
// and A and B are told apart by their readings in corpus convention
// (headword_convention.h: no reading of one is a reading of the other, as
// the -적 nouns and determiners are not). B is a rival of the example, and
// {A, B} a homograph pair. Examples:
//   4km를 걸었다. (걷 VV)        걸었 is 걷 + 었 and 걸 + 었: rival 걸 VV
//   길을 걷다. (걷 VV)           걸 cannot begin 걷다: not in the set
//   커튼을 달다. (달 VV)         달다 is also the adjective: rival 달 VA
//   병이 나았다. (낫 VV)         rivals 낫 VA and 나 VV (나 + 았)
//   종이 한 장. (종이 NNG)       종이 is also 종 + 이/JKS: rival 종 NNG
//
// The set depends on the examples file, the lexicon and the rule file only,
// never on a model, so every model is scored on the same examples. Seven
// tenths of it (by a hash of the example's text, IsHeldOutHomographText)
// are held out of every training stage: IsTrainingExample() is the one test
// a trainer on the examples applies. The rest stays trainable, and so do
// the examples of the same headwords whose words are not ambiguous (길을
// 걷다), so a model still learns both readings of each pair.
#ifndef KMA_TOOLS_BUILDER_WEAK_HOMOGRAPH_SET_H_
#define KMA_TOOLS_BUILDER_WEAK_HOMOGRAPH_SET_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/status.h"
#include "core/morph/morph_rules.h"
#include "tools/builder/corpus/corpus_reader.h"
#include "tools/builder/weak/dict_examples.h"
#include "tools/builder/weak/headword_convention.h"
#include "tools/builder/weak/surface_presence.h"
#include "tools/builder/weak/word_starts.h"

namespace kma::weak {

// A homograph example is held out when the hash of its text
// (HeadwordHash() of the text's bytes) is below kHomographHeldOutTenths
// modulo 10. By the text, so an example written under two headwords is
// held out under both. Seven tenths, because the pairs that matter most
// have few ambiguous examples (걷/걸 24, 묻/물 18, 굽 VA/VV 21, 낫 VA/VV 24):
// at 7/10 each rests on 12 to 18 held-out examples (at 5/10, 9 to 14).
constexpr uint64_t kHomographHeldOutTenths = 7;
bool IsHeldOutHomographText(std::string_view text);

class HomographSet {
 public:
  struct Entry {
    std::string form;  // as in the examples file (verbs without 다)
    TagMask tags = 0;  // the entry's tags (a lexicon word: its tag; nouns NNG,NNP)
    bool dictionary = false;  // an entry of the examples file, else a lexicon word
    std::string name;  // "걷 VV", "달 NNG" (the first of its tags)
    std::vector<Reading> readings;  // accepted readings in corpus convention
  };
  // What Find() says of one example.
  struct Match {
    uint32_t entry = 0;               // the example's own entry
    std::vector<uint32_t> rivals;     // entries its ambiguous words may be read as, sorted
    std::vector<ByteSpan> words;      // the ambiguous words (from the headword's spelling on)
  };

  // Builds the set for the entries of `examples` (every example of the
  // file: the entries are theirs) with the lexicon (lexicon.tsv and
  // irregular.tsv entries, for the irregular classes and the lexicon's
  // words) and the rules.
  static std::unique_ptr<HomographSet> Build(const std::vector<DictExample>& examples, const MorphRules& rules,
                                             const std::vector<build::LexiconEntry>& lexicon);

  // True if `ex` is a homograph example; *m (if non-null) then says why.
  bool Find(const DictExample& ex, Match* m = nullptr) const;
  // Find() for every example, on `threads` threads: one Match per example,
  // with no rivals for the examples outside the set.
  std::vector<Match> FindAll(const std::vector<DictExample>& examples, size_t threads) const;

  const Entry& entry(uint32_t id) const { return entries_[id]; }
  size_t entry_count() const { return entries_.size(); }

 private:
  HomographSet() = default;
  void AddEntries(const std::vector<DictExample>& examples, const std::vector<build::LexiconEntry>& lexicon);
  uint32_t EntryId(std::string_view headword, TagMask tags) const;
  bool Distinct(uint32_t a, uint32_t b) const;

  std::vector<Entry> entries_;
  std::unordered_map<std::string, uint32_t> dictionary_ids_;  // "headword\ttags" -> entry
  std::unique_ptr<WordStartIndex> starts_;                    // word ids are entry ids
};

// Reads DIR/lexicon.tsv, DIR/irregular.tsv and the rule file, and builds
// the set. Errors: those of the readers (kIo naming the path,
// kInvalidArgument with the line).
Status LoadHomographSet(const std::vector<DictExample>& examples, const std::string& lexicon_dir,
                        const std::string& rules_path, std::unique_ptr<HomographSet>* out);

// False for every example no trainer may use: those of the held-out
// headwords (held_out.h) and the held-out homograph examples. Every
// training stage that reads the dictionary examples calls it.
bool IsTrainingExample(const DictExample& ex, const HomographSet& set);
// The same for every example, on `threads` threads (the set is the same
// whatever the number).
std::vector<bool> TrainingExamples(const std::vector<DictExample>& examples, const HomographSet& set,
                                   size_t threads);

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_HOMOGRAPH_SET_H_
