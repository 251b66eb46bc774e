// The user dictionary file format (UTF-8, one entry per line, fields
// separated by single tabs; blank lines (empty or only spaces and tabs) and
// lines starting with '#' are ignored; a byte order mark at the start and a '\r' before each '\n' are
// dropped):
//
//   FORM    TAG    [SCORE]              a word (뉴진스 NNP); with a verb or
//                                       adjective tag (VV VA VX XSV XSA) a
//                                       stem that inflects (힙하 VA)
//   FORM    TAG    SCORE    CLASS       a stem of an irregular class
//                                       (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으); SCORE may be
//                                       empty (줍 VV <tab><tab> ㅂ)
//   SURFACE FORM/TAG FORM/TAG ... [SCORE]  a pre-analysed surface
//                                       (사겼다  사귀/VV 었/EP 다/EF)
//   !pattern  REGEX  TAG  [SCORE]       text matching REGEX (core/dict/
//                                       user_pattern.h) is one TAG token
//   !block    FORM/TAG                  no analysis contains this morpheme
//   !block    TAG                       no analysis contains this tag
//
// SCORE is a decimal number in [-100, 100] (natural-log units, default 0;
// no blanks, no hexadecimal: core/base/decimal.h) added to
// the score of every analysis that uses the entry: positive favours it.
// This file only parses; what the entries mean is UserDictionaryBuilder's
// (core/userdict/user_dictionary.h).
#ifndef KMA_CORE_USERDICT_USER_DICT_TSV_H_
#define KMA_CORE_USERDICT_USER_DICT_TSV_H_

#include <cstddef>
#include <string_view>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/status.h"
#include "core/morph/morph_rules.h"

namespace kma {

inline constexpr float kMaxUserScore = 100.0f;

struct UserDictLine {
  enum class Kind { kWord, kAnalysis, kPattern, kBlock };
  Kind kind = Kind::kWord;
  size_t line = 0;              // 1-based line number
  size_t offset = 0;            // byte offset of the line in the text
  static constexpr size_t kMaxFields = 5;
  size_t field_offset[kMaxFields] = {};  // byte offset of each field in the text
  std::string_view text;        // kWord: the form; kAnalysis: the surface; kPattern: the regex;
                                // kBlock: the form (empty: the whole tag is blocked)
  std::string_view morphs;      // kAnalysis: "form/TAG ..."
  PosTag tag = PosTag::kUN;     // kWord, kPattern, kBlock
  float score = 0.0f;
  bool has_irregular = false;   // kWord: a CLASS column was given
  IrregularClass irregular = IrregularClass::kNone;
};

// Parses a whole file. On the first bad line returns kInvalidArgument
// "NAME:LINE:COLUMN: reason" (COLUMN: 1-based byte column of the bad field
// or byte; Status::offset() = its byte offset in the text);
// `out` then holds the lines before it. Views in `out` point into `text`.
// Safe on any bytes (fuzzing target).
Status ParseUserDictTsv(std::string_view text, std::string_view name, std::vector<UserDictLine>* out);

// The error of a bad line: "NAME:LINE:COLUMN: why", offset line_offset +
// column (column 0-based here, printed 1-based).
Status UserDictError(std::string_view name, size_t line, size_t line_offset, size_t column, const std::string& why);

// Parses a score field ("" = 0); false unless a plain decimal number
// (ParseDecimal) in [-kMaxUserScore, kMaxUserScore].
bool ParseUserScore(std::string_view s, float* out);

}  // namespace kma

#endif  // KMA_CORE_USERDICT_USER_DICT_TSV_H_
