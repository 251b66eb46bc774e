// The constraint text syntax (constraints.h) and the checks of constraints
// against an input. Bad text gets an error with its byte offset: the parser
// is fed user files and is fuzzed (tests/fuzz/constraint_parser_replay.cpp).
#include <algorithm>
#include <string>
#include <vector>

#include "core/search/constraints.h"
#include "core/text/char_class.h"
#include "core/text/utf.h"

namespace kma {
namespace {

Status Bad(size_t at, const std::string& what) {
  return Status(StatusCode::kInvalidArgument, "constraint syntax: " + what + " at byte " + std::to_string(at),
                static_cast<int64_t>(at));
}

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// A cursor over one constraint (a line or a ';'-separated piece); `base` is
// its offset in the whole text, for error offsets.
struct Cursor {
  std::string_view s;
  size_t pos = 0;
  size_t base = 0;
  bool done() const { return pos >= s.size(); }
  size_t at() const { return base + pos; }
  void SkipBlanks() {
    while (!done() && IsBlank(s[pos])) ++pos;
  }
};

// A code-point offset: decimal digits, at most 10 of them and < 2^32.
Status ParseOffset(Cursor* c, uint32_t* out) {
  const size_t start = c->pos;
  uint64_t v = 0;
  while (!c->done() && c->s[c->pos] >= '0' && c->s[c->pos] <= '9') {
    v = v * 10 + static_cast<uint64_t>(c->s[c->pos] - '0');
    if (v > 0xFFFFFFFFull) return Bad(c->base + start, "offset too large");
    ++c->pos;
  }
  if (c->pos == start) return Bad(c->at(), "expected a code-point offset (digits)");
  *out = static_cast<uint32_t>(v);
  return Status::Ok();
}

// B:E
Status ParseRange(Cursor* c, uint32_t* b, uint32_t* e) {
  KMA_RETURN_IF_ERROR(ParseOffset(c, b));
  if (c->done() || c->s[c->pos] != ':') return Bad(c->at(), "expected ':' between the offsets of a span");
  ++c->pos;
  return ParseOffset(c, e);
}

// TAGS after a form's '/': one tag or, if `many`, several joined by ','.
Status ParseTags(std::string_view tags, size_t at, bool many, TagSet* out) {
  *out = 0;
  size_t i = 0;
  while (true) {
    size_t j = tags.find(',', i);
    if (j == std::string_view::npos) j = tags.size();
    std::string_view name = tags.substr(i, j - i);
    PosTag t;
    if (name.empty()) return Bad(at + i, "empty tag");
    if (!ParseTag(name, &t) || t == PosTag::kUN) return Bad(at + i, "unknown tag '" + std::string(name) + "'");
    *out |= TagSetOf(t);
    if (j == tags.size()) break;
    if (!many) return Bad(at + j, "a span constraint's morpheme takes one tag");
    i = j + 1;
  }
  return Status::Ok();
}

// FORM/TAGS: up to the next unescaped '+', '|', blank or the end.
Status ParseMorph(Cursor* c, bool many_tags, ConstraintMorph* out) {
  const size_t start = c->at();
  std::string raw;                  // unescaped text
  std::vector<size_t> raw_at;       // the offset in the text of each byte of raw
  size_t slash = std::string::npos;  // in raw: the last unescaped '/'
  size_t slash_at = 0;              // its offset in the text
  while (!c->done()) {
    const char ch = c->s[c->pos];
    if (ch == '+' || ch == '|' || IsBlank(ch)) break;
    if (ch == '\\') {
      if (c->pos + 1 >= c->s.size()) return Bad(c->at(), "'\\' at the end of a constraint");
      raw.push_back(c->s[c->pos + 1]);
      raw_at.push_back(c->at() + 1);
      c->pos += 2;
      continue;
    }
    if (ch == '/') {
      slash = raw.size();
      slash_at = c->at();
    }
    raw.push_back(ch);
    raw_at.push_back(c->at());
    ++c->pos;
  }
  if (raw.empty()) return Bad(start, "expected a morpheme FORM/TAG");
  if (slash == std::string::npos) return Bad(start, "morpheme without '/TAG'");
  if (slash == 0) return Bad(start, "morpheme with an empty form");
  out->form = raw.substr(0, slash);
  // An escaped tab, CR or NUL would reach the output inside a form.
  std::string why;
  if (const size_t bad = FindBadFormByte(out->form, &why); bad != std::string::npos)
    return Bad(raw_at[bad], "morpheme form has " + why);
  // Escapes only occur in forms, so the tags are the text after the slash.
  return ParseTags(std::string_view(raw).substr(slash + 1), slash_at + 1, many_tags, &out->tags);
}

// MORPHS: FORM/TAGS joined by '+'.
Status ParseMorphs(Cursor* c, bool many_tags, std::vector<ConstraintMorph>* out) {
  while (true) {
    if (out->size() == kMaxConstraintMorphs)
      return Bad(c->at(), "more than " + std::to_string(kMaxConstraintMorphs) + " morphemes");
    KMA_RETURN_IF_ERROR(ParseMorph(c, many_tags, &out->emplace_back()));
    if (c->done() || c->s[c->pos] != '+') return Status::Ok();
    ++c->pos;
  }
}

// READINGS: MORPHS joined by '|', to the end of the cursor.
Status ParseReadingList(Cursor* c, std::vector<std::vector<ConstraintMorph>>* out) {
  while (true) {
    c->SkipBlanks();
    KMA_RETURN_IF_ERROR(ParseMorphs(c, true, &out->emplace_back()));
    c->SkipBlanks();
    if (c->done()) return Status::Ok();
    if (c->s[c->pos] != '|') return Bad(c->at(), "expected '|' or the end of the constraint");
    ++c->pos;
  }
}

Status ParseLemma(Cursor* c, Constraints* out) {
  LemmaConstraint lc;
  if (!c->done() && c->s[c->pos] == '@') {
    ++c->pos;
    lc.anywhere = false;
    KMA_RETURN_IF_ERROR(ParseRange(c, &lc.begin, &lc.end));
  }
  if (c->done() || !IsBlank(c->s[c->pos])) return Bad(c->at(), "expected a blank before the lemma's morphemes");
  KMA_RETURN_IF_ERROR(ParseReadingList(c, &lc.readings));
  out->lemmas.push_back(std::move(lc));
  return Status::Ok();
}

Status ParseOne(Cursor* c, Constraints* out) {
  c->SkipBlanks();
  if (c->done() || c->s[c->pos] == '#') return Status::Ok();
  if (c->s.substr(c->pos, 5) == "lemma") {
    c->pos += 5;
    return ParseLemma(c, out);
  }
  SpanConstraint sc;
  KMA_RETURN_IF_ERROR(ParseRange(c, &sc.begin, &sc.end));
  if (c->done() || !IsBlank(c->s[c->pos])) return Bad(c->at(), "expected a blank after the span's offsets");
  c->SkipBlanks();
  KMA_RETURN_IF_ERROR(ParseMorphs(c, false, &sc.morphs));
  c->SkipBlanks();
  if (!c->done()) return Bad(c->at(), "unexpected text after the morphemes");
  out->spans.push_back(std::move(sc));
  return Status::Ok();
}

}  // namespace

Status ParseConstraints(std::string_view text, Constraints* out) {
  size_t start = 0;
  while (start <= text.size()) {
    // The piece ends at the first newline or unescaped ';'.
    size_t end = start;
    while (end < text.size() && text[end] != '\n' && text[end] != ';') end += text[end] == '\\' ? 2 : 1;
    end = std::min(end, text.size());
    Cursor c{text.substr(start, end - start), 0, start};
    KMA_RETURN_IF_ERROR(ParseOne(&c, out));
    start = end + 1;
  }
  return Status::Ok();
}

Status ValidateConstraints(const Constraints& c, uint32_t cp_count) {
  auto bad = [](const std::string& what, int64_t at) {
    return Status(StatusCode::kInvalidArgument, what, at);
  };
  auto check_morphs = [&](const std::vector<ConstraintMorph>& ms, const std::string& name) {
    if (ms.empty() || ms.size() > kMaxConstraintMorphs)
      return bad(name + ": needs 1.." + std::to_string(kMaxConstraintMorphs) + " morphemes", -1);
    for (const ConstraintMorph& m : ms) {
      std::string why;
      if (m.form.empty()) return bad(name + ": a morpheme form is empty", -1);
      if (FindBadFormByte(m.form, &why) != std::string::npos)
        return bad(name + ": a morpheme form has " + why, -1);
      const TagSet known = ((TagSet{1} << kNumTags) - 1) & ~TagSetOf(PosTag::kUN);
      if (m.tags == 0 || (m.tags & ~known) != 0) return bad(name + ": a morpheme has no tag or an unknown one", -1);
    }
    return Status::Ok();
  };
  auto check_range = [&](uint32_t b, uint32_t e, const std::string& name) {
    if (b >= e) return bad(name + ": empty span " + std::to_string(b) + ":" + std::to_string(e), b);
    if (e > cp_count)
      return bad(name + ": span " + std::to_string(b) + ":" + std::to_string(e) + " ends after the input (" +
                     std::to_string(cp_count) + " code points)", e);
    return Status::Ok();
  };
  std::vector<std::pair<uint32_t, size_t>> order;  // (begin, index)
  for (size_t i = 0; i < c.spans.size(); ++i) {
    const SpanConstraint& s = c.spans[i];
    const std::string name = "span constraint " + std::to_string(i);
    KMA_RETURN_IF_ERROR(check_range(s.begin, s.end, name));
    KMA_RETURN_IF_ERROR(check_morphs(s.morphs, name));
    for (const ConstraintMorph& m : s.morphs)
      if ((m.tags & (m.tags - 1)) != 0) return bad(name + ": a forced morpheme takes exactly one tag", -1);
    order.emplace_back(s.begin, i);
  }
  std::sort(order.begin(), order.end());
  for (size_t k = 1; k < order.size(); ++k) {
    const SpanConstraint& a = c.spans[order[k - 1].second];
    const SpanConstraint& b = c.spans[order[k].second];
    if (b.begin < a.end)
      return bad("span constraints " + std::to_string(order[k - 1].second) + " and " +
                     std::to_string(order[k].second) + " overlap at code point " + std::to_string(b.begin),
                 b.begin);
  }
  if (c.lemmas.size() > kMaxLemmaConstraints)
    return bad("more than " + std::to_string(kMaxLemmaConstraints) + " lemma constraints", -1);
  for (size_t i = 0; i < c.lemmas.size(); ++i) {
    const LemmaConstraint& l = c.lemmas[i];
    const std::string name = "lemma constraint " + std::to_string(i);
    if (l.readings.empty()) return bad(name + ": no reading", -1);
    if (!l.anywhere) KMA_RETURN_IF_ERROR(check_range(l.begin, l.end, name));
    for (const auto& r : l.readings) KMA_RETURN_IF_ERROR(check_morphs(r, name));
  }
  return Status::Ok();
}

Status ParseSpanMorphs(std::string_view text, std::vector<ConstraintMorph>* out) {
  Cursor c{text, 0, 0};
  c.SkipBlanks();
  KMA_RETURN_IF_ERROR(ParseMorphs(&c, false, out));
  c.SkipBlanks();
  if (!c.done()) return Bad(c.at(), "unexpected text after the morphemes");
  return Status::Ok();
}

Status ParseReadings(std::string_view text, std::vector<std::vector<ConstraintMorph>>* out) {
  Cursor c{text, 0, 0};
  return ParseReadingList(&c, out);
}

std::string MorphsText(const std::vector<ConstraintMorph>& morphs) {
  std::string s;
  for (const ConstraintMorph& m : morphs) {
    if (!s.empty()) s += '+';
    s += m.form;
    s += '/';
    bool first = true;
    for (int t = 0; t < kNumTags; ++t) {
      if ((m.tags & TagSetOf(static_cast<PosTag>(t))) == 0) continue;
      if (!first) s += ',';
      s += TagName(static_cast<PosTag>(t));
      first = false;
    }
  }
  return s;
}

}  // namespace kma
