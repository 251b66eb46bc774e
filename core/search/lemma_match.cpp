// Lemma constraints in the search: when a node extends a path, the readings
// that end in the node's morphemes are looked for in the node plus the
// morphemes before it on the path (walked back through the history, within
// the word), and the constraints found set their bit in the new state.
// Only constrained searches call this.
#include <string>

#include "core/search/beam_search.h"
#include "core/search/constrained_lattice.h"
#include "core/text/hangul.h"
#include "core/text/utf.h"
#include "core/userdict/user_dictionary.h"

namespace kma::search {
namespace {

// One morpheme of a path as a reading sees it.
struct SeenMorph {
  uint32_t morph;       // as MorphStep::morph
  PosTag tag;
  uint32_t begin, end;  // its node's span
};

// The morphemes a node adds to the path, in order (Backtrace's view: a head
// adds the stem, its socket the tail).
void NodeMorphs(const Lattice& lattice, const Node& n, std::vector<SeenMorph>* out) {
  const MorphStep* ms = lattice.steps.data() + n.first_step;
  if (n.kind == NodeKind::kUnknown || n.kind == NodeKind::kPattern) {
    out->push_back({ms[0].morph, n.tag, n.begin, n.end});
    return;
  }
  const uint32_t count = n.entry_kind == EntryKind::kHead ? 1 : n.step_count;
  for (uint32_t k = 0; k < count; ++k) out->push_back({ms[k].morph, ms[k].tag, n.begin, n.end});
}

}  // namespace

uint8_t BeamSearch::MatchLemmas(const State& s, const Node& n) const {
  const SearchConstraints& sc = *constraints_;
  size_t longest = 0;
  for (const ResolvedLemma& l : sc.lemmas)
    for (const auto& r : l.readings) longest = std::max(longest, r.size());
  // The node's morphemes, preceded by up to longest - 1 of the path's
  // earlier morphemes in the same word (no whitespace in between).
  std::vector<SeenMorph> own, seq;
  NodeMorphs(*lattice_, n, &own);
  uint32_t left = n.begin;
  for (uint32_t h = s.hist; h != State::kNoHist && seq.size() + 1 < longest; h = hist_[h].parent) {
    const Node& p = lattice_->nodes[hist_[h].node];
    if (p.end != left) break;
    std::vector<SeenMorph> pm;
    NodeMorphs(*lattice_, p, &pm);
    seq.insert(seq.begin(), pm.begin(), pm.end());
    left = p.begin;
  }
  const size_t first_own = seq.size();
  seq.insert(seq.end(), own.begin(), own.end());

  std::vector<std::string> forms(seq.size());
  auto form = [&](size_t i) -> const std::string& {
    if (!forms[i].empty()) return forms[i];
    const SeenMorph& m = seq[i];
    if (IsForcedOov(m.morph)) forms[i] = sc.oov_forms[m.morph & ~kForcedMorphBit];
    else if (m.morph != 0 && !IsUserId(m.morph)) forms[i] = std::string(model_->morph_form(m.morph));
    else forms[i] = ToUtf8(hangul::JoinCodas(std::u32string_view(*text_).substr(m.begin, m.end - m.begin)));
    return forms[i];
  };
  uint8_t bits = 0;
  for (const ResolvedLemma& l : sc.lemmas) {
    const uint8_t bit = static_cast<uint8_t>(1u << l.index);
    if ((s.lemmas & bit) != 0 || (sc.chunk_lemmas & bit) == 0) continue;
    for (const auto& r : l.readings) {
      // Readings ending in one of the node's own morphemes.
      for (size_t last = first_own; last < seq.size() && (bits & bit) == 0; ++last) {
        if (last + 1 < r.size()) continue;
        const size_t start = last + 1 - r.size();
        bool ok = true;
        for (size_t k = 0; k < r.size() && ok; ++k) {
          const SeenMorph& m = seq[start + k];
          ok = (r[k].tags & TagSetOf(m.tag)) != 0 && m.begin >= l.begin && m.end <= l.end && form(start + k) == r[k].form;
        }
        if (ok) bits |= bit;
      }
    }
  }
  return bits;
}

}  // namespace kma::search
