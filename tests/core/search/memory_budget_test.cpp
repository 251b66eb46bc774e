// search::MemoryBudget: accounts replace their own bytes, the total and the
// peak follow, a Hold past the limit throws and changes nothing, 0 is no
// limit.
#include "core/search/memory_budget.h"

#include <gtest/gtest.h>

namespace kma::search {
namespace {

TEST(MemoryBudget, AccountsReplaceTheirBytesAndThePeakStays) {
  MemoryBudget b;
  b.Reset(1000);
  b.Hold(MemoryBudget::kLattice, 400);
  b.Hold(MemoryBudget::kSearch, 500);
  b.Hold(MemoryBudget::kLattice, 100);  // the lattice shrank: 600 held
  EXPECT_EQ(b.peak(), 900u);
  b.Hold(MemoryBudget::kSearch, 900);  // exactly the limit
  EXPECT_EQ(b.peak(), 1000u);
}

TEST(MemoryBudget, PassingTheLimitThrowsAndKeepsWhatWasHeld) {
  MemoryBudget b;
  b.Reset(1000);
  b.Hold(MemoryBudget::kText, 300);
  EXPECT_THROW(b.Hold(MemoryBudget::kNBest, 701), BudgetExceeded);
  EXPECT_EQ(b.exceeded_account(), MemoryBudget::kNBest);
  EXPECT_EQ(b.exceeded_total(), 1001u);
  EXPECT_STREQ(MemoryBudget::AccountName(b.exceeded_account()), "the N-best paths");
  b.Hold(MemoryBudget::kNBest, 700);  // the refused bytes were not counted
  EXPECT_EQ(b.peak(), 1000u);
  b.Reset(1000);
  EXPECT_EQ(b.peak(), 0u);
  b.Hold(MemoryBudget::kNBest, 1000);
}

TEST(MemoryBudget, ZeroIsNoLimit) {
  MemoryBudget b;
  b.Reset(0);
  b.Hold(MemoryBudget::kSearch, uint64_t{1} << 50);
  EXPECT_EQ(b.peak(), uint64_t{1} << 50);
}

}  // namespace
}  // namespace kma::search
