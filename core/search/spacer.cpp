#include "core/search/spacer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/model/model_view.h"
#include "core/model/word_boundary.h"
#include "core/search/lattice.h"
#include "core/text/char_class.h"
#include "core/text/utf.h"

namespace kma {
namespace {

bool IsLineBreak(char32_t c) {
  return c == U'\n' || c == U'\r' || c == 0x0B || c == 0x0C || c == 0x85 || c == 0x2028 || c == 0x2029;
}

// Horizontal white space a writer puts between words. Invisible separators
// (zero-width space, BOM, word joiner) are not spaces a reader sees: kept.
bool IsWordSpace(char32_t c) {
  return !IsLineBreak(c) && c != 0x200B && c != 0xFEFF && c != 0x2060 && ClassOf(c) == CharClass::kSpace;
}

bool IsHangul(char32_t c) { return ClassOf(c) == CharClass::kHangul; }

// A line of the stripped text, in its bytes; `evidence`: the writer put a
// space between words somewhere in it.
struct Line {
  uint32_t begin, end;
  bool evidence;
};

// The text with the spaces between words taken out (or, at weight 1, only
// found), and where they stood.
struct Stripped {
  std::string text;
  std::vector<uint32_t> gap_cps;    // code point of `text` each removed space stood before
  std::vector<uint32_t> gap_bytes;  // the same as a byte offset of `text`
  std::vector<std::string> runs;    // the removed spaces as written
  std::vector<uint32_t> kept_gaps;  // weight 1: where such spaces start in `text` (they stay)
  std::vector<Line> lines;
};

void Strip(std::string_view in, const std::u32string& cps, const std::vector<uint32_t>& unit, bool remove,
           Stripped* s) {
  uint32_t ncp = 0;
  Line line{0, 0, false};
  for (size_t i = 0; i < cps.size();) {
    size_t j = i;
    while (j < cps.size() && IsWordSpace(cps[j])) ++j;
    if (j > i) {
      // Between two characters of one line, one of them Hangul.
      const bool between = i > 0 && j < cps.size() && !IsLineBreak(cps[i - 1]) && !IsLineBreak(cps[j]) &&
                           !search::IsSpaceChar(cps[i - 1]) && !search::IsSpaceChar(cps[j]) && (IsHangul(cps[i - 1]) || IsHangul(cps[j]));
      const std::string_view run = in.substr(unit[i], unit[j] - unit[i]);
      line.evidence |= between;
      if (between && remove) {
        s->gap_cps.push_back(ncp);
        s->gap_bytes.push_back(static_cast<uint32_t>(s->text.size()));
        s->runs.emplace_back(run);
      } else {
        if (between) s->kept_gaps.push_back(static_cast<uint32_t>(s->text.size()));
        s->text += run;
        ncp += static_cast<uint32_t>(j - i);
      }
      i = j;
      continue;
    }
    s->text += in.substr(unit[i], unit[i + 1] - unit[i]);
    ++ncp;
    if (IsLineBreak(cps[i])) {
      line.end = static_cast<uint32_t>(s->text.size());
      s->lines.push_back(line);
      line = Line{line.end, 0, false};
    }
    ++i;
  }
  line.end = static_cast<uint32_t>(s->text.size());
  s->lines.push_back(line);
}

// Consecutive tokens with one span (했 = 하 + 었) as one piece.
struct Piece {
  uint32_t begin, end;  // bytes of the stripped text
  PosTag first, last;
  std::string_view first_form, last_form;
};

std::vector<Piece> Pieces(const std::vector<Token>& tokens) {
  std::vector<Piece> out;
  for (const Token& t : tokens) {
    if (!out.empty() && out.back().begin == t.begin && out.back().end == t.begin + t.length) {
      out.back().last = t.tag;
      out.back().last_form = t.form;
      continue;
    }
    out.push_back({t.begin, t.begin + t.length, t.tag, t.tag, t.form, t.form});
  }
  return out;
}

class Writer {
 public:
  Writer(const ModelImpl& model, const Stripped& s, const SpaceOptions& opt, std::string* out)
      : model_(model), s_(s), opt_(opt), out_(out) {
    inside_.assign(s.text.size() + 1, 0);
  }

