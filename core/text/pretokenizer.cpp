#include "core/text/pretokenizer.h"

#include <utf8proc.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <utility>

#include "core/base/name_list.h"
#include "core/text/char_class.h"

namespace kma {
namespace {

constexpr bool IsAsciiDigit(char32_t c) { return c >= U'0' && c <= U'9'; }
constexpr bool IsAsciiAlpha(char32_t c) {
  return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z');
}
constexpr bool IsAsciiAlnum(char32_t c) { return IsAsciiDigit(c) || IsAsciiAlpha(c); }
constexpr char32_t AsciiLower(char32_t c) { return (c >= U'A' && c <= U'Z') ? c + 32 : c; }

// Characters of the local part of an e-mail address (RFC 5322 subset that
// occurs in practice).
constexpr bool IsEmailLocal(char32_t c) {
  return IsAsciiAlnum(c) || c == U'.' || c == U'_' || c == U'%' || c == U'+' || c == U'-';
}

// ASCII characters that may appear inside a URL.
constexpr bool IsUrlAscii(char32_t c) {
  if (c <= 0x20 || c >= 0x7F) return false;
  switch (c) {
    case U'<': case U'>': case U'"': case U'\'': case U'`': case U'{': case U'}':
    case U'|': case U'\\': case U'^':
      return false;
    default:
      return true;
  }
}

// Alphabetic scripts whose words are tagged SL like Latin ones.
bool IsLatinLikeScript(char32_t c) {
  return InRange(c, 0x0370, 0x058F) ||  // Greek, Cyrillic, Armenian
         InRange(c, 0x10A0, 0x10FF) ||  // Georgian
         InRange(c, 0x1C80, 0x1C8F) || InRange(c, 0x1F00, 0x1FFF) ||
         InRange(c, 0x2DE0, 0x2DFF) || InRange(c, 0xA640, 0xA69F);
}

bool IsExtendedPictographic(char32_t c) {
  const auto bc = utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->boundclass;
  return bc == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC || bc == UTF8PROC_BOUNDCLASS_E_ZWG;
}
constexpr bool IsSkinTone(char32_t c) { return InRange(c, 0x1F3FB, 0x1F3FF); }
constexpr char32_t kVs16 = 0xFE0F;
constexpr char32_t kKeycap = 0x20E3;
constexpr char32_t kZwnj = 0x200C;  // zero-width non-joiner
constexpr char32_t kZwj = 0x200D;   // zero-width joiner

class Scanner {
 public:
  Scanner(std::u32string_view t, uint32_t plain) : t_(t), n_(t.size()), plain_(plain) {}

  std::vector<PreToken> Run() {
    size_t i = 0;
    while (i < n_) {
      const char32_t c = t_[i];
      // Hot path: syllables, coda jamo and ASCII spaces need no lookup.
      if ((c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x11A8 && c <= 0x11C2) || c == U' ') {
        ++i;
        continue;
      }
      const CharClass cls = ClassOf(c);
      if (cls == CharClass::kSpace || cls == CharClass::kControl ||
          cls == CharClass::kHangul) {
        ++i;
        continue;
      }
      i = TokenAt(i, c, cls);
    }
    return std::move(out_);
  }

 private:
  // Emits the token starting at i and returns its end.
  size_t TokenAt(size_t i, char32_t c, CharClass cls) {
    size_t end;
    if (On(kSpecialEmoji) && (end = MatchEmoji(i, c, cls)) != 0) return Add(i, end, PosTag::kW_EMOJI);
    if (On(kSpecialUrl) && (end = MatchUrl(i, c)) != 0) return Add(i, end, PosTag::kW_URL);
    if (On(kSpecialEmail) && (end = MatchEmail(i, c)) != 0) return Add(i, end, PosTag::kW_EMAIL);
    if (On(kSpecialMention) && c == U'@' && (end = MatchMention(i)) != 0) return Add(i, end, PosTag::kW_MENTION);
    if (On(kSpecialHashtag) && c == U'#' && (end = MatchHashtag(i)) != 0) return Add(i, end, PosTag::kW_HASHTAG);
    switch (cls) {
      case CharClass::kDigit:
        if (On(kSpecialSerial) && (end = MatchSerial(i)) != 0) return Add(i, end, PosTag::kW_SERIAL);
        return Add(i, MatchNumber(i), PosTag::kSN);
      case CharClass::kLatin:
        if ((end = MatchAbbreviation(i)) != 0) return Add(i, end, PosTag::kSL);
        return Add(i, RunEnd(i, CharClass::kLatin), PosTag::kSL);
      case CharClass::kHanja:
        return Add(i, RunEnd(i, CharClass::kHanja), PosTag::kSH);
      case CharClass::kOtherLetter:
        return OtherLetterRun(i, c);
      default:  // kSymbol, and kEmoji that did not form a cluster (cannot happen)
        return SymbolRun(i, c);
    }
  }

