// Corpus stage of the model builder: reads the annotated corpus and the
// lexicon and maps both to the standard convention (standard_convention.h,
// docs/CONVENTIONS.md), so every later stage sees one analysis per fact.
#ifndef KMA_TOOLS_BUILDER_CORPUS_CORPUS_STAGE_H_
#define KMA_TOOLS_BUILDER_CORPUS_CORPUS_STAGE_H_

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/morph/morph_rules.h"
#include "tools/builder/corpus/conventions.h"
#include "tools/builder/corpus/corpus_reader.h"

namespace kma::build {

struct CorpusSpec {
  // Map the corpus and the lexicon to the standard convention (false:
  // train on the sources' own conventions, for measuring what it gives).
  bool standard_convention = true;
  // The source of each line of the corpus (corpus/train.sources), for the
  // mapping's counts per source; empty: the gold sentences count as "gold".
  std::string sources_path;
  // Gold sentences count this many times (an integer weight against silver).
  int gold_weight = 1;
  // Silver training files (`kma silver` output, train.tsv's format), each
  // with its weight, read in order after the gold corpus, so the build
  // stays deterministic. An integer weight is a count: the sentences are
  // repeated, in every later stage (vocabulary, KnLM counts, CoNg, tag
  // model). A weight in (0, 1) is a probability: the n-gram models (KnLM
  // and tag model) count each occurrence as that fraction of one
  // (knlm_counts.h); the other stages see the sentences once.
  struct Silver {
    std::string path;
    double weight = 1;
  };
  std::vector<Silver> silver;
};

struct CorpusData {
  std::vector<CorpusSentence> sentences;
  // The n-gram weight of each sentence, in (0, 1]; empty when all are 1.
  std::vector<float> ngram_weights;
  std::vector<LexiconEntry> lexicon;
  // The gold sentences come first in `sentences`, once each: their lines in
  // the corpus file and raw text (for the convention prior).
  std::vector<CorpusLine> gold_lines;
  size_t gold_file_lines = 0;  // lines of the corpus file, kept or not
  ConventionReport convention;  // the mapping's rewrites per source ("silver" for the silver files)
};

// Reads `train_path` (corpus/train.tsv, never dev.tsv) and `lexicon_dir`
// (lexicon.tsv, irregular.tsv). Errors: those of the readers (kIo naming the
// path, kInvalidArgument with the line; ReadGoldSources' for the sources).
Status LoadCorpus(const std::string& train_path, const std::string& lexicon_dir, const CorpusSpec& spec,
                  const MorphRules& rules, const LogFn& log, CorpusData* out);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_CORPUS_CORPUS_STAGE_H_
