// Finds the non-Hangul tokens of a normalized text: URLs, e-mail addresses,
// mentions, hashtags, serial numbers, numbers, Latin/Hanja/other-script
// runs, emoji and symbols. The analyzer's lattice takes these as fixed
// tokens and only segments the Hangul between them.
#ifndef KMA_CORE_TEXT_PRETOKENIZER_H_
#define KMA_CORE_TEXT_PRETOKENIZER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/pos_tag.h"

namespace kma {

// The special-token classes, as bits of the `plain` argument of Pretokenize
// (KMA_OPT_NO_SPECIAL): a class whose bit is set is not recognised, and its
// text is read by the rules that follow its own (below) as any other text.
enum SpecialClass : uint32_t {
  kSpecialUrl = 1,
  kSpecialEmail = 2,
  kSpecialHashtag = 4,
  kSpecialMention = 8,
  kSpecialSerial = 16,
  kSpecialEmoji = 32,
  kSpecialAll = 63,
};

// Parses class names ("url", "email", "hashtag", "mention", "serial",
// "emoji", or "all") separated by commas or spaces into bits; an empty list
// is 0. False with *bad set to the first unknown name.
bool ParseSpecialClasses(std::string_view list, uint32_t* out, std::string* bad);

// [begin, end) indices into the normalized text (NormalizedText::text).
struct PreToken {
  uint32_t begin, end;
  PosTag tag;
};

// Scans `normalized_text` (output of Normalize: coda jamo follow their
// syllables) left to right and returns non-overlapping tokens in order.
// At each position the first matching rule wins:
//   W_EMOJI    one emoji cluster (grapheme cluster: ZWJ sequences, skin tones,
//              variation selectors, keycaps 1️⃣, flag pairs 🇰🇷). A
//              text-default pictograph (❤ ☺ ✌) is an emoji only when followed
//              by U+FE0F or a skin tone; alone it is a symbol (SW).
//   W_URL      http(s)://... or www.host.tld[/...]; ends at whitespace,
//              <>"'`{}|\^ or non-ASCII, except that Hangul is allowed in
//              the path when it does not directly follow an ASCII letter or
//              digit (".../wiki/서울" keeps 서울, "naver.com/abc에서" and
//              "naver.com에서" leave 에서 out); trailing . , ; : ! ? * and
//              unbalanced ) ] are not part of it.
//   W_EMAIL    local@domain.tld (ASCII; TLD of 2+ letters).
//   W_MENTION  @name, not preceded by an e-mail character; name is letters
//              (incl. Hangul), digits, _ and inner dots between ASCII
//              letters/digits.
//   W_HASHTAG  #tag, not preceded by a Latin letter/digit/&; tag is letters
//              (incl. Hangul and coda jamo), digits and _, not digits only.
//   W_SERIAL   digit groups joined by one repeated separator (- . : /),
//              at least two separators: 010-1234-5678, 192.168.0.1,
//              2024.01.05, 12:30:45.
//   SN         digits with optional 3-digit comma groups and one decimal
//              part: 1,234,567.89, 3.14; a dot not followed by a digit is
//              not part of it ("1월." -> SN ... SF).
//   SL         runs of Latin letters (digits excluded: mp3 -> SL SN) and
//              abbreviations of 1-2 letter groups joined by dots (U.S.A.,
//              L.A, Ph.D.); the final dot is included unless it ends the
//              text. Greek/Cyrillic (and other alphabetic "Latin-like"
//              scripts) runs are SL too.
//   SH         runs of Hanja.
//   SW         runs of letters of other scripts (kana, Thai, Arabic, ...).
//   symbols    one token per run of the same repeated symbol character,
//              tagged with SymbolTag (core/text/char_class.h); runs of 2+ "." are
//              SE; doubled '' and `` (stand-ins for double quotes) are SS.
//              Quotes " ' ` are SSO or SSC from their context (start or
//              after space/opening bracket opens, before space/punctuation
//              closes, otherwise they alternate per quote character).
// Hangul (syllables, coda jamo, compatibility jamo such as ㅋㅋ), whitespace
// and control/format characters produce no token; Hangul inside a hashtag,
// mention or URL path is part of that token. Runs in linear time.
//
// `plain` (SpecialClass bits) turns rules off: an emoji is then a symbol
// (SW runs), a URL, e-mail address or serial number falls apart into Latin
// runs, numbers and symbols (https ://  naver . com), and the # or @ of a
// hashtag or mention is a symbol before ordinary text.
std::vector<PreToken> Pretokenize(std::u32string_view normalized_text, uint32_t plain = 0);

}  // namespace kma

#endif  // KMA_CORE_TEXT_PRETOKENIZER_H_
