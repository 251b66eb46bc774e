// Homograph agreement on the held-out homograph examples (homograph_set.h):
// an example agrees when its analysis holds the headword in corpus
// convention (an accepted reading, as headword agreement counts it) and
// none of its rivals' readings in the words that make it ambiguous.
// Counted overall, per example kind and per homograph pair (an example of
// 걷 VV with the rival 걸 VV counts for the pair {걷 VV, 걸 VV}, and agrees
// there when it holds 걷 and not 걸).
#ifndef KMA_TOOLS_BUILDER_WEAK_HOMOGRAPH_AGREEMENT_H_
#define KMA_TOOLS_BUILDER_WEAK_HOMOGRAPH_AGREEMENT_H_

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "tools/builder/weak/dict_examples.h"
#include "tools/builder/weak/headword_match.h"

namespace kma::weak {

// True if one of `readings` (a rival's) is found among the morphemes of
// `morphs` that overlap `words` (the ambiguous words; `surface`: the
// headword's spellings, for anchored readings).
bool RivalFound(const std::vector<MorphView>& morphs, const std::vector<ByteSpan>& words,
                const std::vector<Reading>& readings, const std::vector<ByteSpan>& surface);

// What one example gave.
struct HomographOutcome {
  uint32_t entry = 0;  // the example's entry (HomographSet ids)
  ExampleKind kind = ExampleKind::kSentence;
  bool headword = false;  // the analysis holds the headword
  std::vector<std::pair<uint32_t, bool>> rivals;  // each rival, and whether its reading was found
};

struct HomographCount {
  int64_t examples = 0;
  int64_t headword = 0;  // holding the headword, rivals aside
  int64_t agreed = 0;    // holding the headword and no rival
  double agreement() const { return examples > 0 ? double(agreed) / double(examples) : 0.0; }
};

using HomographPair = std::pair<uint32_t, uint32_t>;  // entry ids, first < second

class HomographTally {
 public:
  void Add(const HomographOutcome& o);

  const HomographCount& overall() const { return overall_; }
  const HomographCount& by_kind(ExampleKind k) const { return by_kind_[static_cast<int>(k)]; }
  const std::map<HomographPair, HomographCount>& pairs() const { return pairs_; }

 private:
  HomographCount overall_;
  HomographCount by_kind_[kNumExampleKinds];
  std::map<HomographPair, HomographCount> pairs_;
};

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_HOMOGRAPH_AGREEMENT_H_
