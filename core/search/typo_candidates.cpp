// Corrected and colloquial lattice candidates (see typo_candidates.h).
//
// Per run, every position gets the list of corrections that apply there
// (context included), once; then from every start position the trie is walked
// along the written text, and at each position along the way each correction
// is tried once, followed by an exact walk to the end of the match. So a
// start costs its exact walk plus one short walk per correction on the way,
// and positions with no correction ahead cost nothing.
#include "core/search/typo_candidates.h"

#include <algorithm>
#include <numeric>

#include "core/search/step_builder.h"
#include "core/text/hangul.h"

namespace kma::search {
namespace {

using hangul::kOnsetIeung;
using hangul::IsCompatConsonant;
using hangul::IsCompatVowel;
using hangul::kCompatVowelFirst;
bool IsWordChar(char32_t c) { return hangul::IsSyllable(c) || hangul::IsCodaJamo(c); }

// Jamo that people type as laughter or as a face: ㅋㅋ, ㅎㅎ, ㅠㅠ, ㄷㄷ.
// Consonant runs are read as interjections (like 하하, 크크), vowel runs as
// emoticons (symbols, like ^^).
PosTag JamoRunTag(char32_t c) { return IsCompatVowel(c) ? PosTag::kSW : PosTag::kIC; }

// Final consonants typed as laughter right after a word: 했어욬, 좋앟ㅎ.
bool IsLaughterCoda(char32_t c) { return c == hangul::CodaJamo(24) || c == hangul::CodaJamo(27); }  // ㅋ ㅎ

}  // namespace

TypoCandidates::TypoCandidates(const ModelImpl& model, const TypoEditSet& edits) : model_(model) {
  for (const TypoEdit& e : edits.edits) Compile(e);
  std::vector<size_t> order(patterns_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return patterns_[a].from[0] < patterns_[b].from[0]; });
  std::vector<Pattern> sorted;
  sorted.reserve(order.size());
  for (size_t i : order) sorted.push_back(std::move(patterns_[i]));
  patterns_ = std::move(sorted);
  for (const Pattern& pt : patterns_) pattern_keys_.push_back(pt.from[0]);
  // The onset half of a phonetic spelling always reads ㅇ + the vowel.
  for (int v = 0; v < hangul::kVowelCount; ++v) {
    tail_label_at_[v] = kNoLabel;
    uint32_t at = 0;
    if (AddLabels(std::u32string(1, hangul::Compose(kOnsetIeung, v, 0)), &at)) tail_label_at_[v] = at;
  }
}

bool TypoCandidates::AddLabels(const std::u32string& read, uint32_t* at) {
  const TrieView& trie = model_.trie();
  *at = static_cast<uint32_t>(labels_.size());
  for (char32_t c : read) {
    const TrieLabel l = trie.Label(c);
    if (l == TrieLabel::kNone) {  // no dictionary form has it: the edit can never match
      labels_.resize(*at);
      return false;
    }
    labels_.push_back(l);
  }
  return true;
}

void TypoCandidates::AddPattern(std::u32string from, const std::u32string& read, const TypoEdit& e, bool deletion) {
  Pattern pt;
  if (!AddLabels(read, &pt.label_at)) return;
  pt.from = std::move(from);
  pt.len = static_cast<uint8_t>(read.size());
  pt.context = e.context;
  pt.deletion = deletion;
  pt.after = e.after;
  pt.before = e.before;
  pt.cost = e.cost;
  patterns_.push_back(std::move(pt));
}

