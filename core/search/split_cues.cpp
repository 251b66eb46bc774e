#include "core/search/split_cues.h"

#include <algorithm>
#include <array>

namespace kma::search {
namespace {

// Decodes the code point starting at s[i] (valid UTF-8: token forms are
// built by the analyzer) and advances i.
char32_t NextCp(std::string_view s, size_t* i) {
  const auto b = static_cast<unsigned char>(s[*i]);
  const int len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  char32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k < len && *i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[*i + k]) & 0x3F);
  *i += len;
  return cp;
}

char32_t FirstCp(std::string_view s) {
  size_t i = 0;
  return s.empty() ? 0 : NextCp(s, &i);
}

// Modern compatibility consonants and vowels (ㄱ..ㅣ); not the archaic
// letters after them, nor ㆍ (U+318D) written as a middle dot.
constexpr bool IsCompatJamo(char32_t c) { return c >= 0x3131 && c <= 0x3163; }
constexpr bool IsSyllable(char32_t c) { return c >= 0xAC00 && c <= 0xD7A3; }

// Endings and particles are written with bare consonants (ㄴ, ㄹ, ㅁ, ㅂ니다):
// only other tokens can be laughter.
bool MayBeLaughter(PosTag g) {
  return !IsEnding(g) && !IsParticle(g) && g != PosTag::kXSV && g != PosTag::kXSA && g != PosTag::kXSN &&
         g != PosTag::kVCP;
}

// Jamo-only forms (ㅋㅋ, ㅠㅠ, ㅎㅎ) are laughter, crying and the like.
bool IsJamoRun(std::string_view form) {
  if (form.empty()) return false;
  for (size_t i = 0; i < form.size();) {
    if (!IsCompatJamo(NextCp(form, &i))) return false;
  }
  return true;
}

