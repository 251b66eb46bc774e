// Tests for AgreementTally (tools/builder/weak/agreement.h).
#include "tools/builder/weak/agreement.h"

#include <gtest/gtest.h>

namespace kma::weak {
namespace {

ExampleOutcome Outcome(HeadwordClass c, ExampleKind k, bool scored, RuleMask rules) {
  ExampleOutcome o;
  o.cls = c;
  o.kind = k;
  o.scored = scored;
  o.rules = rules;
  return o;
}

TEST(AgreementTally, CountsPerClassKindAndRule) {
  AgreementTally t;
  t.Add(Outcome(HeadwordClass::kVerb, ExampleKind::kSentence, true, RuleBit(Rule::kExact)));
  t.Add(Outcome(HeadwordClass::kVerb, ExampleKind::kPhrase, true, RuleBit(Rule::kSuffix)));
  t.Add(Outcome(HeadwordClass::kVerb, ExampleKind::kPhrase, true,
                RuleBit(Rule::kExact) | RuleBit(Rule::kAuxCompound)));
  t.Add(Outcome(HeadwordClass::kVerb, ExampleKind::kDialogue, true, RuleBit(Rule::kSuffixCross)));
  t.Add(Outcome(HeadwordClass::kNoun, ExampleKind::kDialogue, false, RuleBit(Rule::kExact)));
  EXPECT_EQ(t.overall().examples, 5);
  EXPECT_EQ(t.overall().scored, 4);
  EXPECT_EQ(t.overall().agreed, 3);
  EXPECT_DOUBLE_EQ(t.overall().agreement(), 0.75);
  EXPECT_EQ(t.by_class(HeadwordClass::kVerb).agreed, 3);
  EXPECT_EQ(t.by_class(HeadwordClass::kNoun).scored, 0);
  EXPECT_EQ(t.by_class(HeadwordClass::kNoun).agreed, 0);  // not scored: rules ignored
  EXPECT_EQ(t.by_kind(ExampleKind::kPhrase).agreed, 2);
  EXPECT_EQ(t.by_class_kind(HeadwordClass::kVerb, ExampleKind::kDialogue).agreed, 0);
  EXPECT_EQ(t.first_rule(Rule::kExact), 2);
  EXPECT_EQ(t.only_rule(Rule::kExact), 1);
  EXPECT_EQ(t.first_rule(Rule::kSuffix), 1);
  EXPECT_EQ(t.only_rule(Rule::kSuffix), 1);
  EXPECT_EQ(t.first_rule(Rule::kAuxCompound), 0);
  EXPECT_EQ(t.rejected_rule(Rule::kSuffixCross), 1);
}

TEST(AgreementTally, MergeEqualsAddingEverything) {
  AgreementTally a, b, all;
  const ExampleOutcome x = Outcome(HeadwordClass::kAdverb, ExampleKind::kSentence, true, RuleBit(Rule::kExact));
  const ExampleOutcome y = Outcome(HeadwordClass::kAdverb, ExampleKind::kPhrase, true, 0);
  a.Add(x);
  b.Add(y);
  all.Add(x);
  all.Add(y);
  a.Merge(b);
  EXPECT_EQ(a.overall().scored, all.overall().scored);
  EXPECT_EQ(a.overall().agreed, all.overall().agreed);
  EXPECT_EQ(a.by_kind(ExampleKind::kPhrase).scored, 1);
  EXPECT_EQ(a.first_rule(Rule::kExact), 1);
}

TEST(AgreementTally, PlainCountsOnlyItsRules) {
  AgreementTally t(true);
  t.Add(Outcome(HeadwordClass::kVerb, ExampleKind::kSentence, true, RuleBit(Rule::kSuffix)));
  t.Add(Outcome(HeadwordClass::kVerb, ExampleKind::kSentence, true, RuleBit(Rule::kPlainHaDoe)));
  EXPECT_EQ(t.overall().agreed, 1);
  EXPECT_EQ(t.first_rule(Rule::kPlainHaDoe), 1);
}

}  // namespace
}  // namespace kma::weak
