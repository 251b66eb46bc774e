// How a dictionary headword is written in the corpus convention.
//
// The Basic Korean Dictionary's examples (docs/DATA.md, weak/) name the
// headword they illustrate and the tags its part of speech allows, in the
// dictionary's view of a word: 개종하 (VV), 통계적 (MM), 거둬들이 (VV), ㄴ
// (an ending). The training corpus (Sejong style) writes many of them as
// several morphemes: 개종/NNG 하/XSV, 통계/NNG 적/XSN, 거두/VV 어/EC 들이/VV,
// ㄴ다/EF. Readings() lists, for one headword, the morpheme sequences in
// corpus convention that realise it; the headword agreement metric (`kma
// eval --weak`) and the silver-data generator look for them in an analysis.
//
// Every rule below was decided by measurement: how often train.tsv writes
// the headwords a rule applies to that way, and how much agreement the rule
// adds on the examples (docs/ACCURACY.md, "Headword agreement on the
// dictionary examples"; `kma eval --weak FILE --conventions train.tsv`
// reproduces the corpus side). Rules the corpus does not support are kept as
// diagnostic rules: their readings are listed only on request
// (ConventionOptions::diagnostics) and never count as agreement.
#ifndef KMA_TOOLS_BUILDER_WEAK_HEADWORD_CONVENTION_H_
#define KMA_TOOLS_BUILDER_WEAK_HEADWORD_CONVENTION_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/pos_tag.h"

