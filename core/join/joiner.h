// The joiner (kma join): morphemes back into text, with the model's
// morphophonological rules applied in reverse of analysis:
//   돕/VV 아/EC 주/VX 었/EP 어요/EF -> 도와줬어요
//   가깝/VA ㄴ/ETM                 -> 가까운
//   하/VV 시/EP 었/EP 다/EF         -> 하셨다
// Each morpheme is fused with the text before it by MorphRules::Combine
// (the same rules and irregular classes the model was built with, see
// core/morph/conjugation.h); of the spellings the rules allow, the cheapest
// is written, and among equally cheap ones the first the rule file lists
// (the usual spelling). Morphemes in kma's convention (docs/CONVENTIONS.md)
// join by the rules; an ending written in another convention's spelling
// (같/VA ㄴ/ETM for 같/VA 은/ETM, 하/XSV 아/EC, 가/VV ㅆ/EP) is spelled as its
// counterpart in kma's. A few contractions the annotated corpus writes and
// the model reads through other entries are the joiner's own (거 + 이 -> 게,
// 것 + ㄴ -> 건; joiner.cpp). Between words it writes a space: where the caller
// says so, or, for morphemes added with JoinSpace::kAuto, where the rule of
// core/join/word_boundary.h starts a word (the model's boundary statistics;
// an auxiliary verb after 아/어 is attached: 도와줬어요).
#ifndef KMA_CORE_JOIN_JOINER_H_
#define KMA_CORE_JOIN_JOINER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/status.h"
#include "core/morph/morph_rules.h"

namespace kma {

class Model;
class ModelImpl;

enum class JoinSpace : uint8_t {
  kAuto = 0,    // decide from the tags (see above)
  kAttach = 1,  // same word as the previous morpheme
  kSpace = 2,   // starts a new word
};

class Joiner {
 public:
  // Irregular class of a stem (form as given to Add, tag), for stems the
  // model does not know (a user dictionary's); kNone if unknown.
  using StemClassFn = std::function<IrregularClass(std::string_view form, PosTag tag)>;

  // kUnsupported (in *status) if the model carries no conjugation data.
  // `model` must outlive the joiner.
  static StatusOr<Joiner> Create(const Model& model, StemClassFn user_stems = nullptr);

  // Appends a morpheme: `form` is NFC UTF-8 as analyses give it (endings
  // that start with a bare consonant in compatibility jamo: ㄴ, ㅂ니다).
  // kInvalidArgument for an empty form, invalid UTF-8 or whitespace in it;
  // the joiner is then unchanged.
  Status Add(std::string_view form, PosTag tag, JoinSpace space);
  // Parses "form/TAG form/TAG ..." (split at the last '/' of each morpheme,
  // core/text/morph_list.h) and adds the morphemes: spaces between two
  // morphemes mean `between` (kAuto or kAttach), a tab starts a new word.
  // The first morpheme of the text is added with `between` too.
  // kInvalidArgument naming the byte offset of the bad morpheme; nothing is
  // added then.
  Status AddMorphs(std::string_view text, JoinSpace between = JoinSpace::kAuto);
  // The text so far (NFC UTF-8).
  std::string Text() const;
  // Other spellings the rules allow for the same morphemes, best first (the
  // first is Text()); at most kMaxAlternatives. For tests and `kma join
  // --check`, which tells a different valid spelling from a missing rule.
  std::vector<std::string> Alternatives() const;
  static constexpr size_t kMaxAlternatives = 16;
  void Clear();

 private:
  Joiner(const ModelImpl& model, StemClassFn user_stems);
  // One spelling of the morphemes so far.
  struct Hyp {
    std::u32string text;  // normalized (codas split), words separated by ' '
    size_t word_begin;    // where the last word starts in text
    float cost;           // sum of the rule costs of the spellings chosen
  };
  IrregularClass StemClass(std::string_view form, PosTag tag) const;
  bool WantsSpace(PosTag tag, JoinSpace space) const;
  // Appends the spellings of `h` followed by `right` to *out.
  void Fuse(const Hyp& h, const std::u32string& right, PosTag tag, std::vector<Hyp>* out) const;

  const ModelImpl* model_;
  std::shared_ptr<const MorphRules> rules_;  // the model's, after the joiner's own (kJoinerRules)
  StemClassFn user_stems_;
  std::vector<Hyp> hyps_;     // best first (by cost; ties in rule-file order)
  PosTag prev_tag_ = PosTag::kUN;
  IrregularClass prev_irr_ = IrregularClass::kNone;
  bool prev_whole_ = false;   // the previous morpheme is one syllable (word-specific rules)
  bool prev_connective_ = false;  // the previous morpheme is 아/어/여 EC (auxiliaries attach)
};

}  // namespace kma

#endif  // KMA_CORE_JOIN_JOINER_H_
