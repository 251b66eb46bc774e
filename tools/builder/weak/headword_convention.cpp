#include "tools/builder/weak/headword_convention.h"

#include <utility>

#include "core/text/utf.h"
#include "tools/builder/weak/inverse_morphology.h"

namespace kma::weak {
namespace {

constexpr TagMask Tags(std::initializer_list<PosTag> tags) {
  TagMask m = 0;
  for (PosTag t : tags) m |= TagBit(t);
  return m;
}
constexpr TagMask Range(PosTag first, PosTag last) {
  TagMask m = 0;
  for (int t = static_cast<int>(first); t <= static_cast<int>(last); ++t) m |= TagMask{1} << t;
  return m;
}

using P = PosTag;
constexpr TagMask kNouns = Tags({P::kNNG, P::kNNP});
constexpr TagMask kEndings = Range(P::kEP, P::kETM);
constexpr TagMask kParticles = Range(P::kJKS, P::kJC);
constexpr TagMask kAffixes = Tags({P::kXPN, P::kXSN, P::kXSV, P::kXSA});
constexpr TagMask kStems = Tags({P::kVV, P::kVA});
// Roots before a verb/adjective suffix, and before a noun suffix, as
// train.tsv has them (XSV follows NNG 22912 times, MAG 61, XR 29, NNB 6;
// XSA follows XR 4888, NNG 1578, NNB 68, MAG 17; XSN follows NNG, NP, NNB,
// NNP, XR, NR).
constexpr TagMask kPredicateRoots = Tags({P::kNNG, P::kNNP, P::kXR, P::kMAG, P::kNNB});
constexpr TagMask kNounRoots = Tags({P::kNNG, P::kNNP, P::kNNB, P::kNP, P::kNR, P::kXR});
constexpr TagMask kContent = Range(P::kNNG, P::kVX) | Tags({P::kMM, P::kMAG, P::kMAJ, P::kIC, P::kXR});

// The suffix and prefix forms of train.tsv (XSV and XSA forms seen at least
// 10 times, XSN at least 5, XPN at least 3: 99.6% of the XSV occurrences,
// 99.9% of XSA, 99.6% of XSN, 96.8% of XPN). The XSV 아지/어지 (좋/VA 아지/XSV) are read by
// Compounds(), and the XSV 이 follows verb stems, not roots.
constexpr std::u32string_view kXsv[] = {U"하", U"되", U"시키", U"당하", U"받"};
constexpr std::u32string_view kXsa[] = {U"하", U"스럽", U"롭", U"있", U"답", U"되"};
constexpr std::u32string_view kXsn[] = {
    U"들", U"적", U"님", U"간", U"여", U"성", U"씩", U"째", U"쪽", U"상", U"뿐", U"화", U"씨", U"중",
    U"경", U"당", U"쯤", U"권", U"대", U"측", U"용", U"계", U"별", U"분", U"생", U"식", U"률", U"이",
    U"제", U"끼리", U"짜리", U"히", U"형", U"네", U"층", U"율", U"시", U"어치", U"론", U"꾼", U"류",
    U"치", U"자", U"기"};
// The predicates train.tsv writes after a noun inside one word at least 3
// times (재미/NNG 있/VA 58, 맛/NNG 있/VA 28, 수여/NNG 받/VV, 틀림/NNG 없/VA,
// 짜증/NNG 나/VV, 흉내/NNG 내/VV, 숨/NNG 쉬/VV, 확정/NNG 지/VV), without 타, 같, 가,
// 오, 보, 하: those are words the text runs together (기차타고).
constexpr std::u32string_view kNounPredicates[] = {U"있", U"없", U"받", U"나", U"내", U"쉬", U"지"};

constexpr std::u32string_view kXpn[] = {
    U"제", U"불", U"비", U"대", U"무", U"재", U"고", U"반", U"유", U"최", U"초", U"생", U"소", U"신",
    U"저", U"구", U"준", U"여", U"미", U"수", U"전", U"피", U"친", U"노", U"부", U"범", U"남", U"식",
    U"한", U"가"};

bool EndsWith(std::u32string_view s, std::u32string_view x) {
  return s.size() > x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
}
bool StartsWith(std::u32string_view s, std::u32string_view x) {
  return s.size() > x.size() && s.compare(0, x.size(), x) == 0;
}

using Part = std::pair<std::u32string, TagMask>;

// Collects the readings of one headword.
class ReadingBuilder {
 public:
  ReadingBuilder(std::u32string h, TagMask label, TagMask other_entries, const ConventionOptions& opt)
      : h_(std::move(h)), label_(label), others_(other_entries), cls_(ClassOf(label)), opt_(opt) {}

