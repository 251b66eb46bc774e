#include "tools/kma/eval/split_gold.h"

#include <algorithm>

namespace kma::cli {
namespace {

bool IsAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

const char* JoinName(SplitJoin j) {
  switch (j) {
    case SplitJoin::kNone: return "none";
    case SplitJoin::kNewline: return "newline";
    case SplitJoin::kSpace: break;
  }
  return "space";
}

bool ParseJoin(std::string_view s, SplitJoin* out) {
  if (s == "space") *out = SplitJoin::kSpace;
  else if (s == "none") *out = SplitJoin::kNone;
  else if (s == "newline") *out = SplitJoin::kNewline;
  else return false;
  return true;
}

// Parses "sentence TAB label [TAB join]" into *s.
bool ParseSentenceLine(std::string_view line, SplitGoldSentence* s, std::string* error) {
  std::vector<std::string_view> fields;
  size_t pos = 0;
  for (;;) {
    size_t tab = line.find('\t', pos);
    fields.push_back(line.substr(pos, tab == std::string_view::npos ? tab : tab - pos));
    if (tab == std::string_view::npos) break;
    pos = tab + 1;
  }
  if (fields.size() > 3) {
    *error = "expected sentence, TAB, label [, TAB, join]: found " + std::to_string(fields.size()) + " fields";
    return false;
  }
  std::string_view text = fields[0];
  if (text.empty()) {
    *error = "empty sentence";
    return false;
  }
  if (IsAsciiSpace(text.front()) || IsAsciiSpace(text.back())) {
    *error = "sentence has leading or trailing whitespace";
    return false;
  }
  // A label is one word: whitespace in it would not survive the file's
  // own line handling (a '\r' before the line end is dropped).
  if (fields.size() > 1 && std::any_of(fields[1].begin(), fields[1].end(), IsAsciiSpace)) {
    *error = "label has whitespace (a label is one word)";
    return false;
  }
  s->text.assign(text);
  s->label = fields.size() > 1 && !fields[1].empty() && fields[1] != "-" ? std::string(fields[1]) : "plain";
  s->join = SplitJoin::kSpace;
  if (fields.size() > 2 && !ParseJoin(fields[2], &s->join)) {
    *error = "unknown join '" + std::string(fields[2]) + "' (space, none or newline)";
    return false;
  }
  return true;
}

// Prefix counts of non-whitespace code points: cnt[i] for text[0, i).
std::vector<uint32_t> CharCounts(std::string_view text) {
  std::vector<uint32_t> cnt(text.size() + 1, 0);
  for (size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    const bool counted = (b & 0xC0) != 0x80 && !IsAsciiSpace(text[i]);
    cnt[i + 1] = cnt[i] + (counted ? 1 : 0);
  }
  return cnt;
}

}  // namespace

bool ParseSplitGold(std::string_view content, std::vector<SplitGoldDoc>* docs, std::string* error) {
  docs->clear();
  bool open = false;
  size_t line_no = 0, pos = 0;
  while (pos < content.size()) {
    size_t nl = content.find('\n', pos);
    if (nl == std::string_view::npos) nl = content.size();
    std::string_view line = content.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) {
      open = false;
      continue;
    }
    if (line.front() == '#') continue;
    if (!open) {
      docs->emplace_back();
      docs->back().line = line_no;
      open = true;
    }
    SplitGoldSentence s;
    std::string why;
    if (!ParseSentenceLine(line, &s, &why)) {
      *error = "line " + std::to_string(line_no) + ": " + why;
      return false;
    }
    docs->back().sentences.push_back(std::move(s));
  }
  return true;
}

void AppendSplitGold(const std::vector<SplitGoldDoc>& docs, std::string* out) {
  for (const SplitGoldDoc& d : docs) {
    for (size_t i = 0; i < d.sentences.size(); ++i) {
      const SplitGoldSentence& s = d.sentences[i];
      out->append(s.text);
      out->push_back('\t');
      out->append(s.label);
      if (i > 0 && s.join != SplitJoin::kSpace) {
        out->push_back('\t');
        out->append(JoinName(s.join));
      }
      out->push_back('\n');
    }
    out->push_back('\n');
  }
}

