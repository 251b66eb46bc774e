#include "tools/builder/corpus/conventions.h"

#include <algorithm>

#include "core/morph/conjugation.h"

namespace kma::build {

LexiconFacts::LexiconFacts(const MorphRules& rules, const std::vector<LexiconEntry>& lexicon,
                           const std::vector<CorpusSentence>& corpus) {
  for (const LexiconEntry& e : lexicon) {
    IrregularClass c;
    if (!e.irregular.empty() && ParseIrregularClass(e.irregular, &c)) irregular_[{e.form, e.tag}] = c;
    if ((e.tag == PosTag::kVV || e.tag == PosTag::kVA) && e.source_count >= kLexicalisedMinSources)
      lexicalised_.insert({e.form, e.tag});
    if (e.tag == PosTag::kNNG) nouns_.insert(e.form);
  }
  std::map<Key, uint64_t> stems;
  for (const CorpusSentence& s : corpus) {
    for (const CorpusMorph& m : s) {
      if (m.tag == PosTag::kVV || m.tag == PosTag::kVA) ++stems[{m.form, m.tag}];
      if (m.tag == PosTag::kNNG) nouns_.insert(m.form);
    }
  }
  std::map<std::string, uint64_t> best_count;
  std::vector<float> penalties;
  for (const auto& [st, count] : stems) {
    const IrregularClass c = StemClass(st.first, st.second);
    for (const char* e : {"아", "어"}) {
      const std::vector<std::string> words = rules.CombineWords(st.first, st.second, c, e, PosTag::kEC, &penalties);
      for (size_t i = 0; i < words.size(); ++i) {
        if (penalties[i] > 0) continue;
        uint64_t& best = best_count[words[i]];
        if (count <= best) continue;
        best = count;
        infinitive_of_[words[i]] = std::make_pair(st, std::string(e));
      }
    }
  }
}

IrregularClass LexiconFacts::StemClass(std::string_view form, PosTag tag) const {
  auto it = irregular_.find({std::string(form), tag});
  return it != irregular_.end() ? it->second : DefaultIrregularClass(form, tag);
}

bool LexiconFacts::IsLexicalised(std::string_view form, PosTag tag) const {
  return lexicalised_.count({std::string(form), tag}) > 0;
}

bool LexiconFacts::IsNoun(std::string_view form) const { return nouns_.count(std::string(form)) > 0; }

bool LexiconFacts::InfinitiveOf(std::string_view prefix, CorpusMorph* stem, std::string* ending) const {
  auto it = infinitive_of_.find(prefix);
  if (it == infinitive_of_.end()) return false;
  *stem = {it->second.first.first, it->second.first.second, true};
  *ending = it->second.second;
  return true;
}

void MapCorpus(const StandardConvention& convention, const std::vector<std::string>& sources,
               const std::string& fallback, size_t first, std::vector<CorpusSentence>* corpus,
               ConventionReport* report) {
  for (size_t i = first; i < corpus->size(); ++i) {
    const std::string& src = i - first < sources.size() ? sources[i - first] : fallback;
    convention.Apply(&(*corpus)[i], &(*report)[src]);
  }
}

size_t DropUnwrittenEntries(const StandardConvention& convention, std::vector<LexiconEntry>* lexicon) {
  const size_t before = lexicon->size();
  lexicon->erase(std::remove_if(lexicon->begin(), lexicon->end(),
                                [&](const LexiconEntry& e) { return !convention.Writes(e.form, e.tag); }),
                 lexicon->end());
  return before - lexicon->size();
}

void LogConventionReport(const ConventionReport& report, const LogFn& log) {
  if (!log) return;
  for (const auto& [src, counts] : report) {
    std::string line = "convention " + src + ": " + std::to_string(counts.total()) + " rewrites";
    for (int r = 0; r < kConventionRules; ++r) {
      const auto rule = static_cast<ConventionRule>(r);
      if (counts[rule] > 0) line += ", " + std::string(ConventionRuleName(rule)) + " " + std::to_string(counts[rule]);
    }
    log(line);
  }
}

}  // namespace kma::build