  std::vector<Reading> Build() {
    Add(Rule::kExact, {{h_, label_}});
    if (opt_.plain) {
      PlainHaDoe();
      return std::move(out_);
    }
    switch (cls_) {
      case HeadwordClass::kNoun: Noun(); break;
      case HeadwordClass::kVerb:
      case HeadwordClass::kAdjective: Predicate(); break;
      case HeadwordClass::kAuxiliary: Compounds(); break;
      case HeadwordClass::kAdverb:
        Derived(kXsn, P::kXSN, kNounRoots);
        Variant(Rule::kAdverbAsNoun, TagBit(P::kNNG));
        if (h_.size() % 2 == 0 && h_.substr(0, h_.size() / 2) == h_.substr(h_.size() / 2))
          Add(Rule::kReduplication, {{h_.substr(0, h_.size() / 2), TagBit(P::kMAG)},
                                     {h_.substr(h_.size() / 2), TagBit(P::kMAG)}});
        break;
      case HeadwordClass::kDeterminer:
        Derived(kXsn, P::kXSN, kNounRoots);
        // Not a Variant(): the NR,MM entry of the same numeral is no homograph.
        Add(Rule::kNumeralAsNR, {{h_, TagBit(P::kNR)}});
        break;
      case HeadwordClass::kBoundNoun:
      case HeadwordClass::kPronoun:
      case HeadwordClass::kNumeral: Derived(kXsn, P::kXSN, kNounRoots); break;
      case HeadwordClass::kEnding: Ending(); break;
      case HeadwordClass::kParticle: Splits(h_, Rule::kFunctionalSplit); break;
      case HeadwordClass::kAffix: Affix(); break;
      default: break;
    }
    return std::move(out_);
  }

 private:
  void Add(Rule r, std::vector<Part> parts, Anchor anchor = Anchor::kMorphemes) {
    if (!opt_.diagnostics && !RuleAccepted(r, opt_.plain)) return;
    Reading reading;
    reading.rule = r;
    reading.anchor = anchor;
    for (auto& [form, tags] : parts) {
      if (form.empty() || tags == 0) return;
      reading.morphs.push_back({ToUtf8(form), tags});
    }
    out_.push_back(std::move(reading));
  }

  // The headword with tags `tags`, minus those another entry of it has.
  void Variant(Rule r, TagMask tags) {
    if (TagMask t = tags & ~others_) Add(r, {{h_, t}});
  }

  void Noun() {
    Derived(kXsn, P::kXSN, kNounRoots);
    Variant(Rule::kNounAsRoot, TagBit(P::kXR));
    Variant(Rule::kNounAsOther, Tags({P::kMAG, P::kNP, P::kNNB}));
    for (size_t i = 1; i < h_.size(); ++i) {
      const std::u32string a = h_.substr(0, i), b = h_.substr(i);
      Add(Rule::kCompoundNoun, {{a, kNouns}, {b, kNouns | TagBit(P::kNNB)}});
      Add(Rule::kDeterminerNoun, {{a, TagBit(P::kMM)}, {b, kNouns | TagBit(P::kNNB)}});
      for (size_t j = i + 1; j < h_.size() && h_.size() <= 10; ++j)
        Add(Rule::kCompoundNoun, {{a, kNouns}, {h_.substr(i, j - i), kNouns}, {h_.substr(j), kNouns}});
    }
    // Nouns in 음/ㅁ of two syllables or more: train.tsv writes them split
    // in part (느낌/NNG 50, 느끼/VV ㅁ/ETN 32; 움직임 11 and 23), one-syllable
    // ones whole (삶/NNG 178, 잠/NNG 42, 춤/NNG 29: never split). Nouns in 기
    // are left whole: on the examples, 갈기, 떨기 and 적기 read as stem + 기
    // are errors.
    for (const StemEnding& se : h_.size() >= 2 ? NominalizedStems(h_) : std::vector<StemEnding>())
      if (se.ending != U"기") Add(Rule::kNominalization, {{se.stem, kStems}, {se.ending, TagBit(P::kETN)}});
    Add(Rule::kNounInCompound, {{h_, kNouns}}, Anchor::kTokenEnd);
    Add(Rule::kNounInCompound, {{h_, kNouns}}, Anchor::kTokenStart);
  }

