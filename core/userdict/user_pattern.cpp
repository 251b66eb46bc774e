#include "core/userdict/user_pattern.h"

#include <string>

#include "core/text/char_class.h"
#include "core/text/utf.h"

namespace kma {
namespace {

constexpr size_t kMaxPatternBytes = 1024;
constexpr int kMaxDepth = 64;
constexpr int kMaxRepeat = 64;
constexpr size_t kMaxProgram = 4096;
constexpr int kInfinite = -1;

enum NamedBits : uint8_t { kDigitBit = 1, kWordBit = 2, kHangulBit = 4, kNonDigitBit = 8, kNonWordBit = 16 };

bool IsWordChar(char32_t c) {
  if (c == U'_') return true;
  switch (ClassOf(c)) {
    case CharClass::kHangul:
    case CharClass::kDigit:
    case CharClass::kLatin:
    case CharClass::kHanja:
    case CharClass::kOtherLetter:
      return true;
    default:
      return false;
  }
}

bool IsMatchableSpace(char32_t c) {
  const CharClass k = ClassOf(c);
  return k == CharClass::kSpace || k == CharClass::kControl;
}

}  // namespace

bool UserPattern::CharSet::Contains(char32_t c) const {
  bool in = false;
  for (const auto& [lo, hi] : ranges) in = in || (c >= lo && c <= hi);
  if (!in && named != 0) {
    const bool digit = ClassOf(c) == CharClass::kDigit, word = IsWordChar(c);
    in = ((named & kDigitBit) && digit) || ((named & kWordBit) && word) ||
         ((named & kHangulBit) && ClassOf(c) == CharClass::kHangul) || ((named & kNonDigitBit) && !digit) ||
         ((named & kNonWordBit) && !word);
  }
  return in != negated;
}

// Recursive-descent parser into a small syntax tree, then Thompson
// construction into UserPattern::prog_.
class PatternParser {
 public:
  PatternParser(const std::u32string& p, UserPattern* out) : p_(p), out_(out) {}

  Status Run() {
    int root = -1;
    KMA_RETURN_IF_ERROR(ParseAlt(0, &root));
    if (i_ < p_.size()) return Error("unbalanced ')'");
    KMA_RETURN_IF_ERROR(Emit(root));
    Add({UserPattern::Op::kMatch, 0, 0});
    if (out_->prog_.size() > kMaxProgram) return Error("pattern too large (more than 4096 states)");
    for (const UserPattern::Inst& in : out_->prog_)
      if (in.op == UserPattern::Op::kChar || in.op == UserPattern::Op::kClass || in.op == UserPattern::Op::kAny)
        return Status::Ok();
    return Error("the pattern matches only empty text");
  }

 private:
  enum class Kind { kChar, kSet, kAny, kCat, kAlt, kRep };
  struct Node {
    Kind kind = Kind::kCat;
    char32_t c = 0;
    uint32_t set = 0;
    int min = 0, max = 0;
    std::vector<int> kids;
  };

  Status Error(const std::string& what) const {
    return Status(StatusCode::kInvalidArgument, "bad pattern: " + what + " at character " + std::to_string(i_ + 1),
                  static_cast<int64_t>(i_));
  }
  bool More() const { return i_ < p_.size(); }
  int NewNode(Kind k) {
    Node n;
    n.kind = k;
    nodes_.push_back(std::move(n));
    return static_cast<int>(nodes_.size()) - 1;
  }

  Status ParseAlt(int depth, int* out) {
    if (depth > kMaxDepth) return Error("groups nested too deeply");
    int first = -1;
    KMA_RETURN_IF_ERROR(ParseCat(depth, &first));
    if (!More() || p_[i_] != U'|') {
      *out = first;
      return Status::Ok();
    }
    const int alt = NewNode(Kind::kAlt);
    nodes_[alt].kids.push_back(first);
    while (More() && p_[i_] == U'|') {
      ++i_;
      int next = -1;
      KMA_RETURN_IF_ERROR(ParseCat(depth, &next));
      nodes_[alt].kids.push_back(next);
    }
    *out = alt;
    return Status::Ok();
  }