  bool On(SpecialClass c) const { return (plain_ & c) == 0; }

  size_t Add(size_t b, size_t e, PosTag tag) {
    out_.push_back({static_cast<uint32_t>(b), static_cast<uint32_t>(e), tag});
    return e;
  }

  char32_t At(size_t i) const { return i < n_ ? t_[i] : 0; }

  // ---- emoji -------------------------------------------------------------
  size_t MatchEmoji(size_t i, char32_t c, CharClass cls) const {
    bool start = cls == CharClass::kEmoji;
    if (!start && (IsAsciiDigit(c) || c == U'#' || c == U'*')) {
      // Keycap: base [U+FE0F] U+20E3.
      start = At(i + 1) == kKeycap || (At(i + 1) == kVs16 && At(i + 2) == kKeycap);
    } else if (!start && cls == CharClass::kSymbol && c >= 0x80) {
      // Text-default pictograph turned into an emoji by VS16 or a skin tone.
      const char32_t next = At(i + 1);
      start = (next == kVs16 || IsSkinTone(next)) && IsExtendedPictographic(c);
    }
    if (!start) return 0;
    // The cluster is the extended grapheme cluster (UAX #29), which covers
    // ZWJ sequences, modifiers, flags (regional indicator pairs) and tags.
    utf8proc_int32_t state = 0;
    size_t j = i + 1;
    while (j < n_ && !utf8proc_grapheme_break_stateful(
                         static_cast<utf8proc_int32_t>(t_[j - 1]),
                         static_cast<utf8proc_int32_t>(t_[j]), &state)) {
      ++j;
    }
    // A joiner at the end joins nothing: UAX #29 keeps it in the cluster,
    // but it is a format character, which the analysis treats as a word
    // break (a sentence span ended on one; fuzz finding 14).
    while (j > i + 1 && (t_[j - 1] == kZwj || t_[j - 1] == kZwnj)) --j;
    return j;
  }

  // ---- URL ---------------------------------------------------------------
  bool HasPrefixNoCase(size_t i, std::u32string_view lower_prefix) const {
    if (n_ - i < lower_prefix.size()) return false;
    for (size_t k = 0; k < lower_prefix.size(); ++k) {
      if (AsciiLower(t_[i + k]) != lower_prefix[k]) return false;
    }
    return true;
  }

  size_t MatchUrl(size_t i, char32_t c) const {
    const char32_t lc = AsciiLower(c);
    if (lc != U'h' && lc != U'w') return 0;
    if (i > 0 && (IsAsciiAlnum(t_[i - 1]) || t_[i - 1] == U'.' || t_[i - 1] == U'/' ||
                  t_[i - 1] == U'@')) {
      return 0;
    }
    size_t body;
    if (HasPrefixNoCase(i, U"https://")) {
      body = i + 8;
    } else if (HasPrefixNoCase(i, U"http://")) {
      body = i + 7;
    } else if (HasPrefixNoCase(i, U"www.")) {
      // Needs a host of at least two labels after "www.": www.naver.com.
      size_t j = i + 4;
      size_t labels = 0;
      while (true) {
        const size_t start = j;
        while (j < n_ && (IsAsciiAlnum(t_[j]) || t_[j] == U'-')) ++j;
        if (j == start) break;
        ++labels;
        if (At(j) == U'.' && IsAsciiAlnum(At(j + 1))) {
          ++j;
        } else {
          break;
        }
      }
      if (labels < 2) return 0;
      body = i + 4;
    } else {
      return 0;
    }
    if (!IsAsciiAlnum(At(body))) return 0;  // a host must follow the scheme
    return ScanUrlBody(body);
  }

  // Scans from `body` (start of the host) and trims trailing punctuation.
  size_t ScanUrlBody(size_t body) const {
    size_t j = body;
    bool in_path = false;
    int open_paren = 0, close_paren = 0, open_bracket = 0, close_bracket = 0;
    while (j < n_) {
      const char32_t c = t_[j];
      if (IsUrlAscii(c)) {
        if (c == U'/') in_path = true;
        open_paren += c == U'(';
        close_paren += c == U')';
        open_bracket += c == U'[';
        close_bracket += c == U']';
        ++j;
        continue;
      }
      // Hangul in a path segment (/wiki/서울) belongs to the URL; Hangul
      // right after an ASCII letter or digit is a particle (abc에서).
      if (in_path && ClassOf(c) == CharClass::kHangul && !IsAsciiAlnum(t_[j - 1])) {
        ++j;
        continue;
      }
      break;
    }
    while (j > body) {
      const char32_t c = t_[j - 1];
      if (c == U'.' || c == U',' || c == U';' || c == U':' || c == U'!' || c == U'?' ||
          c == U'*') {
        --j;
      } else if (c == U')' && close_paren > open_paren) {
        --close_paren;
        --j;
      } else if (c == U']' && close_bracket > open_bracket) {
        --close_bracket;
        --j;
      } else {
        break;
      }
    }
    return j > body ? j : 0;
  }

