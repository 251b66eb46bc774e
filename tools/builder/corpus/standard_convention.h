// The standard output convention (docs/CONVENTIONS.md) as rewrite rules over
// annotated sentences. The builder's corpus stage maps every training
// source with them, and `kma eval` maps gold files with them as it reads
// them, so the model learns one convention and is scored on it.
//
// Each rule rewrites one fact the sources write differently (kaist's
// 같/VA ㄴ/ETM is 같/VA 은/ETM, gsd's 하/XSV 아/EC is 하/XSV 어/EC, ...); every
// application is counted under the rule's name. The rules are pure
// functions of the sentence and of a few facts about words
// (ConventionFacts), which the builder takes from the lexicon and the
// corpus and `kma eval` from the model's dictionary.
#ifndef KMA_TOOLS_BUILDER_CORPUS_STANDARD_CONVENTION_H_
#define KMA_TOOLS_BUILDER_CORPUS_STANDARD_CONVENTION_H_

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>

#include "core/morph/morph_rules.h"
#include "tools/builder/corpus/corpus_reader.h"

namespace kma::build {

// What the rules need to know about words beyond their spelling.
class ConventionFacts {
 public:
  virtual ~ConventionFacts() = default;
  // Irregular conjugation class of a verb or adjective stem (kNone if
  // regular or unknown).
  virtual IrregularClass StemClass(std::string_view form, PosTag tag) const = 0;
  // True if the convention writes `form`/`tag` as one morpheme: a compound
  // or derived verb or adjective that the dictionaries list
  // (StandardConvention asks for tags VV and VA).
  virtual bool IsLexicalised(std::string_view form, PosTag tag) const = 0;
  // True if `form` is a common noun.
  virtual bool IsNoun(std::string_view form) const = 0;
  // The verb or adjective stem that, with the ending 아 or 어, is spelled
  // `prefix` (도와 -> 돕/VV + 아): false if there is none.
  virtual bool InfinitiveOf(std::string_view prefix, CorpusMorph* stem, std::string* ending) const = 0;
};

// The rules, in the order they apply.
enum class ConventionRule : uint8_t {
  kContractedPast,    // 가/VV ㅆ/EP -> 가/VV 았/EP (and 여ㅆ/EP -> 였/EP)
  kInfinitiveSuffix,  // 좋/VA 아지/XSV -> 좋/VA 아/EC 지/VX
  kExistence,         // 있/VA -> 있/VV
  kAdverbialGe,       // 이렇게/MAG -> 이렇/VA 게/EC
  kHaEo,              // 하/XSV 아/EC -> 하/XSV 어/EC, 하/XSV 였/EP -> 하/XSV 었/EP, 이/VCP 였/EP -> 이/VCP 었/EP
  kHarmony,           // 되/VV 아서/EC -> 되/VV 어서/EC (아 after ㅏ ㅗ ㅑ, else 어)
  kEndingAllomorph,   // 같/VA ㄴ/ETM -> 같/VA 은/ETM, 않/VX ㄹ까/EF -> 않/VX 을까/EF
  kCompoundJoin,      // 생기/VV 어/EC 나/VX -> 생겨나/VV (a listed compound)
  kCompoundSplit,     // 도와주/VV -> 돕/VV 아/EC 주/VX (not listed, or benefactive 주)
  kSuffixBat,         // 주목받/VV -> 주목/NNG 받/XSV, 인정/NNG 받/XSV -> 인정받/VV (listed)
  kCompoundAdjective, // 재미/NNG 있/VV -> 재미있/VA (listed)
};
constexpr int kConventionRules = 11;
std::string_view ConventionRuleName(ConventionRule r);

struct ConventionCounts {
  std::array<uint64_t, kConventionRules> n{};
  uint64_t& operator[](ConventionRule r) { return n[static_cast<size_t>(r)]; }
  uint64_t operator[](ConventionRule r) const { return n[static_cast<size_t>(r)]; }
  uint64_t total() const;
  void Merge(const ConventionCounts& o);
};

// Auxiliary verbs that form compound verbs after 아/어 (들어가, 생겨나,
// 이루어지, 알아보, 도와주): a compound the dictionaries list is one verb,
// others are written as stem + 아/어 + auxiliary. The benefactive 주 is always
// split.
bool IsCompoundAuxiliary(std::string_view form);

class StandardConvention {
 public:
  // Both must outlive the object.
  StandardConvention(const MorphRules& rules, const ConventionFacts& facts);

  // Rewrites `s` to the convention, adding each rewrite to *counts.
  // Rewrites inside a word only: a morpheme with word_initial set starts a
  // word, so a caller that does not know the word boundaries marks every
  // morpheme that may start one.
  void Apply(CorpusSentence* s, ConventionCounts* counts) const;

  // True if the convention writes `form`/`tag` as a morpheme of its own (the
  // lexicon keeps only those): false for ㅆ/EP, 여ㅆ/EP, 있/VA, 이렇게/MAG, an unlisted
  // compound or 받 verb, and the like.
  bool Writes(const std::string& form, PosTag tag) const;

 private:
  void ApplyMorphemeRules(CorpusSentence* s, ConventionCounts* counts) const;
  void ApplyEndingRules(CorpusSentence* s, ConventionCounts* counts) const;
  void ApplyCompoundRules(CorpusSentence* s, ConventionCounts* counts) const;
  // The compound verb spelled by stem + ending + auxiliary if the
  // convention writes it as one verb, else "" (memoised).
  std::string ListedCompound(const CorpusMorph& stem, const std::string& ending, const std::string& aux) const;
  bool SplitCompound(const CorpusMorph& m, CorpusSentence* out) const;
  // The noun + 받 and noun + 있/없 rules at s[*i]: appends the rewrite, moves
  // *i to the last morpheme used and returns the rule, or returns false.
  bool RewriteNounPredicate(const CorpusSentence& s, size_t* i, CorpusSentence* out, ConventionRule* rule) const;

  const MorphRules* rules_;
  const ConventionFacts* facts_;
  mutable std::map<std::tuple<std::string, uint8_t, std::string, std::string>, std::string> compound_memo_;
};

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_CORPUS_STANDARD_CONVENTION_H_
