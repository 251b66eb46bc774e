// Analyzer orchestration: decode -> normalize -> pretokenize -> chunk ->
// lattice -> beam search -> N-best join -> tokens with offsets -> sentence
// numbers.
#include "core/search/analyzer.h"

#include <algorithm>
#include <cmath>

#include "core/dict/user_dictionary.h"
#include "core/model/model_impl.h"
#include "core/search/beam_search.h"
#include "core/search/chunker.h"
#include "core/search/lattice.h"
#include "core/search/nbest.h"
#include "core/search/sentence_splitter.h"
#include "core/search/user_nodes.h"
#include "core/text/hangul.h"
#include "core/text/normalizer.h"
#include "core/text/utf.h"

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
  search::NBestJoiner nbest;
  // One scorer per LM used so far (scorers keep caches across texts).
  std::vector<std::pair<const lm::LanguageModel*, std::unique_ptr<lm::LmScorer>>> scorers;
  // An ensemble with a requested weight (AnalyzeOptions::knlm_mix).
  lm::OwnedLm reweighted;
  std::string reweighted_name;
  float reweighted_weight = 0;
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

Status Analyzer::AnalyzeUtf8(std::string_view text, const AnalyzeOptions& opt, std::vector<Analysis>* out) {
  KMA_RETURN_IF_ERROR(DecodeUtf8(text, &scratch_->cps, &scratch_->unit_begin));
  return AnalyzeDecoded(opt, out);
}

Status Analyzer::AnalyzeUtf16(const char16_t* text, size_t units, const AnalyzeOptions& opt,
                              std::vector<Analysis>* out) {
  if (text == nullptr && units != 0) return Status(StatusCode::kInvalidArgument, "text is NULL");
  KMA_RETURN_IF_ERROR(DecodeUtf16(text, units, &scratch_->cps, &scratch_->unit_begin));
  return AnalyzeDecoded(opt, out);
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
  if (opt.max_states > 0) sp.max_states = opt.max_states;
  if (opt.skip_margin >= 0.0f) sp.skip_margin = opt.skip_margin;
  if (opt.top_n > 1) {
    // N distinct paths only survive a beam wide enough to hold them.
    sp.beam += 5.0f + 3.0f * std::log(static_cast<float>(opt.top_n));
    sp.max_states = std::max(sp.max_states, 4 * opt.top_n);
  }
  return sp;
}

Status Analyzer::AnalyzeDecoded(const AnalyzeOptions& opt, std::vector<Analysis>* out) {
  out->clear();
  if (opt.top_n < 1 || opt.top_n > 64) return Status(StatusCode::kInvalidArgument, "top_n must be in 1..64");
  std::string lm_name;
  auto scorer = ScorerFor(opt, &lm_name);
  if (!scorer.ok()) return scorer.status();
  Scratch& sc = *scratch_;
  if (sc.cps.size() >= 0x7FFFFFFFu) return Status(StatusCode::kInputTooLong, "input too long");
  const ModelImpl& model = model_->impl();
  Normalize(sc.cps, &sc.nt);
  const std::u32string& t = sc.nt.text;
  sc.pretokens = Pretokenize(t);
  WordIndex(t, &sc.word);
  search::MakeChunks(t, sc.pretokens, &sc.chunks);

  search::LatticeParams lp;
  lp.max_unknown_units = opt.max_unknown_length;
  const search::SearchParams sp = Params(opt, lm_name);
  sc.nbest.Reset(opt.top_n);
  size_t pti = 0;
  for (const search::Chunk& c : sc.chunks) {
    while (pti < sc.pretokens.size() && sc.pretokens[pti].end <= c.begin) ++pti;
    sc.chunk_pretokens.clear();
    for (size_t k = pti; k < sc.pretokens.size() && sc.pretokens[k].begin < c.end; ++k)
      sc.chunk_pretokens.push_back(sc.pretokens[k]);
    search::BuildLattice(model, t, c.begin, c.end, sc.chunk_pretokens, lp, &sc.lattice);
    if (user_) search::AddUserNodes(model, *user_, t, c.begin, c.end, &sc.user_nodes, &sc.lattice);
    // Text written without any spaces says nothing about word boundaries:
    // there the boundary model is switched off (measured on a space-free copy
    // of the held-out set: F1 0.9156 with the usual cap, 0.9227 without).
    search::SearchParams chunk_sp = sp;
    if (search::IsSpaceless(t, c)) chunk_sp.nospace_floor = 0.0f;
    sc.search.Run(model, scorer.value(), t, c.begin, c.end, &sc.lattice, chunk_sp, &sc.paths);
    if (sc.paths.empty()) return Status(StatusCode::kInternal, "no analysis path found");
    sc.nbest.AddChunk(&sc.paths);
  }
  sc.nbest.Finish(&sc.paths);
  for (const Path& p : sc.paths) {
    out->emplace_back();
    ToTokens(p, &out->back());
    if (opt.output_tags != 0) {
      std::vector<Token>& tokens = out->back().tokens;
      tokens.erase(std::remove_if(tokens.begin(), tokens.end(),
                                  [&](const Token& tok) {
                                    return ((opt.output_tags >> static_cast<unsigned>(tok.tag)) & 1u) == 0;
                                  }),
                   tokens.end());
    }
  }
  return Status::Ok();
}

