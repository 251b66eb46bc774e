// UserDictionaryBuilder: checks and collects user entries. Compiling them
// into a UserDictionary is core/userdict/user_dict_compiler.cpp.
#include "core/userdict/user_dictionary.h"

#include <algorithm>
#include <cmath>

#include "core/model/model_view.h"
#include "core/morph/conjugation.h"
#include "core/text/char_class.h"
#include "core/text/hangul.h"
#include "core/text/morph_list.h"
#include "core/text/normalizer.h"
#include "core/text/utf.h"
#include "core/userdict/user_dict_tsv.h"

namespace kma {
namespace {

constexpr size_t kMaxFormChars = 256;

Status Invalid(const std::string& why) { return Status(StatusCode::kInvalidArgument, why); }

// NFC form of a user string, or a reason it is unusable (empty otherwise).
std::string CheckedForm(std::string_view utf8, const char* what, std::string* nfc) {
  std::u32string u;
  if (utf8.empty()) return std::string("empty ") + what;
  if (!Utf8ToU32(utf8, &u)) return std::string("invalid UTF-8 in the ") + what;
  if (u.size() > kMaxFormChars) return std::string("the ") + what + " is longer than 256 characters";
  for (char32_t c : u) {
    const CharClass k = ClassOf(c);
    if (k == CharClass::kSpace || k == CharClass::kControl)
      return std::string("the ") + what + " contains whitespace or a control character";
  }
  NormalizedText nt;
  Normalize(u, &nt);
  *nfc = ToUtf8(hangul::JoinCodas(nt.text));
  return "";
}

bool IsStemTag(PosTag t) {
  return t == PosTag::kVV || t == PosTag::kVA || t == PosTag::kVX || t == PosTag::kXSV || t == PosTag::kXSA;
}

std::string TagStr(PosTag t) { return std::string(TagName(t)); }

Status CheckScore(float score) {
  if (!std::isfinite(score) || std::fabs(score) > kMaxUserScore)
    return Invalid("the score must be a finite number in [-100, 100]");
  return Status::Ok();
}

Status CheckTag(PosTag tag) {
  if (tag == PosTag::kUN || static_cast<int>(tag) >= kNumTags) return Invalid("invalid tag");
  return Status::Ok();
}

std::string WordKey(const UserDictionaryBuilder::Word& w) {
  std::string k = w.surface;
  for (const auto& [form, tag] : w.morphs) k += "\x1f" + form + "/" + TagStr(tag);
  return k;
}

}  // namespace

UserDictionaryBuilder::UserDictionaryBuilder(std::shared_ptr<const Model> model) : model_(std::move(model)) {}

size_t UserDictionaryBuilder::size() const { return c_.words.size() + c_.patterns.size() + c_.blocked.size(); }

void UserDictionaryBuilder::PutWord(Contents* c, Word w) const {
  const std::string key = WordKey(w);
  auto it = c->word_index.find(key);
  if (it != c->word_index.end()) {
    c->words[it->second] = std::move(w);  // same entry again: the new score wins
    return;
  }
  c->word_index.emplace(key, c->words.size());
  c->words.push_back(std::move(w));
}

Status UserDictionaryBuilder::AddWordTo(Contents* c, std::string_view form, PosTag tag, float score) const {
  KMA_RETURN_IF_ERROR(CheckTag(tag));
  if (tag == PosTag::kVCP || tag == PosTag::kVCN)
    return Invalid("the copulas VCP and VCN are a closed class and cannot be added");
  // A stem without a class: the one its ending implies (힙스럽: ㅂ), else regular.
  if (IsStemTag(tag)) return AddStemTo(c, form, tag, DefaultIrregularClass(form, tag), score);
  KMA_RETURN_IF_ERROR(CheckScore(score));
  Word w;
  if (std::string why = CheckedForm(form, "form", &w.surface); !why.empty()) return Invalid(why);
  w.morphs.emplace_back(w.surface, tag);
  w.score = score;
  PutWord(c, std::move(w));
  return Status::Ok();
}

Status UserDictionaryBuilder::AddStemTo(Contents* c, std::string_view form, PosTag tag, IrregularClass irregular,
                                        float score) const {
  KMA_RETURN_IF_ERROR(CheckTag(tag));
  if (!IsStemTag(tag))
    return Invalid("a stem must be tagged VV, VA, VX, XSV or XSA (not " + TagStr(tag) + ")");
  if (model_->impl().conjugation() == nullptr)
    return Status(StatusCode::kUnsupported,
                  "this model carries no conjugation data: rebuild it to add inflecting stems");
  KMA_RETURN_IF_ERROR(CheckScore(score));
  Word w;
  if (std::string why = CheckedForm(form, "stem", &w.surface); !why.empty()) return Invalid(why);
  std::u32string u;
  Utf8ToU32(w.surface, &u);
  if (!hangul::IsSyllable(u.back())) return Invalid("a stem must end in a Hangul syllable");
  w.morphs.emplace_back(w.surface, tag);
  w.stem = true;
  w.irregular = irregular;
  w.score = score;
  PutWord(c, std::move(w));
  return Status::Ok();
}

Status UserDictionaryBuilder::AddAnalysisTo(Contents* c, std::string_view surface, std::string_view morphs,
                                            float score) const {
  KMA_RETURN_IF_ERROR(CheckScore(score));
  Word w;
  if (std::string why = CheckedForm(surface, "surface", &w.surface); !why.empty()) return Invalid(why);
  std::vector<MorphSpec> ms;
  KMA_RETURN_IF_ERROR(ParseMorphList(morphs, &ms));
  if (ms.empty()) return Invalid("no morphemes in the analysis");
  if (ms.size() > EntryRecord::kMaxMorphCount) return Invalid("more than 15 morphemes in the analysis");
  for (const MorphSpec& m : ms) {
    std::string form;
    if (std::string why = CheckedForm(m.form, "morpheme form", &form); !why.empty()) return Invalid(why);
    w.morphs.emplace_back(std::move(form), m.tag);
  }
  // A one-morpheme analysis of its own form is a word (stems inflect).
  if (w.morphs.size() == 1 && w.morphs[0].first == w.surface)
    return AddWordTo(c, w.surface, w.morphs[0].second, score);
  w.score = score;
  PutWord(c, std::move(w));
  return Status::Ok();
}

Status UserDictionaryBuilder::AddPatternTo(Contents* c, std::string_view regex, PosTag tag, float score) const {
  KMA_RETURN_IF_ERROR(CheckTag(tag));
  KMA_RETURN_IF_ERROR(CheckScore(score));
  auto compiled = UserPattern::Compile(regex);
  if (!compiled.ok()) return compiled.status();
  for (Pattern& p : c->patterns)
    if (p.regex == regex && p.tag == tag) {
      p.score = score;
      return Status::Ok();
    }
  c->patterns.push_back(Pattern{std::string(regex), tag, score});
  return Status::Ok();
}

Status UserDictionaryBuilder::BlockIn(Contents* c, std::string_view form, PosTag tag) const {
  KMA_RETURN_IF_ERROR(CheckTag(tag));
  std::string nfc;
  if (!form.empty())
    if (std::string why = CheckedForm(form, "form", &nfc); !why.empty()) return Invalid(why);
  c->blocked.emplace(nfc, static_cast<uint8_t>(tag));
  return Status::Ok();
}

Status UserDictionaryBuilder::AddWord(std::string_view form, PosTag tag, float score) {
  return AddWordTo(&c_, form, tag, score);
}
Status UserDictionaryBuilder::AddStem(std::string_view form, PosTag tag, IrregularClass irregular, float score) {
  return AddStemTo(&c_, form, tag, irregular, score);
}
Status UserDictionaryBuilder::AddAnalysis(std::string_view surface, std::string_view morphs, float score) {
  return AddAnalysisTo(&c_, surface, morphs, score);
}
Status UserDictionaryBuilder::AddPattern(std::string_view regex, PosTag tag, float score) {
  return AddPatternTo(&c_, regex, tag, score);
}
Status UserDictionaryBuilder::Block(std::string_view form, PosTag tag) { return BlockIn(&c_, form, tag); }

Status UserDictionaryBuilder::LoadTsv(std::string_view text, std::string_view name) {
  std::vector<UserDictLine> lines;
  KMA_RETURN_IF_ERROR(ParseUserDictTsv(text, name, &lines));
  Contents staged = c_;  // all or nothing
  for (const UserDictLine& l : lines) {
    Status st;
    switch (l.kind) {
      case UserDictLine::Kind::kWord:
        st = l.has_irregular ? AddStemTo(&staged, l.text, l.tag, l.irregular, l.score)
                             : AddWordTo(&staged, l.text, l.tag, l.score);
        break;
      case UserDictLine::Kind::kAnalysis:
        st = AddAnalysisTo(&staged, l.text, l.morphs, l.score);
        break;
      case UserDictLine::Kind::kPattern:
        st = AddPatternTo(&staged, l.text, l.tag, l.score);
        break;
      case UserDictLine::Kind::kBlock:
        st = BlockIn(&staged, l.text, l.tag);
        break;
    }
    if (!st.ok()) {
      // The field the entry's text came from (pattern and block lines name
      // it in their second field); a bad morpheme of an analysis is located.
      const bool directive = l.kind == UserDictLine::Kind::kPattern || l.kind == UserDictLine::Kind::kBlock;
      size_t at = l.field_offset[directive ? 1 : 0];
      if (l.kind == UserDictLine::Kind::kAnalysis && st.offset() >= 0)
        at = l.field_offset[1] + static_cast<size_t>(st.offset());
      const Status located = UserDictError(name, l.line, l.offset, at - l.offset, st.message());
      return Status(st.code(), located.message(), located.offset());
    }
  }
  c_ = std::move(staged);
  return Status::Ok();
}

}  // namespace kma
