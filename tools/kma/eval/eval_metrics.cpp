#include "tools/kma/eval/eval_metrics.h"

#include <algorithm>
#include <cstdint>

namespace kma::cli {
namespace {

// Compatibility consonants (U+3131..U+314E) for the conjoining finals
// U+11A8..U+11C2, in order. The compatibility block interleaves initials-only
// letters (ㄸ ㅃ ㅉ), so the mapping is a table rather than an offset.
constexpr char16_t kFinalToCompat[] = {
    0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A,
    0x313B, 0x313C, 0x313D, 0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144,
    0x3145, 0x3146, 0x3147, 0x3148, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E};
static_assert(sizeof(kFinalToCompat) / sizeof(kFinalToCompat[0]) == 0x11C2 - 0x11A8 + 1,
              "one entry per conjoining final");

// All conjoining finals and compatibility consonants are 3-byte UTF-8.
void AppendUtf8(char32_t cp, std::string* out) {
  out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
  out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
  out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
}

// Decodes a 3-byte sequence at s[i]; returns 0 if there is none.
char32_t Decode3(std::string_view s, size_t i) {
  if (i + 3 > s.size()) return 0;
  auto b0 = static_cast<unsigned char>(s[i]);
  auto b1 = static_cast<unsigned char>(s[i + 1]);
  auto b2 = static_cast<unsigned char>(s[i + 2]);
  if ((b0 & 0xF0) != 0xE0 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return 0;
  return ((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F);
}

bool IsEndingTag(std::string_view tag) {
  return tag == "EP" || tag == "EF" || tag == "EC" || tag == "ETN" || tag == "ETM";
}

}  // namespace

std::string MorphString(const Morph& m) { return m.form + "/" + m.tag; }

bool ParseGoldLine(std::string_view line, std::string* raw, std::vector<Morph>* morphs,
                   std::string* error) {
  morphs->clear();
  size_t tab = line.find('\t');
  if (tab == std::string_view::npos) {
    *error = "expected raw text, a TAB and the gold morphemes";
    return false;
  }
  raw->assign(line.substr(0, tab));
  // Columns after the first are joined with spaces: treating TAB like a space
  // while splitting is the same thing.
  std::string_view rest = line.substr(tab + 1);
  size_t pos = 0;
  while (pos <= rest.size()) {
    size_t end = rest.find_first_of(" \t", pos);
    if (end == std::string_view::npos) end = rest.size();
    std::string_view piece = rest.substr(pos, end - pos);
    pos = end + 1;
    if (piece.empty()) continue;
    size_t slash = piece.rfind('/');
    if (slash == std::string_view::npos || slash == 0 || slash + 1 == piece.size()) {
      *error = "malformed gold morpheme '" + std::string(piece) + "' (expected form/TAG)";
      return false;
    }
    morphs->push_back(
        Morph{std::string(piece.substr(0, slash)), std::string(piece.substr(slash + 1))});
  }
  if (morphs->empty()) {
    *error = "no gold morphemes after the TAB";
    return false;
  }
  return true;
}

std::string NormalizeTag(std::string_view tag) {
  if (tag.size() > 2 && tag[tag.size() - 2] == '-' &&
      (tag.back() == 'I' || tag.back() == 'R')) {
    tag.remove_suffix(2);
  }
  return std::string(tag);
}

std::string NormalizeForm(std::string_view form, std::string_view tag) {
  std::string out;
  out.reserve(form.size());
  for (size_t i = 0; i < form.size();) {
    char32_t cp = Decode3(form, i);
    if (cp >= 0x11A8 && cp <= 0x11C2) {
      AppendUtf8(kFinalToCompat[cp - 0x11A8], &out);
      i += 3;
    } else {
      out.push_back(form[i]);
      ++i;
    }
  }
  if (IsEndingTag(tag)) {
    char32_t first = Decode3(out, 0);
    char32_t repl = 0;
    if (first == U'아' || first == U'여') repl = U'어';
    if (first == U'았' || first == U'였') repl = U'었';
    if (repl != 0) {
      std::string head;
      AppendUtf8(repl, &head);
      out.replace(0, 3, head);
    }
  }
  return out;
}

Morph NormalizeMorph(const Morph& m) {
  Morph out;
  out.tag = NormalizeTag(m.tag);
  out.form = NormalizeForm(m.form, out.tag);
  return out;
}

std::vector<std::pair<size_t, size_t>> LcsAlign(const std::vector<Morph>& gold,
                                                const std::vector<Morph>& pred) {
  const size_t n = gold.size(), m = pred.size();
  // dp[i][j] = LCS of gold[i..] and pred[j..]; suffix form lets the
  // reconstruction walk forwards and emit pairs in increasing order.
  std::vector<uint32_t> dp((n + 1) * (m + 1), 0);
  auto at = [m](size_t i, size_t j) { return i * (m + 1) + j; };
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      dp[at(i, j)] = gold[i] == pred[j]
                         ? dp[at(i + 1, j + 1)] + 1
                         : std::max(dp[at(i + 1, j)], dp[at(i, j + 1)]);
    }
  }
  std::vector<std::pair<size_t, size_t>> matches;
  matches.reserve(dp[0]);
  size_t i = 0, j = 0;
  while (i < n && j < m) {
    if (gold[i] == pred[j]) {
      matches.emplace_back(i++, j++);
    } else if (dp[at(i + 1, j)] >= dp[at(i, j + 1)]) {
      ++i;
    } else {
      ++j;
    }
  }
  return matches;
}

void AddConfusions(const std::vector<Morph>& gold, const std::vector<Morph>& pred,
                   const std::vector<std::pair<size_t, size_t>>& matches,
                   ConfusionMap* out) {
  size_t gi = 0, pi = 0;
  // A sentinel match past both ends closes the last gap.
  for (size_t k = 0; k <= matches.size(); ++k) {
    size_t gend = k < matches.size() ? matches[k].first : gold.size();
    size_t pend = k < matches.size() ? matches[k].second : pred.size();
    size_t glen = gend - gi, plen = pend - pi;
    for (size_t t = 0; t < std::max(glen, plen); ++t) {
      const Morph* g = t < glen ? &gold[gi + t] : nullptr;
      const Morph* p = t < plen ? &pred[pi + t] : nullptr;
      ConfusionKey key{g ? MorphString(*g) : kEmptySide, p ? MorphString(*p) : kEmptySide,
                       false};
      ++(*out)[key];
      if (g && p && g->form == p->form && g->tag != p->tag) {
        ++(*out)[ConfusionKey{g->tag, p->tag, true}];
      }
    }
    gi = gend + 1;
    pi = pend + 1;
  }
}

std::vector<std::pair<ConfusionKey, int64_t>> TopConfusions(const ConfusionMap& m,
                                                            size_t n) {
  std::vector<std::pair<ConfusionKey, int64_t>> v(m.begin(), m.end());
  std::stable_sort(v.begin(), v.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  if (v.size() > n) v.resize(n);
  return v;
}

double EvalCounts::precision() const {
  return predicted > 0 ? static_cast<double>(matched) / predicted : 0.0;
}
double EvalCounts::recall() const {
  return gold > 0 ? static_cast<double>(matched) / gold : 0.0;
}
double EvalCounts::f1() const {
  double p = precision(), r = recall();
  return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
}
double EvalCounts::sentence_accuracy() const {
  return sentences > 0 ? static_cast<double>(exact) / sentences : 0.0;
}
void EvalCounts::Merge(const EvalCounts& o) {
  sentences += o.sentences;
  exact += o.exact;
  gold += o.gold;
  predicted += o.predicted;
  matched += o.matched;
}

SentenceScore ScoreSentence(const std::vector<Morph>& gold, const std::vector<Morph>& pred,
                            std::vector<Morph>* norm_gold, std::vector<Morph>* norm_pred) {
  std::vector<Morph> g, p;
  g.reserve(gold.size());
  p.reserve(pred.size());
  for (const Morph& m : gold) g.push_back(NormalizeMorph(m));
  for (const Morph& m : pred) p.push_back(NormalizeMorph(m));
  SentenceScore s;
  s.matches = LcsAlign(g, p);
  s.counts.sentences = 1;
  s.counts.gold = static_cast<int64_t>(g.size());
  s.counts.predicted = static_cast<int64_t>(p.size());
  s.counts.matched = static_cast<int64_t>(s.matches.size());
  s.counts.exact = g == p ? 1 : 0;
  if (norm_gold) *norm_gold = std::move(g);
  if (norm_pred) *norm_pred = std::move(p);
  return s;
}

void EvalAccumulator::AddSentence(const std::vector<Morph>& gold,
                                  const std::vector<Morph>& pred,
                                  const std::string& source) {
  std::vector<Morph> g, p;
  SentenceScore s = ScoreSentence(gold, pred, &g, &p);
  overall_.Merge(s.counts);
  if (!source.empty()) per_source_[source].Merge(s.counts);
  AddConfusions(g, p, s.matches, &confusions_);
}

void EvalAccumulator::Merge(const EvalAccumulator& o) {
  overall_.Merge(o.overall_);
  for (const auto& [src, c] : o.per_source_) per_source_[src].Merge(c);
  for (const auto& [key, n] : o.confusions_) confusions_[key] += n;
}

std::string SourcesPathFor(const std::string& gold_path) {
  size_t slash = gold_path.find_last_of('/');
  size_t base = slash == std::string::npos ? 0 : slash + 1;
  size_t dot = gold_path.rfind('.');
  // A dot that starts the base name ("dir/.hidden") is not an extension.
  if (dot == std::string::npos || dot <= base) return gold_path + ".sources";
  return gold_path.substr(0, dot) + ".sources";
}

}  // namespace kma::cli
