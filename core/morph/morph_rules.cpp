// Matcher for kma's morphophonological rule file (the compiler is in
// morph_rules_parser.cpp, the jamo helpers in rule_text.h).
//
// Matching works on fully decomposed jamo: onsets U+1100.., vowels U+1161..
// and codas U+11A8... Normalized text maps to that trivially (only coda-less
// syllables need splitting) and back without ambiguity, and onset/coda stay
// distinct symbols, so "ㄹ-deletion before an onset ㄴ" and "before a coda ᆫ"
// are different patterns, and dropping 으 from 은 leaves a coda ᆫ that fuses
// with the stem (가 + 은 -> 간) without any special code.
#include "core/morph/morph_rules.h"

#include <algorithm>

#include "core/morph/rule_text.h"

namespace kma {

using namespace rule_text;  // NOLINT: the jamo symbols the patterns are made of

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

MorphRules::MorphRules() = default;

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

// A conditional spelling is redundant next to the same unconditional one;
// the rest sorted by penalty.
void DropRedundantAndSort(std::vector<Fusion>* fusions) {
  std::vector<Fusion>& out = *fusions;
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
}

}  // namespace

// What Combine matches the rules against.
struct MorphRules::MatchInput {
  const std::u32string& tail;  // the left tail's jamo
  PosTag left_tag;
  int key;  // bucket key of the tail's last jamo
  size_t right_tag;
  uint16_t irr_bit;
  bool left_is_whole;
};

// The right forms after stage 1 (reused across calls: Combine runs millions
// of times during a model build and is otherwise dominated by allocations).
struct MorphRules::Variants {
  struct Item {
    std::u32string right;
    float penalty;
    bool after_vowel_only;
  };
  std::vector<Item> items;
  size_t count = 0;
  Item& New(float penalty, bool after_vowel_only) {
    if (count == items.size()) items.emplace_back();
    Item& v = items[count++];
    v.right.clear();
    v.penalty = penalty;
    v.after_vowel_only = after_vowel_only;
    return v;
  }
};

bool MorphRules::Applies(const Rule& r, const MatchInput& in, const std::u32string& rhs, char32_t* caps,
                         int* num_caps) const {
  if (!r.right_tags[in.right_tag] || !(r.irr_mask & in.irr_bit) || (r.need_whole && !in.left_is_whole))
    return false;
  *num_caps = 0;
  return MatchElems(r.left, in.tail, /*suffix=*/true, classes_, caps, num_caps) &&
         MatchElems(r.right, rhs, /*suffix=*/false, classes_, caps, num_caps);
}

// Stage 1: the first matching alternation rule rewrites the start of the
// right form (ㅆ -> 었), or, a never rule, leaves no variant; otherwise the
// form stays as is.
void MorphRules::Alternate(const MatchInput& in, const std::u32string& right, Variants* variants) const {
  variants->count = 0;
  char32_t caps[8];
  int num_caps = 0;
  for (uint16_t id : Bucket(true, in.left_tag, in.key)) {
    const Rule& r = rules_[id];
    if (!Applies(r, in, right, caps, &num_caps)) continue;
    if (r.never) return;
    for (const ResultItem& item : r.results) {
      Variants::Item& v = variants->New(item.penalty, item.after_vowel_only);
      if (item.kind == ResultItem::kPlain) {
        v.right = right;
      } else {
        Expand(item.elems, caps, &v.right);
        v.right.append(right, r.right.size(), std::u32string::npos);
      }
    }
    break;
  }
  if (variants->count == 0) variants->New(0, false).right = right;
}

// Stage 2: the first matching fusion rule spells each variant; without one
// the pair is simply concatenated.
void MorphRules::Fuse(const MatchInput& in, const Variants& variants, std::u32string* jamo,
                      std::vector<Fusion>* out) const {
  const std::u32string& tail = in.tail;
  char32_t caps[8];
  int num_caps = 0;
  for (size_t vi = 0; vi < variants.count; ++vi) {
    const Variants::Item& v = variants.items[vi];
    const std::u32string& rhs = v.right;
    bool matched = false;
    for (uint16_t id : Bucket(false, in.left_tag, in.key)) {
      const Rule& r = rules_[id];
      if (!Applies(r, in, rhs, caps, &num_caps)) continue;
      matched = true;
      for (const ResultItem& item : r.results) {
        jamo->assign(tail);
        if (item.kind == ResultItem::kPlain) {
          jamo->append(rhs);
        } else {
          jamo->resize(tail.size() - r.left.size());
          Expand(item.elems, caps, jamo);
          jamo->append(rhs, r.right.size(), std::u32string::npos);
        }
        AddFusion(*jamo, v.penalty + item.penalty, v.after_vowel_only || item.after_vowel_only, out);
      }
      break;
    }
    if (!matched) {
      jamo->assign(tail);
      jamo->append(rhs);
      AddFusion(*jamo, v.penalty, v.after_vowel_only, out);
    }
  }
}

std::vector<Fusion> MorphRules::Combine(std::u32string_view left_tail, PosTag left_tag,
                                        IrregularClass irr, bool left_is_whole,
                                        std::u32string_view right_form, PosTag right_tag) const {
  std::vector<Fusion> out;
  if (static_cast<int>(left_tag) >= kNumTags) left_tag = PosTag::kUN;
  if (static_cast<int>(right_tag) >= kNumTags) right_tag = PosTag::kUN;
  if (static_cast<int>(irr) >= kNumIrregularClasses) irr = IrregularClass::kNone;
  // Scratch buffers reused across calls (see Variants).
  thread_local std::u32string tail, right, jamo;
  thread_local Variants variants;
  tail.clear();
  right.clear();
  AppendDecomposed(left_tail, &tail);
  AppendDecomposed(right_form, &right);
  const MatchInput in{tail,
                      left_tag,
                      tail.empty() ? kOtherKey : KeyOf(tail.back()),
                      static_cast<size_t>(right_tag),
                      static_cast<uint16_t>(1u << static_cast<unsigned>(irr)),
                      left_is_whole};
  Alternate(in, right, &variants);
  Fuse(in, variants, &jamo, &out);
  DropRedundantAndSort(&out);
  return out;
}

std::vector<std::string> MorphRules::CombineWords(std::string_view left_form, PosTag left_tag,
                                                  IrregularClass irr, std::string_view right_form,
                                                  PosTag right_tag, std::vector<float>* penalties) const {
  std::vector<std::string> words;
  if (penalties != nullptr) penalties->clear();
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
    if (std::find(words.begin(), words.end(), w) != words.end()) continue;
    words.push_back(std::move(w));
    if (penalties != nullptr) penalties->push_back(f.penalty);
  }
  return words;
}

}  // namespace kma
