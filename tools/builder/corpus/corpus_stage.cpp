#include "tools/builder/corpus/corpus_stage.h"

#include <cstdio>
#include <memory>

namespace kma::build {
namespace {

// Appends the sentences from `first` on `weight - 1` more times: an integer
// weight is a count, so every stage sees it the same way.
void Repeat(int weight, size_t first, std::vector<CorpusSentence>* sents) {
  const size_t end = sents->size();
  if (weight > 1) sents->reserve(end + (end - first) * static_cast<size_t>(weight - 1));
  for (int w = 1; w < weight; ++w)
    for (size_t i = first; i < end; ++i) sents->push_back((*sents)[i]);
}

Status ReadLexiconFiles(const std::string& lexicon_dir, const LogFn& log, std::vector<LexiconEntry>* lexicon) {
  KMA_RETURN_IF_ERROR(ReadLexicon(lexicon_dir + "/lexicon.tsv", lexicon));
  KMA_RETURN_IF_ERROR(ReadIrregular(lexicon_dir + "/irregular.tsv", lexicon));
  log("lexicon: " + std::to_string(lexicon->size()) + " entries");
  return Status::Ok();
}

// The silver files, each mapped (when `convention` is given) before it is
// repeated or weighted.
Status ReadSilver(const CorpusSpec& spec, const StandardConvention* convention, const LogFn& log,
                  CorpusData* out) {
  size_t skipped = 0;
  for (const CorpusSpec::Silver& s : spec.silver) {
    const size_t first = out->sentences.size();
    KMA_RETURN_IF_ERROR(ReadCorpus(s.path, &out->sentences, &skipped));
    if (convention != nullptr) MapCorpus(*convention, {}, "silver", first, &out->sentences, &out->convention);
    char weight[32];
    std::snprintf(weight, sizeof weight, "%g", s.weight);
    log("silver " + s.path + ": " + std::to_string(out->sentences.size() - first) + " sentences x " + weight +
        ", " + std::to_string(skipped) + " morphemes with unknown tags skipped");
    if (s.weight < 1) {
      out->ngram_weights.resize(first, 1.0f);
      out->ngram_weights.resize(out->sentences.size(), static_cast<float>(s.weight));
    } else {
      Repeat(static_cast<int>(s.weight), first, &out->sentences);
    }
  }
  if (!out->ngram_weights.empty()) out->ngram_weights.resize(out->sentences.size(), 1.0f);
  return Status::Ok();
}

}  // namespace

Status LoadCorpus(const std::string& train_path, const std::string& lexicon_dir, const CorpusSpec& spec,
                  const MorphRules& rules, const LogFn& log, CorpusData* out) {
  size_t skipped = 0;
  KMA_RETURN_IF_ERROR(ReadCorpus(train_path, &out->sentences, &skipped, &out->gold_lines, &out->gold_file_lines));
  log("corpus: " + std::to_string(out->sentences.size()) + " sentences, " + std::to_string(skipped) +
      " morphemes with unknown tags skipped");
  KMA_RETURN_IF_ERROR(ReadLexiconFiles(lexicon_dir, log, &out->lexicon));
  std::unique_ptr<LexiconFacts> facts;
  std::unique_ptr<StandardConvention> convention;
  if (spec.standard_convention) {
    std::vector<std::string> sources;
    if (!spec.sources_path.empty())
      KMA_RETURN_IF_ERROR(
          ReadGoldSources(spec.sources_path, train_path, out->gold_file_lines, out->gold_lines, &sources));
    facts = std::make_unique<LexiconFacts>(rules, out->lexicon, out->sentences);
    convention = std::make_unique<StandardConvention>(rules, *facts);
    MapCorpus(*convention, sources, "gold", 0, &out->sentences, &out->convention);
  }
  Repeat(spec.gold_weight, 0, &out->sentences);
  KMA_RETURN_IF_ERROR(ReadSilver(spec, convention.get(), log, out));
  if (convention != nullptr) {
    const size_t dropped = DropUnwrittenEntries(*convention, &out->lexicon);
    LogConventionReport(out->convention, log);
    log("convention: " + std::to_string(dropped) + " lexicon entries the convention does not write dropped");
  }
  return Status::Ok();
}

}  // namespace kma::build