std::string DocumentText(const SplitGoldDoc& doc, std::vector<ByteSpan>* gold_spans) {
  std::string text;
  gold_spans->clear();
  for (size_t i = 0; i < doc.sentences.size(); ++i) {
    const SplitGoldSentence& s = doc.sentences[i];
    if (i > 0 && s.join == SplitJoin::kSpace) text.push_back(' ');
    if (i > 0 && s.join == SplitJoin::kNewline) text.push_back('\n');
    gold_spans->push_back({text.size(), text.size() + s.text.size()});
    text.append(s.text);
  }
  return text;
}

void SplitCounts::Merge(const SplitCounts& o) {
  sentences += o.sentences;
  exact += o.exact;
  overlap_f1 += o.overlap_f1;
}

double BoundaryCounts::f1() const {
  const double p = precision(), r = recall();
  return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
}

void BoundaryCounts::Merge(const BoundaryCounts& o) {
  gold += o.gold;
  predicted += o.predicted;
  matched += o.matched;
}

ByteSpan TrimSpan(std::string_view text, ByteSpan s) {
  s.end = std::min(s.end, text.size());
  s.begin = std::min(s.begin, s.end);
  while (s.begin < s.end && IsAsciiSpace(text[s.begin])) ++s.begin;
  while (s.end > s.begin && IsAsciiSpace(text[s.end - 1])) --s.end;
  return s;
}

void SplitAccumulator::AddDocument(std::string_view text, const SplitGoldDoc& doc,
                                   const std::vector<ByteSpan>& gold, std::vector<ByteSpan> pred) {
  ++documents_;
  const std::vector<uint32_t> cnt = CharCounts(text);
  auto size = [&](size_t b, size_t e) { return e > b ? double(cnt[e] - cnt[b]) : 0.0; };
  std::vector<ByteSpan> kept;
  for (const ByteSpan& p : pred) {
    ByteSpan t = TrimSpan(text, p);
    if (t.end > t.begin) kept.push_back(t);
  }
  size_t j = 0;
  for (size_t i = 0; i < gold.size() && i < doc.sentences.size(); ++i) {
    const ByteSpan& g = gold[i];
    while (j < kept.size() && kept[j].end <= g.begin) ++j;
    SplitCounts one;
    one.sentences = 1;
    for (size_t k = j; k < kept.size() && kept[k].begin < g.end; ++k) {
      const ByteSpan& p = kept[k];
      if (p.begin == g.begin && p.end == g.end) one.exact = 1;
      const double inter = size(std::max(p.begin, g.begin), std::min(p.end, g.end));
      const double denom = size(g.begin, g.end) + size(p.begin, p.end);
      if (denom > 0) one.overlap_f1 = std::max(one.overlap_f1, 2.0 * inter / denom);
    }
    overall_.Merge(one);
    per_label_[doc.sentences[i].label].Merge(one);
  }
  // Boundaries: sentence starts after the first, compared as sorted lists.
  size_t gi = 1, pi = 1;
  boundaries_.gold += gold.size() > 1 ? int64_t(gold.size() - 1) : 0;
  boundaries_.predicted += kept.size() > 1 ? int64_t(kept.size() - 1) : 0;
  while (gi < gold.size() && pi < kept.size()) {
    if (gold[gi].begin == kept[pi].begin) {
      ++boundaries_.matched;
      ++gi;
      ++pi;
    } else if (gold[gi].begin < kept[pi].begin) {
      ++gi;
    } else {
      ++pi;
    }
  }
}

void SplitAccumulator::Merge(const SplitAccumulator& o) {
  overall_.Merge(o.overall_);
  for (const auto& [label, c] : o.per_label_) per_label_[label].Merge(c);
  boundaries_.Merge(o.boundaries_);
  documents_ += o.documents_;
}

}  // namespace kma::cli
