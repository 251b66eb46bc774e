// User dictionaries: words, pre-analysed surfaces, inflecting stems,
// pattern rules and blocked morphemes added at run time, as an overlay on an
// immutable model (the model and its mapped pages are never touched).
//
//   UserDictionaryBuilder  mutable, one thread at a time: collects entries
//                          (checked as they are added) and compiles them;
//   UserDictionary         immutable, shared by any number of analyzers:
//                          what the lattice hook (core/search/user_nodes.h)
//                          reads.
//
// Meaning of the entries:
//  - A word whose reading the model already has (same form and tag, one
//    morpheme) overrides the model's: every model reading that contains
//    the morpheme (alone, as a stem with its endings, fused) takes the
//    user's score; without a score nothing changes. Any other word adds a
//    reading; a morpheme the model lacks is scored through its tag's class
//    token as likely as a word seen once in the training corpus, plus the
//    score.
//  - A stem (VV VA VX XSV XSA) the model lacks conjugates as the model's
//    stems of its class do (same tail, tag and irregular class): it shares
//    their fused endings when the model has such a class, and otherwise the
//    dictionary expands the model's rules for it (core/morph/conjugation.h).
//  - A pre-analysed surface adds one reading whose morphemes all span the
//    whole surface (as the model's fused entries do).
//  - A pattern rule tags each longest match (leftmost first, not
//    overlapping) of its regex as one token whose form is the matched text.
//  - A blocked morpheme or tag never appears in an analysis: dictionary
//    readings (the model's and the user's) containing it are dropped, and
//    unknown-word guesses of a blocked tag too, except that when both NNG
//    and NNP are blocked the guesses stay so that every text still has an
//    analysis. Pretokenized patterns (numbers, Latin, URLs ...) are kept.
// Adding the same entry again (same surface and morphemes, or same pattern
// and tag) replaces its score.
#ifndef KMA_CORE_USERDICT_USER_DICTIONARY_H_
#define KMA_CORE_USERDICT_USER_DICTIONARY_H_

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/base/pos_tag.h"
#include "core/base/sorted_search.h"
#include "core/base/status.h"
#include "core/dict/dictionary.h"
#include "core/dict/trie.h"
#include "core/model/model.h"
#include "core/morph/morph_rules.h"
#include "core/text/hangul.h"
#include "core/userdict/user_pattern.h"
#include "core/userdict/user_trie.h"

