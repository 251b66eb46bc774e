// kma::Analyzer: per-thread analysis state over a shared kma::Model.
// One Analyzer must be used by one thread at a time; create one per thread.
#ifndef KMA_CORE_SEARCH_ANALYZER_H_
#define KMA_CORE_SEARCH_ANALYZER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/model.h"
#include "core/base/pos_tag.h"
#include "core/base/status.h"
#include "core/search/constraints.h"
#include "core/search/search_defaults.h"
#include "core/search/token.h"

namespace kma {

class GoldScorer;
struct NormalizedText;
class UserDictionary;
namespace lm {
class LmScorer;
}  // namespace lm
namespace search {
struct Chunk;
struct Lattice;
struct LatticeParams;
struct Path;
struct PathMorph;
struct SearchConstraints;
struct SearchParams;
}  // namespace search
class StopWords;

struct AnalyzeOptions {
  int top_n = 1;              // number of analyses to return (1..64)
  std::string lm;             // language model name; empty = model default
  float beam = search::kDefaultBeam;  // score-relative beam: drop paths this far below the best
  int max_unknown_length = search::kDefaultMaxUnknownUnits;  // longest unknown-word candidate, in syllables
  // Tuning aids (`kma eval`); the defaults are the model's tuned values.
  // Weight of the morpheme LM against the tag-class model, in (0, 1]; a
  // negative value takes the model's tuned value for the chosen LM.
  float class_lambda = -1.0f;
  // Ensembles ("cong+knlm"): weight of the Kneser-Ney model, in (0, 1); a
  // negative value takes the built-in lm::LmRegistry::kEnsembleWeight.
  // Ignored for other LMs.
  float knlm_mix = -1.0f;
  // Cost per morpheme in nats (negative: the built-in default).
  float morph_penalty = -1.0f;
  // States kept per position, top-1 (non-positive: search::kDefaultMaxStates).
  int max_states = 0;
  // Typo-tolerant analysis: corrected spellings of the text (the edit set of
  // core/search/typo_edits.h) and colloquial jamo tokens (ㅋㅋ, ㅠㅠ) enter
  // the lattice at a cost; tokens read from a corrected spelling carry
  // kTokenCorrected. Off, the analysis is exactly that of plain mode.
  bool typos = false;
  // Tuning aid: multiplies every edit cost (non-positive: 1).
  float typo_cost_scale = -1.0f;
  // See search::SearchParams::skip_margin (negative: the default).
  float skip_margin = -1.0f;
  // Tags the analyses keep, one bit per PosTag (0: all). A post-filter on
  // the tokens: the analysis is the same, tokens of other tags are left out
  // (the others keep their word and sentence numbers). Splitting ignores it.
  uint64_t output_tags = 0;
  // Spacing correction (core/search/spacer.h): the input code points
  // (ascending) before which the writer had a space that the spacer took out
  // of the text, weighed as evidence with `space_weight` in (0, 1)
  // (search::StepParams::space_gaps). Null: plain analysis.
  const std::vector<uint32_t>* removed_spaces = nullptr;
  float space_weight = 0.0f;
  // The memory one analysis may hold, in MiB (0: no budget): its text
  // buffers, lattice, beam, N-best paths and result
  // (core/search/memory_budget.h). An analysis that would hold more fails
  // with kResource and holds nothing afterwards.
  int memory_budget_mib = search::kDefaultMemoryBudgetMib;
  // Output options (issue 33): what the analysis hands back, never how it
  // is found. `lemma` is read by the records only (KMA_OPT_LEMMA: they show
  // each token's lemma, core/search/lemma.h); the analysis is unchanged.
  bool lemma = false;
  // Derivational affixes joined with what they attach to
  // (core/search/derivation_join.h): 공부/NNG 하/XSV -> 공부하/VV.
  bool join_derivations = false;
  // Stop words (core/search/stop_words.h): tokens of the built-in list
  // and/or of a user's list are left out, after the joining and the
  // output_tags filter. Splitting ignores them.
  bool stop_words = false;
  std::shared_ptr<const StopWords> stop_word_list;  // null: none
  // Special-token classes not recognised (core/text/pretokenizer.h,
  // SpecialClass bits; 0: all of them are): their text is analysed as
  // ordinary text. Unlike the other output options this changes the
  // lattice, and so the analysis of that text (and splitting).
  uint32_t plain_specials = 0;
  // Coarse-to-fine search (core/search/coarse_pass.h): before the LM's beam
  // search, a cheap pass drops the lattice nodes whose best cheap path costs
  // more than this many nats above the cheapest (default 8). 0 or negative:
  // no pruning (the exact search). Constrained analyses are never pruned.
  float prune_margin = search::kDefaultPruneMargin;
};

class Analyzer {
 public:
  explicit Analyzer(std::shared_ptr<const Model> model);
  // With a user dictionary (core/userdict/user_dictionary.h) compiled for
  // `model`; nullptr is the same as none.
  Analyzer(std::shared_ptr<const Model> model, std::shared_ptr<const UserDictionary> user);
  ~Analyzer();
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;

