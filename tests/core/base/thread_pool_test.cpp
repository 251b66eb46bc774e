#include "core/base/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace kma {
namespace {

// Every index runs exactly once, on a valid worker, over repeated batches
// of sizes below, equal to and above the worker count.
TEST(ThreadPool, RunsEveryIndexOnce) {
  for (size_t workers : {1, 2, 5}) {
    ThreadPool pool(workers);
    ASSERT_EQ(pool.size(), workers);
    for (size_t count : {0, 1, 3, 5, 64, 1000}) {
      std::vector<std::atomic<int>> hits(count);
      std::atomic<bool> bad_worker{false};
      pool.Run(count, [&](size_t worker, size_t i) {
        if (worker >= workers) bad_worker = true;
        ++hits[i];
      });
      EXPECT_FALSE(bad_worker);
      for (size_t i = 0; i < count; ++i) ASSERT_EQ(hits[i], 1) << workers << " " << count;
    }
  }
}

// A worker index is never used by two calls at the same time, which is what
// lets callers keep per-worker state (analyzers) without locks.
TEST(ThreadPool, WorkerIndexIsExclusive) {
  ThreadPool pool(4);
  std::vector<std::atomic<int>> inside(4);
  std::atomic<bool> overlap{false};
  pool.Run(2000, [&](size_t worker, size_t) {
    if (++inside[worker] != 1) overlap = true;
    --inside[worker];
  });
  EXPECT_FALSE(overlap);
}

// The first exception reaches the caller and the pool stays usable.
TEST(ThreadPool, RethrowsAndRecovers) {
  ThreadPool pool(3);
  EXPECT_THROW(pool.Run(100,
                        [](size_t, size_t i) {
                          if (i == 7) throw std::runtime_error("item 7");
                        }),
               std::runtime_error);
  std::atomic<size_t> sum{0};
  pool.Run(10, [&](size_t, size_t i) { sum += i; });
  EXPECT_EQ(sum, 45u);
}

}  // namespace
}  // namespace kma
