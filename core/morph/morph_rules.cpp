// Compiler and matcher for kma's morphophonological rule file.
//
// Matching works on fully decomposed jamo: onsets U+1100.., vowels U+1161..
// and codas U+11A8... Normalized text maps to that trivially (only coda-less
// syllables need splitting) and back without ambiguity, and onset/coda stay
// distinct symbols, so "ㄹ-deletion before an onset ㄴ" and "before a coda ᆫ"
// are different patterns, and dropping 으 from 은 leaves a coda ᆫ that fuses
// with the stem (가 + 은 -> 간) without any special code.
#include "core/morph/morph_rules.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unordered_map>

namespace kma {
namespace {

constexpr char32_t kSyllableFirst = 0xAC00;
constexpr char32_t kSyllableLast = 0xD7A3;
constexpr char32_t kOnsetBase = 0x1100;  // 19 onsets
constexpr char32_t kVowelBase = 0x1161;  // 21 vowels
constexpr char32_t kCodaBase = 0x11A7;   // coda T (1..27) is kCodaBase + T
constexpr char32_t kCompatFirst = 0x3131;
constexpr char32_t kCompatConsonantLast = 0x314E;
constexpr char32_t kCompatVowelFirst = 0x314F;
constexpr char32_t kCompatLast = 0x3163;

// Jamo symbol index: onsets 0..18, vowels 19..39, codas 40..66; 67 = anything
// else (also used as the bucket key of an empty tail).
constexpr int kNumJamo = 67;
constexpr int kOtherKey = 67;
constexpr int kNumKeys = 68;

// Compatibility consonants ㄱ..ㅎ (U+3131..U+314E) -> onset index, or -1.
constexpr int8_t kCompatToOnset[30] = {0,  1,  -1, 2,  -1, -1, 3,  4,  5,  -1,
                                       -1, -1, -1, -1, -1, -1, 6,  7,  8,  -1,
                                       9,  10, 11, 12, 13, 14, 15, 16, 17, 18};
// Compatibility consonants -> coda index T (1..27), or 0 (ㄸ ㅃ ㅉ).
constexpr int8_t kCompatToCoda[30] = {1,  2,  3,  4,  5,  6,  7,  0,  8,  9,
                                      10, 11, 12, 13, 14, 15, 16, 17, 0,  18,
                                      19, 20, 21, 22, 0,  23, 24, 25, 26, 27};

bool IsSyllable(char32_t c) { return c >= kSyllableFirst && c <= kSyllableLast; }
bool IsOnset(char32_t c) { return c >= kOnsetBase && c < kOnsetBase + 19; }
bool IsVowel(char32_t c) { return c >= kVowelBase && c < kVowelBase + 21; }
bool IsCoda(char32_t c) { return c > kCodaBase && c <= kCodaBase + 27; }
bool IsCodalessSyllable(char32_t c) { return IsSyllable(c) && (c - kSyllableFirst) % 28 == 0; }

int JamoIndex(char32_t c) {
  if (IsOnset(c)) return static_cast<int>(c - kOnsetBase);
  if (IsVowel(c)) return 19 + static_cast<int>(c - kVowelBase);
  if (IsCoda(c)) return 40 + static_cast<int>(c - kCodaBase - 1);
  return -1;
}
int KeyOf(char32_t c) {
  int j = JamoIndex(c);
  return j < 0 ? kOtherKey : j;
}

// Appends the fully decomposed jamo of normalized (or NFC) text.
void AppendDecomposed(std::u32string_view s, std::u32string* out) {
  for (char32_t c : s) {
    if (IsSyllable(c)) {
      uint32_t idx = c - kSyllableFirst;
      out->push_back(kOnsetBase + idx / 588);
      out->push_back(kVowelBase + (idx % 588) / 28);
      if (idx % 28) out->push_back(kCodaBase + idx % 28);
    } else {
      out->push_back(c);
    }
  }
}

// Recomposes decomposed jamo into normalized text. Returns false if the jamo
// do not form well-spelled syllables: an onset without a vowel, a vowel
// without an onset, or a coda that neither follows a vowel nor starts the
// string (a leading coda attaches to the syllable before the fused part).
bool ComposeNormalized(const std::u32string& jamo, std::u32string* out) {
  out->clear();
  for (size_t i = 0; i < jamo.size(); ++i) {
    char32_t c = jamo[i];
    if (IsOnset(c)) {
      if (i + 1 >= jamo.size() || !IsVowel(jamo[i + 1])) return false;
      out->push_back(kSyllableFirst + ((c - kOnsetBase) * 21 + (jamo[i + 1] - kVowelBase)) * 28);
      ++i;
    } else if (IsVowel(c)) {
      return false;
    } else if (IsCoda(c)) {
      if (i > 0 && !IsVowel(jamo[i - 1])) return false;
      out->push_back(c);
    } else {
      out->push_back(c);
    }
  }
  return true;
}

// Minimal UTF-8 codec (strict: rejects overlongs, surrogates, truncation).
bool DecodeUtf8(std::string_view s, std::u32string* out) {
  out->clear();
  size_t i = 0;
  while (i < s.size()) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    char32_t c;
    int n;
    if (b < 0x80) { c = b; n = 0; }
    else if ((b & 0xE0) == 0xC0) { c = b & 0x1F; n = 1; }
    else if ((b & 0xF0) == 0xE0) { c = b & 0x0F; n = 2; }
    else if ((b & 0xF8) == 0xF0) { c = b & 0x07; n = 3; }
    else return false;
    if (n > 0 && i + n >= s.size()) return false;  // truncated sequence
    for (int k = 1; k <= n; ++k) {
      unsigned char cb = static_cast<unsigned char>(s[i + k]);
      if ((cb & 0xC0) != 0x80) return false;
      c = (c << 6) | (cb & 0x3F);
    }
    if ((n == 1 && c < 0x80) || (n == 2 && c < 0x800) || (n == 3 && c < 0x10000) ||
        c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
      return false;
    }
    out->push_back(c);
    i += n + 1;
  }
  return true;
}

void AppendUtf8(char32_t c, std::string* out) {
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (c >> 6)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (c >> 12)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (c >> 18)));
    out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

