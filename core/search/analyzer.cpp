// Analyzer orchestration: decode -> normalize -> pretokenize -> chunk ->
// lattice -> beam search -> N-best join -> tokens with offsets -> sentence
// numbers.
#include "core/search/analyzer.h"

#include <algorithm>
#include <cmath>
#include <new>

#include "core/model/model_view.h"
#include "core/search/beam_search.h"
#include "core/search/chunker.h"
#include "core/search/coarse_pass.h"
#include "core/search/constrained_lattice.h"
#include "core/search/derivation_join.h"
#include "core/search/lattice.h"
#include "core/search/memory_budget.h"
#include "core/search/nbest.h"
#include "core/search/sentence_splitter.h"
#include "core/search/stop_words.h"
#include "core/search/typo_candidates.h"
#include "core/search/user_nodes.h"
#include "core/text/hangul.h"
#include "core/text/normalizer.h"
#include "core/text/utf.h"
#include "core/userdict/user_dictionary.h"

namespace kma {

using search::Path;

struct Analyzer::Scratch {
  std::u32string cps;
  std::vector<uint32_t> unit_begin;
  NormalizedText nt;
  std::vector<PreToken> pretokens, chunk_pretokens;
  std::vector<search::Chunk> chunks;
  std::vector<uint32_t> word;
  search::Lattice lattice;
  search::UserNodeScratch user_nodes;
  std::vector<Path> paths;
  search::BeamSearch search;
  search::CoarsePass coarse;  // coarse-to-fine search (AnalyzeOptions::prune_margin)
  search::NBestJoiner nbest;
  std::vector<uint32_t> space_gaps;  // spacing correction: SearchParams::space_gaps
  // Constrained analysis only.
  search::SearchConstraints constraints;
  search::MorphLookup morph_lookup;
  std::unique_ptr<search::TypoCandidates> typos;  // compiled on the first typo-mode analysis
  // One scorer per LM used so far (scorers keep caches across texts).
  std::vector<std::pair<const lm::LanguageModel*, std::unique_ptr<lm::LmScorer>>> scorers;
  // An ensemble with a requested weight (AnalyzeOptions::knlm_mix).
  lm::OwnedLm reweighted;
  std::string reweighted_name;
  float reweighted_weight = 0;
  search::MemoryBudget budget;  // of the current analysis
  uint64_t last_peak = 0;       // the budget's peak in the last analysis

