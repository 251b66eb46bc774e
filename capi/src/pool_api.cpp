// kma_pool: batches of texts analysed on a kma::ThreadPool, one kma_analyzer
// per worker. Each text goes through the public kma_analyzer_analyze_*
// entry points, so a pooled result is by construction the result a single
// analyzer would give, and per-text failures carry the same codes.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "capi/src/api_guard.h"
#include "core/base/thread_pool.h"
#include "kma/kma.h"

namespace {

using kma::capi::Fail;
using kma::capi::Guard;
using kma::capi::NullArgument;

constexpr uint32_t kMaxThreads = 256;

struct AnalyzerDeleter {
  void operator()(kma_analyzer* a) const { kma_analyzer_free(a); }
};

// The message and offset of one failed text, as kma_last_error_message()
// and kma_last_error_offset() gave them on the worker's thread.
struct TextError {
  size_t index;
  std::string message;
  int64_t offset;
};

// What one worker keeps during a call: its failures, recorded without a lock
// and merged in index order after the call.
struct Worker {
  std::unique_ptr<kma_analyzer, AnalyzerDeleter> analyzer;
  std::vector<TextError> errors;
};

}  // namespace

// Only this file needs the layout, so it lives here rather than in handles.h.
struct kma_pool {
  std::vector<Worker> workers;  // workers[w] is used by ThreadPool worker w only
  std::unique_ptr<kma::ThreadPool> threads;
  // Set for the duration of a call: a second thread entering the same pool
  // gets an error instead of sharing the analyzers.
  std::atomic<bool> busy{false};
  // Failures of the last call, by increasing text index
  // (kma_pool_text_error()).
  std::vector<TextError> errors;
};

namespace {

// Runs `analyze(analyzer, i, &results[i])` for every text on the pool and
// fills the per-text statuses. Validates the arrays first; see kma_pool.h.
template <typename Unit, typename AnalyzeFn>
kma_status RunBatch(const char* fn, kma_pool* pool, const Unit* const* texts,
                    const size_t* lengths, size_t count, kma_result** results,
                    kma_status* statuses, AnalyzeFn analyze) {
  // Every given slot is written, also on failure, so the caller never reads
  // stale pointers.
  auto fail_all = [&](kma_status code) {
    for (size_t i = 0; i < count; ++i) {
      if (results != nullptr) results[i] = nullptr;
      if (statuses != nullptr) statuses[i] = code;
    }
    return code;
  };
  if (pool == nullptr) return fail_all(NullArgument(fn, "pool"));
  if (count == 0) return KMA_OK;
  if (results == nullptr) return fail_all(NullArgument(fn, "results"));
  if (statuses == nullptr) return fail_all(NullArgument(fn, "statuses"));
  if (texts == nullptr) return fail_all(NullArgument(fn, "texts"));
  if (lengths == nullptr) return fail_all(NullArgument(fn, "lengths"));
  if (pool->busy.exchange(true, std::memory_order_acquire)) {
    return fail_all(Fail(KMA_E_INVALID_ARGUMENT,
                         {fn, ": the pool is already in use by another thread"}));
  }
  struct Release {
    kma_pool* p;
    ~Release() { p->busy.store(false, std::memory_order_release); }
  } release{pool};

  pool->errors.clear();
  for (Worker& w : pool->workers) w.errors.clear();
  // NULL first, so that a failed call can free exactly what was made.
  std::fill(results, results + count, nullptr);
  try {
    pool->threads->Run(count, [&](size_t worker, size_t i) {
      Worker& w = pool->workers[worker];
      statuses[i] = analyze(w.analyzer.get(), texts[i], lengths[i], &results[i]);
      if (statuses[i] != KMA_OK) {
        // The message is in this worker thread's last-error slot; copy it
        // for the caller's thread.
        try {
          w.errors.push_back({i, kma_last_error_message(), kma_last_error_offset()});
        } catch (...) {
          // Out of memory: the status still tells; the message stays "".
        }
      }
    });
    for (Worker& w : pool->workers) {
      for (TextError& e : w.errors) pool->errors.push_back(std::move(e));
    }
  } catch (...) {
    // Only allocating can throw here (the analyze entry points never do),
    // but a failed call must not leak the results that were made.
    for (size_t i = 0; i < count; ++i) kma_result_free(results[i]);
    pool->errors.clear();
    return fail_all(kma::capi::FromCurrentException(fn));
  }
  std::sort(pool->errors.begin(), pool->errors.end(),
            [](const TextError& a, const TextError& b) { return a.index < b.index; });
  if (!pool->errors.empty()) {
    const TextError& first = pool->errors.front();
    kma::capi::SetLastError({fn, ": text ", std::to_string(first.index), ": ", first.message},
                            first.offset);
  }
  return KMA_OK;
}

}  // namespace