// NFC text (possibly with compatibility jamo opening an ending: "ㄴ",
// "ㅂ니다") -> normalized text.
std::u32string NormalizeText(const std::u32string& s) {
  std::u32string out;
  for (char32_t c : s) {
    bool after_open_syllable = out.empty() || IsCodalessSyllable(out.back());
    if (IsSyllable(c) && (c - kSyllableFirst) % 28 != 0) {
      uint32_t t = (c - kSyllableFirst) % 28;
      out.push_back(c - t);
      out.push_back(kCodaBase + t);
    } else if (c >= kCompatFirst && c <= kCompatConsonantLast && after_open_syllable &&
               kCompatToCoda[c - kCompatFirst] != 0) {
      out.push_back(kCodaBase + kCompatToCoda[c - kCompatFirst]);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// Normalized text -> NFC UTF-8; a coda with no syllable to join becomes a
// compatibility jamo.
std::string DenormalizeToUtf8(const std::u32string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char32_t c = s[i];
    if (IsCodalessSyllable(c) && i + 1 < s.size() && IsCoda(s[i + 1])) {
      AppendUtf8(c + (s[i + 1] - kCodaBase), &out);
      ++i;
    } else if (IsCoda(c)) {
      int t = static_cast<int>(c - kCodaBase);
      char32_t compat = c;
      for (int k = 0; k < 30; ++k) {
        if (kCompatToCoda[k] == t) { compat = kCompatFirst + k; break; }
      }
      AppendUtf8(compat, &out);
    } else {
      AppendUtf8(c, &out);
    }
  }
  return out;
}

std::vector<std::string_view> SplitWhitespace(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= line.size() || line[i] == '#') break;  // rest of the line is a comment
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<std::string_view> SplitChar(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

bool IsIdentifier(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  }
  return true;
}

}  // namespace

bool ParseIrregularClass(std::string_view s, IrregularClass* out) {
  static const std::pair<std::string_view, IrregularClass> kNames[] = {
      {"", IrregularClass::kNone},   {"-", IrregularClass::kNone},  {"ㅂ", IrregularClass::kB},
      {"ㄷ", IrregularClass::kD},    {"ㅅ", IrregularClass::kS},    {"르", IrregularClass::kReu},
      {"ㅎ", IrregularClass::kH},    {"러", IrregularClass::kReo},  {"우", IrregularClass::kU},
      {"으", IrregularClass::kEu}};
  for (const auto& [name, cls] : kNames) {
    if (s == name) {
      if (out) *out = cls;
      return true;
    }
  }
  return false;
}

std::string_view IrregularClassName(IrregularClass c) {
  static const std::string_view kNames[] = {"", "ㅂ", "ㄷ", "ㅅ", "르", "ㅎ", "러", "우", "으"};
  size_t i = static_cast<size_t>(c);
  return i < kNumIrregularClasses ? kNames[i] : std::string_view();
}

// Compiles rule-file text into a MorphRules. One instance per Parse() call.
class MorphRulesParser {
 public:
  explicit MorphRulesParser(MorphRules* rules) : r_(rules) {
    // Predefined classes: {C} any onset, {V} any vowel, {T} any coda.
    MorphRules::JamoSet c, v, t;
    for (int i = 0; i < 19; ++i) c.set(i);
    for (int i = 19; i < 40; ++i) v.set(i);
    for (int i = 40; i < kNumJamo; ++i) t.set(i);
    AddNamedClass("C", c);
    AddNamedClass("V", v);
    AddNamedClass("T", t);
  }

  Status ParseText(std::string_view text) {
    int line_no = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
      size_t nl = text.find('\n', pos);
      if (nl == std::string_view::npos) nl = text.size();
      ++line_no;
      line_ = line_no;
      Status st = ParseLine(text.substr(pos, nl - pos));
      if (!st.ok()) return st;
      pos = nl + 1;
    }
    return Status::Ok();
  }

 private:
  using Elem = MorphRules::Elem;

  Status Error(const std::string& msg) const {
    return Status(StatusCode::kInvalidArgument, "line " + std::to_string(line_) + ": " + msg);
  }

  void AddNamedClass(const std::string& name, const MorphRules::JamoSet& set) {
    named_classes_[name] = static_cast<uint16_t>(r_->classes_.size());
    r_->classes_.push_back(set);
  }

  Status ParseLine(std::string_view line) {
    std::vector<std::string_view> tok = SplitWhitespace(line);
    if (tok.empty()) return Status::Ok();
    if (tok[0] == "set") return ParseSet(tok);
    if (tok[0] == "tags") return ParseTagsDirective(tok);
    if (tok[0] == "alt" || tok[0] == "fuse") return ParseRule(tok);
    return Error("unknown statement '" + std::string(tok[0]) + "' (expected set, tags, alt or fuse)");
  }

  Status ParseSet(const std::vector<std::string_view>& tok) {
    if (tok.size() < 3 || !IsIdentifier(tok[1]))
      return Error("expected: set NAME JAMO...");
    MorphRules::JamoSet set;
    for (size_t i = 2; i < tok.size(); ++i) {
      std::vector<Elem> elems;
      KMA_RETURN_IF_ERROR(ParseElems(tok[i], /*allow_captures=*/false, &elems));
      for (const Elem& e : elems) {
        if (e.kind == Elem::kClass) {
          set |= r_->classes_[e.index];
        } else {
          int j = JamoIndex(e.ch);
          if (j < 0) return Error("set members must be jamo");
          set.set(j);
        }
      }
    }
    AddNamedClass(std::string(tok[1]), set);
    return Status::Ok();
  }

  Status ParseTagsDirective(const std::vector<std::string_view>& tok) {
    if (tok.size() != 3 || !IsIdentifier(tok[1])) return Error("expected: tags NAME TAG,TAG,...");
    std::bitset<kNumTags> mask;
    KMA_RETURN_IF_ERROR(ParseTagList(tok[2], &mask));
    tag_classes_[std::string(tok[1])] = mask;
    return Status::Ok();
  }

  Status ParseTagList(std::string_view s, std::bitset<kNumTags>* mask) {
    mask->reset();
    if (s == "*") {
      mask->set();
      return Status::Ok();
    }
    for (std::string_view name : SplitChar(s, ',')) {
      auto it = tag_classes_.find(std::string(name));
      if (it != tag_classes_.end()) {
        *mask |= it->second;
        continue;
      }
      PosTag tag;
      if (name.empty() || !ParseTag(name, &tag)) return Error("unknown tag '" + std::string(name) + "'");
      mask->set(static_cast<size_t>(tag));
    }
    return Status::Ok();
  }

  // Parses a pattern or result token into elements. "-" is the empty sequence.
  Status ParseElems(std::string_view token, bool allow_captures, std::vector<Elem>* out) {
    out->clear();
    if (token == "-") return Status::Ok();
    std::u32string s;
    if (!DecodeUtf8(token, &s)) return Error("invalid UTF-8");
    size_t i = 0;
    MorphRules::JamoSet* open_class = nullptr;
    MorphRules::JamoSet inline_set;
    auto add_literal = [&](char32_t c) {
      if (open_class) {
        int j = JamoIndex(c);
        if (j < 0) return false;
        open_class->set(j);
      } else {
        Elem e;
        e.ch = c;
        out->push_back(e);
      }
      return true;
    };
    while (i < s.size()) {
      char32_t c = s[i];
      if (c == '[') {
        if (open_class) return Error("nested '['");
        inline_set.reset();
        open_class = &inline_set;
        ++i;
      } else if (c == ']') {
        if (!open_class) return Error("']' without '['");
        if (inline_set.none()) return Error("empty class '[]'");
        Elem e;
        e.kind = Elem::kClass;
        e.index = static_cast<uint16_t>(r_->classes_.size());
        r_->classes_.push_back(inline_set);
        out->push_back(e);
        open_class = nullptr;
        ++i;
      } else if (c == '{') {
        size_t close = s.find(U'}', i);
        if (close == std::u32string::npos) return Error("'{' without '}'");
        std::string name;
        for (size_t k = i + 1; k < close; ++k) name.push_back(static_cast<char>(s[k] & 0x7F));
        auto it = named_classes_.find(name);
        if (it == named_classes_.end()) return Error("unknown class {" + name + "}");
        if (open_class) {
          *open_class |= r_->classes_[it->second];
        } else {
          Elem e;
          e.kind = Elem::kClass;
          e.index = it->second;
          out->push_back(e);
        }
        i = close + 1;
      } else if (c == '$') {
        if (!allow_captures || open_class) return Error("'$n' is only allowed in results");
        if (i + 1 >= s.size() || s[i + 1] < '1' || s[i + 1] > '9') return Error("expected a digit after '$'");
        Elem e;
        e.kind = Elem::kCapture;
        e.index = static_cast<uint16_t>(s[i + 1] - '1');
        out->push_back(e);
        i += 2;
      } else if (c == '_') {
        if (i + 1 >= s.size() || s[i + 1] < kCompatFirst || s[i + 1] > kCompatConsonantLast ||
            kCompatToCoda[s[i + 1] - kCompatFirst] == 0) {
          return Error("'_' must be followed by a consonant that can be a coda");
        }
        add_literal(kCodaBase + kCompatToCoda[s[i + 1] - kCompatFirst]);
        i += 2;
      } else if (c >= kCompatFirst && c <= kCompatConsonantLast) {
        int onset = kCompatToOnset[c - kCompatFirst];
        if (onset < 0) return Error("consonant cluster cannot be an onset (write _X for a coda)");
        add_literal(kOnsetBase + onset);
        ++i;
      } else if (c >= kCompatVowelFirst && c <= kCompatLast) {
        add_literal(kVowelBase + (c - kCompatVowelFirst));
        ++i;
      } else if (IsSyllable(c)) {
        std::u32string jamo;
        AppendDecomposed(std::u32string_view(&c, 1), &jamo);
        for (char32_t j : jamo) add_literal(j);
        ++i;
      } else {
        return Error("unexpected character in pattern '" + std::string(token) + "'");
      }
    }
    if (open_class) return Error("'[' without ']'");
    return Status::Ok();
  }

  static int CountClasses(const std::vector<Elem>& elems) {
    int n = 0;
    for (const Elem& e : elems) n += e.kind == Elem::kClass;
    return n;
  }

  Status ParseResultItem(std::string_view item, int num_captures, MorphRules::ResultItem* out) {
    size_t attr = item.find_first_of(":@");
    std::string_view body = item.substr(0, attr);
    while (attr != std::string_view::npos) {
      size_t next = item.find_first_of(":@", attr + 1);
      std::string_view a = item.substr(attr, next == std::string_view::npos ? next : next - attr);
      if (a == "@v") {
        out->after_vowel_only = true;
      } else if (a.size() > 1 && a[0] == ':') {
        std::string num(a.substr(1));
        char* end = nullptr;
        float p = std::strtof(num.c_str(), &end);
        if (end == num.c_str() || *end != '\0' || !(p >= 0) || p > 1000)
          return Error("bad penalty '" + num + "'");
        out->penalty = p;
      } else {
        return Error("bad result attribute '" + std::string(a) + "' (use :PENALTY or @v)");
      }
      attr = next;
    }
    if (body.empty()) return Error("empty result (write '-' for nothing)");
    if (body == "=") {
      out->kind = MorphRules::ResultItem::kPlain;
      return Status::Ok();
    }
    out->kind = MorphRules::ResultItem::kReplace;
    KMA_RETURN_IF_ERROR(ParseElems(body, /*allow_captures=*/true, &out->elems));
    for (const Elem& e : out->elems) {
      if (e.kind == Elem::kClass) return Error("classes are not allowed in results");
      if (e.kind == Elem::kCapture && e.index >= num_captures)
        return Error("capture $" + std::to_string(e.index + 1) + " does not exist");
    }
    return Status::Ok();
  }

  Status ParseRule(const std::vector<std::string_view>& tok) {
    if (tok.size() < 6)
      return Error("expected: " + std::string(tok[0]) +
                   " LEFT_TAGS LEFT_PATTERN RIGHT_TAGS RIGHT_PATTERN RESULTS [FLAGS]");
    MorphRules::Rule rule;
    rule.is_alt = tok[0] == "alt";
    rule.line = line_;
    KMA_RETURN_IF_ERROR(ParseTagList(tok[1], &rule.left_tags));
    KMA_RETURN_IF_ERROR(ParseElems(tok[2], false, &rule.left));
    KMA_RETURN_IF_ERROR(ParseTagList(tok[3], &rule.right_tags));
    KMA_RETURN_IF_ERROR(ParseElems(tok[4], false, &rule.right));
    int captures = CountClasses(rule.left) + CountClasses(rule.right);
    if (captures > 8) return Error("at most 8 classes per rule");
    for (std::string_view item : SplitChar(tok[5], ',')) {
      MorphRules::ResultItem ri;
      KMA_RETURN_IF_ERROR(ParseResultItem(item, captures, &ri));
      rule.results.push_back(std::move(ri));
    }
    for (size_t i = 6; i < tok.size(); ++i) {
      std::string_view f = tok[i];
      if (f == "whole") {
        rule.need_whole = true;
      } else if (f.substr(0, 4) == "irr=") {
        rule.irr_mask = 0;
        for (std::string_view name : SplitChar(f.substr(4), ',')) {
          IrregularClass cls;
          if (name.empty() || !ParseIrregularClass(name, &cls))
            return Error("unknown irregular class '" + std::string(name) + "'");
          rule.irr_mask |= static_cast<uint16_t>(1u << static_cast<unsigned>(cls));
        }
      } else {
        return Error("unknown flag '" + std::string(f) + "' (expected whole or irr=...)");
      }
    }
    if (r_->rules_.size() >= 0xFFFF) return Error("too many rules");
    r_->rules_.push_back(std::move(rule));
    return Status::Ok();
  }

  MorphRules* r_;
  int line_ = 0;
  std::unordered_map<std::string, uint16_t> named_classes_;
  std::unordered_map<std::string, std::bitset<kNumTags>> tag_classes_;
};

