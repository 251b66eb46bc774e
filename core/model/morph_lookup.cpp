#include "core/model/morph_lookup.h"

#include "core/model/model_view.h"
#include "core/text/hangul.h"
#include "core/text/utf.h"

namespace kma {

std::u32string NormalizeMorphForm(std::string_view utf8) {
  std::u32string u;
  if (!Utf8ToU32(utf8, &u)) return {};
  return hangul::SplitCodas(u, true);
}

uint32_t FindModelMorph(const ModelImpl& model, std::u32string_view normalized, PosTag tag) {
  if (normalized.empty()) return 0;
  const TrieView& trie = model.trie();
  const uint32_t node = trie.Find(normalized);
  if (node == TrieView::kNone) return 0;
  // A morpheme's own reading is the plain one-morpheme entry of its form.
  for (uint32_t v = trie.value_begin(node); v < trie.value_end(node); ++v) {
    const EntryRecord& e = model.entry(v);
    if (e.kind() != EntryKind::kPlain || e.morph_count() != 1) continue;
    const uint32_t m = model.entry_morphs(e)[0];
    if (model.morph(m).tag() == static_cast<uint8_t>(tag)) return m;
  }
  return 0;
}

}  // namespace kma
