#include "core/dict/user_dict_tsv.h"

#include <cmath>
#include <cstdlib>
#include <string>

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

// Parses one non-comment line into *out; returns the reason it is bad, or "".
std::string ParseLine(std::string_view line, UserDictLine* out) {
  std::u32string scratch;
  if (!Utf8ToU32(line, &scratch)) return "invalid UTF-8";
  const std::vector<std::string_view> f = SplitTabs(line);
  if (f[0].empty()) return "empty first field";
  if (f[0] == "!pattern") {
    if (f.size() < 3 || f.size() > 4) return "expected !pattern<TAB>REGEX<TAB>TAG[<TAB>SCORE]";
    out->kind = UserDictLine::Kind::kPattern;
    out->text = f[1];
    if (!ParseTagField(f[2], &out->tag)) return "unknown tag '" + std::string(f[2]) + "'";
    if (f.size() == 4 && !ParseUserScore(f[3], &out->score)) return "bad score '" + std::string(f[3]) + "'";
    if (out->text.empty()) return "empty pattern";
    return "";
  }
  if (f[0] == "!block") {
    if (f.size() != 2) return "expected !block<TAB>FORM/TAG or !block<TAB>TAG";
    out->kind = UserDictLine::Kind::kBlock;
    const size_t slash = f[1].rfind('/');
    const std::string_view tag = slash == std::string_view::npos ? f[1] : f[1].substr(slash + 1);
    if (slash != std::string_view::npos) out->text = f[1].substr(0, slash);
    if (slash != std::string_view::npos && out->text.empty()) return "empty form in '" + std::string(f[1]) + "'";
    if (!ParseTagField(tag, &out->tag)) return "unknown tag '" + std::string(tag) + "'";
    return "";
  }
  if (f[0][0] == '!') return "unknown directive '" + std::string(f[0]) + "' (known: !pattern, !block)";
  if (f.size() < 2 || f[1].empty()) return "expected FORM<TAB>TAG or SURFACE<TAB>FORM/TAG ...";
  out->text = f[0];
  if (f[1].find('/') != std::string_view::npos) {
    if (f.size() > 3) return "too many fields for a pre-analysed surface (SURFACE, morphemes, score)";
    out->kind = UserDictLine::Kind::kAnalysis;
    out->morphs = f[1];
    if (f.size() == 3 && !ParseUserScore(f[2], &out->score)) return "bad score '" + std::string(f[2]) + "'";
    return "";
  }
  if (f.size() > 4) return "too many fields (FORM, TAG, score, irregular class)";
  out->kind = UserDictLine::Kind::kWord;
  if (!ParseTagField(f[1], &out->tag)) return "unknown tag '" + std::string(f[1]) + "'";
  if (f.size() >= 3 && !ParseUserScore(f[2], &out->score)) return "bad score '" + std::string(f[2]) + "'";
  if (f.size() == 4) {
    if (f[3].empty() || !ParseIrregularClass(f[3], &out->irregular))
      return "unknown irregular class '" + std::string(f[3]) + "' (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으 or -)";
    out->has_irregular = true;
  }
  return "";
}

}  // namespace

bool ParseUserScore(std::string_view s, float* out) {
  if (s.empty()) {
    *out = 0.0f;
    return true;
  }
  if (s.size() > 32) return false;
  const std::string buf(s);
  char* end = nullptr;
  const double v = std::strtod(buf.c_str(), &end);
  if (end != buf.c_str() + buf.size() || !std::isfinite(v) || std::fabs(v) > kMaxUserScore) return false;
  *out = static_cast<float>(v);
  return true;
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
    if (line.empty() || line[0] == '#') continue;
    UserDictLine l;
    l.line = number;
    l.offset = offset;
    const std::string why = ParseLine(line, &l);
    if (!why.empty())
      return Status(StatusCode::kInvalidArgument, std::string(name) + ":" + std::to_string(number) + ": " + why,
                    static_cast<int64_t>(offset));
    out->push_back(l);
  }
  return Status::Ok();
}

}  // namespace kma