MorphRules::MorphRules() = default;

StatusOr<MorphRules> MorphRules::Parse(std::string_view rule_file_text) {
  MorphRules rules;
  MorphRulesParser parser(&rules);
  Status st = parser.ParseText(rule_file_text);
  if (!st.ok()) return st;
  rules.BuildIndex();
  rules.source_ = std::string(rule_file_text);
  return rules;
}

StatusOr<MorphRules> MorphRules::Load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kIo, "cannot open rule file " + path);
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) return Status(StatusCode::kIo, "cannot read rule file " + path);
  StatusOr<MorphRules> r = Parse(buf.str());
  if (!r.ok()) return Status(r.status().code(), path + ": " + r.status().message());
  return r;
}

void MorphRules::BuildIndex() {
  alt_index_.assign(static_cast<size_t>(kNumTags) * kNumKeys, {});
  fuse_index_.assign(static_cast<size_t>(kNumTags) * kNumKeys, {});
  for (size_t id = 0; id < rules_.size(); ++id) {
    const Rule& r = rules_[id];
    std::bitset<kNumKeys> keys;
    if (r.left.empty()) {
      keys.set();
    } else if (r.left.back().kind == Elem::kLiteral) {
      keys.set(KeyOf(r.left.back().ch));
    } else {
      const JamoSet& set = classes_[r.left.back().index];
      for (int j = 0; j < kNumJamo; ++j)
        if (set[j]) keys.set(j);
    }
    auto& index = r.is_alt ? alt_index_ : fuse_index_;
    for (int t = 0; t < kNumTags; ++t) {
      if (!r.left_tags[t]) continue;
      for (int k = 0; k < kNumKeys; ++k)
        if (keys[k]) index[static_cast<size_t>(t) * kNumKeys + k].push_back(static_cast<uint16_t>(id));
    }
  }
}

