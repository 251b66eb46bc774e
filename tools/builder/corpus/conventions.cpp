#include "tools/builder/corpus/conventions.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace kma::build {
namespace {

struct MorphKey {
  std::string form;
  PosTag tag;
  bool operator<(const MorphKey& o) const { return std::tie(form, tag) < std::tie(o.form, o.tag); }
};

std::map<MorphKey, IrregularClass> IrregularStems(const std::vector<LexiconEntry>& lexicon) {
  std::map<MorphKey, IrregularClass> irr;
  for (const auto& e : lexicon) {
    IrregularClass c;
    if (!e.irregular.empty() && ParseIrregularClass(e.irregular, &c)) irr[{e.form, e.tag}] = c;
  }
  return irr;
}

}  // namespace

// The corpus sources disagree on "verb + 아/어 + 주" (doing for someone):
// most sentences split it (돕/VV 아/EC 주/VX, 563 times in train.tsv), some
// write one verb (도와주/VV, 71 times), and the lexicon lists such compounds
// too. Mixed conventions blur the LM, so compounds whose prefix the rules
// can rebuild from a corpus stem + 아/어 are rewritten to the split form in
// the training data and dropped from the lexicon.
void UnifyBenefactive(const MorphRules& rules, std::vector<CorpusSentence>* corpus,
                      std::vector<LexiconEntry>* lexicon, const LogFn& log) {
  static const std::string kAux = "주";
  const std::map<MorphKey, IrregularClass> irr = IrregularStems(*lexicon);
  std::set<MorphKey> stems;
  for (const auto& s : *corpus)
    for (const auto& m : s)
      if (m.tag == PosTag::kVV || m.tag == PosTag::kVA) stems.insert({m.form, m.tag});
  // Spelling of stem + 아/어 -> (stem, ending); the first (sorted) stem wins.
  std::map<std::string, std::pair<MorphKey, std::string>> prefix_of;
  for (const MorphKey& st : stems) {
    auto it = irr.find(st);
    IrregularClass c = it == irr.end() ? IrregularClass::kNone : it->second;
    for (const char* e : {"아", "어"})
      for (const std::string& w : rules.CombineWords(st.form, st.tag, c, e, PosTag::kEC))
        prefix_of.emplace(w, std::make_pair(st, std::string(e)));
  }
  auto split_of = [&](const std::string& form, PosTag tag, std::pair<MorphKey, std::string>* out) {
    if (tag != PosTag::kVV || form.size() < kAux.size() + 6 ||
        form.compare(form.size() - kAux.size(), kAux.size(), kAux) != 0)
      return false;  // needs at least two syllables (6 bytes) before 주
    auto it = prefix_of.find(form.substr(0, form.size() - kAux.size()));
    if (it == prefix_of.end()) return false;
    *out = it->second;
    return true;
  };
  size_t rewritten = 0;
  for (auto& s : *corpus) {
    CorpusSentence out;
    for (const auto& m : s) {
      std::pair<MorphKey, std::string> sp;
      if (!split_of(m.form, m.tag, &sp)) { out.push_back(m); continue; }
      out.push_back({sp.first.form, sp.first.tag, m.word_initial});
      out.push_back({sp.second, PosTag::kEC, false});
      out.push_back({kAux, PosTag::kVX, false});
      ++rewritten;
    }
    s = std::move(out);
  }
  size_t before = lexicon->size();
  lexicon->erase(std::remove_if(lexicon->begin(), lexicon->end(),
                                [&](const LexiconEntry& e) {
                                  std::pair<MorphKey, std::string> sp;
                                  return split_of(e.form, e.tag, &sp);
                                }),
                 lexicon->end());
  if (log)
    log("benefactive 주: " + std::to_string(rewritten) + " corpus morphemes split, " +
        std::to_string(before - lexicon->size()) + " lexicon compounds dropped");
}


void JoinMotionCompounds(const MorphRules& rules, const std::vector<LexiconEntry>& lexicon,
                         std::vector<CorpusSentence>* corpus, const LogFn& log) {
  const std::map<MorphKey, IrregularClass> irr = IrregularStems(lexicon);
  std::set<std::string> compounds;  // well-attested VV forms
  for (const auto& e : lexicon)
    if (e.tag == PosTag::kVV && e.source_count >= kMotionCompoundMinSources) compounds.insert(e.form);
  // (stem, ending, auxiliary) -> compound form, or "" when there is none.
  std::map<std::tuple<std::string, std::string, std::string>, std::string> memo;
  auto compound_of = [&](const CorpusMorph& stem, const CorpusMorph& ec, const CorpusMorph& aux) {
    auto key = std::make_tuple(stem.form, ec.form, aux.form);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    auto ir = irr.find({stem.form, stem.tag});
    IrregularClass c = ir == irr.end() ? IrregularClass::kNone : ir->second;
    std::string found;
    for (const std::string& w : rules.CombineWords(stem.form, stem.tag, c, ec.form, PosTag::kEC)) {
      if (compounds.count(w + aux.form)) {
        found = w + aux.form;
        break;
      }
    }
    memo.emplace(key, found);
    return found;
  };
  // stem/VV 아|어/EC 가|오/VX inside one word.
  auto is_split = [](const CorpusSentence& s, size_t i) {
    return i + 2 < s.size() && s[i].tag == PosTag::kVV && s[i + 1].tag == PosTag::kEC &&
           (s[i + 1].form == "아" || s[i + 1].form == "어") && s[i + 2].tag == PosTag::kVX &&
           (s[i + 2].form == "가" || s[i + 2].form == "오") && !s[i + 1].word_initial && !s[i + 2].word_initial;
  };
  size_t joined = 0;
  for (auto& s : *corpus) {
    CorpusSentence out;
    for (size_t i = 0; i < s.size(); ++i) {
      if (is_split(s, i)) {
        std::string c = compound_of(s[i], s[i + 1], s[i + 2]);
        if (!c.empty()) {
          out.push_back({c, PosTag::kVV, s[i].word_initial});
          i += 2;
          ++joined;
          continue;
        }
      }
      out.push_back(s[i]);
    }
    s = std::move(out);
  }
  if (log) log("motion compounds: " + std::to_string(joined) + " split analyses joined");
}

}  // namespace kma::build
