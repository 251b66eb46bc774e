#include "core/model/dictionary_words.h"

#include "core/model/model_view.h"
#include "core/text/hangul.h"

namespace kma {

void DictionaryWords::Reset(uint32_t node_count) {
  // Value-initialized: all zero (nothing known).
  memo_.reset(new std::atomic<uint8_t>[node_count]());
}

unsigned DictionaryWords::Tags(const ModelImpl& model, uint32_t node, std::u32string_view key) const {
  const uint8_t known = memo_[node].load(std::memory_order_relaxed);
  if (known != 0) return known & 3u;
  const TrieView& trie = model.trie();
  unsigned tags = 0;
  for (uint32_t e = trie.value_begin(node); e < trie.value_end(node) && tags != (kNng | kNnp); ++e)
    tags |= EntryBit(model, e, key);
  memo_[node].store(static_cast<uint8_t>(kKnown | tags), std::memory_order_relaxed);
  return tags;
}

unsigned DictionaryWords::EntryBit(const ModelImpl& model, uint32_t entry, std::u32string_view key) {
  const EntryRecord& er = model.entry(entry);
  if (er.kind() != EntryKind::kPlain || er.morph_count() != 1 || er.after_vowel_only()) return 0;
  const uint32_t m = model.entry_morphs(er)[0];
  const uint8_t tag = model.morph(m).tag();
  const unsigned bit = tag == static_cast<uint8_t>(PosTag::kNNG) ? kNng
                       : tag == static_cast<uint8_t>(PosTag::kNNP) ? kNnp : 0u;
  // The form an unknown word of this span gets (Analyzer::ToTokens).
  return bit != 0 && hangul::JoinedEqualsUtf8(key, model.morph_form(m)) ? bit : 0u;
}

}  // namespace kma
