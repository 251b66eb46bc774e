// Dictionary records shared by the model builder and the runtime.
// They are stored as little-endian POD arrays inside model sections and used
// in place from the memory map, so their layout is part of the model format
// (KMA_MODEL_FORMAT_VERSION): change a field, bump the version.
#ifndef KMA_CORE_DICTIONARY_H_
#define KMA_CORE_DICTIONARY_H_

#include <cstdint>
#include <string_view>

#include "core/pos_tag.h"

namespace kma {

// LM token ids reserved at the start of the LM vocabulary.
constexpr uint32_t kLmBos = 0;
constexpr uint32_t kLmEos = 1;
// Per-tag class tokens: rare and lexicon-only morphemes, unknown words and
// patterns are scored through the class token of their tag.
constexpr uint32_t kLmFirstClass = 2;
inline uint32_t LmClassToken(PosTag t) { return kLmFirstClass + static_cast<uint32_t>(t); }
constexpr uint32_t kLmFirstWord = kLmFirstClass + kNumTags;

struct MorphRecord {
  uint32_t form_offset;  // into the string pool: NFC UTF-8, compatibility jamo
  uint32_t form_length;
  uint32_t lm_id;        // LM token (own id, or the class token of its tag)
  float emit_logp;       // log P(morph | class token) when lm_id is a class token, else 0
  uint32_t socket_key;   // conjugation class of a stem (0 = none); see model_builder
  uint32_t first_char;   // first code point of the normalized form (0 if empty)
  float tag_logp;        // log P(morph | its tag), for the tag-model interpolation
  uint8_t tag;           // PosTag
  uint8_t flags;         // kMorph* bits
  uint16_t reserved;
};
static_assert(sizeof(MorphRecord) == 32, "MorphRecord layout is part of the model format");

enum MorphFlags : uint8_t {
  kMorphEndsVowel = 1,   // normalized form ends in a coda-less syllable
};

// What one trie value (a surface form) stands for.
enum class EntryKind : uint8_t {
  kPlain = 0,     // morphs[0..n): the surface is their concatenation or a fixed fusion
  kHead = 1,      // a stem minus its last syllable; must be followed by a kSocket entry with the same socket
  kSocket = 2,    // fused tail+ending; its stem comes from the preceding kHead entry
};

struct EntryRecord {
  uint32_t morph_begin;  // index into the entry-morph array
  uint32_t socket;       // kHead / kSocket: socket id; kHead: also morphs[0] is the full stem
  float penalty;         // >= 0, subtracted from the path score
  uint8_t morph_count;   // kSocket: number of morphs after the stem
  uint8_t kind;          // EntryKind
  uint8_t flags;         // kEntry* bits
  uint8_t reserved;
};
static_assert(sizeof(EntryRecord) == 16, "EntryRecord layout is part of the model format");

enum EntryFlags : uint8_t {
  kEntryAfterVowelOnly = 1,  // previous normalized char must be a coda-less syllable, no space between
};

}  // namespace kma

#endif  // KMA_CORE_DICTIONARY_H_