  // Bytes of the text-sized buffers (for the memory budget).
  uint64_t TextBytes() const {
    using search::HeldBytes;
    uint64_t b = HeldBytes(unit_begin) + HeldBytes(nt.to_input) + HeldBytes(pretokens) + HeldBytes(chunk_pretokens) +
                 HeldBytes(chunks) + HeldBytes(word) + HeldBytes(space_gaps) + HeldBytes(constraints.spans) +
                 HeldBytes(constraints.oov_forms);
    b += (uint64_t{cps.capacity()} + nt.text.capacity()) * sizeof(char32_t);
    for (const search::ForcedSpan& fs : constraints.spans) b += HeldBytes(fs.steps) + HeldBytes(fs.parts);
    return b;
  }
};

namespace {

std::string SurfaceUtf8(const std::u32string& t, uint32_t b, uint32_t e) {
  return ToUtf8(hangul::JoinCodas(std::u32string_view(t).substr(b, e - b)));
}

// Index of the whitespace-separated word at every normalized position.
void WordIndex(const std::u32string& t, std::vector<uint32_t>* word) {
  word->assign(t.size() + 1, 0);
  uint32_t w = 0;
  bool in_word = false, seen = false;
  for (size_t i = 0; i < t.size(); ++i) {
    const bool sp = search::IsSpaceChar(t[i]);
    if (!sp && !in_word && seen) ++w;
    if (!sp) seen = true;
    in_word = !sp;
    (*word)[i] = w;
  }
}

Status Unsatisfied(const search::SearchConstraints& sc, const NormalizedText& nt, const search::Chunk& c) {
  std::string which;
  for (const search::ResolvedLemma& l : sc.lemmas) {
    if ((sc.chunk_lemmas & (1u << l.index)) == 0) continue;
    which += (which.empty() ? "" : "; ") + std::to_string(l.index) + " (";
    for (size_t r = 0; r < l.readings.size(); ++r) which += (r ? "|" : "") + MorphsText(l.readings[r]);
    which += ")";
  }
  return Status(StatusCode::kUnsatisfiable,
                "no analysis of code points " + std::to_string(nt.to_input[c.begin]) + ":" +
                    std::to_string(nt.to_input[c.end]) + " holds lemma constraint(s) " + which,
                nt.to_input[c.begin]);
}

// SearchParams::space_gaps from the removed spaces' input code points.
void SpaceGaps(const std::vector<uint32_t>& removed, const std::vector<uint32_t>& to_input,
               std::vector<uint32_t>* gaps) {
  gaps->assign(to_input.size() + 1, 0);
  for (uint32_t cp : removed) {
    const size_t p = static_cast<size_t>(std::lower_bound(to_input.begin(), to_input.end(), cp) - to_input.begin());
    ++(*gaps)[p + 1];
  }
  for (size_t i = 1; i < gaps->size(); ++i) (*gaps)[i] += (*gaps)[i - 1];
}

Status UnknownLm(const ModelImpl& mi, const std::string& name) {
  std::string have;
  for (const std::string& n : mi.lm_names()) have += (have.empty() ? "" : ", ") + n;
  return Status(StatusCode::kInvalidArgument, "unknown language model '" + name + "' (this model has: " + have + ")");
}

}  // namespace

Analyzer::Analyzer(std::shared_ptr<const Model> model)
    : model_(std::move(model)), scratch_(std::make_unique<Scratch>()) {}
// An empty dictionary is dropped: the analysis is then exactly the model's.
Analyzer::Analyzer(std::shared_ptr<const Model> model, std::shared_ptr<const UserDictionary> user)
    : model_(std::move(model)),
      user_(user != nullptr && !user->empty() ? std::move(user) : nullptr),
      scratch_(std::make_unique<Scratch>()) {
  scratch_->lattice.user = user_.get();
}
Analyzer::~Analyzer() = default;

void Analyzer::ReleaseMemory() noexcept {
  // The old scratch goes first: at the edge of the memory not even the new
  // one's few hundred bytes can be had before it is freed. If they still
  // cannot, the next analysis tries again (ReadyScratch).
  scratch_.reset();
  scratch_.reset(new (std::nothrow) Scratch());
  if (scratch_ != nullptr) scratch_->lattice.user = user_.get();
}

Status Analyzer::ReadyScratch() {
  if (scratch_ == nullptr) ReleaseMemory();
  return scratch_ != nullptr ? Status::Ok() : Status(StatusCode::kOutOfMemory, "out of memory");
}

Status Analyzer::AnalyzeUtf8(std::string_view text, const AnalyzeOptions& opt, std::vector<Analysis>* out) {
  KMA_RETURN_IF_ERROR(ReadyScratch());
  KMA_RETURN_IF_ERROR(DecodeUtf8(text, &scratch_->cps, &scratch_->unit_begin));
  return AnalyzeDecoded(opt, nullptr, out);
}

Status Analyzer::AnalyzeUtf8(std::string_view text, const AnalyzeOptions& opt, const Constraints& constraints,
                             std::vector<Analysis>* out) {
  out->clear();
  KMA_RETURN_IF_ERROR(ReadyScratch());
  KMA_RETURN_IF_ERROR(DecodeUtf8(text, &scratch_->cps, &scratch_->unit_begin));
  return AnalyzeDecoded(opt, constraints.empty() ? nullptr : &constraints, out);
}

Status Analyzer::AnalyzeUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                              const Constraints& constraints, std::vector<Analysis>* out) {
  out->clear();
  if (text == nullptr && units != 0) return Status(StatusCode::kInvalidArgument, "text is NULL");
  KMA_RETURN_IF_ERROR(ReadyScratch());
  KMA_RETURN_IF_ERROR(DecodeUtf16(text, units, &scratch_->cps, &scratch_->unit_begin));
  return AnalyzeDecoded(opt, constraints.empty() ? nullptr : &constraints, out);
}

