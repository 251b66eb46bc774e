// The rule-file compiler: text -> MorphRules (rules, jamo classes, tag
// classes), with "line N: ..." errors.
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "core/morph/morph_rules.h"
#include "core/morph/rule_text.h"

namespace kma {

using namespace rule_text;  // NOLINT: the jamo symbols the patterns are made of

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
    if (tok[0] == "alt" || tok[0] == "fuse" || tok[0] == "never") return ParseRule(tok);
    return Error("unknown statement '" + std::string(tok[0]) + "' (expected set, tags, alt, fuse or never)");
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
    ElemParse p{s, out, 0, nullptr, {}};
    while (p.i < s.size()) {
      const char32_t c = s[p.i];
      if (c == '[' || c == ']' || c == '{') {
        KMA_RETURN_IF_ERROR(ParseClassElem(&p));
      } else if (c == '$') {
        if (!allow_captures || p.open_class) return Error("'$n' is only allowed in results");
        if (p.i + 1 >= s.size() || s[p.i + 1] < '1' || s[p.i + 1] > '9') return Error("expected a digit after '$'");
        Elem e;
        e.kind = Elem::kCapture;
        e.index = static_cast<uint16_t>(s[p.i + 1] - '1');
        out->push_back(e);
        p.i += 2;
      } else {
        KMA_RETURN_IF_ERROR(ParseJamoElem(token, &p));
      }
    }
    if (p.open_class) return Error("'[' without ']'");
    return Status::Ok();
  }

  // The state of one ParseElems call.
  struct ElemParse {
    const std::u32string& s;
    std::vector<Elem>* out;
    size_t i = 0;
    MorphRules::JamoSet* open_class = nullptr;  // inside '[...]': &inline_set
    MorphRules::JamoSet inline_set;
  };

  // A literal jamo: a member of the open '[...]' class, else an element.
  // False if a class member is not a jamo.
  static bool AddLiteral(char32_t c, ElemParse* p) {
    if (p->open_class) {
      int j = JamoIndex(c);
      if (j < 0) return false;
      p->open_class->set(j);
    } else {
      Elem e;
      e.ch = c;
      p->out->push_back(e);
    }
    return true;
  }

  // '[' opens an inline class, ']' closes it, '{NAME}' names a class.
  Status ParseClassElem(ElemParse* p) {
    const std::u32string& s = p->s;
    const char32_t c = s[p->i];
    if (c == '[') {
      if (p->open_class) return Error("nested '['");
      p->inline_set.reset();
      p->open_class = &p->inline_set;
      ++p->i;
    } else if (c == ']') {
      if (!p->open_class) return Error("']' without '['");
      if (p->inline_set.none()) return Error("empty class '[]'");
      Elem e;
      e.kind = Elem::kClass;
      e.index = static_cast<uint16_t>(r_->classes_.size());
      r_->classes_.push_back(p->inline_set);
      p->out->push_back(e);
      p->open_class = nullptr;
      ++p->i;
    } else {
      size_t close = s.find(U'}', p->i);
      if (close == std::u32string::npos) return Error("'{' without '}'");
      std::string name;
      for (size_t k = p->i + 1; k < close; ++k) name.push_back(static_cast<char>(s[k] & 0x7F));
      auto it = named_classes_.find(name);
      if (it == named_classes_.end()) return Error("unknown class {" + name + "}");
      if (p->open_class) {
        *p->open_class |= r_->classes_[it->second];
      } else {
        Elem e;
        e.kind = Elem::kClass;
        e.index = it->second;
        p->out->push_back(e);
      }
      p->i = close + 1;
    }
    return Status::Ok();
  }

  // '_X' (a coda), a compatibility consonant (an onset) or vowel, or a
  // syllable (its jamo).
  Status ParseJamoElem(std::string_view token, ElemParse* p) {
    const std::u32string& s = p->s;
    const char32_t c = s[p->i];
    if (c == '_') {
      if (p->i + 1 >= s.size() || s[p->i + 1] < kCompatFirst || s[p->i + 1] > kCompatConsonantLast ||
          kCompatToCoda[s[p->i + 1] - kCompatFirst] == 0) {
        return Error("'_' must be followed by a consonant that can be a coda");
      }
      AddLiteral(kCodaBase + kCompatToCoda[s[p->i + 1] - kCompatFirst], p);
      p->i += 2;
    } else if (c >= kCompatFirst && c <= kCompatConsonantLast) {
      int onset = kCompatToOnset[c - kCompatFirst];
      if (onset < 0) return Error("consonant cluster cannot be an onset (write _X for a coda)");
      AddLiteral(kOnsetBase + onset, p);
      ++p->i;
    } else if (c >= kCompatVowelFirst && c <= kCompatLast) {
      AddLiteral(kVowelBase + (c - kCompatVowelFirst), p);
      ++p->i;
    } else if (IsSyllable(c)) {
      std::u32string jamo;
      AppendDecomposed(std::u32string_view(&c, 1), &jamo);
      for (char32_t j : jamo) AddLiteral(j, p);
      ++p->i;
    } else {
      return Error("unexpected character in pattern '" + std::string(token) + "'");
    }
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
    MorphRules::Rule rule;
    rule.never = tok[0] == "never";
    rule.is_alt = rule.never || tok[0] == "alt";
    const size_t first_flag = rule.never ? 5 : 6;
    if (tok.size() < first_flag)
      return Error("expected: " + std::string(tok[0]) + " LEFT_TAGS LEFT_PATTERN RIGHT_TAGS RIGHT_PATTERN" +
                   (rule.never ? "" : " RESULTS") + " [FLAGS]");
    rule.line = line_;
    KMA_RETURN_IF_ERROR(ParseTagList(tok[1], &rule.left_tags));
    KMA_RETURN_IF_ERROR(ParseElems(tok[2], false, &rule.left));
    KMA_RETURN_IF_ERROR(ParseTagList(tok[3], &rule.right_tags));
    KMA_RETURN_IF_ERROR(ParseElems(tok[4], false, &rule.right));
    int captures = CountClasses(rule.left) + CountClasses(rule.right);
    if (captures > 8) return Error("at most 8 classes per rule");
    if (!rule.never) {
      for (std::string_view item : SplitChar(tok[5], ',')) {
        MorphRules::ResultItem ri;
        KMA_RETURN_IF_ERROR(ParseResultItem(item, captures, &ri));
        rule.results.push_back(std::move(ri));
      }
    }
    for (size_t i = first_flag; i < tok.size(); ++i) {
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

}  // namespace kma
