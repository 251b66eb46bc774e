#include "tools/builder/lm/spacing_counts.h"

#include <algorithm>
#include <unordered_map>

#include "core/model/format.h"
#include "core/model/mapped_file.h"
#include "core/model/spacing_table.h"
#include "tools/builder/dict/dictionary_writer.h"

namespace kma::build {

std::string SpacingSection(const std::vector<CorpusSentence>& corpus, size_t gold) {
  std::unordered_map<uint64_t, std::pair<uint32_t, uint32_t>> counts;
  const size_t n = std::min(gold, corpus.size());
  for (size_t i = 0; i < n; ++i) {
    const CorpusSentence& s = corpus[i];
    for (size_t k = 1; k < s.size(); ++k) {
      const CorpusMorph& a = s[k - 1];
      const CorpusMorph& b = s[k];
      for (SpacingContext c : {SpacingContext::kLeft, SpacingContext::kRight, SpacingContext::kBoth}) {
        auto& slot = counts[SpacingKey(c, a.form, a.tag, b.form, b.tag)];
        ++(b.word_initial ? slot.first : slot.second);
      }
    }
  }
  // Two contexts with one hash (a chance of about 2^-40 here) share an
  // entry, their counts summed: sorting by key keeps the bytes
  // deterministic whatever the map's order.
  std::vector<SpacingEntry> entries;
  entries.reserve(counts.size());
  for (const auto& [key, c] : counts) entries.push_back({key, c.first, c.second});
  std::sort(entries.begin(), entries.end(),
            [](const SpacingEntry& x, const SpacingEntry& y) { return x.key < y.key; });
  return PodSection(entries);
}

Status AddSpacingSection(const std::string& base, const std::vector<CorpusSentence>& corpus, size_t gold,
                         const std::string& output) {
  auto file = MappedFile::Open(base);
  if (!file.ok()) return file.status();
  auto mf = ModelFile::Parse(file.value()->data(), file.value()->size(), true);
  if (!mf.ok()) return mf.status();
  ModelWriter w;
  for (const auto& [key, value] : mf.value().AllMetadata()) w.SetMetadata(key, value);
  for (const std::string& name : mf.value().section_names()) {
    if (name == kMetadataSectionName || name == kSpacingSection) continue;
    const uint8_t* d;
    size_t n;
    mf.value().FindSection(name, &d, &n);
    w.AddSection(name, std::string(reinterpret_cast<const char*>(d), n));
  }
  w.AddSection(std::string(kSpacingSection), SpacingSection(corpus, gold));
  return w.WriteFile(output);
}

}  // namespace kma::build
