// Morphophonology: how two adjacent morphemes are spelled when they meet.
//
// The model builder asks, for every (left morpheme, right morpheme) pair it
// considers, which surfaces the pair can take (돕 + 아 -> 도와, 하 + 었 -> 했,
// 살 + 는 -> 사는, 학교 + 이 + 다 -> 학교다). The answers come from a rule file
// written for kma (models/morph_rules.txt; its format is documented in its
// header). Rules are compiled once into per-tag, per-jamo buckets so that
// Combine() stays cheap: it is called millions of times at build time.
//
// All strings handed to Combine() are *normalized*: every Hangul syllable
// with a final consonant is split into the coda-less syllable followed by a
// conjoining jongseong jamo (U+11A8..U+11C2), so 먹었다 is 머 ᆨ 어 ᆻ 다, and
// endings written with compatibility jamo (ㄴ/ETM, ㅂ니다/EF) start with the
// conjoining coda (ᆫ, ᆸ니다).
#ifndef KMA_CORE_MORPH_MORPH_RULES_H_
#define KMA_CORE_MORPH_MORPH_RULES_H_

#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/status.h"

namespace kma {

// Irregular conjugation class of a verb/adjective stem (as in irregular.tsv).
enum class IrregularClass : uint8_t {
  kNone = 0,
  kB,    // ㅂ: 돕 + 아 -> 도와
  kD,    // ㄷ: 듣 + 어 -> 들어
  kS,    // ㅅ: 낫 + 아 -> 나아
  kReu,  // 르: 부르 + 어 -> 불러
  kH,    // ㅎ: 파랗 + 아 -> 파래
  kReo,  // 러: 이르 + 어 -> 이르러
  kU,    // 우: 푸 + 어 -> 퍼
  kEu,   // 으: 쓰 + 어 -> 써
};
constexpr int kNumIrregularClasses = 9;

// Parses "ㅂ","ㄷ","ㅅ","르","ㅎ","러","우","으" or "" (kNone); also accepts "-"
// for kNone. Returns false for anything else.
bool ParseIrregularClass(std::string_view s, IrregularClass* out);
// Inverse of ParseIrregularClass ("" for kNone).
std::string_view IrregularClassName(IrregularClass c);

// One way of spelling (left tail + right form).
struct Fusion {
  std::u32string surface;  // normalized surface that replaces (left_tail + right_form)
  float penalty = 0;       // >= 0; cost (natural-log units) of this variant, 0 for the normal one
  // Valid only if the text before the left tail ends in a coda-less syllable
  // (copula drop: 학교 + 이 + 다 -> 학교다).
  bool after_vowel_only = false;
};

class MorphRules {
 public:
  MorphRules();

  // Compiles a rule file. Errors: kInvalidArgument with "line N: ...".
  static StatusOr<MorphRules> Parse(std::string_view rule_file_text);
  // Reads and compiles a rule file; kIo if it cannot be read.
  static StatusOr<MorphRules> Load(const std::string& path);

  // All valid surfaces of `left` immediately followed by `right`.
  //  left_tail: the last syllable of the left morpheme's normalized form,
  //    including its coda jamo if it has one (돕 -> U"도\u11B8", 부르 -> U"르").
  //  left_is_whole: true if left_tail is the whole left form (word-specific
  //    rules: 나 + 가 -> 내가, 것 + 이 -> 게).
  //  right_form: the whole normalized form of the right morpheme.
  // The plain concatenation is included (penalty 0) when it is valid Korean
  // and excluded when it is not (돕 + 아 gives only 도와). A surface may begin
  // with a coda jamo that attaches to the syllable before the tail
  // (부르 + 어 -> U"\u11AF러", i.e. 불러). Results are sorted by penalty.
  // An empty result means the pair cannot combine.
  std::vector<Fusion> Combine(std::u32string_view left_tail, PosTag left_tag, IrregularClass irr,
                              bool left_is_whole, std::u32string_view right_form,
                              PosTag right_tag) const;

  // Convenience for tests and tools: whole forms in NFC UTF-8 (compatibility
  // jamo allowed at the start of endings: "ㄴ", "ㅂ니다") -> NFC UTF-8 surfaces
  // of the whole word, best first, e.g. ("돕", VV, kB, "아", EC) -> {"도와"}.
  // Invalid UTF-8 gives an empty result. With `penalties`, the penalty of
  // each word is stored there (same order).
  std::vector<std::string> CombineWords(std::string_view left_form, PosTag left_tag,
                                        IrregularClass irr, std::string_view right_form,
                                        PosTag right_tag, std::vector<float>* penalties = nullptr) const;

  // Number of rules (alternation + fusion lines) in the compiled file.
  size_t rule_count() const { return rules_.size(); }
  // The text the rules were compiled from (models carry it, see
  // core/morph/conjugation.h).
  const std::string& source() const { return source_; }

 private:
  // A pattern or result element: a literal jamo/character, a jamo class
  // (which captures what it matched) or, in results, a capture reference.
  struct Elem {
    enum Kind : uint8_t { kLiteral, kClass, kCapture } kind = kLiteral;
    char32_t ch = 0;     // kLiteral
    uint16_t index = 0;  // kClass: class id; kCapture: 0-based capture number
  };
  struct ResultItem {
    enum Kind : uint8_t { kPlain, kReplace } kind = kReplace;  // "=" or elements
    std::vector<Elem> elems;  // empty for "-"
    float penalty = 0;
    bool after_vowel_only = false;
  };
  struct Rule {
    bool is_alt = false;  // alternation (rewrites the right form) vs fusion
    bool never = false;   // an alternation that leaves the pair without a spelling
    std::bitset<kNumTags> left_tags, right_tags;
    uint16_t irr_mask = 0xFFFF;  // bit per IrregularClass
    bool need_whole = false;
    std::vector<Elem> left, right;
    std::vector<ResultItem> results;
    int line = 0;
  };
  // Jamo class membership: one bit per jamo symbol index (see .cpp).
  using JamoSet = std::bitset<80>;

  friend class MorphRulesParser;

  // Rule ids in file order for (left tag, key of the tail's last jamo).
  const std::vector<uint16_t>& Bucket(bool alt, PosTag left_tag, int key) const;
  // Combine's steps (morph_rules.cpp): whether a rule matches the pair (its
  // classes' captures into `caps`), stage 1 (alternation) and stage 2
  // (fusion).
  struct MatchInput;
  struct Variants;
  bool Applies(const Rule& r, const MatchInput& in, const std::u32string& rhs, char32_t* caps,
               int* num_caps) const;
  void Alternate(const MatchInput& in, const std::u32string& right, Variants* variants) const;
  void Fuse(const MatchInput& in, const Variants& variants, std::u32string* jamo,
            std::vector<Fusion>* out) const;
  void BuildIndex();

  std::string source_;
  std::vector<JamoSet> classes_;
  std::vector<Rule> rules_;
  std::vector<std::vector<uint16_t>> alt_index_, fuse_index_;
};

}  // namespace kma

#endif  // KMA_CORE_MORPH_MORPH_RULES_H_