Status Analyzer::AnalyzeUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                              std::vector<Analysis>* out) {
  if (text == nullptr && units != 0) return Status(StatusCode::kInvalidArgument, "text is NULL");
  KMA_RETURN_IF_ERROR(ReadyScratch());
  KMA_RETURN_IF_ERROR(DecodeUtf16(text, units, &scratch_->cps, &scratch_->unit_begin));
  return AnalyzeDecoded(opt, nullptr, out);
}

StatusOr<lm::LmScorer*> Analyzer::ScorerFor(const AnalyzeOptions& opt, std::string* lm_name) {
  const ModelImpl& mi = model_->impl();
  Scratch& sc = *scratch_;
  *lm_name = opt.lm.empty() ? mi.default_lm() : opt.lm;
  const lm::LanguageModel* lm = mi.lms().Find(*lm_name);
  if (lm == nullptr) return UnknownLm(mi, *lm_name);
  if (lm::LmRegistry::IsEnsemble(*lm_name) && opt.knlm_mix > 0.0f && opt.knlm_mix < 1.0f &&
      opt.knlm_mix != lm::LmRegistry::kEnsembleWeight) {
    if (sc.reweighted_name != *lm_name || sc.reweighted_weight != opt.knlm_mix) {
      auto owned = mi.lms().Reweighted(*lm_name, opt.knlm_mix);
      if (!owned.ok()) return owned.status();
      // The scorer of the model being replaced goes with it.
      auto& v = sc.scorers;
      v.erase(std::remove_if(v.begin(), v.end(), [&](const auto& e) { return e.first == sc.reweighted.lm; }), v.end());
      sc.reweighted = std::move(owned.value());
      sc.reweighted_name = *lm_name;
      sc.reweighted_weight = opt.knlm_mix;
    }
    lm = sc.reweighted.lm;
  }
  for (auto& [model, scorer] : sc.scorers)
    if (model == lm) return scorer.get();
  sc.scorers.emplace_back(lm, lm->NewScorer());
  return sc.scorers.back().second.get();
}

search::SearchParams Analyzer::Params(const AnalyzeOptions& opt, const std::string& lm_name) const {
  const ModelImpl& mi = model_->impl();
  search::SearchParams sp;
  sp.top_n = opt.top_n;
  if (opt.morph_penalty >= 0.0f) sp.morph_penalty = opt.morph_penalty;
  if (opt.class_lambda > 0.0f && opt.class_lambda <= 1.0f) sp.class_lambda = opt.class_lambda;
  else if (float l = mi.class_lambda(lm_name); l > 0.0f) sp.class_lambda = l;
  sp.beam = opt.beam;
  if (opt.typos) sp.beam += search::kTypoBeamExtra;
  if (opt.max_states > 0) sp.max_states = opt.max_states;
  else if (opt.typos) sp.max_states = search::kDefaultTypoMaxStates;
  if (opt.skip_margin >= 0.0f) sp.skip_margin = opt.skip_margin;
  if (opt.top_n > 1) {
    // N distinct paths only survive a beam wide enough to hold them.
    sp.beam += 5.0f + 3.0f * std::log(static_cast<float>(opt.top_n));
    sp.max_states = std::max(sp.max_states, 4 * opt.top_n);
  }
  sp.prune_margin = opt.prune_margin;
  if (sp.prune_margin > 0.0f) {
    // The N-best and the corrected readings need the nodes of paths a little
    // worse than the best too (search_defaults.h).
    if (opt.top_n > 1) sp.prune_margin += search::kPruneMarginPerLogN * std::log(static_cast<float>(opt.top_n));
    if (opt.typos) sp.prune_margin += search::kTypoPruneExtra;
  }
  return sp;
}