void TypoCandidates::Compile(const TypoEdit& e) {
  switch (e.kind) {
    case TypoEditKind::kVowel: {
      const int vw = static_cast<int>(e.written - kCompatVowelFirst);
      const int vr = static_cast<int>(e.read - kCompatVowelFirst);
      for (int o = 0; o < hangul::kOnsetCount; ++o)
        AddPattern(std::u32string(1, hangul::Compose(o, vw, 0)), std::u32string(1, hangul::Compose(o, vr, 0)), e, false);
      return;
    }
    case TypoEditKind::kOnset: {
      const int ow = hangul::CompatToOnset(e.written), orr = hangul::CompatToOnset(e.read);
      for (int v = 0; v < hangul::kVowelCount; ++v)
        AddPattern(std::u32string(1, hangul::Compose(ow, v, 0)), std::u32string(1, hangul::Compose(orr, v, 0)), e, false);
      return;
    }
    case TypoEditKind::kCoda: {
      const char32_t w = e.written != 0 ? hangul::CompatToCoda(e.written) : 0;
      const char32_t r = e.read != 0 ? hangul::CompatToCoda(e.read) : 0;
      if (w == 0) {
        Insertion ins{0, e.after, e.before, e.cost};
        if (AddLabels(std::u32string(1, r), &ins.label_at)) insertions_.push_back(ins);
      } else {
        AddPattern(std::u32string(1, w), r == 0 ? std::u32string() : std::u32string(1, r), e, r == 0);
      }
      return;
    }
    case TypoEditKind::kText:
      AddPattern(e.written_text, e.read_text, e, e.read_text.empty());
      return;
    case TypoEditKind::kLink: {
      Link l{e.written != 0 ? hangul::CompatToCoda(e.written) : 0, hangul::CompatToOnset(e.onset), 0, e.cost};
      if (AddLabels(std::u32string(1, hangul::CompatToCoda(e.read)), &l.label_at)) links_.push_back(l);
      return;
    }
    case TypoEditKind::kStretch:
      stretch_cost_ = e.cost;
      return;
  }
}

bool TypoCandidates::ContextOk(uint32_t q, uint32_t len, const Pattern& pt) const {
  const std::u32string& t = *text_;
  if (pt.after != 0 && (q == rb_ || t[q - 1] != pt.after)) return false;
  if (pt.before != 0 && (q + len >= re_ || t[q + len] != pt.before)) return false;
  if ((pt.context & kTypoFinal) && (q == rb_ || (q + len < re_ && IsWordChar(t[q + len])))) return false;
  if ((pt.context & kTypoInitial) && q > rb_ && IsWordChar(t[q - 1])) return false;
  return true;
}

void TypoCandidates::Push(uint8_t consume, uint32_t label_at, uint8_t len, uint8_t flags, float cost) {
  alts_.push_back({consume, len, flags, cost * cost_scale_, label_at});
}

void TypoCandidates::AddLinkAlts(uint32_t q) {
  const std::u32string& t = *text_;
  if (q == rb_ || q >= re_ || !IsWordChar(t[q - 1])) return;
  // The onset half, at the syllable whose first consonant was written: it
  // follows a syllable (no final written) or a syllable and its final.
  if (hangul::IsSyllable(t[q]) && hangul::OnsetIndex(t[q]) != kOnsetIeung) {
    const char32_t written = hangul::IsCodaJamo(t[q - 1]) ? t[q - 1] : 0;
    const bool after_syllable = written == 0 || (q - 1 > rb_ && hangul::IsSyllable(t[q - 2]));
    float best = -1;
    for (const Link& l : links_)
      if (after_syllable && l.written_coda == written && l.onset == hangul::OnsetIndex(t[q]) &&
          (best < 0 || l.cost < best))
        best = l.cost;
    const uint32_t tail = tail_label_at_[hangul::VowelIndex(t[q])];
    if (best > 0 && tail != kNoLabel) Push(1, tail, 1, kLinkTail, best / 2);
  }
  // The final consonant half, after a syllable: in place of the written
  // final (consumed) or inserted before the next syllable.
  if (!hangul::IsSyllable(t[q - 1])) return;
  const bool coda = hangul::IsCodaJamo(t[q]);
  const uint32_t b = coda ? q + 1 : q;
  if (b >= re_ || !hangul::IsSyllable(t[b])) return;
  const int onset = hangul::OnsetIndex(t[b]);
  for (const Link& l : links_) {
    if (l.onset != onset || l.written_coda != (coda ? t[q] : 0)) continue;
    // A silent ㅎ (조아 -> 좋아) leaves the next syllable as written: the
    // whole edit is the inserted final.
    if (onset == kOnsetIeung) Push(coda ? 1 : 0, l.label_at, 1, kNeedsPrefix, l.cost);
    else Push(coda ? 1 : 0, l.label_at, 1, kNeedsPrefix | kLinkHead, l.cost / 2);
  }
}