namespace kma {

// Morpheme and entry ids of a user dictionary carry this bit, so they never
// collide with the model's.
inline constexpr uint32_t kUserIdBit = 0x80000000u;
inline bool IsUserId(uint32_t id) { return (id & kUserIdBit) != 0; }

// A morpheme (form, tag) as one hash key.
inline std::string MorphKey(std::string_view form, PosTag tag) {
  std::string k(form);
  k.push_back('\x1f');
  k.push_back(static_cast<char>(tag));
  return k;
}

// A morpheme only the user dictionary has.
struct UserMorph {
  std::string form;         // NFC UTF-8; empty for a pattern rule (the token is the matched text)
  PosTag tag = PosTag::kUN;
  uint16_t socket_key = 0;  // stems: conjugation class (a model socket or one of the dictionary's)
  IrregularClass irregular = IrregularClass::kNone;
  uint32_t lm_token = 0;    // the tag's class token
  float emit_logp = 0;      // log P(morph | class token)
  float tag_logp = 0;       // log P(morph | tag)
};

// One reading of a surface (as EntryRecord is for the model).
struct UserEntry {
  uint32_t morph_begin = 0;  // into the steps (UserStep) of the entries' morphemes
  uint16_t socket = 0;       // kHead / kSocket: the socket
  uint8_t morph_count = 0;
  EntryKind kind = EntryKind::kPlain;
  bool after_vowel_only = false;
  float penalty = 0;         // rule cost minus the user's score
};

// What the search needs of one morpheme of a user reading, worked out when
// compiling (the fields of search::MorphStep; a model morpheme's are the
// model's), so that unpacking a user node reads one place. The first step
// of an entry also says how many steps the node takes.
struct UserStep {
  uint32_t morph;
  uint32_t lm_token;
  float emit_logp;
  float tag_logp;
  uint16_t socket_key;
  PosTag tag;
  uint8_t node_steps;   // first step of an entry: 1 for a stem head, else its morpheme count
  char32_t first_char;  // of the normalized form
};

class UserDictionary {
 public:
  const Model& model() const { return *model_; }
  // True when the dictionary changes nothing (the lattice hook is skipped).
  bool empty() const { return empty_; }
  // Readings by normalized surface (values are entry indices).
  const UserTrie& trie() const { return trie_; }
  // False if no fused tail of `socket` (the model's or the dictionary's)
  // begins with `next`: a user stem head of that socket followed by `next`
  // can never complete. Heads are most of a large dictionary's matches and
  // nearly all of them end so.
  bool HeadMayClose(uint32_t socket, char32_t next) const {
    if (socket + 1 >= tail_first_begin_.size()) return false;
    const char32_t* b = tail_first_chars_.data() + tail_first_begin_[socket];
    const char32_t* e = tail_first_chars_.data() + tail_first_begin_[socket + 1];
    return std::binary_search(b, e, next);
  }
  // The head mask (UserTrie) of the sockets whose fused tails may begin
  // with `next`: a node whose heads' mask shares no bit with it holds no
  // head that HeadMayClose before `next`, and the walk skips its entries.
  uint32_t NextHeadMask(char32_t next) const {
    const uint32_t slot = hangul::NormalizedSlot(next);
    if (slot != hangul::kNoSlot) return next_head_masks_[slot];
    const int64_t i = FindSorted(other_next_chars_.data(), static_cast<uint32_t>(other_next_chars_.size()),
                                 static_cast<uint32_t>(next));
    return i < 0 ? 0u : other_next_masks_[static_cast<size_t>(i)];
  }
  // The trie's label of `c` (TrieLabel::kNone if no key holds it).
  TrieLabel Label(char32_t c) const {
    const uint32_t slot = hangul::NormalizedSlot(c);
    if (slot != hangul::kNoSlot) return static_cast<TrieLabel>(hangul_labels_[slot]);
    const int64_t i = FindSorted(alphabet_.data(), static_cast<uint32_t>(alphabet_.size()), static_cast<uint32_t>(c));
    return i < 0 ? TrieLabel::kNone : static_cast<TrieLabel>(i);
  }
  uint32_t entry_count() const { return static_cast<uint32_t>(entries_.size()); }
  const UserEntry& entry(uint32_t i) const { return entries_[i]; }
  void PrefetchEntry(uint32_t i) const { __builtin_prefetch(entries_.data() + i); }
  // The steps of an entry's morphemes, from steps()[e.morph_begin] on.
  const UserStep* steps() const { return steps_.data(); }
  void PrefetchSteps(uint32_t begin) const { __builtin_prefetch(steps_.data() + begin); }
  // `id` with or without kUserIdBit.
  const UserMorph& morph(uint32_t id) const { return morphs_[id & ~kUserIdBit]; }
  // Pattern rules and the entry each match becomes.
  size_t pattern_count() const { return patterns_.size(); }
  const UserPattern& pattern(size_t i) const { return patterns_[i].first; }
  uint32_t pattern_entry(size_t i) const { return patterns_[i].second; }
  // What a match of any rule may start with.
  const PatternStarts& pattern_starts() const { return pattern_starts_; }
  // Sockets from socket_base() on are the dictionary's own.
  uint32_t socket_base() const { return socket_base_; }
  bool ConcatBlocked(uint32_t socket, char32_t first_char) const;
  // Model morphemes the dictionary changes (blocked or re-scored); the
  // lattice hook visits model readings only when this is true.
  bool touches_model() const { return touches_model_; }
  bool touched(uint32_t model_morph) const {
    return model_morph < touched_.size() * 64 && ((touched_[model_morph >> 6] >> (model_morph & 63)) & 1) != 0;
  }
  // False for a model entry the dictionary leaves alone (no morpheme of it
  // blocked or re-scored): the lattice hook skips it with one bit test.
  bool entry_touched(uint32_t model_entry) const {
    // A coarse bitmap first (a bit per block of entries, small enough to
    // stay in the L1 cache for a few touched entries), then the exact one.
    const uint32_t b = model_entry >> touched_block_shift_;
    if (((touched_blocks_[b >> 6] >> (b & 63)) & 1) == 0) return false;
    return ((touched_entries_[model_entry >> 6] >> (model_entry & 63)) & 1) != 0;
  }
  bool blocked(uint32_t model_morph) const { return touched(model_morph) && blocked_.count(model_morph) != 0; }
  float bonus(uint32_t model_morph) const;
  // The dictionary's change to a reading of model entry `e`: false if it
  // holds a blocked morpheme or tag; else [*begin, *end) are the user's
  // scores of its morphemes, in morpheme order (a head counts its stem
  // only; none for an entry it leaves alone), which the search's step
  // builder adds to the reading's cost. Worked out per entry when
  // compiling: a large dictionary re-scores morphemes of many common
  // readings.
  bool ModelEntryScores(uint32_t e, const float** begin, const float** end) const {
    *begin = *end = nullptr;
    if (!entry_touched(e)) return true;
    const int64_t i = FindSorted(touched_ids_.data(), static_cast<uint32_t>(touched_ids_.size()), e);
    const TouchedEntry& t = touched_info_[static_cast<size_t>(i)];  // every touched entry is listed
    if (t.blocked) return false;
    *begin = entry_bonuses_.data() + t.bonus_begin;
    *end = entry_bonuses_.data() + t.bonus_end;
    return true;
  }
  bool tag_blocked(PosTag t) const { return (blocked_tags_ >> static_cast<unsigned>(t)) & 1u; }
  uint64_t blocked_tags() const { return blocked_tags_; }
  // The tags of the unknown-word guesses that are dropped: the blocked
  // ones, unless both NNG and NNP are (guesses are the last resort that
  // covers every run).
  uint64_t guess_blocked_tags() const { return guess_blocked_tags_; }
  // Irregular class of a user stem (for the joiner); kNone if none.
  IrregularClass StemClass(std::string_view form, PosTag tag) const;