  void Predicate() {
    const bool verb = cls_ == HeadwordClass::kVerb;
    // kma's convention writes existence as a verb (docs/CONVENTIONS.md).
    if (!verb && (h_ == U"있" || h_ == U"계시")) Add(Rule::kExistenceVerb, {{h_, TagBit(P::kVV)}});
    if (verb) Derived(kXsv, P::kXSV, kPredicateRoots);
    else Derived(kXsa, P::kXSA, kPredicateRoots);
    for (std::u32string_view p : kNounPredicates)
      if (EndsWith(h_, p))
        Add(Rule::kNounPredicate, {{h_.substr(0, h_.size() - p.size()), kNouns}, {std::u32string(p), kStems}});
    Compounds();
    if (EndsWith(h_, U"하")) {
      const std::u32string root = h_.substr(0, h_.size() - 1);
      // Not where the dictionary has the other entry too (상당하 VV and VA):
      // then the other suffix is that entry's reading.
      if (!(others_ & TagBit(verb ? P::kVA : P::kVV)))
        Add(Rule::kSuffixCross, {{root, kPredicateRoots}, {U"하", TagBit(verb ? P::kXSA : P::kXSV)}});
      Add(Rule::kLightVerb, {{root, kPredicateRoots}, {U"하", Tags({P::kVV, P::kVX})}});
    }
    Variant(Rule::kPredicateSwap, TagBit(verb ? P::kVA : P::kVV));
  }

  // Stem + 아/어 + verb: 몰/VV 아/EC 가/VX; with 지 also the corpus's
  // 아지/어지 suffix (좋/VA 아지/XSV).
  void Compounds() {
    for (size_t i = 1; i < h_.size(); ++i) {
      const std::u32string tail = h_.substr(i);
      for (const StemEnding& se : InfinitiveStems(h_.substr(0, i))) {
        Add(Rule::kAuxCompound, {{se.stem, kStems}, {se.ending, TagBit(P::kEC)},
                                 {tail, Tags({P::kVX, P::kVV, P::kVA})}});
        if (tail == U"지" && se.ending != U"여")
          Add(Rule::kAuxCompound, {{se.stem, kStems}, {se.ending + U"지", TagBit(P::kXSV)}});
        // A derived stem: 깨끗해지 = 깨끗/XR 하/XSA 어/EC 지/VX (train.tsv: 124 times).
        if (EndsWith(se.stem, U"하"))
          Add(Rule::kAuxCompound, {{se.stem.substr(0, se.stem.size() - 1), kPredicateRoots},
                                   {U"하", Tags({P::kXSV, P::kXSA})}, {se.ending, TagBit(P::kEC)},
                                   {tail, Tags({P::kVX, P::kVV, P::kVA})}});
      }
    }
  }

