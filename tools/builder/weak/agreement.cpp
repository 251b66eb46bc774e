#include "tools/builder/weak/agreement.h"

namespace kma::weak {

void AgreementTally::Add(const ExampleOutcome& o) {
  const int first = o.scored ? FirstAcceptedRule(o.rules, plain_) : -1;
  const auto c = static_cast<int>(o.cls), k = static_cast<int>(o.kind);
  for (AgreementCount* n : {&overall_, &by_class_[c], &by_kind_[k], &by_class_kind_[c][k]}) {
    ++n->examples;
    n->scored += o.scored;
    n->agreed += first >= 0;
  }
  if (!o.scored) return;
  RuleMask accepted = 0, rejected = 0;
  for (int r = 0; r < kNumRules; ++r) {
    if (!(o.rules & (RuleMask{1} << r))) continue;
    (RuleAccepted(static_cast<Rule>(r), plain_) ? accepted : rejected) |= RuleMask{1} << r;
  }
  if (first >= 0) {
    ++first_rule_[first];
    if ((accepted & (accepted - 1)) == 0) ++only_rule_[first];  // exactly one accepted rule
    return;
  }
  for (int r = 0; r < kNumRules; ++r)
    if (rejected & (RuleMask{1} << r)) ++rejected_rule_[r];
}

void AgreementTally::Merge(const AgreementTally& o) {
  overall_.Merge(o.overall_);
  for (int c = 0; c < kNumHeadwordClasses; ++c) {
    by_class_[c].Merge(o.by_class_[c]);
    for (int k = 0; k < kNumExampleKinds; ++k) by_class_kind_[c][k].Merge(o.by_class_kind_[c][k]);
  }
  for (int k = 0; k < kNumExampleKinds; ++k) by_kind_[k].Merge(o.by_kind_[k]);
  for (int r = 0; r < kNumRules; ++r) {
    first_rule_[r] += o.first_rule_[r];
    only_rule_[r] += o.only_rule_[r];
    rejected_rule_[r] += o.rejected_rule_[r];
  }
}

}  // namespace kma::weak
