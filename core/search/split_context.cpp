// The words that continue a sentence after something that looks like its
// end (split_cues.h: QuotativeNext, ContinuesPrevious, ContinuesNominal,
// ContinuesQuotation). Measured on the corpus: after a final ending that is
// not the last word of its sentence, the next word is most often 하다
// reporting it (~다 하니, ~ㄴ가 하면) or a verb of naming (~라 부른다).
#include <algorithm>
#include <array>
#include <string_view>

#include "core/search/split_cues.h"

namespace kma::search {
namespace {

bool InList(std::string_view s, const std::string_view* b, const std::string_view* e) {
  return std::find(b, e, s) != e;
}

// 하다, 치다 or 못하다 with endings only (높다 하니, 있었다 한다, 들여왔다 치자,
// 영웅적이다 못해); 하지만 and 한 (one) start sentences instead.
bool ReportingVerb(const std::vector<Token>& t, size_t i) {
  const Token& f = t[i];
  const bool verb = f.tag == PosTag::kVV || f.tag == PosTag::kVX || f.tag == PosTag::kXSV;
  if (!verb || (f.form != "하" && f.form != "치" && f.form != "못하")) return false;
  size_t k = i + 1;
  while (k < t.size() && t[k].word == f.word && (IsEnding(t[k].tag) || IsParticle(t[k].tag))) ++k;
  if (k == i + 1) return false;
  if (k < t.size() && t[k].word == f.word && !IsTailToken(t, k)) return false;  // 한국, 한방: a noun follows
  const bool just_etm = k == i + 2 && t[i + 1].tag == PosTag::kETM && t[i + 1].form == "ㄴ";
  return !just_etm && t[i + 1].form != "지만";
}

// Finals after which a verb of saying, naming or thinking is the clause's
// verb: ~라 (이라, 리라), and questions (~ㄴ가, ~ㄹ까, ~냐).
bool ReportableFinal(std::string_view e) {
  static constexpr std::array<std::string_view, 17> kForms = {
      "라", "이라", "리라", "으리라", "ㄴ가", "는가", "은가", "던가", "ㄹ까", "을까", "냐", "느냐", "으냐",
      "ㄴ지", "는지", "은지", "나"};
  return InList(e, kForms.begin(), kForms.end());
}

// A verb, or a noun made a verb in the same word (생각한다, 추정된다).
bool VerbWord(const std::vector<Token>& t, size_t i) {
  if (t[i].tag == PosTag::kVV) return true;
  const bool noun = t[i].tag == PosTag::kNNG || t[i].tag == PosTag::kXR;
  return noun && i + 1 < t.size() && t[i + 1].word == t[i].word &&
         (t[i + 1].tag == PosTag::kXSV || t[i + 1].tag == PosTag::kXSA);
}

}  // namespace

bool QuotativeNext(const std::vector<Token>& t, size_t i) {
  if (i >= t.size()) return false;
  const Token& f = t[i];
  if (f.tag == PosTag::kJKQ) return true;
  // 하고 / 하며 / 하면서 after a quotation: "가자!" 하고 외쳤다.
  if (f.form == "하" && i + 1 < t.size() && t[i + 1].word == f.word && t[i + 1].tag == PosTag::kEC) {
    const std::string& e = t[i + 1].form;
    return e == "고" || e == "며" || e == "면서";
  }
  return false;
}

bool ContinuesPrevious(const std::vector<Token>& t, size_t content_last, size_t i) {
  if (i >= t.size()) return false;
  if (QuotativeNext(t, i)) return true;
  const Token& f = t[i];
  // No sentence starts with an ending; an auxiliary verb follows a
  // connective ending the tagger may have called final (먹어 보다).
  if (f.tag == PosTag::kVX || IsEnding(f.tag)) return true;
  if (ReportingVerb(t, i)) return true;
  if (!ReportableFinal(t[content_last].form)) return false;
  // ~라 부른다, ~ㄹ까 생각한다, ~인가 아니면 ~인가.
  const bool or_else = f.form == "아니" && i + 1 < t.size() && t[i + 1].word == f.word && t[i + 1].form == "면";
  return VerbWord(t, i) || or_else;
}

bool ContinuesNominal(const std::vector<Token>& t, size_t content_last, size_t i) {
  if (ContinuesPrevious(t, content_last, i)) return true;
  if (i >= t.size()) return false;
  // 했음 좋겠다 (음 = 으면), 올 듯 싶다, 끊임 없이, 다름 아니다, 기다림 속에,
  // 부지런함 덕분에, 말함 또는 ...
  static constexpr std::array<std::string_view, 14> kNext = {
      "좋", "싶", "보이", "없", "아니", "속", "등", "때문", "덕분", "같", "혹은", "또는", "내지", "및"};
  if (InList(t[i].form, kNext.begin(), kNext.end())) return true;
  // A particle written apart; 이 and 가 alone are more often a determiner
  // or a verb the tagger misread.
  return IsParticle(t[i].tag) && t[i].form != "이" && t[i].form != "가";
}

bool ContinuesQuotation(const std::vector<Token>& t, size_t i) {
  if (i >= t.size()) return false;
  const PosTag g = t[i].tag;
  if (QuotativeNext(t, i) || ReportingVerb(t, i) || IsEnding(g)) return true;
  // The copula with its ending ("…" 이라는); 이와 is a pronoun, whatever
  // the tagger says.
  if (g == PosTag::kVCP) return i + 1 < t.size() && t[i + 1].word == t[i].word && IsEnding(t[i + 1].tag);
  // '만들다' 또는 '창조하다', '…' 등의
  static constexpr std::array<std::string_view, 5> kJoin = {"또는", "혹은", "및", "내지", "등"};
  if (InList(t[i].form, kJoin.begin(), kJoin.end())) return true;
  return IsParticle(g) && t[i].form != "이" && t[i].form != "가";
}

}  // namespace kma::search