const std::vector<uint16_t>& MorphRules::Bucket(bool alt, PosTag left_tag, int key) const {
  static const std::vector<uint16_t> kEmpty;
  const auto& index = alt ? alt_index_ : fuse_index_;
  size_t i = static_cast<size_t>(left_tag) * kNumKeys + static_cast<size_t>(key);
  return i < index.size() ? index[i] : kEmpty;
}

namespace {

// Matches `pat` against `s` (as a suffix if `suffix`, else as a prefix),
// appending what each class element matched to `caps`.
template <typename ElemT, typename ClassVec>
bool MatchElems(const std::vector<ElemT>& pat, const std::u32string& s, bool suffix,
                const ClassVec& classes, char32_t* caps, int* num_caps) {
  if (pat.size() > s.size()) return false;
  size_t base = suffix ? s.size() - pat.size() : 0;
  for (size_t i = 0; i < pat.size(); ++i) {
    char32_t c = s[base + i];
    if (pat[i].kind == ElemT::kLiteral) {
      if (pat[i].ch != c) return false;
    } else {
      int j = JamoIndex(c);
      if (j < 0 || !classes[pat[i].index][j]) return false;
      caps[(*num_caps)++] = c;
    }
  }
  return true;
}

template <typename ElemT>
void Expand(const std::vector<ElemT>& elems, const char32_t* caps, std::u32string* out) {
  for (const ElemT& e : elems) out->push_back(e.kind == ElemT::kCapture ? caps[e.index] : e.ch);
}

struct Variant {
  std::u32string right;
  float penalty;
  bool after_vowel_only;
};

void AddFusion(const std::u32string& jamo, float penalty, bool after_vowel_only,
               std::vector<Fusion>* out) {
  std::u32string surface;
  if (!ComposeNormalized(jamo, &surface)) return;
  for (Fusion& f : *out) {
    if (f.surface == surface && f.after_vowel_only == after_vowel_only) {
      f.penalty = std::min(f.penalty, penalty);
      return;
    }
  }
  out->push_back(Fusion{std::move(surface), penalty, after_vowel_only});
}

}  // namespace