Status Analyzer::PrepareConstraints(const Constraints& c) {
  Scratch& sc = *scratch_;
  KMA_RETURN_IF_ERROR(ValidateConstraints(c, static_cast<uint32_t>(sc.cps.size())));
  KMA_RETURN_IF_ERROR(search::ResolveConstraints(model_->impl(), &sc.morph_lookup, c, sc.nt, &sc.constraints));
  search::MergeChunksForConstraints(sc.constraints, &sc.chunks);
  return Status::Ok();
}

Status Analyzer::AnalyzeDecoded(const AnalyzeOptions& opt, const Constraints* constraints,
                                std::vector<Analysis>* out) {
  const uint64_t limit = static_cast<uint64_t>(std::max(opt.memory_budget_mib, 0)) << 20;
  // What the last analysis left in the scratch is not counted again: after
  // one that held more than a sixteenth of the budget it is given back, so
  // an analysis never holds much more than its budget.
  if (limit != 0 && scratch_->last_peak > limit / 16) {
    std::u32string cps = std::move(scratch_->cps);
    std::vector<uint32_t> unit_begin = std::move(scratch_->unit_begin);
    ReleaseMemory();
    KMA_RETURN_IF_ERROR(ReadyScratch());
    scratch_->cps = std::move(cps);
    scratch_->unit_begin = std::move(unit_begin);
  }
  scratch_->budget.Reset(limit);
  try {
    Status st = AnalyzeInBudget(opt, constraints, out);
    scratch_->last_peak = scratch_->budget.peak();
    return st;
  } catch (const search::BudgetExceeded&) {
    const search::MemoryBudget b = scratch_->budget;
    std::vector<Analysis>().swap(*out);
    ReleaseMemory();
    return Status(StatusCode::kResource,
                  "the analysis needs more memory than its budget of " + std::to_string(b.limit() >> 20) +
                      " MiB (option memory_budget_mib): " + search::MemoryBudget::AccountName(b.exceeded_account()) +
                      " would bring it to " + std::to_string((b.exceeded_total() + (1u << 20) - 1) >> 20) + " MiB");
  }
}

void Analyzer::PruneCounts(uint64_t* seen, uint64_t* kept) const {
  *seen = scratch_ != nullptr ? scratch_->coarse.stats().nodes : 0;
  *kept = scratch_ != nullptr ? scratch_->coarse.stats().kept : 0;
}

uint64_t Analyzer::memory_peak() const { return scratch_ != nullptr ? scratch_->last_peak : 0; }

void Analyzer::ChargeResult() {
  Scratch& sc = *scratch_;
  uint64_t morphs = 0;
  for (const Path& p : sc.paths) morphs += p.morphs.size();
  sc.budget.Hold(search::MemoryBudget::kResult, search::HeldBytes(sc.paths) + morphs * sizeof(search::PathMorph) +
                                                    sc.paths.size() * sizeof(Analysis) + morphs * sizeof(Token));
}

