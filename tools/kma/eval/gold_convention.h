// `kma eval` maps gold analyses to kma's output convention as it reads them
// (docs/CONVENTIONS.md): the rules are the builder's
// (tools/builder/corpus/standard_convention.h), and the facts about words
// they need (irregular classes, listed compounds, nouns, stems) come from
// the model's dictionary, which the builder wrote with the same rules.
// `kma eval --raw-gold` scores against the gold as written.
#ifndef KMA_TOOLS_KMA_GOLD_CONVENTION_H_
#define KMA_TOOLS_KMA_GOLD_CONVENTION_H_

#include <memory>
#include <vector>

#include "tools/builder/corpus/standard_convention.h"
#include "tools/kma/eval/eval_metrics.h"

namespace kma {
class Model;
}

namespace kma::cli {

class GoldConvention {
 public:
  // Null if the model carries no conjugation section (no rules to map
  // with). `model` must outlive the object.
  static std::unique_ptr<GoldConvention> ForModel(const Model& model);
  ~GoldConvention();

  // Maps one sentence given word by word (each word's morphemes in order),
  // adding the rewrites to *counts. Morphemes whose tag kma does not know
  // are kept as they are, and no rule reaches across them.
  void MapWords(std::vector<std::vector<Morph>>* words, build::ConventionCounts* counts) const;
  // Maps a sentence whose word boundaries the gold does not give: every
  // morpheme that can start a word is taken to start one, so only the
  // rules inside a word that its endings and suffixes make certain apply.
  void MapFlat(std::vector<Morph>* morphs, build::ConventionCounts* counts) const;

 private:
  class Facts;
  explicit GoldConvention(std::unique_ptr<Facts> facts);
  void MapRun(std::vector<build::CorpusMorph>* run, build::ConventionCounts* counts) const;
  void Map(std::vector<Morph>* morphs, std::vector<bool>* starts, build::ConventionCounts* counts) const;

  std::unique_ptr<Facts> facts_;
  std::unique_ptr<build::StandardConvention> convention_;
};

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_GOLD_CONVENTION_H_
