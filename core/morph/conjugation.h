// The conjugation data a model carries for use at run time: how the builder
// grouped verb and adjective stems into conjugation classes ("sockets", see
// EntryKind in core/dict/dictionary.h), which endings it expanded them with,
// and the morphophonological rules it used. With them a stem that is not in
// the model (a user-dictionary stem such as 힙하/VA) conjugates exactly as
// if the model had been built with it, and kma join spells morphemes with
// the same rules in reverse.
//
// Model section "conjugation" (little-endian; optional: models built before
// it existed load without it, and then have no user stems and no joiner):
//   u32 version (kConjugationVersion)
//   u32 socket_count S    classes[0] is unused (socket 0 means "none")
//   u32 right_count R
//   u32 rules_bytes B
//   SocketClass[S]        12 bytes each
//   u32[R]                morpheme ids of the endings the stems were expanded with
//   B bytes               the rule file's text (models/morph_rules.txt format)
#ifndef KMA_CORE_MORPH_CONJUGATION_H_
#define KMA_CORE_MORPH_CONJUGATION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/status.h"
#include "core/morph/morph_rules.h"

namespace kma {

inline constexpr uint32_t kConjugationVersion = 1;
inline constexpr std::string_view kConjugationSection = "conjugation";

// One conjugation class: what the rules can see of a stem.
struct SocketClass {
  char32_t tail[2];  // last syllable of the normalized stem (+ its coda jamo; else tail[1] = 0)
  uint8_t tag;       // PosTag of the stems
  uint8_t irr;       // IrregularClass
  uint8_t whole;     // 1 if the tail is the whole stem (no head)
  uint8_t pad;       // 0
};
static_assert(sizeof(SocketClass) == 12, "SocketClass layout is part of the model format");

// The class of a stem: its normalized tail, tag, irregular class and
// whether the tail is the whole stem. `tail` holds one or two code points.
SocketClass MakeSocketClass(std::u32string_view tail, PosTag tag, IrregularClass irr, bool whole);

// Start of the tail (last syllable with its coda jamo) of a normalized form;
// the builder and the run time split stems the same way.
size_t StemTailStart(std::u32string_view normalized);

// The irregular class grammar gives a stem by its ending when nothing else
// says: the adjective suffixes 스럽, 롭, 답 (and stems ending in them:
// 유감스럽, 향기롭, 정답) are ㅂ-irregular (유감스러운). kNone otherwise.
// Used where a stem's class is unknown: the joiner's stems outside the
// model's conjugation classes and user stems added without a class.
IrregularClass DefaultIrregularClass(std::string_view form_utf8, PosTag tag);

// The section's bytes (the builder writes them).
std::string EncodeConjugationSection(const std::vector<SocketClass>& classes, const std::vector<uint32_t>& rights,
                                     std::string_view rules_text);

class Conjugation {
 public:
  // Validates the section (every right must be < morph_count) and compiles
  // its rules. kModelFormat for a malformed section.
  static StatusOr<std::unique_ptr<Conjugation>> Load(const uint8_t* data, size_t size, uint32_t morph_count);

  const MorphRules& rules() const { return rules_; }
  // Number of sockets including the unused socket 0.
  uint32_t socket_count() const { return static_cast<uint32_t>(classes_.size()); }
  const SocketClass& socket_class(uint32_t socket) const { return classes_[socket]; }
  // Irregular class of the stems of `socket` (kNone for 0 or out of range).
  IrregularClass IrregularOf(uint32_t socket) const;
  // The endings stems were expanded with, as morpheme ids.
  const std::vector<uint32_t>& rights() const { return rights_; }
  // The model's socket of a stem class, or 0 if the model has none.
  uint32_t FindSocket(const SocketClass& c) const;
  // A class as one number (equal classes, equal keys).
  static uint64_t Key(const SocketClass& c);

 private:

  MorphRules rules_;
  std::vector<SocketClass> classes_;
  std::vector<uint32_t> rights_;
  std::unordered_map<uint64_t, uint32_t> socket_of_;
};

}  // namespace kma

#endif  // KMA_CORE_MORPH_CONJUGATION_H_
