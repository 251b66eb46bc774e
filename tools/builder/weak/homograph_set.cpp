// The homograph set of the dictionary examples (homograph_set.h).
#include "tools/builder/weak/homograph_set.h"

#include <algorithm>
#include <map>
#include <utility>

#include "core/base/thread_pool.h"
#include "core/morph/conjugation.h"
#include "core/text/hangul.h"
#include "core/text/utf.h"
#include "tools/builder/weak/held_out.h"

namespace kma::weak {
namespace {

// The dictionary classes whose entries are words of their own (endings,
// particles and affixes are not one morpheme in corpus convention, see
// headword_convention.h).
bool IsWordClass(HeadwordClass c) {
  switch (c) {
    case HeadwordClass::kNoun: case HeadwordClass::kVerb: case HeadwordClass::kAdjective:
    case HeadwordClass::kAuxiliary: case HeadwordClass::kAdverb: case HeadwordClass::kDeterminer:
    case HeadwordClass::kBoundNoun: case HeadwordClass::kPronoun: case HeadwordClass::kNumeral:
    case HeadwordClass::kInterjection:
      return true;
    default:
      return false;
  }
}

// The tags of a lexicon word as a rival entry: verb and adjective stems
// only (the lexicon's stems the dictionary lacks are other words, 굽 VA
// "bent" beside the dictionary's 굽 VV "roast"; its other extra tags are
// its resources' conventions, such as every main verb also tagged as an
// auxiliary, 먹 VX); 0 for other tags.
TagMask LexiconRivalTags(PosTag t) { return t == PosTag::kVV || t == PosTag::kVA ? TagBit(t) : 0; }

// Lexicon stems the set trusts as rivals: attested by two resources with a
// count of 50. Below that they are mostly one resource's segmentation
// artifacts (돌아/VV 1, 들어/VV 1, 하/VA 27, 않/VA 26); 굽/VA has 60.
bool TrustedStem(const build::LexiconEntry& e) { return e.source_count >= 2 && e.count >= 50; }

// Endings and particles, a closed class: the frequent ones. With two
// resources and a count of 100 they are 401 forms, which cover 99.2% of the
// endings and particles of corpus/train.tsv (counted by form and class); the
// 2,597 of any count add rare and dialect forms (누/EF, count 37) that make
// words alike which text hardly ever confuses.
bool FrequentFunctionWord(const build::LexiconEntry& e) { return e.source_count >= 2 && e.count >= 100; }

std::u32string Normalized(std::string_view utf8) {
  std::u32string s;
  if (!Utf8ToU32(utf8, &s)) return {};
  return hangul::SplitCodas(s, true);
}

PosTag FirstTag(TagMask tags) {
  for (int t = 0; t < kNumTags; ++t)
    if (tags & (TagMask{1} << t)) return static_cast<PosTag>(t);
  return PosTag::kUN;
}

// True if `inner`'s morphemes are consecutive morphemes of `outer` (a
// compound's reading 걷/VV 어/EC 가/VX holds 걷/VV): then an analysis holding
// the one may hold the other, and the two cannot be told apart.
bool Contains(const Reading& outer, const Reading& inner) {
  if (outer.anchor != Anchor::kMorphemes || inner.anchor != Anchor::kMorphemes || inner.morphs.empty()) return false;
  for (size_t i = 0; i + inner.morphs.size() <= outer.morphs.size(); ++i) {
    size_t k = 0;
    while (k < inner.morphs.size() && outer.morphs[i + k].form == inner.morphs[k].form &&
           (outer.morphs[i + k].tags & inner.morphs[k].tags))
      ++k;
    if (k == inner.morphs.size()) return true;
  }
  return false;
}

bool Inflects(TagMask tags) {
  const PosTag t = FirstTag(tags);
  return t == PosTag::kVV || t == PosTag::kVA || t == PosTag::kVX;
}

std::string EntryKey(std::string_view headword, TagMask tags) {
  return std::string(headword) + '\t' + std::to_string(tags);
}

}  // namespace

bool IsHeldOutHomographText(std::string_view text) { return HeadwordHash(text) % 10 < kHomographHeldOutTenths; }

void HomographSet::AddEntries(const std::vector<DictExample>& examples,
                              const std::vector<build::LexiconEntry>& lexicon) {
  HeadwordConventions conventions;
  for (const DictExample& ex : examples) conventions.AddEntry(ex.headword, ex.tags);
  std::unordered_map<std::string, TagMask> dictionary_tags;  // headword -> tags of all its entries
  for (const DictExample& ex : examples) {
    if (!IsWordClass(ClassOf(ex.tags))) continue;
    auto [it, added] = dictionary_ids_.emplace(EntryKey(ex.headword, ex.tags), uint32_t(entries_.size()));
    if (!added) continue;
    dictionary_tags[std::string(ex.headword)] |= ex.tags;
    Entry e{std::string(ex.headword), ex.tags, true, {}, {}};
    for (Reading& r : conventions.Readings(ex.headword, ex.tags))
      if (RuleAccepted(r.rule, false)) e.readings.push_back(std::move(r));
    entries_.push_back(std::move(e));
  }
  // Lexicon words no dictionary entry of the same form covers, one entry per
  // form and class.
  std::map<std::pair<std::string, TagMask>, bool> lexicon_words;
  for (const build::LexiconEntry& l : lexicon) {
    const TagMask tags = LexiconRivalTags(l.tag);
    if (tags == 0 || !TrustedStem(l)) continue;
    auto d = dictionary_tags.find(l.form);
    if (d != dictionary_tags.end() && (d->second & tags)) continue;
    lexicon_words[{l.form, tags}] = true;
  }
  for (const auto& [key, unused] : lexicon_words) {
    Entry e{key.first, key.second, false, {}, {}};
    e.readings.push_back({Rule::kExact, Anchor::kMorphemes, {{key.first, key.second}}});
    entries_.push_back(std::move(e));
  }
  for (Entry& e : entries_) e.name = e.form + " " + std::string(TagName(FirstTag(e.tags)));
}

std::unique_ptr<HomographSet> HomographSet::Build(const std::vector<DictExample>& examples, const MorphRules& rules,
                                                  const std::vector<build::LexiconEntry>& lexicon) {
  std::unique_ptr<HomographSet> set(new HomographSet());
  set->AddEntries(examples, lexicon);
  std::map<std::pair<std::string, PosTag>, IrregularClass> irregular;
  std::vector<Follower> endings, particles;
  for (const build::LexiconEntry& l : lexicon) {
    IrregularClass irr;
    if (!l.irregular.empty() && ParseIrregularClass(l.irregular, &irr)) irregular[{l.form, l.tag}] = irr;
    if (!FrequentFunctionWord(l)) continue;
    if (IsEnding(l.tag)) endings.push_back({Normalized(l.form), l.tag});
    if (IsParticle(l.tag)) particles.push_back({Normalized(l.form), l.tag});
  }
  std::vector<StartWord> words;
  for (const Entry& e : set->entries_) {
    StartWord w;
    w.norm = Normalized(e.form);
    w.tag = FirstTag(e.tags);
    w.inflects = Inflects(e.tags);
    if (w.inflects) {
      auto it = irregular.find({e.form, w.tag});
      w.irregular = it != irregular.end() ? it->second : DefaultIrregularClass(e.form, w.tag);
    }
    words.push_back(std::move(w));
  }
  set->starts_ = std::make_unique<WordStartIndex>(rules, std::move(words), endings, particles);
  return set;
}

uint32_t HomographSet::EntryId(std::string_view headword, TagMask tags) const {
  auto it = dictionary_ids_.find(EntryKey(headword, tags));
  return it == dictionary_ids_.end() ? UINT32_MAX : it->second;
}

bool HomographSet::Distinct(uint32_t a, uint32_t b) const {
  const Entry& x = entries_[a];
  const Entry& y = entries_[b];
  if (x.form == y.form && (x.tags & y.tags)) return false;
  // Words of different spellings are rivals only as two stems (걷 and 걸):
  // a noun against another noun plus particles (종이 against 종 + 이) would
  // need the particles' allomorphs and order, which the rules do not know,
  // and a noun spelled like a stem plus an ending (가게, 가 + 게) is a
  // different word, not a homograph of the stem.
  if (x.form != y.form && !(Inflects(x.tags) && Inflects(y.tags))) return false;
  for (const Reading& r : x.readings)
    for (const Reading& s : y.readings)
      if (Contains(r, s) || Contains(s, r)) return false;
  return true;
}

bool HomographSet::Find(const DictExample& ex, Match* m) const {
  const uint32_t id = EntryId(ex.headword, ex.tags);
  if (id == UINT32_MAX) return false;
  const std::vector<ByteSpan> spans =
      FindHeadwordSurface(ex.text, ex.headword, ClassInflects(ClassOf(ex.tags), ex.tags), false);
  if (spans.empty()) return false;
  std::u32string text;
  std::vector<uint32_t> offsets;
  if (!DecodeUtf8(ex.text, &text, &offsets).ok()) return false;
  Match found;
  found.entry = id;
  for (const ByteSpan& span : spans) {
    const size_t begin = std::lower_bound(offsets.begin(), offsets.end(), span.begin) - offsets.begin();
    size_t end = begin;
    while (end < text.size() && hangul::IsSyllable(text[end])) ++end;
    if (end == begin) continue;
    const std::u32string word = hangul::SplitCodas(std::u32string_view(text).substr(begin, end - begin), false);
    if (!starts_->Begins(id, word)) continue;
    bool ambiguous = false;
    for (uint32_t other : starts_->Beginning(word)) {
      if (other == id || !Distinct(id, other)) continue;
      found.rivals.push_back(other);
      ambiguous = true;
    }
    if (ambiguous) found.words.push_back({offsets[begin], offsets[end]});
  }
  if (found.rivals.empty()) return false;
  std::sort(found.rivals.begin(), found.rivals.end());
  found.rivals.erase(std::unique(found.rivals.begin(), found.rivals.end()), found.rivals.end());
  if (m) *m = std::move(found);
  return true;
}

std::vector<HomographSet::Match> HomographSet::FindAll(const std::vector<DictExample>& examples,
                                                      size_t threads) const {
  std::vector<Match> out(examples.size());
  ThreadPool pool(std::max<size_t>(threads, 1));
  pool.Run(examples.size(), [&](size_t, size_t i) {
    if (!Find(examples[i], &out[i])) out[i] = Match();
  });
  return out;
}

Status LoadHomographSet(const std::vector<DictExample>& examples, const std::string& lexicon_dir,
                        const std::string& rules_path, std::unique_ptr<HomographSet>* out) {
  std::vector<build::LexiconEntry> lexicon;
  KMA_RETURN_IF_ERROR(build::ReadLexicon(lexicon_dir + "/lexicon.tsv", &lexicon));
  KMA_RETURN_IF_ERROR(build::ReadIrregular(lexicon_dir + "/irregular.tsv", &lexicon));
  auto rules = MorphRules::Load(rules_path);
  if (!rules.ok()) return rules.status();
  *out = HomographSet::Build(examples, rules.value(), lexicon);
  return Status::Ok();
}

bool IsTrainingExample(const DictExample& ex, const HomographSet& set) {
  if (IsHeldOutHeadword(ex.headword)) return false;
  return !IsHeldOutHomographText(ex.text) || !set.Find(ex);
}

std::vector<bool> TrainingExamples(const std::vector<DictExample>& examples, const HomographSet& set,
                                   size_t threads) {
  std::vector<uint8_t> ok(examples.size());
  ThreadPool pool(std::max<size_t>(threads, 1));
  pool.Run(examples.size(), [&](size_t, size_t i) { ok[i] = IsTrainingExample(examples[i], set); });
  return std::vector<bool>(ok.begin(), ok.end());
}

}  // namespace kma::weak
