// Which trie nodes are the dictionary's own nouns. The unknown-word guesser
// asks at every candidate span the dictionary also matches; the answer
// depends on the node alone, so it is worked out once per node and
// remembered (working it out for all nodes at load doubled the load time).
#ifndef KMA_CORE_MODEL_DICTIONARY_WORDS_H_
#define KMA_CORE_MODEL_DICTIONARY_WORDS_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>

namespace kma {

class ModelImpl;

class DictionaryWords {
 public:
  static constexpr unsigned kNng = 1, kNnp = 2;
  // Room for a trie of `node_count` nodes, nothing worked out yet.
  void Reset(uint32_t node_count);
  // Bit kNng / kNnp: trie node `node`, whose key is `key`, holds a plain
  // entry of one morpheme with that tag whose form is the key itself (not a
  // spelling after a vowel only). An unknown-word guess of that form and
  // tag would be the dictionary's word again (an N-best list would show one
  // analysis twice).
  // Thread-safety: any number of threads; the remembered answers are
  // relaxed atomics, and two threads that work out the same node store the
  // same value.
  unsigned Tags(const ModelImpl& model, uint32_t node, std::u32string_view key) const;
  // The bit of one entry of the node whose key is `key`: kNng or kNnp when it
  // is such a word, else 0. (Tags() is the union over the node's entries.)
  static unsigned EntryBit(const ModelImpl& model, uint32_t entry, std::u32string_view key);

 private:
  static constexpr uint8_t kKnown = 4;
  // Per node: 0 until worked out, then kKnown | tags.
  std::unique_ptr<std::atomic<uint8_t>[]> memo_;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_DICTIONARY_WORDS_H_