Status Analyzer::AnalyzeInBudget(const AnalyzeOptions& opt, const Constraints* constraints,
                                 std::vector<Analysis>* out) {
  out->clear();
  if (opt.top_n < 1 || opt.top_n > 64) return Status(StatusCode::kInvalidArgument, "top_n must be in 1..64");
  std::string lm_name;
  auto scorer = ScorerFor(opt, &lm_name);
  if (!scorer.ok()) return scorer.status();
  Scratch& sc = *scratch_;
  KMA_RETURN_IF_ERROR(PrepareText(constraints, opt.plain_specials));
  if (opt.removed_spaces != nullptr) SpaceGaps(*opt.removed_spaces, sc.nt.to_input, &sc.space_gaps);
  sc.budget.Hold(search::MemoryBudget::kText, sc.TextBytes());
  sc.nbest.Reset(opt.top_n);
  search::SearchParams sp = Params(opt, lm_name);
  sp.budget = &sc.budget;
  KMA_RETURN_IF_ERROR(SearchChunks(opt, constraints, scorer.value(), sp));
  sc.budget.Hold(search::MemoryBudget::kResult, sc.nbest.FinishBytes());
  sc.nbest.Finish(&sc.paths);
  // The chunks' paths are spelled out: their memory goes back for the next
  // text, but still counts (the allocator keeps most of it).
  sc.nbest.Reset(opt.top_n);
  ChargeResult();
  if (constraints != nullptr && !constraints->spans.empty()) {
    // A safety net: a path that does not hold every span constraint's
    // morphemes inside its span (or crosses one) is dropped, so a wrong
    // answer is never presented as satisfying them. The lattice makes such
    // paths impossible; when it did not (two spans inside one Latin
    // pattern, docs/RELIABILITY.md finding 13), this turned the wrong
    // answer into an error.
    sc.paths.erase(std::remove_if(sc.paths.begin(), sc.paths.end(),
                                  [&](const Path& p) { return !HoldsSpans(sc.constraints, p); }),
                   sc.paths.end());
    if (sc.paths.empty())
      return Status(StatusCode::kUnsatisfiable, "no analysis found holds every span constraint", 0);
  }
  const size_t first = out->size();
  for (const Path& p : sc.paths) {
    out->emplace_back();
    ToTokens(p, &out->back());
    if (opt.join_derivations) JoinDerivations(&out->back().tokens);
    if (opt.output_tags != 0) {
      std::vector<Token>& tokens = out->back().tokens;
      tokens.erase(std::remove_if(tokens.begin(), tokens.end(),
                                  [&](const Token& tok) {
                                    return ((opt.output_tags >> static_cast<unsigned>(tok.tag)) & 1u) == 0;
                                  }),
                   tokens.end());
    }
    if (opt.stop_words || opt.stop_word_list != nullptr)
      DropStopWords(opt.stop_words, opt.stop_word_list.get(), &out->back().tokens);
  }
  DropRepeatedAnalyses(first, out);
  return Status::Ok();
}

Status Analyzer::DecodeText(std::string_view text) {
  KMA_RETURN_IF_ERROR(ReadyScratch());
  return DecodeUtf8(text, &scratch_->cps, &scratch_->unit_begin);
}

const NormalizedText& Analyzer::normalized() const { return scratch_->nt; }
const std::vector<search::Chunk>& Analyzer::chunks() const { return scratch_->chunks; }
search::Lattice* Analyzer::lattice() { return &scratch_->lattice; }
uint32_t Analyzer::decoded_units() const { return scratch_->unit_begin.back(); }

Status Analyzer::PrepareText(const Constraints* constraints, uint32_t plain_specials) {
  Scratch& sc = *scratch_;
  if (sc.cps.size() >= 0x7FFFFFFFu) return Status(StatusCode::kInputTooLong, "input too long");
  Normalize(sc.cps, &sc.nt);
  const std::u32string& t = sc.nt.text;
  sc.pretokens = Pretokenize(t, plain_specials);
  WordIndex(t, &sc.word);
  search::MakeChunks(t, sc.pretokens, &sc.chunks);
  sc.constraints.Clear();
  if (constraints != nullptr) KMA_RETURN_IF_ERROR(PrepareConstraints(*constraints));
  return Status::Ok();
}

bool Analyzer::HoldsSpans(const search::SearchConstraints& sc, const Path& p) {
  for (const search::ForcedSpan& fs : sc.spans) {
    size_t n = 0;
    for (const search::PathMorph& m : p.morphs) {
      const bool inside = m.begin >= fs.begin && m.end <= fs.end;
      if ((m.flags & kTokenConstrained) != 0 && inside) ++n;
      else if (m.begin < fs.end && m.end > fs.begin) return false;
    }
    if (n != fs.steps.size()) return false;
  }
  return true;
}