  Status ParseCat(int depth, int* out) {
    const int cat = NewNode(Kind::kCat);
    while (More() && p_[i_] != U'|' && p_[i_] != U')') {
      int atom = -1;
      KMA_RETURN_IF_ERROR(ParseAtom(depth, &atom));
      KMA_RETURN_IF_ERROR(ParseQuantifier(&atom));
      nodes_[cat].kids.push_back(atom);
    }
    *out = cat;
    return Status::Ok();
  }

  Status ParseQuantifier(int* atom) {
    if (!More()) return Status::Ok();
    int min = 0, max = 0;
    const char32_t q = p_[i_];
    if (q == U'*') min = 0, max = kInfinite;
    else if (q == U'+') min = 1, max = kInfinite;
    else if (q == U'?') min = 0, max = 1;
    else if (q == U'{') KMA_RETURN_IF_ERROR(ParseCount(&min, &max));
    else return Status::Ok();
    if (q != U'{') ++i_;
    if (More() && (p_[i_] == U'*' || p_[i_] == U'+' || p_[i_] == U'?' || p_[i_] == U'{'))
      return Error("a quantifier cannot follow a quantifier (lazy and possessive forms are not supported)");
    const int rep = NewNode(Kind::kRep);
    nodes_[rep].min = min;
    nodes_[rep].max = max;
    nodes_[rep].kids.push_back(*atom);
    *atom = rep;
    return Status::Ok();
  }

  // {n} {n,} {n,m}, with i_ at the '{'.
  Status ParseCount(int* min, int* max) {
    ++i_;
    auto number = [&](int* v) -> bool {
      if (!More() || p_[i_] < U'0' || p_[i_] > U'9') return false;
      *v = 0;
      while (More() && p_[i_] >= U'0' && p_[i_] <= U'9') {
        *v = *v * 10 + static_cast<int>(p_[i_++] - U'0');
        if (*v > kMaxRepeat) return false;
      }
      return true;
    };
    if (!number(min)) return Error("expected a count of 0..64 after '{'");
    *max = *min;
    if (More() && p_[i_] == U',') {
      ++i_;
      if (More() && p_[i_] == U'}') *max = kInfinite;
      else if (!number(max) || *max < *min) return Error("expected a count of n..64 after ','");
    }
    if (!More() || p_[i_] != U'}') return Error("expected '}'");
    ++i_;
    return Status::Ok();
  }

  Status ParseAtom(int depth, int* out) {
    const char32_t c = p_[i_];
    switch (c) {
      case U'(': {
        ++i_;
        if (i_ + 1 < p_.size() && p_[i_] == U'?' && p_[i_ + 1] == U':') i_ += 2;
        else if (More() && p_[i_] == U'?') return Error("only (?:...) groups are supported");
        KMA_RETURN_IF_ERROR(ParseAlt(depth + 1, out));
        if (!More() || p_[i_] != U')') return Error("missing ')'");
        ++i_;
        return Status::Ok();
      }
      case U'[':
        return ParseClass(out);
      case U'.':
        ++i_;
        *out = NewNode(Kind::kAny);
        return Status::Ok();
      case U'^':
      case U'$':
        return Error("anchors are not supported (a pattern is tried at every character)");
      case U'*':
      case U'+':
      case U'?':
      case U'{':
        return Error("nothing to repeat");
      case U'\\': {
        UserPattern::CharSet set;
        char32_t lit = 0;
        KMA_RETURN_IF_ERROR(ParseEscape(&lit, &set));
        *out = lit != 0 ? Literal(lit) : Set(std::move(set));
        return Status::Ok();
      }
      default:
        ++i_;
        *out = Literal(c);
        return Status::Ok();
    }
  }

  int Literal(char32_t c) {
    const int n = NewNode(Kind::kChar);
    nodes_[n].c = c;
    return n;
  }
  int Set(UserPattern::CharSet set) {
    const int n = NewNode(Kind::kSet);
    nodes_[n].set = static_cast<uint32_t>(out_->sets_.size());
    out_->sets_.push_back(std::move(set));
    return n;
  }

