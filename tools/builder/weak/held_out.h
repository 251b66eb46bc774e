// The held-out headwords: one headword in ten, with all its
// senses, parts of speech and examples, is never trained on and scores the
// headword agreement.
//
// "One in ten" is decided by the headword string alone, so the trainer and
// the evaluator agree without sharing a list, and the split does not move
// when examples are added, removed or reordered: a headword is held out
// when HeadwordHash() of its UTF-8 bytes (as written in dict_examples.tsv's
// headword column: 걷, 개종하, ㄴ) is 0 modulo 10. The hash is 64-bit FNV-1a
// followed by MurmurHash3's 64-bit finaliser: FNV-1a alone is a poor choice
// modulo 10, its low bit is the parity of the bytes' low bits (on
// dict_examples.tsv it held out 4,040 headwords where 4,300 were expected).
// On dict_examples.tsv this split holds out 4,361 of 43,000 headwords and
// 54,915 of 550,876 examples (10.0%). The held-out homograph examples
// (homograph_set.h) are held out besides, example by example; a trainer
// tests both with weak::IsTrainingExample().
#ifndef KMA_TOOLS_BUILDER_WEAK_HELD_OUT_H_
#define KMA_TOOLS_BUILDER_WEAK_HELD_OUT_H_

#include <cstdint>
#include <string_view>

namespace kma::weak {

// FNV-1a (64-bit) of the bytes of `s`, then MurmurHash3's fmix64.
// Thread-safety: any thread.
uint64_t HeadwordHash(std::string_view s);
// MurmurHash3's 64-bit finaliser, the last step of HeadwordHash().
uint64_t Fmix64(uint64_t h);

// True if every example of `headword` is held out.
// Thread-safety: any thread.
bool IsHeldOutHeadword(std::string_view headword);

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_HELD_OUT_H_
