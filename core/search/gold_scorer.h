// The gold scorer: what the search's scoring makes of a given analysis.
//
// ScoreUtf8 gives the score the search gives an analysis, worked out from
// its tokens alone: it rebuilds the lattices the search saw (the same
// chunks, user dictionary, typo readings and span constraints),
// finds the nodes that spell the tokens, and extends a path through them
// with the search's step builder (core/search/step_builder.h) and no beam.
// For an analysis the search returned, the result is the search's score; a
// test holds the two equal over dev N-best lists, so a term added to the
// search alone, or skipped for one kind of node, shows.
//
// SentenceLogProb gives the LM's share of gold morphemes that have no
// spans (`kma eval`'s per-morpheme perplexity): morphemes map to LM tokens
// exactly as in training (LmVocabulary) and are scored through the LM seam
// (core/lm/language_model.h), as the search's are.
#ifndef KMA_CORE_SEARCH_GOLD_SCORER_H_
#define KMA_CORE_SEARCH_GOLD_SCORER_H_

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/lm/factory.h"
#include "core/lm/language_model.h"
#include "core/model/lm_vocabulary.h"
#include "core/model/model.h"
#include "core/search/analyzer.h"
#include "core/search/constraints.h"
#include "core/search/token.h"

namespace kma {

struct GoldScore {
  float score = 0;  // as Analysis::score
  float lm = 0;     // as Analysis::lm_score
};

class GoldScorer {
 public:
  // Scores as an Analyzer of `model` and `user` (nullptr: none) analysing
  // with `opt` does. SentenceLogProb uses opt.lm (empty: the model's
  // default; a name the model lacks: knlm) and opt.knlm_mix.
  GoldScorer(std::shared_ptr<const Model> model, const AnalyzeOptions& opt,
             std::shared_ptr<const UserDictionary> user = nullptr);
  ~GoldScorer();
  GoldScorer(const GoldScorer&) = delete;
  GoldScorer& operator=(const GoldScorer&) = delete;

  // Natural-log probability of the sentence (every morpheme, then the
  // end-of-sentence token; no virtual full stop); *tokens receives the
  // number of scored tokens. Morphemes whose tag kma does not know are
  // skipped (as in training). Not thread-safe (one scorer's caches).
  double SentenceLogProb(const std::vector<std::pair<std::string, std::string>>& morphs, size_t* tokens) const;

  // The score of `analysis` as an analysis of `text` (UTF-8) with
  // `constraints` (nullptr or empty: none), in *out. Errors: those of
  // Analyzer::AnalyzeUtf8; kInvalidArgument when the options filter tags
  // (output_tags: the tokens must all be there) or when no path of the
  // lattices spells the tokens (offset(): the byte offset of the first
  // token no path reaches, or the text's length when tokens are missing).
  Status ScoreUtf8(std::string_view text, const Constraints* constraints, const Analysis& analysis,
                   GoldScore* out);
  // The same for several analyses of one text (an N-best list), whose
  // lattices are then built once: (*out)[i] is the score of analyses[i].
  Status ScoreUtf8(std::string_view text, const Constraints* constraints, const std::vector<Analysis>& analyses,
                   std::vector<GoldScore>* out);

 private:
  Status Score(std::string_view text, const Constraints* constraints, const Analysis* const* analyses, size_t n,
               GoldScore* out);
  // One chunk of an analysis: its tokens from *next on, *next moved past them.
  Status ScoreChunk(const search::Chunk& c, const search::SearchParams& sp, lm::LmScorer* scorer,
                    const std::vector<Token>& tokens, size_t* next, GoldScore* out);

  // SentenceLogProb's LM scorer and vocabulary, made on its first call.
  void MakeLmScorer() const;

  std::shared_ptr<const Model> model_;
  AnalyzeOptions opt_;
  Analyzer analyzer_;  // its lattices and scorers
  mutable lm::OwnedLm reweighted_;  // an ensemble at knlm_mix, if asked for
  mutable std::unique_ptr<lm::LmScorer> scorer_;
  mutable std::unique_ptr<LmVocabulary> vocab_;
};

}  // namespace kma

#endif  // KMA_CORE_SEARCH_GOLD_SCORER_H_
