#include "core/base/thread_pool.h"

#include <utility>

namespace kma {

ThreadPool::ThreadPool(size_t workers) {
  try {
    for (size_t w = 1; w < workers; ++w) threads_.emplace_back(&ThreadPool::WorkerMain, this, w);
  } catch (...) {
    // The destructor does not run for a half-built object: stop the threads
    // that did start, or std::thread's destructor would terminate.
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
    throw;
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void ThreadPool::Drain(size_t worker) {
  for (;;) {
    const size_t i = next_.fetch_add(1, std::memory_order_relaxed);
    if (i >= count_) return;
    try {
      (*fn_)(worker, i);
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mu_);
      if (!error_) error_ = std::current_exception();
      next_.store(count_, std::memory_order_relaxed);  // start nothing new
    }
  }
}

void ThreadPool::WorkerMain(size_t worker) {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    Drain(worker);
    // After this decrement the batch may be gone: touch nothing of it.
    std::lock_guard<std::mutex> lock(mu_);
    if (--busy_ == 0) done_.notify_one();
  }
}

void ThreadPool::Run(size_t count, const Fn& fn) {
  if (count == 0) return;
  fn_ = &fn;
  count_ = count;
  next_.store(0, std::memory_order_relaxed);
  error_ = nullptr;
  // A single item (or a pool of one) gains nothing from waking threads.
  if (threads_.empty() || count == 1) {
    Drain(0);
  } else {
    {
      std::lock_guard<std::mutex> lock(mu_);
      busy_ = threads_.size();
      ++generation_;
    }
    wake_.notify_all();
    Drain(0);
    std::unique_lock<std::mutex> lock(mu_);
    done_.wait(lock, [&] { return busy_ == 0; });
  }
  fn_ = nullptr;
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

}  // namespace kma
