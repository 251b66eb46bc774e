#include "core/search/glue.h"

#include "core/text/utf.h"

namespace kma {
namespace {

bool IsSpaceOrTab(char c) { return c == ' ' || c == '\t'; }

// [begin, end) of a line, without the blanks at its ends.
struct Line {
  size_t begin, end;
  size_t break_end;  // end of the line break after it (== end of text for the last line)
};

std::vector<Line> Lines(std::string_view t) {
  std::vector<Line> out;
  size_t b = 0;
  while (b <= t.size()) {
    size_t e = b;
    while (e < t.size() && t[e] != '\n' && t[e] != '\r') ++e;
    size_t be = e;
    if (be < t.size()) be += (t[be] == '\r' && be + 1 < t.size() && t[be + 1] == '\n') ? 2 : 1;
    size_t lb = b, le = e;
    while (lb < le && IsSpaceOrTab(t[lb])) ++lb;
    while (le > lb && IsSpaceOrTab(t[le - 1])) --le;
    out.push_back({lb, le, be});
    if (e == t.size()) break;
    b = be;
  }
  return out;
}

// True if the splitter ends a sentence between `left` and `right` joined by a space.
StatusOr<bool> SentenceEnds(Analyzer* a, std::string_view left, std::string_view right) {
  const std::string both = std::string(left) + " " + std::string(right);
  std::vector<SentenceSpan> spans;
  KMA_RETURN_IF_ERROR(a->SplitUtf8(both, &spans));
  for (const SentenceSpan& s : spans)
    if (s.begin + s.length <= left.size() + 1 && s.begin + s.length >= left.size()) return true;
  return false;
}

// The lines joined without a space if the model scores that more than
// `margin` above them joined with one (the same characters, so the scores
// compare), else with a space. Asking the spacer about the two words at the
// join instead was less accurate, on held-out text (bench/news_web.txt:
// 0.894 against 0.898) as on dev.
StatusOr<GlueDecision> ScoreJoin(Analyzer* a, std::string_view left, std::string_view right, float margin) {
  const std::string l(left), r(right);
  std::vector<Analysis> spaced, joined;
  KMA_RETURN_IF_ERROR(a->AnalyzeUtf8(l + " " + r, AnalyzeOptions(), &spaced));
  KMA_RETURN_IF_ERROR(a->AnalyzeUtf8(l + r, AnalyzeOptions(), &joined));
  return joined[0].score > spaced[0].score + margin ? GlueDecision::kJoin : GlueDecision::kSpace;
}

}  // namespace

Status GlueUtf8(Analyzer* analyzer, std::string_view text, std::vector<GlueBreak>* breaks, std::string* glued,
                const GlueOptions& options) {
  breaks->clear();
  glued->clear();
  if (!IsValidUtf8(text)) {
    std::u32string cps;
    std::vector<uint32_t> units;
    return DecodeUtf8(text, &cps, &units);
  }
  const std::vector<Line> lines = Lines(text);
  size_t copied = 0;
  for (size_t k = 0; k + 1 < lines.size(); ++k) {
    const Line& l = lines[k];
    const Line& r = lines[k + 1];
    const std::string_view left = text.substr(l.begin, l.end - l.begin);
    const std::string_view right = text.substr(r.begin, r.end - r.begin);
    const size_t brk = l.end + (text.substr(l.end, l.break_end - l.end).find_first_of("\r\n"));
    GlueDecision d = GlueDecision::kKeep;
    if (!left.empty() && !right.empty()) {
      auto ends = SentenceEnds(analyzer, left, right);
      if (!ends.ok()) return ends.status();
      if (!ends.value()) {
        auto w = ScoreJoin(analyzer, left, right, options.join_margin);
        if (!w.ok()) return w.status();
        d = w.value();
      }
    }
    breaks->push_back({static_cast<uint32_t>(brk), static_cast<uint32_t>(l.break_end - brk), d});
    if (d == GlueDecision::kKeep) continue;
    glued->append(text, copied, l.end - copied);
    if (d == GlueDecision::kSpace) glued->push_back(' ');
    copied = r.begin;
  }
  glued->append(text, copied, text.size() - copied);
  return Status::Ok();
}

}  // namespace kma
