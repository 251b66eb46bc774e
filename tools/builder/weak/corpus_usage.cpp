#include "tools/builder/weak/corpus_usage.h"

namespace kma::weak {

CorpusUsage::CorpusUsage(const HeadwordConventions& conventions) : conventions_(conventions) {}

void CorpusUsage::AddEntry(std::string_view headword, TagMask label) {
  std::string key(headword);
  key.push_back('\t');
  key += std::to_string(label);
  if (!entry_index_.emplace(key, entries_.size()).second) return;
  Entry e;
  e.cls = ClassOf(label);
  e.readings = conventions_.Readings(headword, label);
  const auto id = static_cast<uint32_t>(entries_.size());
  for (size_t r = 0; r < e.readings.size(); ++r) {
    const Reading& reading = e.readings[r];
    if (reading.morphs.empty()) continue;
    e.rules |= RuleBit(reading.rule);
    auto& index = reading.anchor == Anchor::kMorphemes   ? by_first_form_
                  : reading.anchor == Anchor::kTokenStart ? by_start_
                                                          : by_end_;
    index[reading.morphs[0].form].emplace_back(id, static_cast<uint32_t>(r));
  }
  entries_.push_back(std::move(e));
}

bool CorpusUsage::AddGoldLine(std::string_view line, std::string* error) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  size_t tab = line.find('\t');
  if (tab == std::string_view::npos) {
    *error = "no TAB after the raw text";
    return false;
  }
  morphs_.clear();
  uint32_t word = 0;
  for (std::string_view rest = line.substr(tab + 1);; ++word) {
    tab = rest.find('\t');
    std::string_view column = rest.substr(0, tab);
    while (!column.empty()) {
      const size_t space = column.find(' ');
      const std::string_view m = column.substr(0, space);
      const size_t slash = m.rfind('/');
      PosTag tag;
      if (slash == 0 || slash == std::string_view::npos || !ParseTag(m.substr(slash + 1), &tag)) {
        *error = "word " + std::to_string(word + 1) + ": bad morpheme '" + std::string(m) + "' (form/TAG)";
        return false;
      }
      morphs_.push_back({m.substr(0, slash), tag, word, {}});
      column = space == std::string_view::npos ? std::string_view() : column.substr(space + 1);
    }
    if (tab == std::string_view::npos) break;
    rest.remove_prefix(tab + 1);
  }
  for (size_t i = 0; i < morphs_.size(); ++i) {
    CountAnchored(morphs_[i]);
    auto it = by_first_form_.find(std::string(morphs_[i].form));
    if (it == by_first_form_.end()) continue;
    // One count per entry and rule at a position, however many of the
    // rule's readings match there.
    std::vector<std::pair<uint32_t, Rule>> counted;
    for (const auto& [e, r] : it->second) {
      const Reading& reading = entries_[e].readings[r];
      bool seen = false;
      for (const auto& c : counted) seen |= c.first == e && c.second == reading.rule;
      if (seen || !ReadingAt(morphs_, i, reading)) continue;
      counted.emplace_back(e, reading.rule);
      ++entries_[e].occurrences[static_cast<int>(reading.rule)];
    }
  }
  return true;
}

void CorpusUsage::CountAnchored(const MorphView& m) {
  if (by_start_.empty() && by_end_.empty()) return;
  // Every proper prefix and suffix that ends on a UTF-8 character boundary.
  for (size_t n = 1; n < m.form.size(); ++n) {
    for (bool start : {true, false}) {
      const size_t cut = start ? n : m.form.size() - n;
      if ((static_cast<unsigned char>(m.form[cut]) & 0xC0) == 0x80) continue;
      const auto& index = start ? by_start_ : by_end_;
      auto it = index.find(std::string(start ? m.form.substr(0, n) : m.form.substr(cut)));
      if (it == index.end()) continue;
      std::vector<uint32_t> counted;  // one count per entry and position
      for (const auto& [e, r] : it->second) {
        const Reading& reading = entries_[e].readings[r];
        if (!(reading.morphs[0].tags & TagBit(m.tag))) continue;
        bool seen = false;
        for (uint32_t c : counted) seen |= c == e;
        if (seen) continue;
        counted.push_back(e);
        ++entries_[e].occurrences[static_cast<int>(reading.rule)];
      }
    }
  }
}

RuleUsage CorpusUsage::Usage(HeadwordClass c, Rule r) const {
  RuleUsage u;
  const int ri = static_cast<int>(r), exact = static_cast<int>(Rule::kExact);
  for (const Entry& e : entries_) {
    if (e.cls != c || !(e.rules & RuleBit(r))) continue;
    u.occurrences += e.occurrences[ri];
    u.headwords += e.occurrences[ri] > 0;
    if (e.occurrences[ri] > 0) u.exact_of_seen += e.occurrences[exact];
    int64_t any = 0;
    for (int64_t n : e.occurrences) any += n;
    if (any == 0) continue;
    ++u.applicable;
    u.exact_occurrences += e.occurrences[exact];
  }
  if (r == Rule::kExact) u.exact_occurrences = u.exact_of_seen = 0;  // the share of kExact is 1
  return u;
}

}  // namespace kma::weak
