// Which words can begin a written word, by the model's morphophonological
// rules (core/morph/morph_rules.h): the part of the homograph set
// (homograph_set.h) that decides whether two dictionary words can be
// spelled alike.
//
// A stem begins a word when the word starts with the stem fused with an
// ending, as MorphRules::Combine spells the pair with the stem's irregular
// class, and what follows the ending may follow it: 걷 begins 걸었다 (걷 + 었
// -> 걸었, then 다) and 걷고, 걸 begins 걸었다 and 걸고, so 걸었다 is ambiguous
// between them and 걷고 is not. The rules see the ending's first syllable
// only (with a bare consonant before it: ㄴ다), so the fused spellings are
// computed once per stem class and first syllable, and the rest of the
// ending is matched as written; only the usual spellings count (the rules'
// spellings without a penalty). After an ending may come: nothing (not
// after a pre-final ending), another ending (after a pre-final one), or
// particles (after a nominal ending: 걸음을 is 걷 + 음 + 을); connective, final
// and determiner endings end the word. (This leaves out particles after a
// connective ending, 걸어서는, and auxiliaries written together with their
// verb, 걸어가다: with them, any compound verb such as 나오다 became a spelling
// of an auxiliary, 나 + 아 + 오.)
//
// A word that does not inflect begins a word when the word is the form
// itself, or, for a nominal, the form followed by one particle, or by two
// where the first is adverbial or auxiliary and the second auxiliary (or
// genitive after an adverbial one): 달 begins 달이, 달에는 and 달의, not
// 달이를; an adverb takes auxiliary particles only (빨리도), a determiner or
// an interjection none. Quotative particles, the copula and derivational
// suffixes are not followed: they follow sentences or make other words.
//
// Strings here are normalized as the rules see them (hangul::SplitCodas:
// every final consonant a separate coda jamo).
#ifndef KMA_TOOLS_BUILDER_WEAK_WORD_STARTS_H_
#define KMA_TOOLS_BUILDER_WEAK_WORD_STARTS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/morph/morph_rules.h"

namespace kma::weak {

// One word the index knows.
struct StartWord {
  std::u32string norm;  // normalized form
  PosTag tag = PosTag::kNNG;  // for stems: the tag the rules see (VV, VA, VX)
  IrregularClass irregular = IrregularClass::kNone;
  bool inflects = false;  // a verb, adjective or auxiliary stem
};

// An ending or particle the words may be followed by (normalized form).
struct Follower {
  std::u32string norm;
  PosTag tag;
};

// Thread-safety: const methods may run concurrently.
class WordStartIndex {
 public:
  // `endings`: the endings stems are fused with (tags EP..ETM); `particles`
  // (tags JKS..JC) follow the other words. Rule failures are not errors: a
  // stem no ending combines with begins no word.
  WordStartIndex(const MorphRules& rules, std::vector<StartWord> words, const std::vector<Follower>& endings,
                 const std::vector<Follower>& particles);

  // Ids (indexes into the constructor's words) of every word that begins
  // `word` (normalized, a run of Hangul), sorted.
  std::vector<uint32_t> Beginning(std::u32string_view word) const;
  // True if word `id` begins `word`.
  bool Begins(uint32_t id, std::u32string_view word) const;

  size_t word_count() const { return words_.size(); }
  size_t socket_count() const { return sockets_.size(); }

 private:
  struct Socket {  // stems the rules cannot tell apart
    std::u32string tail;
    PosTag tag;
    IrregularClass irregular;
    bool whole;
  };
  // Endings that share their first syllable: its spelling, and per ending
  // the rest of it and its tag.
  struct Unit {
    std::u32string first;
    std::vector<std::pair<std::u32string, PosTag>> endings;
  };

  void IndexStems(const MorphRules& rules);
  bool StemBegins(uint32_t id, std::u32string_view word) const;
  bool OtherBegins(uint32_t id, std::u32string_view word) const;
  // May `rest` follow an ending with tag `tag` in a word?
  bool MayFollow(PosTag tag, std::u32string_view rest) const;
  bool IsEndingRun(std::u32string_view rest) const;
  bool IsParticleRun(std::u32string_view rest, bool auxiliary_only) const;
  void AddStemCandidates(std::u32string_view word, std::vector<uint32_t>* out) const;

  std::vector<StartWord> words_;
  std::vector<uint32_t> socket_of_;   // per word: index into sockets_ (stems only)
  std::vector<size_t> head_size_;     // per word: code points before the stem's tail
  std::vector<Socket> sockets_;
  std::vector<Unit> units_;
  // (socket, fused spelling) -> the units it spells, by Key().
  std::unordered_map<uint64_t, std::vector<uint32_t>> fused_;
  size_t longest_fused_ = 0;
  // (head, first code point of a fused spelling) -> stems, by Key().
  std::unordered_map<uint64_t, std::vector<uint32_t>> stems_by_head_;
  // Words that do not inflect, by normalized form.
  std::unordered_map<std::u32string, std::vector<uint32_t>> others_;
  std::unordered_map<std::u32string, uint64_t> endings_, particles_;  // form -> tag bits
  size_t longest_ending_ = 0, longest_particle_ = 0;
};

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_WORD_STARTS_H_
