#include "core/search/gold_scorer.h"

#include <algorithm>
#include <functional>
#include <limits>

#include "core/dict/dictionary.h"
#include "core/model/model_view.h"
#include "core/search/beam_search.h"
#include "core/search/chunker.h"
#include "core/search/lattice.h"
#include "core/search/step_builder.h"
#include "core/text/normalizer.h"
#include "core/text/utf.h"

namespace kma {
namespace {

using search::Node;
using search::PathMorph;
using search::State;
using search::StepBuilder;

constexpr float kNoFloor = -std::numeric_limits<float>::infinity();

// The best path through one chunk's lattice that spells given tokens: a
// position-synchronous search like the beam's, over only the nodes that
// spell the next tokens, and without a beam. Different nodes may spell the
// same tokens (a reading of one entry or of two, a typo reading of another
// entry) at different costs: the search keeps the best, and so does this.
class Aligner {
 public:
  // The token a path's morpheme becomes (Analyzer::MorphToken).
  using TokenOf = std::function<void(const PathMorph&, size_t, Token*)>;

  Aligner(const ModelImpl& model, search::Lattice* lattice, const NormalizedText& nt,
          const std::vector<Token>& tokens, TokenOf token_of, StepBuilder* step)
      : model_(model), lattice_(lattice), nt_(nt), tokens_(tokens), token_of_(std::move(token_of)), step_(step) {}

  // The chunk's path spelling its tokens (from `first` on), closed: false if
  // there is none. *next is the first token after the chunk's; *reached the
  // first token no path reached.
  bool Run(const search::Chunk& c, size_t first, State* best, size_t* next, size_t* reached);

 private:
  struct Cell {
    size_t token;  // tokens spelled so far
    State state;
  };
  // The state after node `ni` (and, for a stem head, its fused tail `ti`)
  // extends `cell`, if the nodes spell the next tokens.
  void Try(const Cell& cell, size_t ni, size_t ti);
  bool Spells(size_t first, const std::vector<PathMorph>& morphs) const;
  void Add(uint32_t pos, size_t token, const State& s);
  // Nodes that begin at `pos`: [first, last).
  std::pair<size_t, size_t> NodesAt(uint32_t pos) const;