// A word the analyzer could not split from a glued laughter run: 좋다ㅋㅋ.
bool EndsWithJamoAfterSyllable(std::string_view form) {
  bool syllable = false;
  char32_t last = 0;
  for (size_t i = 0; i < form.size();) {
    last = NextCp(form, &i);
    syllable = syllable || IsSyllable(last);
  }
  return syllable && IsCompatJamo(last);
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Ending forms that end a sentence whatever the tagger calls them: text
// written without punctuation often gets them tagged EC (the silver part of
// the training corpus does that), but none of them connects clauses.
bool IsSurelyFinalForm(std::string_view form) {
  static constexpr std::array<std::string_view, 19> kFinal = {
      "다", "ㄴ다", "는다", "ㅂ니다", "습니다", "ㅂ니까", "습니까", "ㅂ시다", "읍시다", "구나",
      "는구나", "냐", "느냐", "으냐", "네", "ㄴ가", "는가", "ㄹ까", "을까"};
  // 어요 네요 ㄹ게요 ...: polite endings close the sentence; a bare 요 is the
  // literary connective (사실이요 진리이다).
  if (form.size() > 3 && EndsWith(form, "요")) return true;
  // Their playful spellings (싶네여, 했어용, 좋아염); a bare 여 is 하여's.
  if (form.size() > 3 && (EndsWith(form, "여") || EndsWith(form, "용") || EndsWith(form, "염") || EndsWith(form, "욤")))
    return true;
  return std::find(kFinal.begin(), kFinal.end(), form) != kFinal.end();
}

// Symbols people draw faces and hearts with: ^^ ♥ ★ ♪ (SW runs).
bool IsEmoticonSymbols(std::string_view form) {
  if (form.empty()) return false;
  for (size_t i = 0; i < form.size();) {
    switch (NextCp(form, &i)) {
      case U'^': case U'*': case 0x2665: case 0x2661: case 0x2764: case 0x2605: case 0x2606: case 0x266A:
      case 0x266B: case 0x266C: case 0x2669: case 0x263A: case 0x263B: case 0x270C: case 0x2727: case 0x2740:
        break;
      default:
        return false;
    }
  }
  return true;
}

// Trailing symbols and what they say; false for a token that is content.
bool TailFlags(const Token& tok, uint8_t* bits) {
  if (MayBeLaughter(tok.tag) && IsJamoRun(tok.form)) {
    *bits |= kTailEmoticon;
    return true;
  }
  switch (tok.tag) {
    case PosTag::kSF: *bits |= kTailFinalPunct; return true;
    case PosTag::kSE: *bits |= kTailEllipsis; return true;
    case PosTag::kSO: *bits |= kTailTilde; return true;
    case PosTag::kSP: *bits |= kTailComma; return true;
    case PosTag::kW_EMOJI: *bits |= kTailEmoticon; return true;
    case PosTag::kSW:
      if (IsEmoticonSymbols(tok.form)) *bits |= kTailEmoticon;
      return true;  // % $ ℃ ...: neither content nor an emoticon
    case PosTag::kSS:
    case PosTag::kSSC:
      if (QuoteKind(tok) != 0) *bits |= kTailQuote;
      return true;
    default: return false;
  }
}

bool IsStemOrPrefinal(PosTag g) {
  return IsPredicate(g) || g == PosTag::kXSV || g == PosTag::kXSA || g == PosTag::kEP;
}

// 다 tagged EC right after an action verb is 다가 ("투쟁하다 1973년에",
// "살아가다 우연히"); after an adjective, a past tense, the copula or 싶다 it
// is the final ending written without a period (재밌다, 갔다, 최악이다).
bool ConnectiveDa(const std::vector<Token>& t, size_t first, size_t last) {
  if (t[last].form != "다" || last == first) return false;
  const Token& stem = t[last - 1];
  const std::string& f = stem.form;
  if (stem.tag == PosTag::kXSV) return true;
  // 있다 and 하다 (~기도 하다) end sentences far more often than they go on.
  if (stem.tag == PosTag::kVV) return f != "있" && f != "하";
  return stem.tag == PosTag::kVX && f != "싶" && f != "있" && f != "없" && f != "않" && f != "못하" && f != "하";
}

// 무엇인가, 누군가, 언젠가, 어딘가: an indefinite pronoun, not a question.
bool IndefinitePronoun(const std::vector<Token>& t, size_t first, size_t last) {
  const std::string& e = t[last].form;
  if (e != "ㄴ가" && e != "ㄴ지" && e != "는지" && e != "ㄹ까") return false;
  for (size_t k = first; k < last; ++k) {
    const std::string& f = t[k].form;
    if (f == "무엇" || f == "누구" || f == "누" || f == "언제" || f == "어디" || f == "뭐" || f == "어느") return true;
  }
  return false;
}

WordEnd EndOf(const std::vector<Token>& t, size_t first, size_t last) {
  const Token& tok = t[last];
  if (MayBeLaughter(tok.tag) && EndsWithJamoAfterSyllable(tok.form)) return WordEnd::kLaughter;
  if (IndefinitePronoun(t, first, last)) return WordEnd::kNoun;
  const PosTag g = tok.tag;
  if (g == PosTag::kEF) return WordEnd::kFinal;
  if (g == PosTag::kEC && IsSurelyFinalForm(tok.form) && !ConnectiveDa(t, first, last)) return WordEnd::kFinal;
  // ~줘 (알려줘, 보여줘): a request, however the tagger reads the 어.
  if (g == PosTag::kEC && tok.form == "어" && last > first && t[last - 1].form == "주" &&
      (t[last - 1].tag == PosTag::kVX || t[last - 1].tag == PosTag::kVV))
    return WordEnd::kFinal;
  // A final ending the tagger took for something else right after a stem
  // (웃기/VV 네/MM).
  if (last > first && IsStemOrPrefinal(t[last - 1].tag) && !IsEnding(g) && !IsParticle(g) &&
      (IsSurelyFinalForm(tok.form) || tok.form == "야"))
    return WordEnd::kFinal;
  if (g == PosTag::kJX && tok.form == "요") return WordEnd::kFinal;
  if ((g == PosTag::kETN || g == PosTag::kEC) && (tok.form == "음" || tok.form == "ㅁ")) return WordEnd::kNominal;
  if (g == PosTag::kNNB && tok.form == "듯") return WordEnd::kNominal;  // 비 올 듯
  // 함 됨 듬 standing alone are nominalised verbs the tagger took for nouns.
  if (IsNoun(g) && first == last && (tok.form == "함" || tok.form == "됨" || tok.form == "듬")) return WordEnd::kNominal;
  if (IsParticle(g) || IsEnding(g) || g == PosTag::kMM || g == PosTag::kXPN) {
    return g == PosTag::kETN ? WordEnd::kNoun : WordEnd::kContinues;  // ETN 기: 밥 먹기
  }
  if (IsNoun(g) || IsPattern(g) || g == PosTag::kXSN || g == PosTag::kXR || g == PosTag::kSN ||
      g == PosTag::kSL || g == PosTag::kSH)
    return WordEnd::kNoun;
  if (g == PosTag::kMAG || g == PosTag::kMAJ) return WordEnd::kAdverb;
  return WordEnd::kOther;
}

// ":)" ";)" ":(" written with a separator: an emoticon, not a comma.
bool IsAsciiEmoticonPair(const Token& a, const Token& b) {
  return (a.form == ":" || a.form == ";") &&
         (b.form == ")" || b.form == "(" || b.form == "D" || b.form == "P" || b.form == "p" || b.form == "O");
}

}  // namespace