  // An escape, with i_ at the backslash: a literal (*lit) or a named class
  // (set->named).
  Status ParseEscape(char32_t* lit, UserPattern::CharSet* set) {
    ++i_;
    if (!More()) return Error("a pattern cannot end with '\\'");
    const char32_t e = p_[i_++];
    switch (e) {
      case U'd': set->named = kDigitBit; return Status::Ok();
      case U'D': set->named = kNonDigitBit; return Status::Ok();
      case U'w': set->named = kWordBit; return Status::Ok();
      case U'W': set->named = kNonWordBit; return Status::Ok();
      case U'h': set->named = kHangulBit; return Status::Ok();
      default: break;
    }
    if (std::u32string_view(U"\\.*+?()[]{}|^$-/").find(e) == std::u32string_view::npos) {
      --i_;
      return Error("unknown escape");
    }
    *lit = e;
    return Status::Ok();
  }

  Status ParseClass(int* out) {
    ++i_;
    UserPattern::CharSet set;
    if (More() && p_[i_] == U'^') {
      set.negated = true;
      ++i_;
    }
    bool empty = true;
    while (More() && p_[i_] != U']') {
      char32_t lo = p_[i_];
      if (lo == U'\\') {
        UserPattern::CharSet named;
        lo = 0;
        KMA_RETURN_IF_ERROR(ParseEscape(&lo, &named));
        if (lo == 0) {
          set.named |= named.named;
          empty = false;
          continue;
        }
      } else {
        ++i_;
      }
      char32_t hi = lo;
      if (i_ + 1 < p_.size() && p_[i_] == U'-' && p_[i_ + 1] != U']') {
        ++i_;
        hi = p_[i_];
        if (hi == U'\\') {
          UserPattern::CharSet named;
          hi = 0;
          KMA_RETURN_IF_ERROR(ParseEscape(&hi, &named));
          if (hi == 0) return Error("a range cannot end in a class");
        } else {
          ++i_;
        }
        if (hi < lo) return Error("range out of order");
      }
      set.ranges.emplace_back(lo, hi);
      empty = false;
    }
    if (!More()) return Error("missing ']'");
    if (empty) return Error("empty class");
    ++i_;
    *out = Set(std::move(set));
    return Status::Ok();
  }

  void Add(UserPattern::Inst in) { out_->prog_.push_back(in); }
  uint32_t Pc() const { return static_cast<uint32_t>(out_->prog_.size()); }

  Status Emit(int n) {
    if (out_->prog_.size() > kMaxProgram) return Error("pattern too large (more than 4096 states)");
    const Node node = nodes_[n];  // copied: nodes_ is not touched below, but kids are read after emits
    switch (node.kind) {
      case Kind::kChar: Add({UserPattern::Op::kChar, node.c, 0}); return Status::Ok();
      case Kind::kSet: Add({UserPattern::Op::kClass, node.set, 0}); return Status::Ok();
      case Kind::kAny: Add({UserPattern::Op::kAny, 0, 0}); return Status::Ok();
      case Kind::kCat:
        for (int k : node.kids) KMA_RETURN_IF_ERROR(Emit(k));
        return Status::Ok();
      case Kind::kAlt: return EmitAlt(node.kids, 0);
      case Kind::kRep: return EmitRepeat(node);
    }
    return Status::Ok();
  }

  // kids[k] | kids[k+1] | ...: split to the first and to the rest.
  Status EmitAlt(const std::vector<int>& kids, size_t k) {
    if (k + 1 == kids.size()) return Emit(kids[k]);
    const uint32_t split = Pc();
    Add({UserPattern::Op::kSplit, split + 1, 0});
    KMA_RETURN_IF_ERROR(Emit(kids[k]));
    const uint32_t jump = Pc();
    Add({UserPattern::Op::kJump, 0, 0});
    out_->prog_[split].y = Pc();
    KMA_RETURN_IF_ERROR(EmitAlt(kids, k + 1));
    out_->prog_[jump].x = Pc();
    return Status::Ok();
  }

  Status EmitRepeat(const Node& node) {
    for (int k = 0; k < node.min; ++k) KMA_RETURN_IF_ERROR(Emit(node.kids[0]));
    if (node.max == kInfinite) {
      const uint32_t split = Pc();
      Add({UserPattern::Op::kSplit, split + 1, 0});
      KMA_RETURN_IF_ERROR(Emit(node.kids[0]));
      Add({UserPattern::Op::kJump, split, 0});
      out_->prog_[split].y = Pc();
      return Status::Ok();
    }
    std::vector<uint32_t> splits;
    for (int k = node.min; k < node.max; ++k) {
      splits.push_back(Pc());
      Add({UserPattern::Op::kSplit, Pc() + 1, 0});
      KMA_RETURN_IF_ERROR(Emit(node.kids[0]));
    }
    for (uint32_t s : splits) out_->prog_[s].y = Pc();
    return Status::Ok();
  }