void TypoCandidates::AltsForPosition(uint32_t q) {
  const std::u32string& t = *text_;
  if (q < re_) {
    const auto range = std::equal_range(pattern_keys_.begin(), pattern_keys_.end(), t[q]);
    for (auto it = range.first; it != range.second; ++it) {
      const Pattern& pt = patterns_[static_cast<size_t>(it - pattern_keys_.begin())];
      const uint32_t n = static_cast<uint32_t>(pt.from.size());
      if (q + n > re_ || t.compare(q, n, pt.from) != 0 || !ContextOk(q, n, pt)) continue;
      Push(static_cast<uint8_t>(n), pt.label_at, pt.len, pt.deletion ? kNeedsPrefix : 0, pt.cost);
    }
  }
  // Inserted final consonants: after a syllable that has none.
  if (q > rb_ && hangul::IsSyllable(t[q - 1]) && (q == re_ || !hangul::IsCodaJamo(t[q]))) {
    for (const Insertion& ins : insertions_)
      if ((ins.after == 0 || ins.after == t[q - 1]) && (ins.before == 0 || (q < re_ && ins.before == t[q])))
        Push(0, ins.label_at, 1, kNeedsPrefix, ins.cost);
  }
  AddLinkAlts(q);
  // A word lengthened at its end by its last vowel: 좋아아아, 가자아아.
  if (stretch_cost_ > 0 && q > rb_ && q < re_ && hangul::IsSyllable(t[q - 1])) {
    const char32_t echo = hangul::Compose(kOnsetIeung, hangul::VowelIndex(t[q - 1]), 0);
    uint32_t k = q;
    while (k < re_ && t[k] == echo) ++k;
    // Two echoes at least: one is often a word of its own (가운데에, 때에).
    if (k >= q + 2 && (k == re_ || !IsWordChar(t[k]))) Push(static_cast<uint8_t>(std::min<uint32_t>(k - q, 255)), 0, 0, kNeedsPrefix, stretch_cost_);
  }
}

void TypoCandidates::BeginRun(const std::u32string& text, uint32_t rb, uint32_t re, const TrieLabel* label) {
  text_ = &text;
  run_labels_ = label;
  rb_ = rb;
  re_ = re;
  alts_.clear();
  const uint32_t n = re - rb;
  alt_start_.resize(n + 2);
  for (uint32_t q = rb; q <= re; ++q) {
    alt_start_[q - rb] = static_cast<uint32_t>(alts_.size());
    AltsForPosition(q);
  }
  alt_start_[n + 1] = static_cast<uint32_t>(alts_.size());
  next_alt_.resize(n + 2);
  next_alt_[n + 1] = n + 1;
  for (uint32_t i = n + 1; i-- > 0;) next_alt_[i] = alt_start_[i] != alt_start_[i + 1] ? i : next_alt_[i + 1];
}

uint32_t TypoCandidates::Walk(uint32_t node, const Alt& a) const {
  const TrieView& trie = model_.trie();
  for (uint32_t k = 0; k < a.len && node != TrieView::kNone; ++k) node = trie.Child(node, labels_[a.label_at + k]);
  return node;
}

void TypoCandidates::AddHit(uint32_t end, uint32_t trie_node, float cost, uint8_t link) {
  const TrieView& trie = model_.trie();
  if (trie.value_begin(trie_node) == trie.value_end(trie_node)) return;
  for (Hit& h : hits_) {
    if (h.end == end && h.trie_node == trie_node && h.link == link) {
      h.cost = std::min(h.cost, cost);
      return;
    }
  }
  hits_.push_back({end, trie_node, cost, link});
}

void TypoCandidates::Continue(uint32_t node, uint32_t q, float cost, uint8_t link) {
  const TrieView& trie = model_.trie();
  for (uint32_t r = q; r < re_; ++r) {
    node = trie.Child(node, run_labels_[r - rb_]);
    if (node == TrieView::kNone) return;
    AddHit(r + 1, node, cost, link);
  }
}

