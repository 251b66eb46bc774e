// The memory one analysis may hold (AnalyzeOptions::memory_budget_mib). The
// big containers of an analysis (the text's buffers, the lattice, the beam's
// sets and history, the N-best paths, the result) report the bytes they hold
// to one MemoryBudget as they grow, under one account each, at a few points
// per text position rather than per allocation. When the total would pass
// the limit the analysis stops with BudgetExceeded, which the analyzer turns
// into a kResource status for that text. Small allocations (a node's strings,
// the LM caches, the model) are not counted: the budget bounds what grows
// with the text and the options.
#ifndef KMA_CORE_SEARCH_MEMORY_BUDGET_H_
#define KMA_CORE_SEARCH_MEMORY_BUDGET_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <vector>

namespace kma::search {

// Thrown by MemoryBudget::Hold; never leaves the analyzer (Analyzer turns it
// into StatusCode::kResource).
class BudgetExceeded : public std::exception {
 public:
  const char* what() const noexcept override { return "memory budget exceeded"; }
};

class MemoryBudget {
 public:
  enum Account : uint8_t { kText, kLattice, kCandidates, kSearch, kNBest, kResult, kAccounts };

  // Starts an analysis that may hold `limit` bytes (0: no limit).
  void Reset(uint64_t limit) {
    limit_ = limit == 0 ? UINT64_MAX : limit;
    total_ = 0;
    peak_ = 0;
    held_.fill(0);
  }
  // Account `a` now holds `bytes`. Throws BudgetExceeded (the account and
  // the total it would have reached kept for the message) when the total
  // passes the limit.
  void Hold(Account a, uint64_t bytes) {
    const uint64_t total = total_ - held_[a] + bytes;
    if (total > limit_) Exceed(a, total);
    total_ = total;
    held_[a] = bytes;
    if (total > peak_) peak_ = total;
  }

  uint64_t limit() const { return limit_; }
  // The largest total held since Reset.
  uint64_t peak() const { return peak_; }
  // The account and total of the Hold that threw.
  Account exceeded_account() const { return exceeded_account_; }
  uint64_t exceeded_total() const { return exceeded_total_; }
  static const char* AccountName(Account a);

 private:
  [[noreturn]] void Exceed(Account a, uint64_t total);

  uint64_t limit_ = UINT64_MAX;
  uint64_t total_ = 0;
  uint64_t peak_ = 0;
  std::array<uint64_t, kAccounts> held_{};
  Account exceeded_account_ = kText;
  uint64_t exceeded_total_ = 0;
};

// Bytes a vector's buffer holds.
template <typename T>
inline uint64_t HeldBytes(const std::vector<T>& v) {
  return static_cast<uint64_t>(v.capacity()) * sizeof(T);
}

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_MEMORY_BUDGET_H_