void Analyzer::BuildChunkLattice(const search::LatticeParams& lp, const search::Chunk& c, size_t* pti) {
  Scratch& sc = *scratch_;
  const ModelImpl& model = model_->impl();
  const std::u32string& t = sc.nt.text;
  while (*pti < sc.pretokens.size() && sc.pretokens[*pti].end <= c.begin) ++*pti;
  sc.chunk_pretokens.clear();
  for (size_t k = *pti; k < sc.pretokens.size() && sc.pretokens[k].begin < c.end; ++k)
    sc.chunk_pretokens.push_back(sc.pretokens[k]);
  search::BuildLattice(model, t, c.begin, c.end, sc.chunk_pretokens, lp, &sc.lattice);
  if (user_) search::AddUserNodes(model, *user_, t, c.begin, c.end, &sc.user_nodes, &sc.lattice);
  if (lp.budget != nullptr) {
    lp.budget->Hold(search::MemoryBudget::kLattice, sc.lattice.held_bytes());
    lp.budget->Hold(search::MemoryBudget::kCandidates,
                    sc.user_nodes.held_bytes() + (lp.typos != nullptr ? lp.typos->run_bytes() : 0));
  }
}

search::LatticeParams Analyzer::LatticeParamsFor(const AnalyzeOptions& opt) {
  Scratch& sc = *scratch_;
  search::LatticeParams lp;
  lp.max_unknown_units = opt.max_unknown_length;
  if (opt.typos) {
    if (!sc.typos) sc.typos = std::make_unique<search::TypoCandidates>(model_->impl(), search::DefaultTypoEdits());
    sc.typos->set_cost_scale(opt.typo_cost_scale > 0.0f ? opt.typo_cost_scale : 1.0f);
    lp.typos = sc.typos.get();
  }
  return lp;
}

search::SearchParams Analyzer::PrepareChunk(const AnalyzeOptions& opt, const search::LatticeParams& lp,
                                            const search::SearchParams& sp, const search::Chunk& c,
                                            bool constrained, size_t* pti) {
  Scratch& sc = *scratch_;
  BuildChunkLattice(lp, c, pti);
  if (constrained) {
    search::ApplySpanConstraints(sc.constraints, c.begin, c.end, &sc.lattice);
    sc.constraints.chunk_lemmas = search::ChunkLemmas(sc.constraints, c);
  }
  // Text written without any spaces says nothing about word boundaries:
  // there the boundary model is switched off (measured on a space-free copy
  // of the held-out set: F1 0.9156 with the usual cap, 0.9227 without).
  search::SearchParams chunk_sp = sp;
  if (search::IsSpaceless(sc.nt.text, c)) chunk_sp.nospace_floor = 0.0f;
  // Spacing correction: a chunk the writer wrote without spaces gives no
  // evidence either.
  if (opt.removed_spaces != nullptr && sc.space_gaps[c.end] != sc.space_gaps[c.begin + 1]) {
    chunk_sp.space_gaps = sc.space_gaps.data();
    chunk_sp.space_weight = opt.space_weight;
  }
  return chunk_sp;
}