std::vector<Fusion> MorphRules::Combine(std::u32string_view left_tail, PosTag left_tag,
                                        IrregularClass irr, bool left_is_whole,
                                        std::u32string_view right_form, PosTag right_tag) const {
  std::vector<Fusion> out;
  if (static_cast<int>(left_tag) >= kNumTags) left_tag = PosTag::kUN;
  if (static_cast<int>(right_tag) >= kNumTags) right_tag = PosTag::kUN;
  if (static_cast<int>(irr) >= kNumIrregularClasses) irr = IrregularClass::kNone;
  const uint16_t irr_bit = static_cast<uint16_t>(1u << static_cast<unsigned>(irr));
  const size_t rt = static_cast<size_t>(right_tag);

  // Scratch buffers reused across calls: Combine runs millions of times
  // during a model build and is otherwise dominated by allocations.
  thread_local std::u32string tail, right, jamo;
  thread_local std::vector<Variant> variants;
  size_t num_variants = 0;
  tail.clear();
  right.clear();
  AppendDecomposed(left_tail, &tail);
  AppendDecomposed(right_form, &right);
  const int key = tail.empty() ? kOtherKey : KeyOf(tail.back());

  auto applies = [&](const Rule& r, const std::u32string& rhs, char32_t* caps, int* num_caps) {
    if (!r.right_tags[rt] || !(r.irr_mask & irr_bit) || (r.need_whole && !left_is_whole)) return false;
    *num_caps = 0;
    return MatchElems(r.left, tail, /*suffix=*/true, classes_, caps, num_caps) &&
           MatchElems(r.right, rhs, /*suffix=*/false, classes_, caps, num_caps);
  };

  // Stage 1: the first matching alternation rule rewrites the start of the
  // right form (vowel harmony 아/어, ㅆ -> 었); otherwise it stays as is.
  auto new_variant = [&](float penalty, bool after_vowel_only) -> Variant& {
    if (num_variants == variants.size()) variants.emplace_back();
    Variant& v = variants[num_variants++];
    v.right.clear();
    v.penalty = penalty;
    v.after_vowel_only = after_vowel_only;
    return v;
  };
  char32_t caps[8];
  int num_caps = 0;
  for (uint16_t id : Bucket(true, left_tag, key)) {
    const Rule& r = rules_[id];
    if (!applies(r, right, caps, &num_caps)) continue;
    for (const ResultItem& item : r.results) {
      Variant& v = new_variant(item.penalty, item.after_vowel_only);
      if (item.kind == ResultItem::kPlain) {
        v.right = right;
      } else {
        Expand(item.elems, caps, &v.right);
        v.right.append(right, r.right.size(), std::u32string::npos);
      }
    }
    break;
  }
  if (num_variants == 0) new_variant(0, false).right = right;

  // Stage 2: the first matching fusion rule spells each variant; without one
  // the pair is simply concatenated.
  for (size_t vi = 0; vi < num_variants; ++vi) {
    const Variant& v = variants[vi];
    const std::u32string& rhs = v.right;
    bool matched = false;
    for (uint16_t id : Bucket(false, left_tag, key)) {
      const Rule& r = rules_[id];
      if (!applies(r, rhs, caps, &num_caps)) continue;
      matched = true;
      for (const ResultItem& item : r.results) {
        jamo.assign(tail);
        if (item.kind == ResultItem::kPlain) {
          jamo.append(rhs);
        } else {
          jamo.resize(tail.size() - r.left.size());
          Expand(item.elems, caps, &jamo);
          jamo.append(rhs, r.right.size(), std::u32string::npos);
        }
        AddFusion(jamo, v.penalty + item.penalty, v.after_vowel_only || item.after_vowel_only, &out);
      }
      break;
    }
    if (!matched) {
      jamo.assign(tail);
      jamo.append(rhs);
      AddFusion(jamo, v.penalty, v.after_vowel_only, &out);
    }
  }

  // A conditional spelling is redundant next to the same unconditional one.
  out.erase(std::remove_if(out.begin(), out.end(),
                           [&](const Fusion& f) {
                             if (!f.after_vowel_only) return false;
                             for (const Fusion& g : out)
                               if (!g.after_vowel_only && g.surface == f.surface && g.penalty <= f.penalty)
                                 return true;
                             return false;
                           }),
            out.end());
  std::stable_sort(out.begin(), out.end(),
                   [](const Fusion& a, const Fusion& b) { return a.penalty < b.penalty; });
  return out;
}

std::vector<std::string> MorphRules::CombineWords(std::string_view left_form, PosTag left_tag,
                                                  IrregularClass irr, std::string_view right_form,
                                                  PosTag right_tag) const {
  std::vector<std::string> words;
  std::u32string l32, r32;
  if (!DecodeUtf8(left_form, &l32) || !DecodeUtf8(right_form, &r32)) return words;
  std::u32string left = NormalizeText(l32), right = NormalizeText(r32);
  size_t tail_start = left.empty() ? 0 : left.size() - 1;
  if (tail_start > 0 && IsCoda(left[tail_start])) --tail_start;
  std::u32string head = left.substr(0, tail_start);
  std::u32string_view tail = std::u32string_view(left).substr(tail_start);
  bool head_open = !head.empty() && IsCodalessSyllable(head.back());
  for (const Fusion& f : Combine(tail, left_tag, irr, head.empty(), right, right_tag)) {
    if (f.after_vowel_only && !head_open) continue;
    if (!f.surface.empty() && IsCoda(f.surface[0]) && !head_open) continue;
    std::string w = DenormalizeToUtf8(head + f.surface);
    if (std::find(words.begin(), words.end(), w) == words.end()) words.push_back(std::move(w));
  }
  return words;
}

}  // namespace kma
