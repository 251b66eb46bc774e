// Headword agreement: the share of dictionary examples whose analysis holds
// the example's headword in corpus convention, overall, per headword class
// and per example kind, with the rule that found it.
#ifndef KMA_TOOLS_BUILDER_WEAK_AGREEMENT_H_
#define KMA_TOOLS_BUILDER_WEAK_AGREEMENT_H_

#include <cstdint>

#include "tools/builder/weak/dict_examples.h"
#include "tools/builder/weak/headword_convention.h"
#include "tools/builder/weak/headword_match.h"

namespace kma::weak {

// What one example gave.
struct ExampleOutcome {
  HeadwordClass cls = HeadwordClass::kOther;
  ExampleKind kind = ExampleKind::kSentence;
  bool scored = false;  // the text spells the headword (or the run scores every example)
  RuleMask rules = 0;   // rules with a reading in the analysis
};

struct AgreementCount {
  int64_t examples = 0;  // read (after the kind and held-out filters)
  int64_t scored = 0;    // whose text spells the headword
  int64_t agreed = 0;    // scored, with an accepted reading in the analysis
  double agreement() const { return scored > 0 ? double(agreed) / double(scored) : 0.0; }
  void Merge(const AgreementCount& o) {
    examples += o.examples;
    scored += o.scored;
    agreed += o.agreed;
  }
};

// Sums of outcomes; tallies of disjoint example sets merge by Merge().
class AgreementTally {
 public:
  explicit AgreementTally(bool plain = false) : plain_(plain) {}

  void Add(const ExampleOutcome& o);
  void Merge(const AgreementTally& o);

  const AgreementCount& overall() const { return overall_; }
  const AgreementCount& by_class(HeadwordClass c) const { return by_class_[static_cast<int>(c)]; }
  const AgreementCount& by_kind(ExampleKind k) const { return by_kind_[static_cast<int>(k)]; }
  const AgreementCount& by_class_kind(HeadwordClass c, ExampleKind k) const {
    return by_class_kind_[static_cast<int>(c)][static_cast<int>(k)];
  }
  // Agreeing examples credited to rule r (the first accepted rule found).
  int64_t first_rule(Rule r) const { return first_rule_[static_cast<int>(r)]; }
  // Agreeing examples that only rule r's readings agree on (the agreement
  // lost without the rule).
  int64_t only_rule(Rule r) const { return only_rule_[static_cast<int>(r)]; }
  // Scored examples without agreement that rule r (a rule that does not
  // count) finds a reading for: what accepting it would add.
  int64_t rejected_rule(Rule r) const { return rejected_rule_[static_cast<int>(r)]; }
  bool plain() const { return plain_; }

 private:
  bool plain_;
  AgreementCount overall_;
  AgreementCount by_class_[kNumHeadwordClasses];
  AgreementCount by_kind_[kNumExampleKinds];
  AgreementCount by_class_kind_[kNumHeadwordClasses][kNumExampleKinds];
  int64_t first_rule_[kNumRules] = {};
  int64_t only_rule_[kNumRules] = {};
  int64_t rejected_rule_[kNumRules] = {};
};

}  // namespace kma::weak

#endif  // KMA_TOOLS_BUILDER_WEAK_AGREEMENT_H_