Status Analyzer::SearchChunks(const AnalyzeOptions& opt, const Constraints* constraints, lm::LmScorer* scorer,
                              const search::SearchParams& sp) {
  Scratch& sc = *scratch_;
  const ModelImpl& model = model_->impl();
  const std::u32string& t = sc.nt.text;
  search::LatticeParams lp = LatticeParamsFor(opt);
  lp.budget = sp.budget;
  size_t pti = 0;
  uint32_t lemmas_searched = 0;  // bits of the lemma constraints some chunk held
  // Constrained analyses are not pruned: a forced node or a lemma's reading
  // may be one the cheap pass rules out.
  const bool prune = sp.prune_margin > 0.0f && constraints == nullptr;
  for (const search::Chunk& c : sc.chunks) {
    const size_t chunk_pti = pti;
    const search::SearchParams chunk_sp = PrepareChunk(opt, lp, sp, c, constraints != nullptr, &pti);
    lemmas_searched |= sc.constraints.chunk_lemmas;
    if (prune) {
      sc.coarse.Prune(model, t, c.begin, c.end, chunk_sp, chunk_sp.prune_margin, &sc.lattice);
      if (lp.budget != nullptr) lp.budget->Hold(search::MemoryBudget::kLattice,
                                                sc.lattice.held_bytes() + sc.coarse.held_bytes());
    }
    sc.search.Run(model, scorer, t, c.begin, c.end, &sc.lattice, chunk_sp, &sc.paths,
                  constraints != nullptr ? &sc.constraints : nullptr);
    if (prune && sc.paths.empty()) {
      // The cheap pass does not check the conjugation blocks: when they
      // break every path it kept, the chunk is searched again unpruned.
      size_t again = chunk_pti;
      PrepareChunk(opt, lp, sp, c, false, &again);
      sc.search.Run(model, scorer, t, c.begin, c.end, &sc.lattice, chunk_sp, &sc.paths, nullptr);
    }
    if (sc.paths.empty() && sc.constraints.chunk_lemmas != 0) return Unsatisfied(sc.constraints, sc.nt, c);
    if (sc.paths.empty()) return Status(StatusCode::kInternal, "no analysis path found");
    sc.nbest.AddChunk(&sc.paths);
    sc.budget.Hold(search::MemoryBudget::kNBest, sc.nbest.held_bytes());
  }
  // Text with no chunk (empty, whitespace only) holds no lemma.
  if (constraints != nullptr && lemmas_searched != (1u << constraints->lemmas.size()) - 1) {
    return Status(StatusCode::kUnsatisfiable, "no analysis of a text without words holds a lemma constraint", 0);
  }
  return Status::Ok();
}

namespace {

// Same tokens as the caller sees them: forms, tags and spans.
bool SameTokens(const Analysis& a, const Analysis& b) {
  if (a.tokens.size() != b.tokens.size()) return false;
  for (size_t i = 0; i < a.tokens.size(); ++i) {
    const Token& x = a.tokens[i];
    const Token& y = b.tokens[i];
    if (x.begin != y.begin || x.length != y.length || x.tag != y.tag || x.form != y.form) return false;
  }
  return true;
}

}  // namespace

// An N-best list names distinct analyses. Two paths can still spell the
// same tokens (an unknown word reached through different LM states, or
// analyses that differ only in tags the output filter removes); the later,
// worse one is dropped, so a caller never sees one analysis twice.
void Analyzer::DropRepeatedAnalyses(size_t first, std::vector<Analysis>* out) {
  size_t kept = first;
  for (size_t i = first; i < out->size(); ++i) {
    bool repeated = false;
    for (size_t j = first; j < kept && !repeated; ++j) repeated = SameTokens((*out)[j], (*out)[i]);
    if (repeated) continue;
    if (kept != i) (*out)[kept] = std::move((*out)[i]);
    ++kept;
  }
  out->resize(kept);
}

void Analyzer::ToTokens(const Path& path, Analysis* an) const {
  const Scratch& sc = *scratch_;
  an->score = path.score;
  an->lm_score = path.lm;
  an->tokens.reserve(path.morphs.size());
  size_t forced_k = 0;  // index of a forced morpheme within its span
  for (size_t i = 0; i < path.morphs.size(); ++i) {
    const search::PathMorph& m = path.morphs[i];
    if ((m.flags & kTokenConstrained) != 0) {
      const search::PathMorph* prev = i > 0 ? &path.morphs[i - 1] : nullptr;
      const bool same = prev != nullptr && (prev->flags & kTokenConstrained) != 0 && prev->begin == m.begin;
      forced_k = same ? forced_k + 1 : 0;
    }
    an->tokens.emplace_back();
    MorphToken(m, forced_k, &an->tokens.back());
  }
  // Sentence numbers see the line breaks of the decoded text (cp_begin and
  // cp_length index it), as splitting does.
  search::AssignSentences(search::SplitText::Utf32(sc.cps.data(), sc.cps.size()), &an->tokens);
}

