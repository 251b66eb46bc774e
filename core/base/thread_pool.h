// A fixed set of worker threads that run one batch of independent items at
// a time (kma_pool in the C ABI and `kma analyze --threads`).
//
// The threads are started once and parked on a condition variable between
// batches rather than started per batch. Measured on the 2-core dev VM
// (loaded), a batch of 2 trivial items on 2 workers took 10-16 us with
// parked threads and 126-179 us with a thread started and joined per call.
// That is noise for the CLI's 512-line blocks (~100 ms at ~0.2 ms a line)
// but 10-50% of a C ABI call with a handful of lines. The calling thread of
// Run() is worker 0 and does its share of the work, so a pool of N workers
// starts N - 1 threads and a pool of 1 runs everything inline.
#ifndef KMA_CORE_BASE_THREAD_POOL_H_
#define KMA_CORE_BASE_THREAD_POOL_H_

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kma {

class ThreadPool {
 public:
  // fn(worker, index): worker is in [0, size()), index in [0, count).
  using Fn = std::function<void(size_t worker, size_t index)>;

  // `workers` >= 1 (the caller counts as one). Throws std::system_error if a
  // thread cannot be started; threads already started are joined first.
  explicit ThreadPool(size_t workers);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  size_t size() const { return threads_.size() + 1; }

  // Calls fn(worker, i) exactly once for every i in [0, count) and returns
  // when all calls have returned. Items are handed out one at a time from an
  // atomic counter, so a worker that gets short items simply takes more;
  // two calls with the same worker index never overlap. If fn throws, no
  // further items are started and the first exception is rethrown here.
  // One Run() at a time per pool.
  void Run(size_t count, const Fn& fn);

 private:
  void WorkerMain(size_t worker);
  // Takes items of the current batch until none is left.
  void Drain(size_t worker);

  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::condition_variable wake_;  // workers: a new batch or stop
  std::condition_variable done_;  // Run(): the last worker finished
  uint64_t generation_ = 0;       // batch number, guarded by mu_
  size_t busy_ = 0;               // workers still in the batch, guarded by mu_
  bool stop_ = false;             // guarded by mu_

  // The current batch; written by Run() under mu_ before the workers wake.
  const Fn* fn_ = nullptr;
  size_t count_ = 0;
  std::atomic<size_t> next_{0};
  std::mutex error_mu_;
  std::exception_ptr error_;
};

}  // namespace kma

#endif  // KMA_CORE_BASE_THREAD_POOL_H_