void Analyzer::ToTokens(const Path& path, Analysis* an) const {
  const ModelImpl& model = model_->impl();
  const Scratch& sc = *scratch_;
  const std::u32string& t = sc.nt.text;
  const auto& to_input = sc.nt.to_input;
  an->score = path.score;
  an->lm_score = path.lm;
  an->tokens.reserve(path.morphs.size());
  for (const search::PathMorph& m : path.morphs) {
    Token tok;
    tok.tag = m.tag;
    tok.morph_id = m.morph;
    tok.flags = m.flags;
    if (IsUserId(m.morph)) {
      // A user morpheme the model lacks (a pattern rule's: the matched text).
      const std::string& form = user_->morph(m.morph).form;
      tok.form = form.empty() ? SurfaceUtf8(t, m.begin, m.end) : form;
      tok.morph_id = 0;
      tok.flags |= kTokenUser;
    } else if (m.morph != 0) {
      tok.form = std::string(model.morph_form(m.morph));
    } else {
      tok.form = SurfaceUtf8(t, m.begin, m.end);
    }
    tok.score = m.score;
    const uint32_t cb = to_input[m.begin];
    const uint32_t ce = to_input[m.end] > to_input[m.end - 1] ? to_input[m.end] : to_input[m.end - 1] + 1;
    tok.cp_begin = cb;
    tok.cp_length = ce - cb;
    tok.begin = sc.unit_begin[cb];
    tok.length = sc.unit_begin[ce] - tok.begin;
    tok.word = sc.word[m.begin];
    an->tokens.push_back(std::move(tok));
  }
  // Sentence numbers see the line breaks of the decoded text (cp_begin and
  // cp_length index it), as splitting does.
  search::AssignSentences(search::SplitText::Utf32(sc.cps.data(), sc.cps.size()), &an->tokens);
}

Status Analyzer::SplitUtf8(std::string_view text, std::vector<SentenceSpan>* out) {
  return SplitUtf8(text, AnalyzeOptions(), out);
}

Status Analyzer::SplitUtf8(std::string_view text, const AnalyzeOptions& opt, std::vector<SentenceSpan>* out) {
  AnalyzeOptions one = opt;
  one.top_n = 1;
  one.output_tags = 0;
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
  std::vector<Analysis> res;
  KMA_RETURN_IF_ERROR(AnalyzeUtf16(text, units, one, &res));
  search::SentenceSpans(res[0].tokens, out);
  return Status::Ok();
}

}  // namespace kma