 private:
  friend class UserDictionaryCompiler;
  friend class UserDictionaryBuilder;
  UserDictionary() = default;

  std::shared_ptr<const Model> model_;
  bool empty_ = true;
  UserTrie trie_;
  std::vector<uint32_t> alphabet_;         // the trie's labels' characters, ascending
  std::vector<uint16_t> hangul_labels_;    // by hangul::NormalizedSlot
  // NextHeadMask: by hangul::NormalizedSlot; other characters in a sorted list.
  std::vector<uint32_t> next_head_masks_;
  std::vector<uint32_t> other_next_chars_, other_next_masks_;
  // By socket s of a user head: the first characters of its fused tails
  // are tail_first_chars_[tail_first_begin_[s], tail_first_begin_[s + 1]),
  // sorted.
  std::vector<uint32_t> tail_first_begin_;
  std::vector<char32_t> tail_first_chars_;
  std::vector<UserEntry> entries_;    // in trie value order, then pattern entries
  std::vector<UserStep> steps_;        // entries' morphemes, from UserEntry::morph_begin
  std::vector<UserMorph> morphs_;
  std::vector<std::pair<UserPattern, uint32_t>> patterns_;
  PatternStarts pattern_starts_;
  uint32_t socket_base_ = 0;
  std::vector<uint64_t> concat_block_;  // (socket << 32 | first char), sorted
  bool touches_model_ = false;
  std::vector<uint64_t> touched_;       // bit per model morpheme
  std::vector<uint64_t> touched_entries_;  // bit per model entry (touches_model_ only)
  std::vector<uint64_t> touched_blocks_;   // bit per block of 1 << touched_block_shift_ entries
  uint32_t touched_block_shift_ = 0;
  struct TouchedEntry {
    uint32_t bonus_begin, bonus_end;  // into entry_bonuses_
    bool blocked;
  };
  std::vector<uint32_t> touched_ids_;       // the touched model entries, ascending
  std::vector<TouchedEntry> touched_info_;  // parallel to touched_ids_
  std::vector<float> entry_bonuses_;
  std::set<uint32_t> blocked_;
  std::unordered_map<uint32_t, float> bonus_;
  uint64_t blocked_tags_ = 0;
  uint64_t guess_blocked_tags_ = 0;
  std::unordered_map<std::string, IrregularClass> stems_;  // MorphKey(form, tag) -> class
};

class UserDictionaryBuilder {
 public:
  explicit UserDictionaryBuilder(std::shared_ptr<const Model> model);