WordCues ClassifyWord(const std::vector<Token>& t, size_t first, size_t last) {
  WordCues c;
  c.first = first;
  c.last = last;
  size_t k = last + 1;
  uint8_t inside = 0;  // flags of tokens inside a closing bracket: "(Tech!)"
  bool bracket = false;
  for (;;) {
    if (k > first && TailFlags(t[k - 1], bracket ? &inside : &c.tail)) {
      bracket = bracket || BracketKind(t, k - 1) != 0;
      --k;
    } else if (k > first + 1 && IsAsciiEmoticonPair(t[k - 2], t[k - 1])) {  // :D
      (bracket ? inside : c.tail) |= kTailEmoticon;
      k -= 2;
    } else {
      break;
    }
  }
  for (size_t i = k; i + 1 <= last; ++i) {
    if (IsAsciiEmoticonPair(t[i], t[i + 1])) c.tail |= kTailEmoticon;
  }
  // A separator among emoticons (^^;) is part of them, not a comma.
  if (c.tail & kTailEmoticon) c.tail &= static_cast<uint8_t>(~kTailComma);
  if (k == first) return c;  // symbols only
  c.content_last = k - 1;
  c.end = EndOf(t, first, k - 1);
  return c;
}

bool EndsClauseInWord(const std::vector<Token>& t, size_t k) {
  if (k == 0 || t[k - 1].word != t[k].word) return false;
  const Token& e = t[k - 1];
  const bool final = e.tag == PosTag::kEF || (e.tag == PosTag::kEC && IsSurelyFinalForm(e.form));
  const PosTag g = t[k].tag;
  const bool opens = IsNoun(g) || g == PosTag::kMAG || g == PosTag::kMAJ || g == PosTag::kMM || g == PosTag::kIC;
  return final && opens && !IsTailToken(t, k);  // 있습니다ㅠㅠ: ㅠㅠ/NNG trails
}

bool IsTailToken(const std::vector<Token>& t, size_t k) {
  uint8_t bits = 0;
  return TailFlags(t[k], &bits) || (k > 0 && IsAsciiEmoticonPair(t[k - 1], t[k]));
}

int BracketKind(const std::vector<Token>& t, size_t k) {
  const Token& tok = t[k];
  if (tok.tag != PosTag::kSSO && tok.tag != PosTag::kSSC) return 0;
  // The brackets of :( and :) are faces.
  if (k > 0 && t[k - 1].word == tok.word && (t[k - 1].form == ":" || t[k - 1].form == ";")) return 0;
  switch (FirstCp(tok.form)) {
    case U'(': case U')': case 0xFF08: case 0xFF09: return 5;
    case U'[': case U']': case 0xFF3B: case 0xFF3D: return 6;
    default: return 0;
  }
}

int QuoteKind(const Token& tok) {
  if (tok.tag != PosTag::kSS && tok.tag != PosTag::kSSO && tok.tag != PosTag::kSSC) return 0;
  switch (FirstCp(tok.form)) {
    case U'"': case 0x201C: case 0x201D: case 0xFF02: case 0x00AB: case 0x00BB: return 1;
    case U'\'': case U'`': case 0x2018: case 0x2019: case 0xFF07: return 2;
    case 0x300C: case 0x300D: return 3;  // 「 」
    case 0x300E: case 0x300F: return 4;  // 『 』
    default: return 0;
  }
}

}  // namespace kma::search
