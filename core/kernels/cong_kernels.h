// The CoNg scoring kernels: a fused gather + int8 GEMM + epilogue that reads
// context and output rows by index straight from the embedding tables, one
// implementation per instruction set (kernels_<isa>.cpp, each compiled with
// its own flags), chosen at run time.
//
//   result[i * ld + j] = (dot(ctx[ctx_idx[i]], out[out_idx[j]]) - comp[out_idx[j]])
//                        * ctx_scale[ctx_idx[i]] * out_scale[out_idx[j]]
//                        + out_bias[out_idx[j]] + ctx_bias[ctx_idx[i]] (+ row_add[i])
//
// with context rows as u8 (s8 + 128) and output rows as s8. Every kernel
// computes the integer dot product exactly (no saturating instruction) and
// the epilogue in the same float order, so all ISAs give bit-identical
// scores and therefore identical analyses.
//
// This header is included by the kernel TUs, each compiled with its own
// target flags, so it declares but defines no function: any inline code
// shared with baseline TUs could be merged by the linker into one arbitrary
// copy (DEVELOPING.md, "Kernels"). Everything a kernel TU defines lives in its ISA
// namespace; tests/core/kernels/kernel_symbols_test.cmake checks the objects.
#ifndef KMA_CORE_KERNELS_CONG_KERNELS_H_
#define KMA_CORE_KERNELS_CONG_KERNELS_H_

#include <cstddef>
#include <cstdint>

#include "core/kernels/isa.h"

namespace kma::kernels {

struct ScoreArgs {
  const uint8_t* ctx = nullptr;  // context rows, `dim` bytes each
  const uint32_t* ctx_idx = nullptr;
  size_t m = 0;
  const int8_t* out = nullptr;   // output rows, `dim` bytes each
  const uint32_t* out_idx = nullptr;
  size_t n = 0;
  uint32_t dim = 0;              // multiple of 16
  const float* ctx_scale = nullptr;
  const float* ctx_bias = nullptr;
  const float* out_scale = nullptr;
  const int32_t* out_comp = nullptr;  // 128 * sum of each output row
  const float* out_bias = nullptr;
  const float* row_add = nullptr;     // optional, m values (e.g. path scores)
  float* result = nullptr;
  size_t ld = 0;                      // row stride of result (>= n)
};

struct KernelTable {
  Isa isa;
  // Fused gather + GEMM + epilogue over m x n pairs.
  void (*score)(const ScoreArgs& args);
  // sum((u8[k] - 128) * s8[k]) for one pair of rows (dim multiple of 16),
  // exact. `comp` must be 128 * sum(s8): kernels that multiply u8 directly
  // subtract it, the others ignore it.
  int32_t (*signed_dot)(const uint8_t* a, const int8_t* b, uint32_t dim, int32_t comp);
  // Bit i set iff p[i] == tag, for the 64 bytes at p (any alignment): the
  // search's state map keeps a 1-byte hash per state and scans them 64 at a
  // time (32 per AVX2 compare, 64 per AVX-512 compare).
  uint64_t (*match_bytes64)(const uint8_t* p, uint8_t tag);
};

// Tables compiled into this build for `isa`, or null.
const KernelTable* KernelsFor(Isa isa);
// The active table: the best supported ISA, capped by KMA_ISA (read once,
// at first use) and by SetMaxIsa(). An analysis reads it once when it starts
// and passes the reference down (CongView's table-taking methods), so that
// a concurrent SetMaxIsa() never mixes two tables within one analysis.
const KernelTable& ActiveKernels();
Isa ActiveIsa();
// Caps the ISA (never raises it above what the CPU supports). Thread-safe;
// analyses already running finish with the kernels they started with.
void SetMaxIsa(Isa isa);

// What the KMA_ISA environment variable asked for, read once per process.
// The kernels library never reports anything itself: the C ABI turns an
// unknown name into an error and a level this CPU cannot run into a log
// message (capi/src/runtime_api.cpp), the CLI into an error message.
struct EnvIsaRequest {
  bool set = false;    // present and non-empty
  bool known = false;  // names a level (ParseIsa); if set && !known the
                       // cap is scalar (it runs everywhere)
  Isa level = Isa::kScalar;
  const char* value = "";  // the variable's text (static copy; "" if unset)
};
const EnvIsaRequest& EnvIsa();

// Per-ISA entry points (defined in kernels_<isa>.cpp when compiled in).
namespace scalar { extern const KernelTable kTable; }
namespace sse41 { extern const KernelTable kTable; }
namespace avx2 { extern const KernelTable kTable; }
namespace avx512vnni { extern const KernelTable kTable; }
namespace neon { extern const KernelTable kTable; }
namespace neondot { extern const KernelTable kTable; }

}  // namespace kma::kernels

#endif  // KMA_CORE_KERNELS_CONG_KERNELS_H_
