// Micro-benchmarks of the CoNg scoring kernels at the model's shapes: the
// fused gather + int8 GEMM of the active ISA, at dimensions 32 and 64, against (a) gathering the rows
// into contiguous buffers first and then running a generic int8 GEMM over
// them, and (b) m x n separate dot products with their own epilogues.
//   build/bench/kma_kernels_bench [--benchmark_filter=...]
// KMA_ISA=scalar|sse41|avx2 caps the ISA as for the analyzer.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "core/kernels/cong_kernels.h"
#include "core/kernels/epilogue.h"

namespace {

using namespace kma::kernels;

constexpr uint32_t kRows = 4096;  // rows to pick from (the tables are far larger)

// Tables of rows of D bytes: D = 32 is the bundled model's embedding size,
// 64 the previous one.
template <uint32_t kDim>
struct Tables {
  std::vector<uint8_t> ctx = std::vector<uint8_t>(size_t{kRows} * kDim);
  std::vector<int8_t> out = std::vector<int8_t>(size_t{kRows} * kDim);
  std::vector<float> cs = std::vector<float>(kRows, 0.01f), cb = std::vector<float>(kRows, -3.0f);
  std::vector<float> os = std::vector<float>(kRows, 0.02f), ob = std::vector<float>(kRows, -1.0f);
  std::vector<int32_t> comp = std::vector<int32_t>(kRows);
  Tables() {
    uint32_t s = 1;
    for (auto& v : ctx) v = static_cast<uint8_t>(1 + (s = s * 1103515245u + 12345u) % 255);
    for (auto& v : out) v = static_cast<int8_t>(int((s = s * 1103515245u + 12345u) % 255) - 127);
    for (uint32_t r = 0; r < kRows; ++r) {
      int32_t sum = 0;
      for (uint32_t k = 0; k < kDim; ++k) sum += out[size_t{r} * kDim + k];
      comp[r] = 128 * sum;
    }
  }
};
template <uint32_t kDim>
const Tables<kDim>& T() {
  static const Tables<kDim> t;
  return t;
}

void Indices(size_t m, size_t n, std::vector<uint32_t>* ci, std::vector<uint32_t>* oi) {
  ci->resize(m);
  oi->resize(n);
  for (size_t i = 0; i < m; ++i) (*ci)[i] = static_cast<uint32_t>((i * 977 + 13) % kRows);
  for (size_t j = 0; j < n; ++j) (*oi)[j] = static_cast<uint32_t>((j * 1531 + 101) % kRows);
}

template <uint32_t kDim>
void BM_Fused(benchmark::State& state) {
  const size_t m = state.range(0), n = state.range(1);
  std::vector<uint32_t> ci, oi;
  Indices(m, n, &ci, &oi);
  std::vector<float> res(m * n);
  ScoreArgs a;
  a.ctx = T<kDim>().ctx.data();
  a.ctx_idx = ci.data();
  a.m = m;
  a.out = T<kDim>().out.data();
  a.out_idx = oi.data();
  a.n = n;
  a.dim = kDim;
  a.ctx_scale = T<kDim>().cs.data();
  a.ctx_bias = T<kDim>().cb.data();
  a.out_scale = T<kDim>().os.data();
  a.out_comp = T<kDim>().comp.data();
  a.out_bias = T<kDim>().ob.data();
  a.result = res.data();
  a.ld = n;
  const KernelTable& k = ActiveKernels();
  for (auto _ : state) {
    k.score(a);
    benchmark::DoNotOptimize(res.data());
  }
  state.SetLabel(IsaName(k.isa));
}

// (a) Gather the rows into contiguous A and B, then a generic int8 GEMM
// (row-major loops over the packed buffers, the compiler's vectorisation)
// and a separate epilogue pass.
template <uint32_t kDim>
void BM_GatherThenGemm(benchmark::State& state) {
  const size_t m = state.range(0), n = state.range(1);
  std::vector<uint32_t> ci, oi;
  Indices(m, n, &ci, &oi);
  std::vector<uint8_t> a(m * kDim);
  std::vector<int8_t> b(n * kDim);
  std::vector<int32_t> acc(m * n);
  std::vector<float> res(m * n);
  for (auto _ : state) {
    for (size_t i = 0; i < m; ++i) std::memcpy(&a[i * kDim], &T<kDim>().ctx[size_t{ci[i]} * kDim], kDim);
    for (size_t j = 0; j < n; ++j) std::memcpy(&b[j * kDim], &T<kDim>().out[size_t{oi[j]} * kDim], kDim);
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j) {
        int32_t s = 0;
        for (uint32_t k = 0; k < kDim; ++k) s += int32_t{a[i * kDim + k]} * b[j * kDim + k];
        acc[i * n + j] = s;
      }
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j)
        res[i * n + j] = portable::ScoreEpilogue(acc[i * n + j] - T<kDim>().comp[oi[j]], T<kDim>().cs[ci[i]], T<kDim>().os[oi[j]], T<kDim>().ob[oi[j]],
                                       T<kDim>().cb[ci[i]]);
    benchmark::DoNotOptimize(res.data());
  }
}

// (b) m x n separate dot products through the active ISA's single-pair
// kernel, each with its own gather and epilogue.
template <uint32_t kDim>
void BM_SeparateDots(benchmark::State& state) {
  const size_t m = state.range(0), n = state.range(1);
  std::vector<uint32_t> ci, oi;
  Indices(m, n, &ci, &oi);
  std::vector<float> res(m * n);
  const KernelTable& k = ActiveKernels();
  for (auto _ : state) {
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j) {
        const int32_t d = k.signed_dot(&T<kDim>().ctx[size_t{ci[i]} * kDim], &T<kDim>().out[size_t{oi[j]} * kDim], kDim,
                                       T<kDim>().comp[oi[j]]);
        res[i * n + j] = portable::ScoreEpilogue(d, T<kDim>().cs[ci[i]], T<kDim>().os[oi[j]], T<kDim>().ob[oi[j]], T<kDim>().cb[ci[i]]);
      }
    benchmark::DoNotOptimize(res.data());
  }
  state.SetLabel(IsaName(k.isa));
}

void Shapes(benchmark::internal::Benchmark* b) {
  for (int m : {1, 2, 4, 8, 16})
    for (int n : {1, 2, 3, 4}) b->Args({m, n});
}

BENCHMARK_TEMPLATE(BM_Fused, 32)->Apply(Shapes);
BENCHMARK_TEMPLATE(BM_GatherThenGemm, 32)->Apply(Shapes);
BENCHMARK_TEMPLATE(BM_SeparateDots, 32)->Apply(Shapes);
BENCHMARK_TEMPLATE(BM_Fused, 64)->Apply(Shapes);
BENCHMARK_TEMPLATE(BM_GatherThenGemm, 64)->Apply(Shapes);
BENCHMARK_TEMPLATE(BM_SeparateDots, 64)->Apply(Shapes);

}  // namespace

BENCHMARK_MAIN();