  // root + suffix, root + noun suffix + suffix, prefix + root (+ suffix).
  template <size_t N>
  void Derived(const std::u32string_view (&suffixes)[N], PosTag suffix_tag, TagMask roots) {
    for (std::u32string_view s : suffixes) {
      if (!EndsWith(h_, s)) continue;
      const std::u32string root = h_.substr(0, h_.size() - s.size());
      const Part suffix{std::u32string(s), TagBit(suffix_tag)};
      Add(Rule::kSuffix, {{root, roots}, suffix});
      for (std::u32string_view s2 : kXsn)
        if (EndsWith(root, s2))
          Add(Rule::kSuffix, {{root.substr(0, root.size() - s2.size()), kNounRoots},
                              {std::u32string(s2), TagBit(P::kXSN)}, suffix});
      for (std::u32string_view p : kXpn)
        if (StartsWith(root, p))
          Add(Rule::kPrefix, {{std::u32string(p), TagBit(P::kXPN)}, {root.substr(p.size()), roots}, suffix});
    }
    if (cls_ != HeadwordClass::kNoun) return;
    for (std::u32string_view p : kXpn)
      if (StartsWith(h_, p)) Add(Rule::kPrefix, {{std::u32string(p), TagBit(P::kXPN)}, {h_.substr(p.size()), kNouns | TagBit(P::kXR)}});
  }

  void Ending() {
    for (const std::u32string& a : EndingAllomorphs(h_)) {
      Add(Rule::kEndingAllomorph, {{a, label_}});
      Splits(a, Rule::kFunctionalSplit);
      Add(Rule::kEndingInToken, {{a, kEndings}}, Anchor::kTokenStart);
    }
    Splits(h_, Rule::kFunctionalSplit);
    Add(Rule::kEndingInToken, {{h_, kEndings}}, Anchor::kTokenStart);
  }

  // `s` as two or three functional morphemes, in an order an analysis can
  // have them: a pre-final ending or the copula before endings, an ending
  // before particles, particles in a row (더라/EC 도/JX, 이/VCP 라/EF 고/JKQ,
  // 에서/JKB 부터/JX). Not after ETM, nor an ending after EF/EC.
  void Splits(const std::u32string& s, Rule r) {
    constexpr TagMask kBeforeEnding = Tags({P::kEP, P::kVCP});
    constexpr TagMask kBeforeParticle = Tags({P::kEF, P::kEC, P::kETN}) | kParticles;
    for (size_t i = 1; i < s.size(); ++i) {
      const std::u32string a = s.substr(0, i), b = s.substr(i);
      Add(r, {{a, kBeforeEnding}, {b, kEndings}});
      Add(r, {{a, kBeforeParticle}, {b, kParticles}});
      for (size_t j = i + 1; j < s.size(); ++j) {
        const std::u32string m = s.substr(i, j - i), c = s.substr(j);
        Add(r, {{a, kBeforeEnding}, {m, kEndings & ~TagBit(P::kETM)}, {c, kParticles}});
        Add(r, {{a, kBeforeEnding}, {m, TagBit(P::kEP)}, {c, kEndings}});
        Add(r, {{a, kBeforeParticle}, {m, kParticles}, {c, kParticles}});
      }
    }
  }

  // Verb and adjective suffixes are listed with 다 (되다, 스럽다).
  void Affix() {
    std::u32string a = h_;
    if ((label_ & Tags({P::kXSV, P::kXSA})) && EndsWith(a, U"다")) {
      a.pop_back();
      Add(Rule::kExact, {{a, label_ & kAffixes}});
    }
    Add(Rule::kAffixInWord, {{a, kContent}}, Anchor::kTokenStart);
    Add(Rule::kAffixInWord, {{a, kContent}}, Anchor::kTokenEnd);
  }

  void PlainHaDoe() {
    if ((cls_ != HeadwordClass::kVerb && cls_ != HeadwordClass::kAdjective) || h_.size() < 2) return;
    const char32_t last = h_.back();
    if (last == U'하' || last == U'되')
      Add(Rule::kPlainHaDoe, {{h_.substr(0, h_.size() - 1), kAnyTag},
                              {std::u32string(1, last), Tags({P::kXSV, P::kXSA})}});
  }

  std::u32string h_;
  TagMask label_, others_;
  HeadwordClass cls_;
  const ConventionOptions& opt_;
  std::vector<Reading> out_;
};

}  // namespace

bool ParseTagList(std::string_view list, TagMask* out, std::string* bad_tag) {
  *out = 0;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    PosTag t;
    if (!ParseTag(name, &t) || t == PosTag::kUN) {
      if (bad_tag != nullptr) *bad_tag = std::string(name);
      return false;
    }
    *out |= TagBit(t);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
    if (list.empty()) {  // trailing comma
      if (bad_tag != nullptr) bad_tag->clear();
      return false;
    }
  }
  if (*out == 0 && bad_tag != nullptr) bad_tag->clear();
  return *out != 0;
}

