#include "core/search/memory_budget.h"

namespace kma::search {

const char* MemoryBudget::AccountName(Account a) {
  switch (a) {
    case kText: return "the text's buffers";
    case kLattice: return "the lattice";
    case kCandidates: return "the typo and user-dictionary candidates";
    case kSearch: return "the beam search";
    case kNBest: return "the N-best paths";
    case kResult: return "the analyses";
    case kAccounts: break;
  }
  return "the analysis";
}

void MemoryBudget::Exceed(Account a, uint64_t total) {
  exceeded_account_ = a;
  exceeded_total_ = total;
  throw BudgetExceeded();
}

}  // namespace kma::search
