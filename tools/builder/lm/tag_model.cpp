#include "tools/builder/lm/tag_model.h"

#include <cmath>

#include "core/dict/dictionary.h"
#include "tools/builder/lm/knlm_builder.h"

namespace kma::build {

std::vector<float> BoundaryTable(const TagModelSpec& spec, const std::vector<CorpusSentence>& corpus) {
  std::vector<double> count((kNumTags + 1) * kNumTags * 2, 0.0);
  for (const auto& s : corpus) {
    for (size_t k = 1; k < s.size(); ++k) {
      const int prev = static_cast<int>(s[k - 1].tag), t = static_cast<int>(s[k].tag);
      count[(prev * kNumTags + t) * 2 + (s[k].word_initial ? 1 : 0)] += 1;
    }
  }
  // A sentence start is a word start whatever comes before, so its row
  // holds how often each tag begins a word at all: an ending or a suffix
  // almost never does, and without this row (log 1/2 for every tag) an
  // ending could open a sentence for the price of its LM score alone.
  for (int t = 0; t < kNumTags; ++t)
    for (int prev = 0; prev < kNumTags; ++prev)
      for (int space = 0; space < 2; ++space)
        count[(kNumTags * kNumTags + t) * 2 + space] += count[(prev * kNumTags + t) * 2 + space];
  std::vector<float> table(count.size());
  const double p = spec.boundary_prior;
  for (size_t i = 0; i < count.size(); i += 2) {
    const double joined = count[i], spaced = count[i + 1];
    table[i] = static_cast<float>(std::log((joined + p) / (joined + spaced + 2 * p)));
    table[i + 1] = static_cast<float>(std::log((spaced + p) / (joined + spaced + 2 * p)));
  }
  return table;
}

Status BuildTagLm(const TagModelSpec& spec, const std::vector<std::vector<uint32_t>>& tag_sentences,
                  const std::vector<float>& weights, std::string* out) {
  KnlmBuildOptions o;
  o.order = spec.order;
  o.quant_bits = 0;
  return BuildKnlm(tag_sentences, weights, kLmFirstWord, kLmBos, kLmEos, o, out);
}

}  // namespace kma::build
