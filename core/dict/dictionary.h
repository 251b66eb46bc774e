// Dictionary records shared by the model builder and the runtime.
// They are stored as little-endian POD arrays inside model sections and used
// in place from the memory map, so their layout is part of the model format
// (kModelFormatVersion, core/base/version.h): change a field, bump the version.
//
// The records are packed because the dictionary is most of the model file:
// small fields share a word, and values with few distinct members (morpheme
// log-probability pairs, entry penalties) are stored once in a table that the
// records index. Tables keep every float bit for bit, so packing is lossless.
// Sections (each a u32 count, 4 bytes of padding, then the array):
//   morphs           MorphRecord[]       12 bytes each, id = index
//   morph_scores     MorphScores[]       distinct (emit_logp, tag_logp) pairs
//   strings          raw UTF-8 bytes     forms, no terminators; a form that is
//                                        a prefix of another shares its bytes
//   entries          EntryRecord[]       8 bytes each, in trie value order
//                                        (the entries of one trie node are
//                                        contiguous, see core/dict/trie.h)
//   entry_penalties  float[]             distinct entry penalties
//   entry_morphs     u32[]               morpheme ids of the entries
#ifndef KMA_CORE_DICT_DICTIONARY_H_
#define KMA_CORE_DICT_DICTIONARY_H_

#include <cstdint>
#include <string_view>

#include "core/base/pos_tag.h"

namespace kma {

// LM token ids reserved at the start of the LM vocabulary.
constexpr uint32_t kLmBos = 0;
constexpr uint32_t kLmEos = 1;
// Per-tag class tokens: rare and lexicon-only morphemes, unknown words and
// patterns are scored through the class token of their tag.
constexpr uint32_t kLmFirstClass = 2;
inline uint32_t LmClassToken(PosTag t) { return kLmFirstClass + static_cast<uint32_t>(t); }
constexpr uint32_t kLmFirstWord = kLmFirstClass + kNumTags;

// The two log-probabilities of a morpheme. Few distinct pairs exist (they
// depend on counts, not on the word), so morphemes share them through an
// index.
struct MorphScores {
  float emit_logp;  // log P(morph | class token) when lm_id is a class token, else 0
  float tag_logp;   // log P(morph | its tag), for the tag-model interpolation
};
static_assert(sizeof(MorphScores) == 8, "MorphScores layout is part of the model format");

// One morpheme. Fields that fit together share a u32 (low bits first):
//   form   = form_offset (bits 0..23, into the string pool) | form_length << 24
//   lm_tag = lm_id (bits 0..23: own LM token, or its tag's class token) | tag << 24
// The first character of the normalized form (what conjugation blocks are
// keyed by) is not stored: MorphFirstChar derives it from the form.
struct MorphRecord {
  uint32_t form;
  uint32_t lm_tag;
  uint16_t scores;      // index into morph_scores
  uint16_t socket_key;  // conjugation class of a stem (0 = none); see model_builder

  static constexpr uint32_t kMaxFormOffset = (1u << 24) - 1;
  static constexpr uint32_t kMaxFormLength = 255;
  static constexpr uint32_t kMaxLmId = (1u << 24) - 1;
  static constexpr uint32_t kMaxScores = 0xFFFF + 1;  // distinct pairs a model may hold

  uint32_t form_offset() const { return form & 0xFFFFFFu; }
  uint32_t form_length() const { return form >> 24; }
  uint32_t lm_id() const { return lm_tag & 0xFFFFFFu; }
  uint8_t tag() const { return static_cast<uint8_t>(lm_tag >> 24); }
  // Callers check the limits above first.
  static MorphRecord Make(uint32_t form_offset, uint32_t form_length, uint32_t lm_id, uint8_t tag,
                          uint16_t scores, uint16_t socket_key) {
    return MorphRecord{form_offset | (form_length << 24), lm_id | (uint32_t{tag} << 24), scores, socket_key};
  }
};
static_assert(sizeof(MorphRecord) == 12, "MorphRecord layout is part of the model format");

// First code point of a form after the analyzer's normalization (a syllable
// loses its coda, a compatibility consonant becomes its coda jamo), or 0 if
// the form is empty or does not start with well-formed UTF-8. The builder
// keys conjugation blocks with the same function, so both sides agree.
char32_t MorphFirstChar(std::string_view form);

// What one trie value (a surface form) stands for.
enum class EntryKind : uint8_t {
  kPlain = 0,     // morphs[0..n): the surface is their concatenation or a fixed fusion
  kHead = 1,      // a stem minus its last syllable; must be followed by a kSocket entry with the same socket
  kSocket = 2,    // fused tail+ending; its stem comes from the preceding kHead entry
};

// One surface form's reading. `info` packs the small fields:
//   bits 0..3 morph_count (1..15; kSocket: number of morphs after the stem)
//   bits 4..5 kind (EntryKind)
//   bit  6    after-vowel-only (previous normalized char must be a coda-less
//             syllable, no space between)
//   bit  7    zero
struct EntryRecord {
  uint32_t morph_begin;  // index into the entry-morph array
  uint16_t socket;       // kHead / kSocket: socket id; kHead: also morphs[0] is the full stem
  uint8_t penalty;       // index into entry_penalties (values >= 0, subtracted from the path score)
  uint8_t info;

  static constexpr uint32_t kMaxMorphCount = 15;
  static constexpr uint32_t kMaxPenalties = 256;
  static constexpr uint8_t kAfterVowelOnly = 0x40;

  uint32_t morph_count() const { return info & 0x0Fu; }
  EntryKind kind() const { return static_cast<EntryKind>((info >> 4) & 3u); }
  bool after_vowel_only() const { return (info & kAfterVowelOnly) != 0; }
  // Callers check the limits above first.
  static EntryRecord Make(uint32_t morph_begin, uint16_t socket, uint8_t penalty, uint32_t morph_count,
                          EntryKind kind, bool after_vowel_only) {
    uint8_t info = static_cast<uint8_t>(morph_count | (static_cast<uint32_t>(kind) << 4) |
                                        (after_vowel_only ? kAfterVowelOnly : 0u));
    return EntryRecord{morph_begin, socket, penalty, info};
  }
};
static_assert(sizeof(EntryRecord) == 8, "EntryRecord layout is part of the model format");

}  // namespace kma

#endif  // KMA_CORE_DICT_DICTIONARY_H_