  // Every Add/Block checks its arguments and fails with kInvalidArgument
  // (and a reason) without changing the builder; scores must be finite and
  // within ±kMaxUserScore (core/userdict/user_dict_tsv.h).
  // A word: one morpheme; a verb or adjective tag makes it a regular stem.
  Status AddWord(std::string_view form, PosTag tag, float score);
  // A stem of tag VV VA VX XSV XSA and the given irregular class; its form
  // must end in a Hangul syllable. kUnsupported if the model carries no
  // conjugation data.
  Status AddStem(std::string_view form, PosTag tag, IrregularClass irregular, float score);
  // A surface and its analysis "form/TAG form/TAG ..." (1..15 morphemes).
  Status AddAnalysis(std::string_view surface, std::string_view morphs, float score);
  // A pattern rule (syntax in core/userdict/user_pattern.h).
  Status AddPattern(std::string_view regex, PosTag tag, float score);
  // Blocks a morpheme, or with an empty form a whole tag.
  Status Block(std::string_view form, PosTag tag);
  // Adds the entries of a user dictionary file (core/userdict/user_dict_tsv.h)
  // named `name` in messages. All or nothing: on the first bad line
  // (kInvalidArgument "NAME:LINE: reason") nothing of the file is added.
  Status LoadTsv(std::string_view text, std::string_view name);

  // Entries, patterns and blocks added so far.
  size_t size() const;
  const std::shared_ptr<const Model>& model() const { return model_; }
  // An immutable snapshot; later changes to the builder do not affect it.
  // kInvalidArgument if the stems need more new conjugation classes than
  // fit (65535 sockets in all).
  StatusOr<std::shared_ptr<const UserDictionary>> Compile() const;

  // What the builder holds (UserDictionaryCompiler reads it).
  struct Word {
    std::string surface;                                  // NFC UTF-8
    std::vector<std::pair<std::string, PosTag>> morphs;   // one for words and stems
    bool stem = false;
    IrregularClass irregular = IrregularClass::kNone;
    float score = 0;
  };
  struct Pattern {
    std::string regex;
    PosTag tag;
    float score;
  };
  struct Contents {
    std::vector<Word> words;
    std::unordered_map<std::string, size_t> word_index;  // key (surface + morphs) -> index in words
    std::vector<Pattern> patterns;
    std::set<std::pair<std::string, uint8_t>> blocked;  // (form, tag); form "" = the tag
  };

 private:
  // The Add*/Block methods, on `c` (LoadTsv stages a whole file first).
  Status AddWordTo(Contents* c, std::string_view form, PosTag tag, float score) const;
  Status AddStemTo(Contents* c, std::string_view form, PosTag tag, IrregularClass irregular, float score) const;
  Status AddAnalysisTo(Contents* c, std::string_view surface, std::string_view morphs, float score) const;
  Status AddPatternTo(Contents* c, std::string_view regex, PosTag tag, float score) const;
  Status BlockIn(Contents* c, std::string_view form, PosTag tag) const;
  void PutWord(Contents* c, Word w) const;
  friend class UserDictionaryCompiler;

  std::shared_ptr<const Model> model_;
  Contents c_;
};

}  // namespace kma

#endif  // KMA_CORE_USERDICT_USER_DICTIONARY_H_