std::string TagListName(TagMask tags) {
  std::string out;
  for (int t = 1; t < kNumTags; ++t) {
    if (!(tags & (TagMask{1} << t))) continue;
    if (!out.empty()) out.push_back(',');
    out.append(TagName(static_cast<PosTag>(t)));
  }
  return out;
}

HeadwordClass ClassOf(TagMask label) {
  using C = HeadwordClass;
  if (label == 0) return C::kOther;
  if ((label & ~kEndings) == 0) return C::kEnding;
  if ((label & ~kParticles) == 0) return C::kParticle;
  if ((label & ~kAffixes) == 0) return C::kAffix;
  if (label & kNouns) return C::kNoun;
  if (label & TagBit(P::kNR)) return C::kNumeral;
  if (label & Tags({P::kMAG, P::kMAJ})) return C::kAdverb;
  static const std::pair<PosTag, C> kSingle[] = {
      {P::kVV, C::kVerb}, {P::kVA, C::kAdjective}, {P::kVX, C::kAuxiliary}, {P::kMM, C::kDeterminer},
      {P::kNNB, C::kBoundNoun}, {P::kNP, C::kPronoun}, {P::kIC, C::kInterjection}};
  for (const auto& [tag, c] : kSingle)
    if (label == TagBit(tag)) return c;
  return C::kOther;
}

std::string_view ClassName(HeadwordClass c) {
  static const std::string_view kNames[kNumHeadwordClasses] = {
      "NNG", "VV", "VA", "VX", "MAG", "MM", "NNB", "NP", "NR", "IC", "ending", "particle", "affix", "other"};
  const auto i = static_cast<size_t>(c);
  return i < kNumHeadwordClasses ? kNames[i] : "other";
}

bool ClassInflects(HeadwordClass c, TagMask label) {
  switch (c) {
    case HeadwordClass::kVerb:
    case HeadwordClass::kAdjective:
    case HeadwordClass::kAuxiliary:
    case HeadwordClass::kEnding: return true;
    default: return (label & Tags({P::kVV, P::kVA, P::kVX, P::kXSV, P::kXSA, P::kVCP})) != 0;
  }
}

std::string_view RuleName(Rule r) {
  static const std::string_view kNames[kNumRules] = {
      "exact", "existence-verb", "suffix", "prefix", "noun-as-root", "numeral-as-nr", "compound-noun", "determiner-noun",
      "noun-predicate", "aux-compound", "nominalization", "ending-allomorph", "functional-split",
      "noun-in-compound", "ending-in-token", "affix-in-word", "suffix-cross", "light-verb",
      "predicate-swap", "noun-as-other", "adverb-as-noun", "reduplication", "plain-ha-doe"};
  const auto i = static_cast<size_t>(r);
  return i < kNumRules ? kNames[i] : "?";
}

bool RuleAccepted(Rule r, bool plain) {
  if (plain) return r == Rule::kExact || r == Rule::kPlainHaDoe;
  return r <= Rule::kAffixInWord;
}

HeadwordConventions::HeadwordConventions(ConventionOptions options) : options_(options) {}

void HeadwordConventions::AddEntry(std::string_view headword, TagMask label) {
  entries_[std::string(headword)] |= label;
}

TagMask HeadwordConventions::EntryTags(std::string_view headword) const {
  auto it = entries_.find(std::string(headword));
  return it == entries_.end() ? 0 : it->second;
}

std::vector<Reading> HeadwordConventions::Readings(std::string_view headword, TagMask label) const {
  std::u32string h;
  if (headword.empty() || label == 0 || !Utf8ToU32(headword, &h)) return {};
  // Tags this entry does not carry but another entry of the headword does.
  const TagMask others = EntryTags(headword) & ~label;
  return ReadingBuilder(std::move(h), label, others, options_).Build();
}

}  // namespace kma::weak