kma_status KMA_CALL kma_pool_new(kma_pool** out, const kma_model* model,
                                 const kma_options* opt, uint32_t threads) {
  static constexpr char kFn[] = "kma_pool_new";
  return Guard(kFn, [&]() -> kma_status {
    if (out == nullptr) return NullArgument(kFn, "out");
    *out = nullptr;
    if (model == nullptr) return NullArgument(kFn, "model");
    if (threads > kMaxThreads) {
      return Fail(KMA_E_INVALID_ARGUMENT, {kFn, ": threads is ", std::to_string(threads),
                                           ", must be 0 (all CPUs) or 1..256"});
    }
    if (threads == 0) {
      // hardware_concurrency() is the online CPU count on Linux, and may be
      // 0 when unknown.
      threads = std::clamp<uint32_t>(std::thread::hardware_concurrency(), 1, kMaxThreads);
    }
    auto pool = std::make_unique<kma_pool>();
    pool->workers.resize(threads);
    for (Worker& w : pool->workers) {
      kma_analyzer* a = nullptr;
      kma_status st = kma_analyzer_new(&a, model, opt);
      if (st != KMA_OK) {
        // Re-attribute the analyzer's message (copied first: SetLastError
        // overwrites the string it would read from).
        std::string message = kma_last_error_message();
        return Fail(st, {kFn, ": ", message});
      }
      w.analyzer.reset(a);
    }
    pool->threads = std::make_unique<kma::ThreadPool>(threads);
    *out = pool.release();
    return KMA_OK;
  });
}

void KMA_CALL kma_pool_free(kma_pool* pool) {
  // Joins the threads (ThreadPool's destructor), then frees the analyzers.
  kma::capi::GuardVoid("kma_pool_free", [&] { delete pool; });
}

namespace {

// The recorded failure of text `index` of the last call, or null.
const TextError* FindTextError(const kma_pool* pool, size_t index) {
  if (pool == nullptr) return nullptr;
  auto it = std::lower_bound(pool->errors.begin(), pool->errors.end(), index,
                             [](const TextError& e, size_t i) { return e.index < i; });
  return it != pool->errors.end() && it->index == index ? &*it : nullptr;
}

}  // namespace

const char* KMA_CALL kma_pool_text_error(const kma_pool* pool, size_t index) {
  const TextError* e = FindTextError(pool, index);
  return e != nullptr ? e->message.c_str() : "";
}

int64_t KMA_CALL kma_pool_text_error_offset(const kma_pool* pool, size_t index) {
  const TextError* e = FindTextError(pool, index);
  return e != nullptr ? e->offset : -1;
}

uint32_t KMA_CALL kma_pool_thread_count(const kma_pool* pool) {
  return pool == nullptr ? 0 : static_cast<uint32_t>(pool->workers.size());
}

kma_status KMA_CALL kma_pool_analyze_utf8(kma_pool* pool, const char* const* texts,
                                          const size_t* lengths, size_t count,
                                          kma_result** results, kma_status* statuses) {
  static constexpr char kFn[] = "kma_pool_analyze_utf8";
  return Guard(kFn, [&] {
    return RunBatch(kFn, pool, texts, lengths, count, results, statuses,
                    [](kma_analyzer* a, const char* text, size_t n, kma_result** r) {
                      return kma_analyzer_analyze_utf8(a, text, n, r);
                    });
  });
}

kma_status KMA_CALL kma_pool_analyze_utf16(kma_pool* pool, const uint16_t* const* texts,
                                           const size_t* lengths, size_t count,
                                           kma_result** results, kma_status* statuses) {
  static constexpr char kFn[] = "kma_pool_analyze_utf16";
  return Guard(kFn, [&] {
    return RunBatch(kFn, pool, texts, lengths, count, results, statuses,
                    [](kma_analyzer* a, const uint16_t* text, size_t n, kma_result** r) {
                      return kma_analyzer_analyze_utf16(a, text, n, r);
                    });
  });
}