  void Write(const std::vector<Piece>& pieces) {
    for (const Piece& p : pieces)
      for (uint32_t b = p.begin + 1; b < p.end; ++b) inside_[b] = 1;
    for (size_t k = 1; k < pieces.size(); ++k) Junction(pieces[k - 1], pieces[k]);
    Copy(s_.text.size());
  }

 private:
  // Copies the stripped text up to `to`, with the removed spaces that stood
  // where no morpheme spans (between characters the analysis left out).
  void Copy(size_t to) {
    auto g = std::upper_bound(s_.gap_bytes.begin(), s_.gap_bytes.end(), copied_);
    for (; g != s_.gap_bytes.end() && *g < to; ++g) {
      if (inside_[*g]) continue;
      out_->append(s_.text, copied_, *g - copied_);
      *out_ += s_.runs[static_cast<size_t>(g - s_.gap_bytes.begin())];
      copied_ = *g;
    }
    out_->append(s_.text, copied_, to - copied_);
    copied_ = to;
  }

  bool Evidence(uint32_t at) const {
    auto l = std::upper_bound(s_.lines.begin(), s_.lines.end(), at,
                              [](uint32_t b, const Line& x) { return b < x.begin; });
    return l != s_.lines.begin() && std::prev(l)->evidence;
  }

  void Junction(const Piece& a, const Piece& b) {
    std::string_view run;  // the writer's space between them, if any
    bool spaced = false;
    if (a.end == b.begin) {
      auto g = std::lower_bound(s_.gap_bytes.begin(), s_.gap_bytes.end(), a.end);
      if (g != s_.gap_bytes.end() && *g == a.end) {
        spaced = true;
        run = s_.runs[static_cast<size_t>(g - s_.gap_bytes.begin())];
      }
    } else if (a.end < b.begin) {
      // Weight 1: the writer's space is still in the text. Other text
      // between the pieces (spaces between non-Hangul) is copied as it is.
      if (!std::binary_search(s_.kept_gaps.begin(), s_.kept_gaps.end(), a.end)) return;
      run = std::string_view(s_.text).substr(a.end, b.begin - a.end);
      spaced = true;
    } else {
      return;
    }
    float odds = LexicalWordStartLogOdds(model_, a.last, a.last_form, b.first, b.first_form,
                                         IsConnectiveForm(a.last, a.last_form), opt_.lexical_prior);
    if (Evidence(a.end)) odds += opt_.weight * (spaced ? opt_.evidence_nats : -opt_.no_space_nats);
    // Weight 1 trusts the writer's spaces: none is taken out.
    if (spaced && opt_.weight >= 1.0f) odds = std::numeric_limits<float>::infinity();
    Copy(a.end);
    if (odds > opt_.threshold) *out_ += spaced ? std::string(run) : std::string(" ");
    copied_ = b.begin;
  }

  const ModelImpl& model_;
  const Stripped& s_;
  const SpaceOptions& opt_;
  std::string* out_;
  std::vector<uint8_t> inside_;  // by byte of the stripped text: strictly inside a piece
  size_t copied_ = 0;
};

}  // namespace

Status SpaceUtf8(Analyzer* analyzer, std::string_view text, const SpaceOptions& opt, std::string* out) {
  out->clear();
  if (!(opt.weight >= 0.0f && opt.weight <= 1.0f))
    return Status(StatusCode::kInvalidArgument, "space weight must be in [0, 1]");
  std::u32string cps;
  std::vector<uint32_t> unit;
  KMA_RETURN_IF_ERROR(DecodeUtf8(text, &cps, &unit));
  Stripped s;
  Strip(text, cps, unit, opt.weight < 1.0f, &s);
  AnalyzeOptions ao = opt.analysis;
  ao.top_n = 1;
  ao.output_tags = 0;
  if (opt.weight > 0.0f && opt.weight < 1.0f && !s.gap_cps.empty()) {
    ao.removed_spaces = &s.gap_cps;
    ao.space_weight = opt.weight;
  }
  std::vector<Analysis> res;
  KMA_RETURN_IF_ERROR(analyzer->AnalyzeUtf8(s.text, ao, &res));
  Writer w(analyzer->model()->impl(), s, opt, out);
  w.Write(Pieces(res.empty() ? std::vector<Token>() : res[0].tokens));
  return Status::Ok();
}

}  // namespace kma