  // ---- e-mail, mention, hashtag -----------------------------------------
  size_t MatchEmail(size_t i, char32_t c) const {
    // Only at the start of a run of e-mail characters, so a failed attempt
    // is not repeated for every later character of the run.
    if (!IsAsciiAlnum(c) || (i > 0 && IsEmailLocal(t_[i - 1]))) return 0;
    size_t j = i;
    while (j < n_ && IsEmailLocal(t_[j])) ++j;
    if (At(j) != U'@' || t_[j - 1] == U'.') return 0;
    size_t k = j + 1;
    size_t labels = 0, end = 0;
    while (true) {
      const size_t start = k;
      bool alpha = true;
      while (k < n_ && (IsAsciiAlnum(t_[k]) || t_[k] == U'-')) {
        alpha = alpha && IsAsciiAlpha(t_[k]);
        ++k;
      }
      if (k == start) break;
      ++labels;
      if (labels >= 2 && alpha && k - start >= 2) end = k;
      if (At(k) == U'.' && IsAsciiAlnum(At(k + 1))) {
        ++k;
      } else {
        break;
      }
    }
    return end;
  }

  bool IsNameChar(char32_t c) const {
    if (c == U'_') return true;
    const CharClass cls = ClassOf(c);
    return cls == CharClass::kHangul || cls == CharClass::kLatin ||
           cls == CharClass::kDigit || cls == CharClass::kOtherLetter ||
           cls == CharClass::kHanja;
  }

  size_t MatchMention(size_t i) const {
    if (i > 0 && IsEmailLocal(t_[i - 1])) return 0;
    size_t j = i + 1;
    while (j < n_) {
      if (IsNameChar(t_[j])) {
        ++j;
      } else if (t_[j] == U'.' && IsAsciiAlnum(t_[j - 1]) && IsAsciiAlnum(At(j + 1))) {
        ++j;
      } else {
        break;
      }
    }
    return j > i + 1 ? j : 0;
  }

  size_t MatchHashtag(size_t i) const {
    if (i > 0 && (IsAsciiAlnum(t_[i - 1]) || t_[i - 1] == U'&')) return 0;  // C#, &#39;
    size_t j = i + 1;
    bool non_digit = false;
    while (j < n_ && IsNameChar(t_[j])) {
      non_digit = non_digit || ClassOf(t_[j]) != CharClass::kDigit;
      ++j;
    }
    return non_digit ? j : 0;
  }

  // ---- numbers -----------------------------------------------------------
  size_t DigitsEnd(size_t j) const {
    while (j < n_ && ClassOf(t_[j]) == CharClass::kDigit) ++j;
    return j;
  }
  bool IsDigitAt(size_t j) const { return j < n_ && ClassOf(t_[j]) == CharClass::kDigit; }

  size_t MatchSerial(size_t i) const {
    size_t j = DigitsEnd(i);
    const char32_t sep = At(j);
    if (sep != U'-' && sep != U'.' && sep != U':' && sep != U'/') return 0;
    int seps = 0;
    while (At(j) == sep && IsDigitAt(j + 1)) {
      j = DigitsEnd(j + 1);
      ++seps;
    }
    return seps >= 2 ? j : 0;
  }

  size_t MatchNumber(size_t i) const {
    size_t j = DigitsEnd(i);
    // Thousands separators only after a 1-3 digit lead group and before
    // exactly three digits: 1,234,567 but not 1,2 or 12,3456.
    if (j - i <= 3) {
      while (At(j) == U',' && IsDigitAt(j + 1) && IsDigitAt(j + 2) && IsDigitAt(j + 3) &&
             !IsDigitAt(j + 4)) {
        j += 4;
      }
    }
    if (At(j) == U'.' && IsDigitAt(j + 1)) j = DigitsEnd(j + 1);
    return j;
  }

  // ---- letters -----------------------------------------------------------
  // Abbreviations: 1-2 letter groups joined by dots, at least two groups.
  size_t MatchAbbreviation(size_t i) const {
    size_t j = i;
    int groups = 0;
    size_t end = 0;
    while (true) {
      const size_t start = j;
      while (j < n_ && j - start < 3 && ClassOf(t_[j]) == CharClass::kLatin) ++j;
      const size_t len = j - start;
      if (len == 0 || len == 3) break;  // no group, or a word, not a group
      ++groups;
      if (At(j) == U'.') {
        ++j;
        if (groups >= 2) end = j < n_ ? j : j - 1;  // a text-final dot is SF
        continue;
      }
      if (groups >= 2) end = j;  // L.A
      break;
    }
    return end;
  }