namespace kma::weak {

// A set of tags, one bit per PosTag.
using TagMask = uint64_t;
constexpr TagMask TagBit(PosTag t) { return TagMask{1} << static_cast<int>(t); }
constexpr TagMask kAnyTag = (TagMask{1} << kNumTags) - 1 - 1;  // every tag but kUN

// Parses a comma-separated tag list ("NNG,NNP"). False on an empty list or
// an unknown tag (*bad_tag then holds it, if non-null).
bool ParseTagList(std::string_view list, TagMask* out, std::string* bad_tag = nullptr);
// "NNG,NNP" (tags in PosTag order).
std::string TagListName(TagMask tags);

// The classes agreement is reported by, from the tags of the dictionary
// entry. The dictionary gives NNG,NNP for every noun and MAG,MAJ for every
// adverb, so common and proper nouns cannot be told apart by the label.
enum class HeadwordClass : uint8_t {
  kNoun,          // NNG,NNP
  kVerb,          // VV
  kAdjective,     // VA
  kAuxiliary,     // VX
  kAdverb,        // MAG,MAJ
  kDeterminer,    // MM
  kBoundNoun,     // NNB
  kPronoun,       // NP
  kNumeral,       // NR,MM
  kInterjection,  // IC
  kEnding,        // EP,EF,EC,ETN,ETM
  kParticle,      // JKS..JC
  kAffix,         // XPN,XSN,XSV,XSA
  kOther,         // any other combination
};
constexpr int kNumHeadwordClasses = 14;
HeadwordClass ClassOf(TagMask label);
// Short name for reports: "NNG", "VV", ..., "ending", "particle", "affix".
std::string_view ClassName(HeadwordClass c);
// True for classes whose headword inflects or fuses with what follows
// (verbs, adjectives, auxiliaries, endings, verb/adjective suffixes).
bool ClassInflects(HeadwordClass c, TagMask label);

// The rules, in the order agreement credits them (the first rule that finds
// a reading in an analysis is the one reported for the example).
enum class Rule : uint8_t {
  // Accepted: the headword with the dictionary's part of speech, in the
  // corpus's segmentation and spelling.
  kExact,             // the headword with one of its tags: 걷/VV, 사람/NNG
  kExistenceVerb,     // the adjective 있 (계시) of existence as the verb the convention writes: 있/VV
  kSuffix,            // root + corpus suffix: 개종/NNG 하/XSV, 통계/NNG 적/XSN, 극대/NNG 화/XSN 되/XSV
  kPrefix,            // corpus prefix + root: 불/XPN 친절/NNG, 불/XPN 성실/NNG 하/XSA
  kNounAsRoot,        // a noun the corpus writes as a root: 중요/XR, 동일/XR
  kNumeralAsNR,       // a determiner numeral the corpus tags NR: 수백/NR, 이십/NR
  kCompoundNoun,      // 앞/NNG 머리/NNG
  kDeterminerNoun,    // 한/MM 순간/NNG
  kNounPredicate,     // 재미/NNG 있/VA
  kAuxCompound,       // 몰/VV 아/EC 가/VX, 사납/VA 어/EC 지/VX, 좋/VA 아지/XSV
  kNominalization,    // 느끼/VV ㅁ/ETN, 보/VV 기/ETN
  kEndingAllomorph,   // an ending the corpus spells differently: 여서 -> 어서/EC, 은데 -> ㄴ데/EC
  kFunctionalSplit,   // an ending or particle written as two or three: 더라/EC 도/JX, 이/VCP 면/EC
  kNounInCompound,    // a noun inside a longer noun token: 색 in 분홍색/NNG
  kEndingInToken,     // an ending at the start of a longer ending token: ㄴ in ㄴ다/EF
  kAffixInWord,       // an affix at the edge of the word it derives: 잔 in 잔소리/NNG
  // Diagnostic: the headword with another part of speech than the
  // dictionary's, even where the corpus sometimes writes it so; never
  // agreement.
  kSuffixCross,       // X하 verb as X + 하/XSA (or adjective as 하/XSV)
  kLightVerb,         // X/MAG 하/VV
  kPredicateSwap,     // a VV headword as VA or the other way round
  kNounAsOther,       // a noun as MAG, NP or NNB: 처음/MAG, 자신/NP, 때/NNB
  kAdverbAsNoun,      // a MAG headword as NNG
  kReduplication,     // 반짝반짝 as 반짝/MAG 반짝/MAG
  // The plain match (ConventionOptions::plain): the headword with one of
  // its tags, or X하/X되 as X/(any tag) + 하/되 (XSV or XSA).
  kPlainHaDoe,
};
constexpr int kNumRules = 23;
std::string_view RuleName(Rule r);  // "exact", "suffix", ...
// True for the rules that count as agreement in the default (measured)
// convention; with plain, only kExact and kPlainHaDoe count.
bool RuleAccepted(Rule r, bool plain);

// One morpheme of a reading: its form in corpus convention (NFC, endings
// starting with a bare consonant in compatibility jamo) and the tags it may
// carry.
struct MorphPattern {
  std::string form;
  TagMask tags = 0;
};

// Where a reading must be found in an analysis.
enum class Anchor : uint8_t {
  kMorphemes,   // as consecutive morphemes of one word (the usual case)
  kTokenStart,  // one longer morpheme starting with the form (ㄴ in ㄴ다/EF)
  kTokenEnd,    // one longer morpheme ending with the form (색 in 분홍색/NNG)
};

// A morpheme sequence that realises a headword. Readings with an anchor
// other than kMorphemes hold one pattern and only count where the longer
// morpheme overlaps a spelling of the headword (surface_presence.h); a
// constrained search cannot force them (the longer form is not known).
struct Reading {
  Rule rule = Rule::kExact;
  Anchor anchor = Anchor::kMorphemes;
  std::vector<MorphPattern> morphs;
};

struct ConventionOptions {
  // The plain match (the headword with one of its tags, or kPlainHaDoe)
  // instead of the measured convention.
  bool plain = false;
  // Also list the readings of the diagnostic rules.
  bool diagnostics = false;
};

// The readings of headwords under one set of options, knowing the whole
// dictionary: a tag variant (kNounAsOther, kPredicateSwap, kAdverbAsNoun) is
// not offered for a headword that has another entry with that tag, because
// then the variant is that other word (the noun 가장 "head of a family" is
// never read as the adverb 가장 "most").
// Thread-safety: const methods may run concurrently once AddEntry() calls
// are done.
class HeadwordConventions {
 public:
  explicit HeadwordConventions(ConventionOptions options = {});

  // Declares a dictionary entry (a headword with the tags of one of its
  // parts of speech). Call for every entry before Readings().
  void AddEntry(std::string_view headword, TagMask label);

  // The readings of `headword` (as in the dictionary file: verbs without
  // 다) for an entry with tags `label`, best-supported rules first; the
  // first is always kExact. Empty for an empty or invalid UTF-8 headword.
  std::vector<Reading> Readings(std::string_view headword, TagMask label) const;

  const ConventionOptions& options() const { return options_; }

 private:
  // Tags of all entries of a headword.
  TagMask EntryTags(std::string_view headword) const;

  ConventionOptions options_;
  std::unordered_map<std::string, TagMask> entries_;
};

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_HEADWORD_CONVENTION_H_
