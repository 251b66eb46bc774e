// Parser of the typo edit format (see typo_edits.h).
#include "core/search/typo_edits.h"

#include <cmath>
#include <cstdlib>

#include "core/text/hangul.h"
#include "core/text/utf.h"

namespace kma::search {
namespace {

constexpr float kMaxCost = 100.0f;

using hangul::IsCompatConsonant;
using hangul::IsCompatVowel;

// Splits a line into whitespace-separated fields.
std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

class LineParser {
 public:
  LineParser(int line, size_t offset) : line_(line), offset_(offset) {}

  Status Error(const std::string& what) const {
    return Status(StatusCode::kInvalidArgument, "typo edits line " + std::to_string(line_) + ": " + what,
                  static_cast<int64_t>(offset_));
  }

  // One code point, or 0 for "-" when `dash_ok`.
  Status Letter(std::string_view field, bool dash_ok, const char* what, char32_t* out) const {
    if (dash_ok && field == "-") {
      *out = 0;
      return Status::Ok();
    }
    std::u32string cps;
    if (!Utf8ToU32(field, &cps) || cps.size() != 1) return Error(std::string(what) + " must be one letter");
    *out = cps[0];
    return Status::Ok();
  }

  Status Cost(std::string_view field, float* out) const {
    const std::string s(field);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) || v <= 0.0 || v > kMaxCost)
      return Error("cost '" + s + "' must be a number in (0, 100]");
    *out = static_cast<float>(v);
    return Status::Ok();
  }

  // Hangul text (syllables, or compatibility consonants standing for final
  // ones as endings are written), normalized.
  Status Text(std::string_view field, std::u32string* out) const {
    std::u32string cps;
    if (!Utf8ToU32(field, &cps)) return Error("text is not valid UTF-8");
    for (char32_t c : cps)
      if (!hangul::IsSyllable(c) && !(IsCompatConsonant(c) && hangul::CompatToCoda(c) != 0))
        return Error("text must be Hangul syllables or final consonants");
    *out = hangul::SplitCodas(cps, /*convert_compat_consonants=*/true);
    if (out->size() > kMaxTypoText) return Error("text is longer than 8 letters");
    return Status::Ok();
  }

  // The letter of an after= or before= context, as it appears in
  // normalized text.
  Status Neighbour(std::string_view field, const char* what, char32_t* out) const {
    char32_t c = 0;
    KMA_RETURN_IF_ERROR(Letter(field, false, what, &c));
    if (IsCompatConsonant(c) && hangul::CompatToCoda(c) != 0) {
      *out = hangul::CompatToCoda(c);
    } else if (hangul::IsSyllable(c) && !hangul::HasCoda(c)) {
      *out = c;
    } else {
      return Error(std::string(what) + " takes a final consonant or a syllable without one");
    }
    return Status::Ok();
  }

  Status Context(const std::vector<std::string_view>& f, size_t from, TypoEdit* e) const {
    for (size_t i = from; i < f.size(); ++i) {
      if (f[i] == "final") {
        e->context |= kTypoFinal;
      } else if (f[i] == "initial") {
        e->context |= kTypoInitial;
      } else if (f[i].substr(0, 6) == "after=") {
        KMA_RETURN_IF_ERROR(Neighbour(f[i].substr(6), "after=", &e->after));
      } else if (f[i].substr(0, 7) == "before=") {
        KMA_RETURN_IF_ERROR(Neighbour(f[i].substr(7), "before=", &e->before));
      } else {
        return Error("unknown context '" + std::string(f[i]) + "'");
      }
    }
    return Status::Ok();
  }

  Status Edit(const std::vector<std::string_view>& f, TypoEdit* e) const {
    const std::string_view kind = f[0];
    e->line = line_;
    if (kind == "stretch") {
      if (f.size() != 2) return Error("stretch takes one cost");
      e->kind = TypoEditKind::kStretch;
      return Cost(f[1], &e->cost);
    }
    if (kind == "link") {
      if (f.size() != 5) return Error("link takes READ_CODA CODA ONSET COST");
      e->kind = TypoEditKind::kLink;
      KMA_RETURN_IF_ERROR(Letter(f[1], false, "READ_CODA", &e->read));
      KMA_RETURN_IF_ERROR(Letter(f[2], true, "CODA", &e->written));
      KMA_RETURN_IF_ERROR(Letter(f[3], false, "ONSET", &e->onset));
      if (hangul::CompatToCoda(e->read) == 0) return Error("READ_CODA must be a final consonant");
      if (e->written != 0 && hangul::CompatToCoda(e->written) == 0) return Error("CODA must be a final consonant or -");
      if (hangul::CompatToOnset(e->onset) < 0) return Error("ONSET must be a first consonant");
      return Cost(f[4], &e->cost);
    }
    if (f.size() < 4) return Error("expected KIND WRITTEN READ COST [context]");
    KMA_RETURN_IF_ERROR(Cost(f[3], &e->cost));
    KMA_RETURN_IF_ERROR(Context(f, 4, e));
    if (kind == "text") {
      e->kind = TypoEditKind::kText;
      KMA_RETURN_IF_ERROR(Text(f[1], &e->written_text));
      KMA_RETURN_IF_ERROR(Text(f[2], &e->read_text));
      if (e->written_text == e->read_text) return Error("WRITTEN and READ are the same");
      return Status::Ok();
    }
    const bool coda = kind == "coda";
    KMA_RETURN_IF_ERROR(Letter(f[1], coda, "WRITTEN", &e->written));
    KMA_RETURN_IF_ERROR(Letter(f[2], coda, "READ", &e->read));
    if (e->written == e->read) return Error("WRITTEN and READ are the same");
    if (kind == "vowel") {
      e->kind = TypoEditKind::kVowel;
      if (!IsCompatVowel(e->written) || !IsCompatVowel(e->read)) return Error("vowel edits take vowels");
    } else if (kind == "onset") {
      e->kind = TypoEditKind::kOnset;
      if (hangul::CompatToOnset(e->written) < 0 || hangul::CompatToOnset(e->read) < 0) return Error("onset edits take first consonants");
    } else if (coda) {
      e->kind = TypoEditKind::kCoda;
      for (char32_t c : {e->written, e->read})
        if (c != 0 && hangul::CompatToCoda(c) == 0) return Error("coda edits take final consonants or -");
    } else {
      return Error("unknown edit kind '" + std::string(kind) + "'");
    }
    return Status::Ok();
  }

 private:
  int line_;
  size_t offset_;
};

}  // namespace

Status ParseTypoEdits(std::string_view text, TypoEditSet* out) {
  out->edits.clear();
  TypoEditSet parsed;
  size_t pos = 0;
  int line_no = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(pos, nl - pos);
    ++line_no;
    const size_t line_offset = pos;
    pos = nl + 1;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const std::vector<std::string_view> f = Fields(line);
    if (f.empty()) continue;
    LineParser lp(line_no, line_offset);
    TypoEdit e;
    KMA_RETURN_IF_ERROR(lp.Edit(f, &e));
    parsed.edits.push_back(std::move(e));
  }
  *out = std::move(parsed);
  return Status::Ok();
}

}  // namespace kma::search
