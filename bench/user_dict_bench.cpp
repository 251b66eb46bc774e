// Micro-benchmark of compiling a user dictionary against the bundled model
// through the C ABI, the way a service that keeps a dictionary per request
// or per user would: a one-word dictionary, and 100 words. Compiling
// should cost in proportion to the dictionary, not the model
// (core/userdict/user_dict_basis.h).
//   build/bench/kma_user_dict_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <string>

#include <kma/kma.h>

namespace {

kma_model* Model() {
  static kma_model* model = [] {
    kma_model* m = nullptr;
    return kma_model_open_file(&m, KMA_BENCH_DEFAULT_MODEL, nullptr) == KMA_OK ? m : nullptr;
  }();
  return model;
}

void BM_CompileWords(benchmark::State& state) {
  kma_model* base = Model();
  if (base == nullptr) {
    state.SkipWithError("cannot open the bundled model");
    return;
  }
  // Made-up nouns 가나0 .. 가나99: words the model does not have.
  std::string words[100];
  for (int i = 0; i < 100; ++i) words[i] = "가나" + std::to_string(i);
  // Compile once outside the timing: the first dictionary of a model works
  // out what all later ones share.
  kma_user_dict* warm = nullptr;
  kma_model* derived = nullptr;
  kma_user_dict_new(&warm, base);
  kma_user_dict_add_word(warm, "가나", "NNP", 0);
  kma_model_with_user_dict(&derived, base, warm);
  kma_model_free(derived);
  kma_user_dict_free(warm);
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    kma_user_dict* d = nullptr;
    kma_user_dict_new(&d, base);
    for (int i = 0; i < n; ++i) kma_user_dict_add_word(d, words[i].c_str(), "NNP", 0);
    if (kma_model_with_user_dict(&derived, base, d) != KMA_OK) {
      state.SkipWithError(kma_last_error_message());
      kma_user_dict_free(d);
      return;
    }
    kma_model_free(derived);
    kma_user_dict_free(d);
  }
}

}  // namespace

BENCHMARK(BM_CompileWords)->Arg(1)->Arg(100)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