  const ModelImpl& model_;
  search::Lattice* lattice_;  // nodes are unpacked as they are tried
  const NormalizedText& nt_;
  const std::vector<Token>& tokens_;
  TokenOf token_of_;
  StepBuilder* step_;
  uint32_t begin_ = 0;
  std::vector<std::vector<Cell>> cells_;  // by position - begin_
  std::vector<PathMorph> morphs_;
  size_t reached_ = 0;
};

std::pair<size_t, size_t> Aligner::NodesAt(uint32_t pos) const {
  const std::vector<Node>& nodes = lattice_->nodes;
  auto first = std::lower_bound(nodes.begin(), nodes.end(), pos,
                                [](const Node& n, uint32_t p) { return n.begin < p; });
  auto last = first;
  while (last != nodes.end() && last->begin == pos) ++last;
  return {static_cast<size_t>(first - nodes.begin()), static_cast<size_t>(last - nodes.begin())};
}

bool Aligner::Run(const search::Chunk& c, size_t first, State* best, size_t* next, size_t* reached) {
  begin_ = c.begin;
  cells_.assign(c.end - c.begin + 1, {});
  reached_ = first;
  Add(c.begin, first, step_->Start());
  for (uint32_t p = c.begin; p < c.end; ++p) {
    // Cells are only added at later positions while these are read.
    const std::vector<Cell>& here = cells_[p - begin_];
    if (search::IsSpaceChar(nt_.text[p])) {
      for (const Cell& cell : here) {
        State s = cell.state;
        StepBuilder::AfterSpace(&s);
        Add(p + 1, cell.token, s);
      }
      continue;
    }
    const auto [nb, ne] = NodesAt(p);
    for (size_t ni = nb; ni < ne && !here.empty(); ++ni) {
      if (lattice_->nodes[ni].entry_kind == EntryKind::kSocket) continue;  // only after its head
      search::UnpackNode(model_, ni, lattice_);
      const Node& n = lattice_->nodes[ni];
      if (n.entry_kind != EntryKind::kHead) {
        for (const Cell& cell : here) Try(cell, ni, 0);
        continue;
      }
      const auto [tb, te] = NodesAt(n.end);
      for (size_t ti = tb; ti < te; ++ti) {
        const Node& t = lattice_->nodes[ti];
        if (t.entry_kind != EntryKind::kSocket || t.socket != n.socket) continue;
        search::UnpackNode(model_, ti, lattice_);
        for (const Cell& cell : here) Try(cell, ni, ti);
      }
    }
  }
  *reached = reached_;
  // The chunk's tokens are those that begin before its end: a path that
  // spells only some of the last word's (서 of 서+어) does not count.
  size_t last = first;
  while (last < tokens_.size() && tokens_[last].cp_begin < nt_.to_input[c.end]) ++last;
  *next = last;
  bool found = false;
  for (const Cell& cell : cells_.back()) {
    if (cell.token != last || cell.state.link_open != 0) continue;  // link_open: half a phonetic spelling
    State f = cell.state;
    step_->Close(&f);
    if (!found || f.score > best->score) {
      *best = f;
      found = true;
    }
  }
  return found;
}

void Aligner::Try(const Cell& cell, size_t ni, size_t ti) {
  const Node& n = lattice_->nodes[ni];
  const Node* tail = n.entry_kind == EntryKind::kHead ? &lattice_->nodes[ti] : nullptr;
  morphs_.clear();
  search::NodeMorphs(*lattice_, n, tail, 0.0f, &morphs_);
  if (tail != nullptr) search::NodeMorphs(*lattice_, *tail, nullptr, 0.0f, &morphs_);
  if (!Spells(cell.token, morphs_)) return;
  State next;
  if (step_->Extend(cell.state, n, kNoFloor, &next) != StepBuilder::Reach::kReached) return;
  if (tail != nullptr && step_->Extend(State(next), *tail, kNoFloor, &next) != StepBuilder::Reach::kReached) return;
  Add((tail != nullptr ? tail : &n)->end, cell.token + morphs_.size(), next);
}

bool Aligner::Spells(size_t first, const std::vector<PathMorph>& morphs) const {
  if (first + morphs.size() > tokens_.size()) return false;
  for (size_t k = 0; k < morphs.size(); ++k) {
    const PathMorph& m = morphs[k];
    const Token& want = tokens_[first + k];
    // Cheap tests first (a forced morpheme's token moves to its own part
    // of the span: its start is only known from the token).
    if (m.tag != want.tag) return false;
    if ((m.flags & kTokenConstrained) == 0 && nt_.to_input[m.begin] != want.cp_begin) return false;
    Token got;
    token_of_(m, k, &got);  // k: the index in a forced node, which holds nothing else
    if (got.form != want.form || got.morph_id != want.morph_id || got.flags != want.flags ||
        got.cp_begin != want.cp_begin || got.cp_length != want.cp_length || got.begin != want.begin ||
        got.length != want.length)
      return false;
  }
  return true;
}

void Aligner::Add(uint32_t pos, size_t token, const State& s) {
  reached_ = std::max(reached_, token);
  // Paths that spell the same tokens up to here agree on what follows
  // (State::SameKey; the space is the text's): the best is kept.
  for (Cell& cell : cells_[pos - begin_]) {
    if (cell.token != token || !cell.state.SameKey(s) || cell.state.space_before != s.space_before) continue;
    if (s.score > cell.state.score) cell.state = s;
    return;
  }
  cells_[pos - begin_].push_back({token, s});
}

}  // namespace

GoldScorer::GoldScorer(std::shared_ptr<const Model> model, const AnalyzeOptions& opt,
                       std::shared_ptr<const UserDictionary> user)
    : model_(model), opt_(opt), analyzer_(std::move(model), std::move(user)) {}

GoldScorer::~GoldScorer() = default;

void GoldScorer::MakeLmScorer() const {
  const ModelImpl& mi = model_->impl();
  const lm::LmRegistry& lms = mi.lms();
  const std::string name = opt_.lm.empty() ? mi.default_lm() : opt_.lm;
  const lm::LanguageModel* m = lms.Find(name);
  if (m == nullptr) m = lms.Find(lm::kKnlm);
  if (lm::LmRegistry::IsEnsemble(name) && opt_.knlm_mix > 0.0f && opt_.knlm_mix < 1.0f) {
    auto owned = lms.Reweighted(name, opt_.knlm_mix);
    if (owned.ok()) {
      reweighted_ = std::move(owned.value());
      m = reweighted_.lm;
    }
  }
  scorer_ = m->NewScorer();
  vocab_ = std::make_unique<LmVocabulary>(*model_);
}

double GoldScorer::SentenceLogProb(const std::vector<std::pair<std::string, std::string>>& morphs,
                                   size_t* tokens) const {
  if (scorer_ == nullptr) MakeLmScorer();
  lm::LmState state = scorer_->Start();
  double sum = 0;
  size_t n = 0;
  for (const auto& [form, tag] : morphs) {
    const uint32_t tok = vocab_->TokenOf(form, tag);
    if (tok == LmVocabulary::kNoToken) continue;
    sum += scorer_->Step(&state, tok);
    ++n;
  }
  sum += scorer_->Step(&state, kLmEos);
  *tokens = n + 1;
  return sum;
}

Status GoldScorer::ScoreUtf8(std::string_view text, const Constraints* constraints, const Analysis& analysis,
                             GoldScore* out) {
  const Analysis* one = &analysis;
  return Score(text, constraints, &one, 1, out);
}

Status GoldScorer::ScoreUtf8(std::string_view text, const Constraints* constraints,
                             const std::vector<Analysis>& analyses, std::vector<GoldScore>* out) {
  std::vector<const Analysis*> all;
  for (const Analysis& a : analyses) all.push_back(&a);
  out->assign(analyses.size(), GoldScore{});
  return Score(text, constraints, all.data(), all.size(), out->data());
}

Status GoldScorer::Score(std::string_view text, const Constraints* constraints, const Analysis* const* analyses,
                         size_t n, GoldScore* out) {
  std::fill(out, out + n, GoldScore{});
  if (opt_.output_tags != 0)
    return Status(StatusCode::kInvalidArgument, "the gold scorer needs every token: output_tags must be 0");
  if (constraints != nullptr && constraints->empty()) constraints = nullptr;
  Analyzer& a = analyzer_;
  KMA_RETURN_IF_ERROR(a.DecodeText(text));
  std::string lm_name;
  auto scorer = a.ScorerFor(opt_, &lm_name);
  if (!scorer.ok()) return scorer.status();
  KMA_RETURN_IF_ERROR(a.PrepareText(constraints));
  const search::SearchParams sp = a.Params(opt_, lm_name);
  const search::LatticeParams lp = a.LatticeParamsFor(opt_);
  size_t pti = 0;
  std::vector<size_t> next(n, 0);  // per analysis, its first token not yet scored
  for (const search::Chunk& c : a.chunks()) {
    const search::SearchParams chunk_sp = a.PrepareChunk(opt_, lp, sp, c, constraints != nullptr, &pti);
    for (size_t i = 0; i < n; ++i)
      KMA_RETURN_IF_ERROR(ScoreChunk(c, chunk_sp, scorer.value(), analyses[i]->tokens, &next[i], &out[i]));
  }
  for (size_t i = 0; i < n; ++i) {
    const std::vector<Token>& tokens = analyses[i]->tokens;
    if (next[i] != tokens.size())
      return Status(StatusCode::kInvalidArgument, "token " + std::to_string(next[i]) + " lies outside the text's words",
                    tokens[next[i]].begin);
  }
  return Status::Ok();
}

Status GoldScorer::ScoreChunk(const search::Chunk& c, const search::SearchParams& sp, lm::LmScorer* scorer,
                              const std::vector<Token>& tokens, size_t* next, GoldScore* out) {
  const ModelImpl& model = analyzer_.model_->impl();
  search::Lattice* lattice = analyzer_.lattice();
  StepBuilder step;
  step.Begin(model, scorer, lattice, sp);
  Aligner aligner(
      model, lattice, analyzer_.normalized(), tokens,
      [this](const PathMorph& m, size_t k, Token* tok) { analyzer_.MorphToken(m, k, tok); }, &step);
  State best{};
  size_t reached = *next;
  if (!aligner.Run(c, *next, &best, next, &reached)) {
    const int64_t at = reached < tokens.size() ? tokens[reached].begin : static_cast<int64_t>(analyzer_.decoded_units());
    return Status(StatusCode::kInvalidArgument,
                  "no path of the lattice spells the analysis from token " + std::to_string(reached), at);
  }
  out->score += best.score;
  out->lm += best.lm;
  return Status::Ok();
}

}  // namespace kma
