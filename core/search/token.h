// What an analysis returns: tokens (morphemes with their spans in the
// input), analyses (a token list with its score) and sentence spans.
#ifndef KMA_CORE_SEARCH_TOKEN_H_
#define KMA_CORE_SEARCH_TOKEN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/pos_tag.h"

namespace kma {

// Token flags (bit set), mirrored by KMA_TOKEN_* in the C ABI.
enum TokenFlags : uint16_t {
  kTokenUnknown = 1,   // out-of-vocabulary word guessed by the analyzer
  kTokenPattern = 2,   // pretokenized pattern (number, URL, emoji, ...)
  kTokenConstrained = 4,  // from a span constraint (constrained analysis)
  kTokenCorrected = 8, // typo mode: read from a corrected spelling of its span (되요 -> 돼요)
  kTokenUser = 16,     // a user dictionary's morpheme the model lacks, or a pattern rule's match
};

struct Token {
  std::string form;        // UTF-8, NFC; bare consonant endings in compatibility jamo (ㄴ, ㅂ니다)
  PosTag tag = PosTag::kUN;
  uint32_t morph_id = 0;   // dictionary id; 0 for unknown words and patterns
  uint16_t flags = 0;
  float score = 0;         // this token's share of the path score (natural log)
  // Span in the input, in the caller's code units (bytes for UTF-8 input,
  // UTF-16 units for UTF-16 input) and in code points. Several tokens may
  // share a span when one surface syllable holds several morphemes (했 = 하+었).
  uint32_t begin = 0, length = 0;
  uint32_t cp_begin = 0, cp_length = 0;
  uint32_t sentence = 0;   // index of the sentence the token belongs to
  uint32_t word = 0;       // index of the whitespace-separated word
};

struct Analysis {
  std::vector<Token> tokens;
  float score = 0;         // total path score (natural log, higher is better)
  // The language model's share of it: the log-probability of the tokens as
  // LM tokens, each chunk closed by end-of-sentence (a virtual full stop
  // included where a chunk ends without one).
  float lm_score = 0;
};

// A sentence span, in the same units as Token.
struct SentenceSpan {
  uint32_t begin = 0, length = 0;
  uint32_t cp_begin = 0, cp_length = 0;
};

}  // namespace kma

#endif  // KMA_CORE_SEARCH_TOKEN_H_