  const std::u32string& p_;
  UserPattern* out_;
  size_t i_ = 0;
  std::vector<Node> nodes_;
};

StatusOr<UserPattern> UserPattern::Compile(std::string_view pattern) {
  if (pattern.empty()) return Status(StatusCode::kInvalidArgument, "bad pattern: empty");
  if (pattern.size() > kMaxPatternBytes)
    return Status(StatusCode::kInvalidArgument, "bad pattern: longer than 1024 bytes");
  std::u32string p;
  if (!Utf8ToU32(pattern, &p)) return Status(StatusCode::kInvalidArgument, "bad pattern: invalid UTF-8");
  UserPattern out;
  PatternParser parser(p, &out);
  KMA_RETURN_IF_ERROR(parser.Run());
  Scratch s;
  s.mark.assign(out.prog_.size(), 0);
  s.generation = 1;
  out.AddThread(0, &out.start_, &s);
  auto starts = [&](char32_t c) {
    if (IsMatchableSpace(c)) return false;
    for (uint32_t pc : out.start_)
      if (out.Step(out.prog_[pc], c)) return true;
    return false;
  };
  for (char32_t c = 0; c < 128; ++c)
    if (starts(c)) out.starts_.ascii[c >> 6] |= uint64_t{1} << (c & 63);
  for (char32_t c = 0xAC00; c <= 0xD7A3 && !out.starts_.hangul; ++c) out.starts_.hangul = starts(c);
  return out;
}

bool UserPattern::Step(const Inst& in, char32_t c) const {
  switch (in.op) {
    case Op::kChar: return in.x == c;
    case Op::kClass: return sets_[in.x].Contains(c);
    case Op::kAny: return true;
    default: return false;
  }
}

void UserPattern::AddThread(uint32_t pc, std::vector<uint32_t>* list, Scratch* s) const {
  s->stack.clear();
  s->stack.push_back(pc);
  while (!s->stack.empty()) {
    const uint32_t p = s->stack.back();
    s->stack.pop_back();
    if (s->mark[p] == s->generation) continue;
    s->mark[p] = s->generation;
    const Inst& in = prog_[p];
    if (in.op == Op::kJump) {
      s->stack.push_back(in.x);
    } else if (in.op == Op::kSplit) {
      s->stack.push_back(in.y);
      s->stack.push_back(in.x);
    } else {
      list->push_back(p);
    }
  }
}

size_t UserPattern::LongestMatch(const char32_t* chars, size_t n, Scratch* s) const {
  // Most positions fail on their first character: tested against the
  // start instructions without setting up the machine (patterns are tried
  // at every character of the text).
  bool can_start = false;
  if (n > 0 && !IsMatchableSpace(chars[0]))
    for (uint32_t pc : start_) can_start = can_start || Step(prog_[pc], chars[0]);
  if (!can_start) return 0;
  if (s->mark.size() < prog_.size()) s->mark.assign(prog_.size(), 0);
  auto next_generation = [&] {
    if (++s->generation == 0) {  // wrapped: old marks could collide
      std::fill(s->mark.begin(), s->mark.end(), 0);
      s->generation = 1;
    }
  };
  next_generation();
  s->current.clear();
  AddThread(0, &s->current, s);
  size_t best = 0;
  const size_t limit = n < kMaxMatchChars ? n : kMaxMatchChars;
  for (size_t i = 0;; ++i) {
    for (uint32_t pc : s->current)
      if (prog_[pc].op == Op::kMatch) best = i;
    if (i == limit || s->current.empty() || IsMatchableSpace(chars[i])) break;
    next_generation();
    s->next.clear();
    for (uint32_t pc : s->current)
      if (Step(prog_[pc], chars[i])) AddThread(pc + 1, &s->next, s);
    s->current.swap(s->next);
  }
  return best;
}

}  // namespace kma