void TypoCandidates::AddJamoNodes(uint32_t p, std::vector<Node>* nodes) {
  const std::u32string& t = *text_;
  const char32_t c = t[p];
  uint32_t e = p;
  if (IsCompatConsonant(c) || IsCompatVowel(c)) {
    // A whole run of one kind (consonants or vowels), from its first letter.
    const bool vowel = IsCompatVowel(c);
    if (p > rb_ && (vowel ? IsCompatVowel(t[p - 1]) : IsCompatConsonant(t[p - 1]))) return;
    while (e < re_ && (vowel ? IsCompatVowel(t[e]) : IsCompatConsonant(t[e]))) ++e;
  } else if (IsLaughterCoda(c) && p > rb_ && hangul::IsSyllable(t[p - 1])) {
    e = p + 1;
    while (e < re_ && IsCompatConsonant(t[e])) ++e;
  } else {
    return;
  }
  Node& n = nodes->emplace_back();
  n.begin = p;
  n.end = e;
  n.kind = NodeKind::kPattern;
  n.tag = JamoRunTag(c);
  n.entry_kind = EntryKind::kPlain;
  n.entry = 0;
  n.penalty = StepBuilder::JamoCost(jamo_cost_);
  n.transparent = true;
}

void TypoCandidates::AddNodes(uint32_t p, std::vector<Node>* nodes) {
  AddJamoNodes(p, nodes);
  if (next_alt_[p - rb_] > re_ - rb_) return;  // no correction from here on
  const TrieView& trie = model_.trie();
  const std::u32string& t = *text_;
  hits_.clear();
  uint32_t node = TrieView::kRoot;
  for (uint32_t q = p;; ++q) {
    for (const Alt* a = AltsBegin(q); a != AltsEnd(q); ++a) {
      if (q == p ? (a->flags & kNeedsPrefix) != 0 : (a->flags & kLinkTail) != 0) continue;
      const uint32_t n = Walk(node, *a);
      if (n == TrieView::kNone) continue;
      const uint32_t q2 = q + a->consume;
      // A node that starts with an onset half needs its final consonant half
      // right before it (the search pairs them: Node::link_tail).
      const uint8_t tail = a->flags & kLinkTail;
      AddHit(q2, n, a->cost, static_cast<uint8_t>(tail | (a->flags & kLinkHead)));
      if ((a->flags & kLinkHead) == 0) {
        Continue(n, q2, a->cost, tail);
        continue;
      }
      // The final consonant half: the node ends here, or goes on with the
      // onset half (the whole edit's cost).
      for (const Alt* b = AltsBegin(q2); b != AltsEnd(q2); ++b) {
        if ((b->flags & kLinkTail) == 0) continue;
        const uint32_t n2 = Walk(n, *b);
        if (n2 == TrieView::kNone) continue;
        AddHit(q2 + 1, n2, 2 * a->cost, 0);
        Continue(n2, q2 + 1, 2 * a->cost, 0);
      }
    }
    if (q == re_) break;
    node = trie.Child(node, run_labels_[q - rb_]);
    if (node == TrieView::kNone) break;
  }
  for (const Hit& h : hits_) {
    for (uint32_t v = trie.value_begin(h.trie_node); v < trie.value_end(h.trie_node); ++v) {
      const EntryRecord& er = model_.entry(v);
      if (er.after_vowel_only() && (p == rb_ || !hangul::IsSyllable(t[p - 1]))) continue;
      Node& n = nodes->emplace_back();
      n.begin = p;
      n.end = h.end;
      n.kind = NodeKind::kEntry;
      n.tag = PosTag::kUN;
      n.entry_kind = er.kind();
      n.entry = v;
      n.penalty = StepBuilder::CorrectedEntryCost(model_, er, h.cost);
      n.socket = er.socket;
      n.no_space_before = er.after_vowel_only();
      n.corrected = true;
      n.link_head = (h.link & kLinkHead) != 0;
      n.link_tail = (h.link & kLinkTail) != 0;
    }
  }
}

}  // namespace kma::search
