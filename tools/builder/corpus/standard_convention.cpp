#include "tools/builder/corpus/standard_convention.h"

#include <utility>

#include "core/text/hangul.h"
#include "core/text/utf.h"

namespace kma::build {
namespace {

// Vowel and coda indices of hangul.h's syllable arithmetic.
constexpr int kVowelA = 0, kVowelYa = 2, kVowelO = 8, kVowelEu = 18;
constexpr int kCodaL = 8;

std::u32string U32(std::string_view s) {
  std::u32string out;
  if (!Utf8ToU32(s, &out)) out.clear();
  return out;
}

// The last character of a form if it is a Hangul syllable, else 0.
char32_t LastSyllable(const std::u32string& f) {
  return !f.empty() && hangul::IsSyllable(f.back()) ? f.back() : 0;
}

bool IsConjugatingStem(PosTag t) {
  return t == PosTag::kVV || t == PosTag::kVA || t == PosTag::kVX || t == PosTag::kXSV || t == PosTag::kXSA;
}

bool PositiveVowel(int v) { return v == kVowelA || v == kVowelYa || v == kVowelO; }

// 아 or 어: the infinitive vowel the stem takes (vowel harmony). ㅂ-irregular
// stems take 어 (가까워) except 돕 and 곱 (도와, 고와); a coda-less ㅡ follows
// the syllable before it (바빠, 예뻐, 써).
char32_t HarmonyVowel(const std::u32string& stem, IrregularClass irr) {
  const char32_t last = stem.back();
  if (irr == IrregularClass::kB) return last == U'돕' || last == U'곱' ? U'아' : U'어';
  const int v = hangul::VowelIndex(last);
  if (v == kVowelEu && !hangul::HasCoda(last)) {
    const bool has_prev = stem.size() >= 2 && hangul::IsSyllable(stem[stem.size() - 2]);
    return has_prev && PositiveVowel(hangul::VowelIndex(stem[stem.size() - 2])) ? U'아' : U'어';
  }
  return PositiveVowel(v) ? U'아' : U'어';
}

// 아 -> 어, 았 -> 었 (or back): the first syllable of an ending with the
// infinitive vowel `to`. `c` is one of StartsWithInfinitive's.
char32_t WithInfinitiveVowel(char32_t c, char32_t to) {
  const bool past = hangul::HasCoda(c);
  if (to == U'아') return past ? U'았' : U'아';
  return past ? U'었' : U'어';
}

// The endings whose first syllable is the infinitive vowel (여 and 였 are
// its spellings after 하 and 이).
bool StartsWithInfinitive(const std::u32string& f) {
  return !f.empty() && (f[0] == U'아' || f[0] == U'어' || f[0] == U'여' || f[0] == U'았' || f[0] == U'었' ||
                        f[0] == U'였');
}

// 같/VA ㄴ/ETM -> 은, ㄹ까 -> 을까, ㅁ -> 음, ㅂ니다 -> 습니다, ㅂ시다 -> 읍시다: the
// spelling an ending starting with a bare consonant takes after a stem
// ending in a consonant. False if `f` does not start so.
bool WithEuVowel(std::u32string* f) {
  if (f->empty()) return false;
  const char32_t c = (*f)[0];
  if (c == U'ㄴ' || c == U'ㄹ' || c == U'ㅁ') {
    (*f)[0] = hangul::AddCoda(U'으', hangul::CodaIndexOfJamo(hangul::CompatToCoda(c)));
    return true;
  }
  if (c != U'ㅂ' || f->size() < 2) return false;
  if ((*f)[1] == U'니' || (*f)[1] == U'디') {
    (*f)[0] = U'습';
    return true;
  }
  if ((*f)[1] == U'시') {
    (*f)[0] = U'읍';
    return true;
  }
  return false;
}

// The other way: 은 -> ㄴ, 을까 -> ㄹ까, 음 -> ㅁ after a vowel, ㄹ or an ㅂ- or
// ㅎ-irregular stem; after a vowel or ㄹ also 습니다 -> ㅂ니다, 읍시다 -> ㅂ시다
// and 으면 -> 면 (`coda_only` false). False if `f` does not start so.
bool WithoutEuVowel(std::u32string* f, bool coda_only) {
  if (f->empty()) return false;
  const char32_t c = (*f)[0];
  if (c == U'은' || c == U'을' || c == U'음') {
    (*f)[0] = hangul::CodaToCompat(hangul::CodaJamo(hangul::CodaIndex(c)));
    return true;
  }
  if (coda_only || f->size() < 2) return false;
  if (c == U'습' || c == U'읍') {
    (*f)[0] = U'ㅂ';
    return true;
  }
  if (c == U'으' && hangul::IsSyllable((*f)[1])) {
    f->erase(0, 1);
    return true;
  }
  return false;
}

// The honorific past written as one ending: 셨, 으셨.
bool IsHonorificPast(const std::string& form) { return form == "셨" || form == "으셨"; }

// 아ㅆ, 어ㅆ, 여ㅆ (a past tense written in two letters, as some dictionaries
// do) -> 았, 었, 였. False if `form` does not start so.
bool ComposePastSyllable(std::string* form) {
  std::u32string f = U32(*form);
  if (f.size() < 2 || f[1] != U'ㅆ' || (f[0] != U'아' && f[0] != U'어' && f[0] != U'여')) return false;
  f[1] = hangul::AddCoda(f[0], hangul::CodaIndexOfJamo(hangul::CompatToCoda(U'ㅆ')));
  f.erase(0, 1);
  *form = ToUtf8(f);
  return true;
}

// Adverbs the KAIST part writes for a 렇/떻 adjective with 게/EC.
bool IsAdverbialGe(const std::string& form) {
  return form == "이렇게" || form == "그렇게" || form == "저렇게" || form == "어떻게" || form == "아무렇게";
}

bool IsExistence(const std::string& form) { return form == "있" || form == "계시"; }

bool SameWord(const CorpusSentence& s, size_t i) { return i > 0 && i < s.size() && !s[i].word_initial; }

constexpr char kBat[] = "받";

// The ending's 으 (스) surfaces after a consonant other than ㄹ, unless an
// ㅂ- or ㅎ-irregular stem spells the coda endings on its own vowel (가까운,
// 그런: but 가까우면, 그러면). True if `f` was rewritten.
bool EndingAllomorph(char32_t last, IrregularClass irr, std::u32string* f) {
  const bool vowel_stem = irr == IrregularClass::kB || irr == IrregularClass::kH;
  if (hangul::HasCoda(last) && hangul::CodaIndex(last) != kCodaL && !vowel_stem) return WithEuVowel(f);
  return WithoutEuVowel(f, /*coda_only=*/vowel_stem);
}

}  // namespace

std::string_view ConventionRuleName(ConventionRule r) {
  static constexpr std::string_view kNames[kConventionRules] = {
      "contracted-past", "infinitive-suffix", "existence-verb", "adverbial-ge",  "ha-eo",
      "vowel-harmony",   "ending-allomorph",  "compound-join",  "compound-split", "suffix-bat",
      "compound-adjective"};
  return kNames[static_cast<size_t>(r)];
}

uint64_t ConventionCounts::total() const {
  uint64_t t = 0;
  for (uint64_t x : n) t += x;
  return t;
}

void ConventionCounts::Merge(const ConventionCounts& o) {
  for (size_t i = 0; i < n.size(); ++i) n[i] += o.n[i];
}

bool IsCompoundAuxiliary(std::string_view f) {
  static constexpr std::string_view kAux[] = {"가", "오", "나", "내", "버리", "주", "드리",
                                              "보", "지", "놓", "두", "대", "가지"};
  for (std::string_view a : kAux)
    if (f == a) return true;
  return false;
}

StandardConvention::StandardConvention(const MorphRules& rules, const ConventionFacts& facts)
    : rules_(&rules), facts_(&facts) {}

void StandardConvention::Apply(CorpusSentence* s, ConventionCounts* counts) const {
  ApplyMorphemeRules(s, counts);
  ApplyEndingRules(s, counts);
  ApplyCompoundRules(s, counts);
}

// Rules that rewrite one morpheme by itself (and ㅆ/EP by the one before).
void StandardConvention::ApplyMorphemeRules(CorpusSentence* s, ConventionCounts* counts) const {
  CorpusSentence out;
  out.reserve(s->size() + 2);
  for (size_t i = 0; i < s->size(); ++i) {
    CorpusMorph m = (*s)[i];
    if (m.tag == PosTag::kEP && ComposePastSyllable(&m.form)) {
      ++(*counts)[ConventionRule::kContractedPast];  // 여ㅆ -> 였: the rules below take it on
    } else if (m.tag == PosTag::kEP && m.form.rfind("ㅆ", 0) == 0 && !out.empty()) {
      const std::u32string prev = U32(out.back().form);
      const char32_t last = LastSyllable(prev);
      if (last != 0 && !hangul::HasCoda(last)) {
        const bool a = last != U'하' && PositiveVowel(hangul::VowelIndex(last));
        m.form = std::string(a ? "았" : "었") + m.form.substr(std::string("ㅆ").size());
        ++(*counts)[ConventionRule::kContractedPast];
      }
    } else if (m.tag == PosTag::kEP && IsHonorificPast(m.form)) {
      // 셨 is 시 + 었 (the kaist part writes it as one ending)
      out.push_back({m.form.substr(0, m.form.size() - std::string("셨").size()) + "시", PosTag::kEP, m.word_initial});
      m = {"었", PosTag::kEP, false};
      ++(*counts)[ConventionRule::kContractedPast];
    } else if (m.tag == PosTag::kXSV && (m.form == "아지" || m.form == "어지")) {
      out.push_back({m.form.substr(0, m.form.size() - std::string("지").size()), PosTag::kEC, m.word_initial});
      m = {"지", PosTag::kVX, false};
      ++(*counts)[ConventionRule::kInfinitiveSuffix];
    } else if (m.tag == PosTag::kVA && IsExistence(m.form)) {
      m.tag = PosTag::kVV;
      ++(*counts)[ConventionRule::kExistence];
    } else if (m.tag == PosTag::kMAG && IsAdverbialGe(m.form)) {
      out.push_back({m.form.substr(0, m.form.size() - std::string("게").size()), PosTag::kVA, m.word_initial});
      m = {"게", PosTag::kEC, false};
      ++(*counts)[ConventionRule::kAdverbialGe];
    }
    out.push_back(std::move(m));
  }
  *s = std::move(out);
}

// Endings after a stem: 하 takes 어 (and the copula 었), other stems 아 or 어
// by vowel harmony,
// and an ending that starts with a bare consonant takes 으 (스) after a
// consonant (not after ㄹ, nor after ㅂ- and ㅎ-irregular stems, which spell
// it as a coda: 가까운, 그런).
void StandardConvention::ApplyEndingRules(CorpusSentence* s, ConventionCounts* counts) const {
  for (size_t i = 1; i < s->size(); ++i) {
    CorpusMorph& m = (*s)[i];
    const CorpusMorph& p = (*s)[i - 1];
    if (!IsEnding(m.tag) || !SameWord(*s, i)) continue;
    std::u32string f = U32(m.form), pf = U32(p.form);
    const char32_t last = LastSyllable(pf);
    if (last == 0 || f.empty()) continue;
    const IrregularClass irr = IsConjugatingStem(p.tag) ? facts_->StemClass(p.form, p.tag) : IrregularClass::kNone;
    ConventionRule rule;
    const bool ha = IsConjugatingStem(p.tag) && last == U'하';
    if ((ha && (f[0] == U'아' || f[0] == U'여' || f[0] == U'았' || f[0] == U'였')) ||
        (p.tag == PosTag::kVCP && (f[0] == U'았' || f[0] == U'였'))) {
      f[0] = hangul::HasCoda(f[0]) ? U'었' : U'어';
      rule = ConventionRule::kHaEo;
    } else if (IsConjugatingStem(p.tag) && last != U'하' && StartsWithInfinitive(f) &&
               WithInfinitiveVowel(f[0], HarmonyVowel(pf, irr)) != f[0]) {
      f[0] = WithInfinitiveVowel(f[0], HarmonyVowel(pf, irr));
      rule = ConventionRule::kHarmony;
    } else if ((IsVerbLike(p.tag) || p.tag == PosTag::kEP) && EndingAllomorph(last, irr, &f)) {
      rule = ConventionRule::kEndingAllomorph;
    } else {
      continue;
    }
    m.form = ToUtf8(f);
    ++(*counts)[rule];
  }
}

std::string StandardConvention::ListedCompound(const CorpusMorph& stem, const std::string& ending,
                                               const std::string& aux) const {
  auto key = std::make_tuple(stem.form, static_cast<uint8_t>(stem.tag), ending, aux);
  auto it = compound_memo_.find(key);
  if (it != compound_memo_.end()) return it->second;
  std::string found;
  const IrregularClass irr = facts_->StemClass(stem.form, stem.tag);
  for (const std::string& w : rules_->CombineWords(stem.form, stem.tag, irr, ending, PosTag::kEC)) {
    if (facts_->IsLexicalised(w + aux, PosTag::kVV)) {
      found = w + aux;
      break;
    }
  }
  compound_memo_.emplace(std::move(key), found);
  return found;
}

// An unlisted compound verb (or any benefactive 주 compound) as stem + 아/어 +
// auxiliary; false (and nothing appended) if `m` is none. The part before
// the auxiliary must be two syllables or more (봐주 stays whole).
bool StandardConvention::SplitCompound(const CorpusMorph& m, CorpusSentence* out) const {
  if (m.tag != PosTag::kVV) return false;
  const std::u32string f = U32(m.form);
  for (size_t aux_len = 1; aux_len <= 2 && aux_len + 2 <= f.size(); ++aux_len) {
    const std::string aux = ToUtf8(f.substr(f.size() - aux_len));
    if (!IsCompoundAuxiliary(aux)) continue;
    if (aux != "주" && (facts_->IsLexicalised(m.form, PosTag::kVV) || facts_->IsLexicalised(m.form, PosTag::kVA)))
      return false;
    CorpusMorph stem;
    std::string ending;
    if (!facts_->InfinitiveOf(ToUtf8(f.substr(0, f.size() - aux_len)), &stem, &ending)) continue;
    out->push_back({stem.form, stem.tag, m.word_initial});
    out->push_back({ending, PosTag::kEC, false});
    out->push_back({aux, PosTag::kVX, false});
    return true;
  }
  return false;
}

// Compound verbs (listed ones joined, others split) and the suffix 받.
void StandardConvention::ApplyCompoundRules(CorpusSentence* s, ConventionCounts* counts) const {
  CorpusSentence out;
  out.reserve(s->size());
  for (size_t i = 0; i < s->size(); ++i) {
    const CorpusMorph& m = (*s)[i];
    if (SplitCompound(m, &out)) {
      ++(*counts)[ConventionRule::kCompoundSplit];
      continue;
    }
    const bool split_next = i + 2 < s->size() && SameWord(*s, i + 1) && SameWord(*s, i + 2);
    if (split_next && (m.tag == PosTag::kVV || m.tag == PosTag::kVA) && (*s)[i + 1].tag == PosTag::kEC &&
        ((*s)[i + 1].form == "아" || (*s)[i + 1].form == "어") && (*s)[i + 2].tag == PosTag::kVX &&
        (*s)[i + 2].form != "주" && IsCompoundAuxiliary((*s)[i + 2].form)) {
      const std::string c = ListedCompound(m, (*s)[i + 1].form, (*s)[i + 2].form);
      if (!c.empty()) {
        out.push_back({c, PosTag::kVV, m.word_initial});
        i += 2;
        ++(*counts)[ConventionRule::kCompoundJoin];
        continue;
      }
    }
    ConventionRule rule;
    if (RewriteNounPredicate(*s, &i, &out, &rule)) {
      ++(*counts)[rule];
      continue;
    }
    out.push_back(m);
  }
  *s = std::move(out);
}

// 받 after a noun is the suffix 받/XSV unless the dictionaries list the verb
// (인정받/VV); a noun + 있/없 adjective is one morpheme if they list it
// (재미있/VA), else two (인기/NNG 있/VV).
bool StandardConvention::RewriteNounPredicate(const CorpusSentence& s, size_t* i, CorpusSentence* out,
                                              ConventionRule* rule) const {
  const CorpusMorph& m = s[*i];
  const std::string bat = kBat;
  if (m.tag == PosTag::kNNG && SameWord(s, *i + 1)) {
    const CorpusMorph& next = s[*i + 1];
    const bool bat_next = next.form == bat && (next.tag == PosTag::kVV || next.tag == PosTag::kXSV);
    const bool adj_next = (next.form == "있" || next.form == "없") && (next.tag == PosTag::kVV || next.tag == PosTag::kVA);
    const PosTag joined_tag = bat_next ? PosTag::kVV : PosTag::kVA;
    if ((bat_next || adj_next) && facts_->IsLexicalised(m.form + next.form, joined_tag)) {
      out->push_back({m.form + next.form, joined_tag, m.word_initial});
      ++*i;
      *rule = bat_next ? ConventionRule::kSuffixBat : ConventionRule::kCompoundAdjective;
      return true;
    }
    if (bat_next && next.tag == PosTag::kVV) {
      out->push_back(m);
      out->push_back({bat, PosTag::kXSV, false});
      ++*i;
      *rule = ConventionRule::kSuffixBat;
      return true;
    }
  }
  // An unlisted noun + 받 verb or noun + 있/없 adjective in one morpheme.
  struct Part {
    PosTag whole_tag;
    const char* predicate;
    PosTag predicate_tag;
    ConventionRule rule;
  };
  static constexpr Part kParts[] = {{PosTag::kVV, kBat, PosTag::kXSV, ConventionRule::kSuffixBat},
                                    {PosTag::kVA, "있", PosTag::kVV, ConventionRule::kCompoundAdjective},
                                    {PosTag::kVA, "없", PosTag::kVA, ConventionRule::kCompoundAdjective}};
  for (const Part& part : kParts) {
    const std::string pred = part.predicate;
    if (m.tag != part.whole_tag || m.form.size() < pred.size() + 3 ||
        m.form.compare(m.form.size() - pred.size(), pred.size(), pred) != 0)
      continue;
    const std::string noun = m.form.substr(0, m.form.size() - pred.size());
    if (!facts_->IsNoun(noun) || facts_->IsLexicalised(m.form, part.whole_tag)) return false;
    out->push_back({noun, PosTag::kNNG, m.word_initial});
    out->push_back({pred, part.predicate_tag, false});
    *rule = part.rule;
    return true;
  }
  return false;
}

bool StandardConvention::Writes(const std::string& form, PosTag tag) const {
  std::string composed = form;
  if (tag == PosTag::kEP && (form.rfind("ㅆ", 0) == 0 || ComposePastSyllable(&composed))) return false;
  if (tag == PosTag::kEP && IsHonorificPast(form)) return false;
  if (tag == PosTag::kXSV && (form == "아지" || form == "어지")) return false;
  if (tag == PosTag::kVA && IsExistence(form)) return false;
  if (tag == PosTag::kMAG && IsAdverbialGe(form)) return false;
  CorpusSentence one = {{form, tag, true}};
  ConventionCounts ignored;
  ApplyCompoundRules(&one, &ignored);
  return one.size() == 1 && one[0].form == form && one[0].tag == tag;
}

}  // namespace kma::build
