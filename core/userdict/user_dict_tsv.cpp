#include "core/userdict/user_dict_tsv.h"

#include <cmath>
#include <string>

#include "core/base/decimal.h"
#include "core/text/utf.h"

namespace kma {
namespace {

std::vector<std::string_view> SplitTabs(std::string_view line) {
  std::vector<std::string_view> f;
  size_t b = 0;
  for (;;) {
    const size_t t = line.find('\t', b);
    f.push_back(line.substr(b, t == std::string_view::npos ? std::string_view::npos : t - b));
    if (t == std::string_view::npos) return f;
    b = t + 1;
  }
}

bool ParseTagField(std::string_view s, PosTag* out) { return ParseTag(s, out) && *out != PosTag::kUN; }

// Why a line is bad and where: `field` is the index of the bad field.
struct LineError {
  std::string why;
  size_t field = 0;
};

LineError Err(std::string why, size_t field) { return LineError{std::move(why), field}; }

LineError ParsePattern(const std::vector<std::string_view>& f, UserDictLine* out) {
  if (f.size() < 3 || f.size() > 4) return Err("expected !pattern<TAB>REGEX<TAB>TAG[<TAB>SCORE]", 0);
  out->kind = UserDictLine::Kind::kPattern;
  out->text = f[1];
  if (out->text.empty()) return Err("empty pattern", 1);
  if (!ParseTagField(f[2], &out->tag)) return Err("unknown tag '" + std::string(f[2]) + "'", 2);
  if (f.size() == 4 && !ParseUserScore(f[3], &out->score)) return Err("bad score '" + std::string(f[3]) + "'", 3);
  return {};
}

LineError ParseBlock(const std::vector<std::string_view>& f, UserDictLine* out) {
  if (f.size() != 2) return Err("expected !block<TAB>FORM/TAG or !block<TAB>TAG", 0);
  out->kind = UserDictLine::Kind::kBlock;
  const size_t slash = f[1].rfind('/');
  const std::string_view tag = slash == std::string_view::npos ? f[1] : f[1].substr(slash + 1);
  if (slash != std::string_view::npos) out->text = f[1].substr(0, slash);
  if (slash != std::string_view::npos && out->text.empty())
    return Err("empty form in '" + std::string(f[1]) + "'", 1);
  if (!ParseTagField(tag, &out->tag)) return Err("unknown tag '" + std::string(tag) + "'", 1);
  return {};
}

LineError ParseWord(const std::vector<std::string_view>& f, UserDictLine* out) {
  if (f.size() > 4) return Err("too many fields (FORM, TAG, score, irregular class)", 4);
  out->kind = UserDictLine::Kind::kWord;
  if (!ParseTagField(f[1], &out->tag)) return Err("unknown tag '" + std::string(f[1]) + "'", 1);
  if (f.size() >= 3 && !ParseUserScore(f[2], &out->score)) return Err("bad score '" + std::string(f[2]) + "'", 2);
  if (f.size() == 4) {
    if (f[3].empty() || !ParseIrregularClass(f[3], &out->irregular))
      return Err("unknown irregular class '" + std::string(f[3]) + "' (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으 or -)", 3);
    out->has_irregular = true;
  }
  return {};
}

// Parses one non-comment line into *out.
LineError ParseLine(const std::vector<std::string_view>& f, UserDictLine* out) {
  if (f[0].empty()) return Err("empty first field", 0);
  if (f[0] == "!pattern") return ParsePattern(f, out);
  if (f[0] == "!block") return ParseBlock(f, out);
  if (f[0][0] == '!') return Err("unknown directive '" + std::string(f[0]) + "' (known: !pattern, !block)", 0);
  if (f.size() < 2 || f[1].empty()) return Err("expected FORM<TAB>TAG or SURFACE<TAB>FORM/TAG ...", 1);
  out->text = f[0];
  if (f[1].find('/') == std::string_view::npos) return ParseWord(f, out);
  if (f.size() > 3) return Err("too many fields for a pre-analysed surface (SURFACE, morphemes, score)", 3);
  out->kind = UserDictLine::Kind::kAnalysis;
  out->morphs = f[1];
  if (f.size() == 3 && !ParseUserScore(f[2], &out->score)) return Err("bad score '" + std::string(f[2]) + "'", 2);
  return {};
}

}  // namespace

bool ParseUserScore(std::string_view s, float* out) {
  if (s.empty()) {
    *out = 0.0f;
    return true;
  }
  double v = 0;
  if (s.size() > 32 || !ParseDecimal(s, &v) || std::fabs(v) > kMaxUserScore) return false;
  *out = static_cast<float>(v);
  return true;
}

Status UserDictError(std::string_view name, size_t line, size_t line_offset, size_t column, const std::string& why) {
  return Status(StatusCode::kInvalidArgument,
                std::string(name) + ":" + std::to_string(line) + ":" + std::to_string(column + 1) + ": " + why,
                static_cast<int64_t>(line_offset + column));
}

Status ParseUserDictTsv(std::string_view text, std::string_view name, std::vector<UserDictLine>* out) {
  out->clear();
  size_t pos = 0, number = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") pos = 3;
  while (pos < text.size()) {
    const size_t nl = text.find('\n', pos);
    const size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(pos, end - pos);
    const size_t offset = pos;
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // A line of blanks is as blank as an empty one.
    if (line.find_first_not_of(" \t") == std::string_view::npos || line[0] == '#') continue;
    UserDictLine l;
    l.line = number;
    l.offset = offset;
    const std::vector<std::string_view> fields = SplitTabs(line);
    for (size_t k = 0, at = 0; k < fields.size() && k < UserDictLine::kMaxFields; ++k) {
      l.field_offset[k] = offset + at;
      at += fields[k].size() + 1;
    }
    size_t bad_at = 0;
    std::string why;
    std::u32string cps;
    std::vector<uint32_t> unit_begin;
    if (const Status st = DecodeUtf8(line, &cps, &unit_begin); !st.ok()) {
      why = "invalid UTF-8";
      bad_at = static_cast<size_t>(st.offset());
    } else {
      const LineError e = ParseLine(fields, &l);
      why = e.why;
      if (!why.empty()) bad_at = e.field < fields.size() ? l.field_offset[e.field] - offset : line.size();
    }
    if (!why.empty()) return UserDictError(name, l.line, offset, bad_at, why);
    out->push_back(l);
  }
  return Status::Ok();
}

}  // namespace kma