  // Analyses text. Invalid UTF-8 → kInvalidUtf8 with Status::offset() the byte
  // offset of the first bad unit. Empty input gives one empty Analysis.
  // `out` receives top_n analyses (fewer if fewer paths exist), best first.
  Status AnalyzeUtf8(std::string_view text, const AnalyzeOptions& opt,
                     std::vector<Analysis>* out);
  // Same for UTF-16 (offsets in UTF-16 units). Unpaired surrogates →
  // kInvalidUtf16 with the offset of the bad unit.
  Status AnalyzeUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                      std::vector<Analysis>* out);

  // Constrained analysis (core/search/constraints.h): the best analyses
  // that satisfy every constraint, with the tokens of span constraints
  // flagged kTokenConstrained (and kTokenUnknown when the dictionary lacks
  // the morpheme). Errors as above, plus kInvalidArgument for a constraint
  // that does not fit the text (offset() the code point, where there is
  // one) and kUnsatisfiable when no path holds a lemma constraint (no
  // analysis is returned then). Empty constraints give exactly the
  // unconstrained analysis.
  Status AnalyzeUtf8(std::string_view text, const AnalyzeOptions& opt, const Constraints& constraints,
                     std::vector<Analysis>* out);
  Status AnalyzeUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                      const Constraints& constraints, std::vector<Analysis>* out);

  // Splits text into sentences: analyses it (best analysis only; `opt.top_n`
  // is ignored) and finds the boundaries from the analysis, the punctuation,
  // quotes, emoticons and line breaks (core/search/sentence_splitter.h). Costs
  // one analysis plus a linear pass. Errors as AnalyzeUtf8/AnalyzeUtf16.
  Status SplitUtf8(std::string_view text, std::vector<SentenceSpan>* out);
  Status SplitUtf8(std::string_view text, const AnalyzeOptions& opt, std::vector<SentenceSpan>* out);
  Status SplitUtf16(const char16_t* text, size_t units, std::vector<SentenceSpan>* out);
  Status SplitUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                    std::vector<SentenceSpan>* out);

  const std::shared_ptr<const Model>& model() const { return model_; }
  // The most the last analysis held under its memory budget, in bytes
  // (what counts against AnalyzeOptions::memory_budget_mib).
  uint64_t memory_peak() const;
  // Coarse-to-fine search (AnalyzeOptions::prune_margin): the lattice nodes
  // the cheap pass saw and those it kept, over the analyzer's analyses so
  // far (for `kma bench`; ReleaseMemory starts them again).
  void PruneCounts(uint64_t* seen, uint64_t* kept) const;

  // Gives back the memory an analysis keeps for the next one (buffers the
  // size of the longest text so far, LM caches): after a failed allocation,
  // so the analyzer does not stay at the edge of the memory, or to shrink an
  // idle analyzer. The next analysis grows it again. Never throws.
  void ReleaseMemory() noexcept;

 private:
  // Rebuilds the lattices of an analysis to score it (core/search/gold_scorer.h).
  friend class GoldScorer;

  // Analyses the decoded text under opt.memory_budget_mib: over the budget,
  // kResource, `out` empty and the scratch released.
  Status AnalyzeDecoded(const AnalyzeOptions& opt, const Constraints* constraints, std::vector<Analysis>* out);
  // AnalyzeDecoded's work; throws search::BudgetExceeded.
  Status AnalyzeInBudget(const AnalyzeOptions& opt, const Constraints* constraints, std::vector<Analysis>* out);
  // The budget's kResult account for the tokens of the paths found.
  void ChargeResult();
  // Decodes `text` for PrepareText (errors as AnalyzeUtf8).
  Status DecodeText(std::string_view text);
  // Normalizes, pretokenizes and chunks the decoded text and resolves
  // `constraints` (nullptr: none) against it.
  Status PrepareText(const Constraints* constraints, uint32_t plain_specials = 0);
  // The prepared text: normalized, its chunks, the lattice PrepareChunk
  // built last, and the decoded length in code units.
  const NormalizedText& normalized() const;
  const std::vector<search::Chunk>& chunks() const;
  search::Lattice* lattice();
  uint32_t decoded_units() const;
  // AnalyzeDecoded's search: every chunk of the normalized text, its best
  // paths added to the scratch's N-best joiner.
  Status SearchChunks(const AnalyzeOptions& opt, const Constraints* constraints, lm::LmScorer* scorer,
                      const search::SearchParams& sp);
  // The lattice parameters of `opt` (compiling the typo edits when first asked for).
  search::LatticeParams LatticeParamsFor(const AnalyzeOptions& opt);
  // The lattice of chunk `c` as the search sees it (BuildChunkLattice, then
  // with `constrained` the span constraints and the chunk's lemma bits),
  // and the search parameters `sp` for that chunk.
  search::SearchParams PrepareChunk(const AnalyzeOptions& opt, const search::LatticeParams& lp,
                                    const search::SearchParams& sp, const search::Chunk& c, bool constrained,
                                    size_t* pti);
  // The lattice of chunk `c` (pretokens from index *pti on), with the
  // user dictionary's nodes.
  void BuildChunkLattice(const search::LatticeParams& lp, const search::Chunk& c, size_t* pti);
  // True if `p` holds every span constraint's morphemes inside its span and
  // crosses none.
  static bool HoldsSpans(const search::SearchConstraints& sc, const search::Path& p);
  // A scratch to analyse with (ReleaseMemory may have left none), or
  // kOutOfMemory.
  Status ReadyScratch();
  // Resolves `c` against the text last normalized into the scratch.
  Status PrepareConstraints(const Constraints& c);
  // The scorer of the LM `opt` asks for (created on first use), and its name.
  StatusOr<lm::LmScorer*> ScorerFor(const AnalyzeOptions& opt, std::string* lm_name);
  search::SearchParams Params(const AnalyzeOptions& opt, const std::string& lm_name) const;
  // The tokens of a path over the text last decoded.
  static void DropRepeatedAnalyses(size_t first, std::vector<Analysis>* out);
  void ToTokens(const search::Path& path, Analysis* an) const;
  // The token of one morpheme of such a path; `forced_k` is its index in its
  // span constraint's forced node.
  void MorphToken(search::PathMorph m, size_t forced_k, Token* tok) const;
  // The form of the k-th morpheme of a span constraint's forced node; sets
  // its own part of the span and, for a morpheme the dictionary lacks, id 0
  // and kTokenUnknown.
  void ForcedToken(size_t k, search::PathMorph* m, Token* tok) const;

  std::shared_ptr<const Model> model_;
  std::shared_ptr<const UserDictionary> user_;  // null, or not empty
  struct Scratch;
  std::unique_ptr<Scratch> scratch_;
};

}  // namespace kma

#endif  // KMA_CORE_SEARCH_ANALYZER_H_
