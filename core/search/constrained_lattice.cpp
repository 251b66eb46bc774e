#include "core/search/constrained_lattice.h"

#include <algorithm>

#include "core/search/step_builder.h"
#include "core/text/hangul.h"
#include "core/text/utf.h"

namespace kma::search {
namespace {

Status OffsetError(const std::string& what, uint32_t cp) {
  return Status(StatusCode::kInvalidArgument, what, cp);
}

// Input code points [b, e) -> normalized positions, whitespace trimmed.
Status MapSpan(const NormalizedText& nt, uint32_t b, uint32_t e, const std::string& name, uint32_t* nb,
               uint32_t* ne) {
  const std::vector<uint32_t>& to = nt.to_input;
  auto map = [&](uint32_t cp, uint32_t* out) {
    auto it = std::lower_bound(to.begin(), to.end(), cp);
    if (it == to.end() || *it != cp)
      return OffsetError(name + ": offset " + std::to_string(cp) +
                             " is inside a character that normalization composes with its neighbour",
                         cp);
    *out = static_cast<uint32_t>(it - to.begin());
    return Status::Ok();
  };
  KMA_RETURN_IF_ERROR(map(b, nb));
  KMA_RETURN_IF_ERROR(map(e, ne));
  while (*nb < *ne && IsSpaceChar(nt.text[*nb])) ++*nb;
  while (*ne > *nb && IsSpaceChar(nt.text[*ne - 1])) --*ne;
  if (*nb == *ne) return OffsetError(name + ": span " + std::to_string(b) + ":" + std::to_string(e) + " holds only whitespace", b);
  return Status::Ok();
}

// Each step's own part of the span if the forms, normalized as the text is,
// spell it exactly; else the whole span for every step.
void SplitParts(const std::u32string& t, const SpanConstraint& c, ForcedSpan* fs) {
  fs->parts.assign(c.morphs.size(), {fs->begin, fs->end});
  std::vector<std::pair<uint32_t, uint32_t>> parts;
  uint32_t p = fs->begin;
  for (const ConstraintMorph& m : c.morphs) {
    std::u32string cps;
    Utf8ToU32(m.form, &cps);
    const std::u32string n = hangul::SplitCodas(cps, true);
    if (p + n.size() > fs->end || t.compare(p, n.size(), n) != 0) return;
    parts.emplace_back(p, p + static_cast<uint32_t>(n.size()));
    p += static_cast<uint32_t>(n.size());
  }
  if (p == fs->end) fs->parts = std::move(parts);
}

}  // namespace

Status ResolveConstraints(const ModelImpl& model, MorphLookup* lookup, const Constraints& c,
                          const NormalizedText& nt, SearchConstraints* out) {
  out->Clear();
  for (size_t i = 0; i < c.spans.size(); ++i) {
    const SpanConstraint& sc = c.spans[i];
    ForcedSpan fs;
    KMA_RETURN_IF_ERROR(MapSpan(nt, sc.begin, sc.end, "span constraint " + std::to_string(i), &fs.begin, &fs.end));
    for (const ConstraintMorph& m : sc.morphs) {
      // One tag (ValidateConstraints): its index is the lowest set bit.
      const PosTag tag = static_cast<PosTag>(__builtin_ctzll(m.tags));
      MorphStep& st = fs.steps.emplace_back();
      if (uint32_t id = lookup->Find(model, m.form, tag); id != 0) {
        FillStep(model, id, &st);
      } else {
        const uint32_t idx = kForcedMorphBit | static_cast<uint32_t>(out->oov_forms.size());
        out->oov_forms.push_back(m.form);
        st = StepBuilder::ForcedOovStep(idx, tag);
      }
    }
    SplitParts(nt.text, sc, &fs);
    out->spans.push_back(std::move(fs));
  }
  std::sort(out->spans.begin(), out->spans.end(), [](const ForcedSpan& a, const ForcedSpan& b) { return a.begin < b.begin; });
  for (size_t i = 0; i < c.lemmas.size(); ++i) {
    const LemmaConstraint& lc = c.lemmas[i];
    ResolvedLemma rl{lc.readings, 0, static_cast<uint32_t>(nt.text.size()), i};
    if (!lc.anywhere)
      KMA_RETURN_IF_ERROR(MapSpan(nt, lc.begin, lc.end, "lemma constraint " + std::to_string(i), &rl.begin, &rl.end));
    out->lemmas.push_back(std::move(rl));
  }
  return Status::Ok();
}

void ApplySpanConstraints(const SearchConstraints& sc, uint32_t begin, uint32_t end, Lattice* lattice) {
  std::vector<const ForcedSpan*> here;
  for (const ForcedSpan& fs : sc.spans)
    if (fs.begin >= begin && fs.end <= end) here.push_back(&fs);
  if (here.empty()) return;
  std::vector<Node>& nodes = lattice->nodes;
  std::vector<Node> kept;
  kept.reserve(nodes.size() + here.size());
  for (const Node& n : nodes) {
    // Spans are sorted and disjoint: the first one ending after n.begin is
    // the only one n can overlap first.
    auto it = std::upper_bound(here.begin(), here.end(), n.begin,
                               [](uint32_t b, const ForcedSpan* fs) { return b < fs->end; });
    if (it == here.end() || n.end <= (*it)->begin) {
      kept.push_back(n);
      continue;
    }
    // A pattern (number, Latin word ...) keeps its parts outside the spans,
    // as a chunk cut inside one does: nothing else may cover them.
    if (n.kind != NodeKind::kPattern) continue;
    uint32_t p = n.begin;
    for (; it != here.end() && (*it)->begin < n.end; ++it) {
      if (p < (*it)->begin) {
        Node& part = kept.emplace_back(n);
        part.begin = p;  // after an earlier span, not the pattern's start
        part.end = (*it)->begin;
        part.entry = 0;  // the dictionary form was the whole pattern's
      }
      p = std::max(p, (*it)->end);
    }
    if (p < n.end) {
      Node& part = kept.emplace_back(n);
      part.begin = p;
      part.entry = 0;
    }
  }
  for (const ForcedSpan* fs : here) {
    Node& n = kept.emplace_back();
    n.begin = fs->begin;
    n.end = fs->end;
    n.kind = NodeKind::kForced;
    n.tag = fs->steps[0].tag;
    n.entry_kind = EntryKind::kPlain;
    n.entry = static_cast<uint32_t>(fs - sc.spans.data());
    n.penalty = StepBuilder::ForcedCost();
    n.socket = 0;
    n.no_space_before = false;
    n.unpacked = true;
    n.step_count = static_cast<uint8_t>(fs->steps.size());
    n.joins_right = false;
    n.first_step = static_cast<uint32_t>(lattice->steps.size());
    n.first_char = 0;
    lattice->steps.insert(lattice->steps.end(), fs->steps.begin(), fs->steps.end());
  }
  std::stable_sort(kept.begin(), kept.end(), [](const Node& a, const Node& b) { return a.begin < b.begin; });
  nodes.swap(kept);
}

void MergeChunksForConstraints(const SearchConstraints& sc, std::vector<Chunk>* chunks) {
  if (chunks->size() < 2) return;
  std::vector<std::pair<uint32_t, uint32_t>> ranges;
  for (const ForcedSpan& fs : sc.spans) ranges.emplace_back(fs.begin, fs.end);
  for (const ResolvedLemma& l : sc.lemmas) ranges.emplace_back(l.begin, l.end);
  // Chunk i is joined to chunk i + 1 when a range holds text of both.
  std::vector<bool> join(chunks->size(), false);
  for (const auto& [b, e] : ranges)
    for (size_t i = 0; i + 1 < chunks->size(); ++i)
      if (b < (*chunks)[i].end && e > (*chunks)[i + 1].begin) join[i] = true;
  std::vector<Chunk> merged;
  for (size_t i = 0; i < chunks->size(); ++i) {
    if (i > 0 && join[i - 1]) merged.back().end = (*chunks)[i].end;
    else merged.push_back((*chunks)[i]);
  }
  chunks->swap(merged);
}

uint8_t ChunkLemmas(const SearchConstraints& sc, const Chunk& c) {
  uint8_t bits = 0;
  for (const ResolvedLemma& l : sc.lemmas)
    if (l.begin < c.end && l.end > c.begin) bits |= static_cast<uint8_t>(1u << l.index);
  return bits;
}

}  // namespace kma::search
