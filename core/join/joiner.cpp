#include "core/join/joiner.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/model/model.h"
#include "core/model/model_view.h"
#include "core/model/morph_lookup.h"
#include "core/morph/conjugation.h"
#include "core/model/word_boundary.h"
#include "core/text/char_class.h"
#include "core/text/hangul.h"
#include "core/text/morph_list.h"
#include "core/text/utf.h"

namespace kma {
namespace {

bool HasSpace(const std::u32string& s) {
  for (char32_t c : s) {
    const CharClass k = ClassOf(c);
    if (k == CharClass::kSpace || k == CharClass::kControl) return true;
  }
  return false;
}

// Rules the joiner applies before the model's: colloquial contractions of
// 거/것 that the corpus writes (게 for 거 + 이, 건 for 것 + ㄴ) and that the
// analyzer reads through its dictionary instead.
constexpr char kJoinerRules[] =
    "fuse  NNB  거  JKS,JKC  이   게  whole\n"
    "fuse  NNB  것  JX       _ㄴ  건  whole\n";

// An auxiliary suffix 아지/어지 (추워지, 편해지) joins a stem as an ending does.
bool IsInfinitiveSuffix(PosTag tag, const std::u32string& right) {
  return tag == PosTag::kXSV && !right.empty() && (right[0] == U'아' || right[0] == U'어');
}

bool IsCodalessSyllable(char32_t c) { return hangul::IsSyllable(c) && !hangul::HasCoda(c); }

// The other spellings an ending has in other annotation conventions, which
// kma's rules leave without a spelling (docs/CONVENTIONS.md): ㄴ for 은 after
// a consonant (같/VA ㄴ/ETM), 으면 for 면 after a vowel, 아 for 어 after 하,
// ㅆ/EP for 았/었. Normalized forms (codas split off).
std::vector<std::u32string> OtherAllomorphs(const std::u32string& e) {
  std::vector<std::u32string> out;
  if (e.empty()) return out;
  const char32_t c = e[0];
  if (c == U'\u11AB' || c == U'\u11AF' || c == U'\u11B7') out.push_back(U"으" + e);    // ㄴ ㄹ ㅁ -> 은 을 음
  if (c == U'\u11B8' && e.size() > 1) out.push_back((e[1] == U'시' ? U"으" : U"스") + e);  // ㅂ니다 -> 습니다
  if ((c == U'으' || c == U'스') && e.size() > 1) out.push_back(e.substr(1));            // 으면 -> 면
  if (c == U'아' || c == U'여') out.push_back(U"어" + e.substr(1));
  if (c == U'어') out.push_back(U"아" + e.substr(1));
  if (c == U'\u11BB') {                                                                 // ㅆ -> 었, 았
    out.push_back(U"어" + e);
    out.push_back(U"아" + e);
  }
  return out;
}

}  // namespace

StatusOr<Joiner> Joiner::Create(const Model& m, StemClassFn user_stems) {
  const ModelImpl& model = m.impl();
  if (model.conjugation() == nullptr)
    return Status(StatusCode::kUnsupported,
                  "this model carries no conjugation data (built before kma 0.1's conjugation section): "
                  "rebuild it to join morphemes");
  auto rules = MorphRules::Parse(kJoinerRules + model.conjugation()->rules().source());
  if (!rules.ok()) return Status(StatusCode::kInternal, "joiner rules: " + rules.status().message());
  Joiner j(model, std::move(user_stems));
  j.rules_ = std::make_shared<const MorphRules>(std::move(rules).value());
  return j;
}

Joiner::Joiner(const ModelImpl& model, StemClassFn user_stems) : model_(&model), user_stems_(std::move(user_stems)) {}

void Joiner::Clear() {
  hyps_.clear();
  prev_tag_ = PosTag::kUN;
  prev_irr_ = IrregularClass::kNone;
  prev_whole_ = prev_connective_ = false;
}

IrregularClass Joiner::StemClass(std::string_view form, PosTag tag) const {
  if (!IsVerbLike(tag)) return IrregularClass::kNone;
  const uint32_t m = FindModelMorph(*model_, NormalizeMorphForm(form), tag);
  IrregularClass irr = IrregularClass::kNone;
  if (m != 0) irr = model_->conjugation()->IrregularOf(model_->morph(m).socket_key);
  else if (user_stems_) irr = user_stems_(form, tag);
  // The model files suffix stems (스럽/XSA) as regular classes: their
  // irregular forms are whole-word entries there.
  return irr != IrregularClass::kNone ? irr : DefaultIrregularClass(form, tag);
}

bool Joiner::WantsSpace(PosTag tag, JoinSpace space) const {
  if (space != JoinSpace::kAuto) return space == JoinSpace::kSpace;
  return StartsWord(*model_, prev_tag_, tag, prev_connective_);
}

void Joiner::Fuse(const Hyp& h, const std::u32string& right, PosTag tag, std::vector<Hyp>* out) const {
  const std::u32string_view text = h.text;
  const size_t ts = h.word_begin + StemTailStart(text.substr(h.word_begin));
  const std::u32string_view tail = text.substr(ts);
  const bool open = ts > h.word_begin && IsCodalessSyllable(text[ts - 1]);
  const PosTag right_tag = IsVerbLike(prev_tag_) && IsInfinitiveSuffix(tag, right) ? PosTag::kEC : tag;
  auto spell = [&](PosTag left_tag, const std::u32string& r) {
    bool any = false;
    for (const Fusion& f : rules_->Combine(tail, left_tag, prev_irr_, prev_whole_, r, right_tag)) {
      // Copula drop and spellings that hand a coda to the syllable before
      // the tail need that syllable to be open.
      if (f.after_vowel_only && !open) continue;
      if (!f.surface.empty() && hangul::IsCodaJamo(f.surface[0]) && !open) continue;
      Hyp& n = out->emplace_back(Hyp{std::u32string(text.substr(0, ts)), h.word_begin, h.cost + f.penalty});
      n.text += f.surface;
      any = true;
    }
    return any;
  };
  if (spell(prev_tag_, right)) return;
  // Pairs the rules do not cover (an ending after 었/EP: 었 + 을) are spelled
  // as after a verb stem (었을), when that gives anything.
  if (!IsVerbLike(prev_tag_) && spell(PosTag::kVV, right)) return;
  // An ending in another convention's spelling: as the convention's.
  if (IsEnding(tag))
    for (const std::u32string& other : OtherAllomorphs(right))
      if (spell(prev_tag_, other) || (!IsVerbLike(prev_tag_) && spell(PosTag::kVV, other))) return;
  Hyp& n = out->emplace_back(h);
  n.text += right;
}

Status Joiner::Add(std::string_view form, PosTag tag, JoinSpace space) {
  std::u32string u;
  if (form.empty()) return Status(StatusCode::kInvalidArgument, "empty morpheme form");
  if (!Utf8ToU32(form, &u)) return Status(StatusCode::kInvalidArgument, "invalid UTF-8 in a morpheme form");
  if (HasSpace(u)) return Status(StatusCode::kInvalidArgument, "a morpheme form contains whitespace");
  if (tag == PosTag::kUN || static_cast<int>(tag) >= kNumTags)
    return Status(StatusCode::kInvalidArgument, "invalid tag");
  // Endings and particles written with a bare consonant (ㄴ, ㅂ니다) start
  // with a coda; elsewhere a compatibility consonant is a letter (ㅋㅋ).
  const std::u32string right = hangul::SplitCodas(u, IsEnding(tag) || IsParticle(tag));
  if (hyps_.empty()) {
    hyps_.push_back(Hyp{right, 0, 0.0f});
  } else if (WantsSpace(tag, space)) {
    for (Hyp& h : hyps_) {
      h.text += U' ';
      h.word_begin = h.text.size();
      h.text += right;
    }
  } else {
    std::vector<Hyp> next;
    for (const Hyp& h : hyps_) Fuse(h, right, tag, &next);
    // Cheapest first; equal costs keep the order of the hypotheses and of
    // the rules' alternatives.
    std::stable_sort(next.begin(), next.end(), [](const Hyp& a, const Hyp& b) { return a.cost < b.cost; });
    if (next.size() > kMaxAlternatives) next.resize(kMaxAlternatives);
    hyps_ = std::move(next);
  }
  prev_tag_ = tag;
  prev_irr_ = StemClass(form, tag);
  prev_whole_ = StemTailStart(right) == 0;
  prev_connective_ = IsConnectiveForm(tag, form);
  return Status::Ok();
}

Status Joiner::AddMorphs(std::string_view text, JoinSpace between) {
  std::vector<MorphSpec> ms;
  KMA_RETURN_IF_ERROR(ParseMorphList(text, &ms));
  // Validated before anything is added, so a bad morpheme adds nothing.
  std::u32string u;
  for (const MorphSpec& m : ms)
    if (!Utf8ToU32(m.form, &u) || HasSpace(u))
      return Status(StatusCode::kInvalidArgument, "bad morpheme form at byte " + std::to_string(m.offset),
                    static_cast<int64_t>(m.offset));
  for (const MorphSpec& m : ms) KMA_RETURN_IF_ERROR(Add(m.form, m.tag, m.after_tab ? JoinSpace::kSpace : between));
  return Status::Ok();
}

std::string Joiner::Text() const { return hyps_.empty() ? std::string() : ToUtf8(hangul::JoinCodas(hyps_[0].text)); }

std::vector<std::string> Joiner::Alternatives() const {
  std::vector<std::string> out;
  for (const Hyp& h : hyps_) {
    std::string t = ToUtf8(hangul::JoinCodas(h.text));
    if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(std::move(t));
  }
  return out;
}

}  // namespace kma
