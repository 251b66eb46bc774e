// Fuzz target: the homograph set of the dictionary examples
// (tools/builder/weak/homograph_set.h) over examples files it was not made
// for, with the lexicon of tests/data/homographs and the project's rules.
//
// Input: the text of an examples file (lines that do not parse are
// skipped). Checks, for every example: a match names the example's own
// entry, its rivals are sorted, distinct and not that entry, and its words
// are byte ranges of the text on UTF-8 boundaries; FindAll() agrees with
// Find(); the training predicate refuses the held-out headwords and the
// held-out homograph examples and nothing else; an example is never in the
// set when its text does not spell its headword's word.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "core/text/utf.h"
#include "tests/fuzz/fuzz_util.h"
#include "tools/builder/corpus/corpus_reader.h"
#include "tools/builder/weak/held_out.h"
#include "tools/builder/weak/homograph_set.h"

namespace {

using kma::weak::DictExample;
using kma::weak::HomographSet;

const std::vector<kma::build::LexiconEntry>& Lexicon() {
  static const std::vector<kma::build::LexiconEntry> lexicon = [] {
    std::vector<kma::build::LexiconEntry> l;
    FUZZ_CHECK(kma::build::ReadLexicon(KMA_FUZZ_HOMOGRAPH_DIR "/lexicon/lexicon.tsv", &l).ok(), "lexicon.tsv");
    FUZZ_CHECK(kma::build::ReadIrregular(KMA_FUZZ_HOMOGRAPH_DIR "/lexicon/irregular.tsv", &l).ok(), "irregular");
    return l;
  }();
  return lexicon;
}

const kma::MorphRules& Rules() {
  static const kma::MorphRules rules = [] {
    auto r = kma::MorphRules::Load(KMA_FUZZ_RULES_PATH);
    FUZZ_CHECK(r.ok(), "the rule file does not load");
    return std::move(r).value();
  }();
  return rules;
}

bool OnBoundary(std::string_view text, uint32_t at) {
  return at == text.size() || (at < text.size() && (static_cast<uint8_t>(text[at]) & 0xC0) != 0x80);
}

void CheckMatch(const HomographSet& set, const DictExample& ex, const HomographSet::Match& m) {
  FUZZ_CHECK(m.entry < set.entry_count() && set.entry(m.entry).dictionary &&
                 set.entry(m.entry).form == ex.headword && set.entry(m.entry).tags == ex.tags,
             "a match names another entry than the example's: " + std::string(ex.text));
  for (size_t i = 0; i < m.rivals.size(); ++i) {
    FUZZ_CHECK(m.rivals[i] < set.entry_count() && m.rivals[i] != m.entry, "a bad rival id");
    FUZZ_CHECK(i == 0 || m.rivals[i - 1] < m.rivals[i], "rivals not sorted and distinct");
  }
  FUZZ_CHECK(!m.words.empty(), "a homograph example without an ambiguous word");
  for (const auto& w : m.words)
    FUZZ_CHECK(w.begin < w.end && w.end <= ex.text.size() && OnBoundary(ex.text, w.begin) &&
                   OnBoundary(ex.text, w.end),
               "an ambiguous word outside the text or inside a character");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::deque<std::string> lines;
  std::vector<DictExample> examples;
  for (size_t pos = 0; pos < input.size();) {
    const size_t nl = std::min(input.find('\n', pos), input.size());
    lines.emplace_back(input.substr(pos, nl - pos));
    pos = nl + 1;
    DictExample ex;
    std::string error;
    if (kma::weak::IsDictExampleComment(lines.back()) || !kma::weak::ParseDictExample(lines.back(), &ex, &error))
      continue;
    if (!kma::IsValidUtf8(ex.text) || !kma::IsValidUtf8(ex.headword)) continue;  // the readers' job
    examples.push_back(ex);
  }
  const auto set = HomographSet::Build(examples, Rules(), Lexicon());
  const std::vector<HomographSet::Match> all = set->FindAll(examples, 2);
  FUZZ_CHECK(all.size() == examples.size(), "FindAll() gives one match per example");
  for (size_t i = 0; i < examples.size(); ++i) {
    const DictExample& ex = examples[i];
    HomographSet::Match m;
    const bool found = set->Find(ex, &m);
    FUZZ_CHECK(found == !all[i].rivals.empty() && (!found || m.rivals == all[i].rivals),
               "FindAll() and Find() disagree: " + std::string(ex.text));
    if (found) CheckMatch(*set, ex, m);
    const bool held = kma::weak::IsHeldOutHeadword(ex.headword) ||
                      (found && kma::weak::IsHeldOutHomographText(ex.text));
    FUZZ_CHECK(kma::weak::IsTrainingExample(ex, *set) == !held, "the training predicate: " + std::string(ex.text));
  }
  return 0;
}