void Analyzer::MorphToken(search::PathMorph m, size_t forced_k, Token* tok) const {
  const ModelImpl& model = model_->impl();
  const Scratch& sc = *scratch_;
  const std::u32string& t = sc.nt.text;
  const auto& to_input = sc.nt.to_input;
  if ((m.flags & kTokenConstrained) != 0) ForcedToken(forced_k, &m, tok);
  tok->tag = m.tag;
  tok->morph_id = m.morph;
  tok->flags = m.flags;
  if ((m.flags & kTokenConstrained) != 0) {
    // ForcedToken set the form.
  } else if (IsUserId(m.morph)) {
    // A user morpheme the model lacks (a pattern rule's: the matched text).
    const std::string& form = user_->morph(m.morph).form;
    tok->form = form.empty() ? SurfaceUtf8(t, m.begin, m.end) : form;
    tok->morph_id = 0;
    tok->flags |= kTokenUser;
  } else if (m.morph != 0) {
    tok->form = std::string(model.morph_form(m.morph));
  } else {
    tok->form = SurfaceUtf8(t, m.begin, m.end);
  }
  tok->score = m.score;
  const uint32_t cb = to_input[m.begin];
  const uint32_t ce = to_input[m.end] > to_input[m.end - 1] ? to_input[m.end] : to_input[m.end - 1] + 1;
  tok->cp_begin = cb;
  tok->cp_length = ce - cb;
  tok->begin = sc.unit_begin[cb];
  tok->length = sc.unit_begin[ce] - tok->begin;
  tok->word = sc.word[m.begin];
}

void Analyzer::ForcedToken(size_t k, search::PathMorph* m, Token* tok) const {
  const auto& spans = scratch_->constraints.spans;
  auto it = std::lower_bound(spans.begin(), spans.end(), m->begin,
                             [](const search::ForcedSpan& fs, uint32_t b) { return fs.begin < b; });
  if (it != spans.end() && it->begin == m->begin && k < it->parts.size()) {
    m->begin = it->parts[k].first;
    m->end = it->parts[k].second;
  }
  if (search::IsForcedOov(m->morph)) {
    tok->form = scratch_->constraints.oov_forms[m->morph & ~search::kForcedMorphBit];
    m->morph = 0;
    m->flags |= kTokenUnknown;
  } else {
    tok->form = std::string(model_->impl().morph_form(m->morph));
  }
}

Status Analyzer::SplitUtf8(std::string_view text, std::vector<SentenceSpan>* out) {
  return SplitUtf8(text, AnalyzeOptions(), out);
}

Status Analyzer::SplitUtf8(std::string_view text, const AnalyzeOptions& opt, std::vector<SentenceSpan>* out) {
  AnalyzeOptions one = opt;
  one.top_n = 1;
  one.output_tags = 0;
  one.join_derivations = false;
  one.stop_words = false;
  one.stop_word_list = nullptr;
  std::vector<Analysis> res;
  KMA_RETURN_IF_ERROR(AnalyzeUtf8(text, one, &res));
  search::SentenceSpans(res[0].tokens, out);
  return Status::Ok();
}

Status Analyzer::SplitUtf16(const char16_t* text, size_t units, std::vector<SentenceSpan>* out) {
  return SplitUtf16(text, units, AnalyzeOptions(), out);
}

Status Analyzer::SplitUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                            std::vector<SentenceSpan>* out) {
  AnalyzeOptions one = opt;
  one.top_n = 1;
  one.output_tags = 0;
  one.join_derivations = false;
  one.stop_words = false;
  one.stop_word_list = nullptr;
  std::vector<Analysis> res;
  KMA_RETURN_IF_ERROR(AnalyzeUtf16(text, units, one, &res));
  search::SentenceSpans(res[0].tokens, out);
  return Status::Ok();
}

}  // namespace kma