  size_t RunEnd(size_t i, CharClass cls) const {
    size_t j = i + 1;
    while (j < n_ && (ClassOf(t_[j]) == cls || IsCombiningMark(t_[j]))) ++j;
    return j;
  }

  size_t OtherLetterRun(size_t i, char32_t c) {
    const bool latin_like = IsLatinLikeScript(c);
    size_t j = i + 1;
    while (j < n_) {
      const char32_t d = t_[j];
      if (IsCombiningMark(d) ||
          (ClassOf(d) == CharClass::kOtherLetter && IsLatinLikeScript(d) == latin_like)) {
        ++j;
      } else {
        break;
      }
    }
    return Add(i, j, latin_like ? PosTag::kSL : PosTag::kSW);
  }

  // ---- symbols -----------------------------------------------------------
  size_t SymbolRun(size_t i, char32_t c) {
    size_t j = i + 1;
    while (j < n_ && t_[j] == c) ++j;
    PosTag tag = SymbolTag(c);
    if (c == U'.' && j - i >= 2) {
      tag = PosTag::kSE;
    } else if ((c == U'\'' || c == U'`') && j - i >= 2) {
      // '' and `` stand in for double quotes (KAIST convention); the corpus
      // tags them SS without a direction.
      tag = PosTag::kSS;
    } else if (IsAmbiguousQuote(c)) {
      tag = ResolveQuote(i, j, c);
    }
    if (tag == PosTag::kSSO) last_open_end_ = j;
    return Add(i, j, tag);
  }

  // Decides whether the quote run [i, j) opens or closes.
  PosTag ResolveQuote(size_t i, size_t j, char32_t c) {
    bool left = i == 0 || last_open_end_ == i;  // start, or right after an opener
    if (!left) {
      const CharClass pc = ClassOf(t_[i - 1]);
      left = pc == CharClass::kSpace || pc == CharClass::kControl ||
             (pc == CharClass::kSymbol && SymbolTag(t_[i - 1]) == PosTag::kSSO);
    }
    bool right = j == n_;
    if (!right) {
      const char32_t q = t_[j];
      const CharClass qc = ClassOf(q);
      if (qc == CharClass::kSpace || qc == CharClass::kControl) {
        right = true;
      } else if (qc == CharClass::kSymbol) {
        const PosTag qt = SymbolTag(q);
        right = qt == PosTag::kSF || qt == PosTag::kSP || qt == PosTag::kSE ||
                qt == PosTag::kSSC || IsAmbiguousQuote(q);
      }
    }
    bool& open = open_[QuoteSlot(c)];
    PosTag tag;
    if (left && !right) {
      tag = PosTag::kSSO;
    } else if (right && !left) {
      tag = PosTag::kSSC;
    } else {
      tag = open ? PosTag::kSSC : PosTag::kSSO;
    }
    open = tag == PosTag::kSSO;
    return tag;
  }

  static int QuoteSlot(char32_t c) {
    switch (c) {
      case U'"': case 0xFF02: return 0;
      case U'\'': case 0xFF07: return 1;
      default: return 2;  // ` and its full-width form
    }
  }

  std::u32string_view t_;
  size_t n_;
  uint32_t plain_;  // SpecialClass bits of the rules turned off
  std::vector<PreToken> out_;
  bool open_[3] = {false, false, false};  // a quote of this kind is open
  size_t last_open_end_ = SIZE_MAX;       // end of the last SSO token
};

}  // namespace

std::vector<PreToken> Pretokenize(std::u32string_view normalized_text, uint32_t plain) {
  return Scanner(normalized_text, plain).Run();
}

bool ParseSpecialClasses(std::string_view list, uint32_t* out, std::string* bad) {
  static constexpr std::pair<std::string_view, uint32_t> kNames[] = {
      {"url", kSpecialUrl},         {"email", kSpecialEmail},   {"hashtag", kSpecialHashtag},
      {"mention", kSpecialMention}, {"serial", kSpecialSerial}, {"emoji", kSpecialEmoji},
      {"all", kSpecialAll},
  };
  uint32_t bits = 0;
  const bool ok = ForEachListedName(list, [&](std::string_view name) {
    const auto it = std::find_if(std::begin(kNames), std::end(kNames),
                                 [&](const auto& n) { return n.first == name; });
    if (it == std::end(kNames)) {
      *bad = std::string(name);
      return false;
    }
    bits |= it->second;
    return true;
  });
  if (ok) *out = bits;
  return ok;
}

}  // namespace kma
