// AVX-512 VNNI kernels (compiled with -mavx512f -mavx512bw -mavx512vnni).
// Chosen only when CPUID and XCR0 say the CPU and OS support them.
// Everything here lives in this ISA's namespace (see epilogue.h).
#define KMA_KERNELS_ISA_TU 1
// GCC 12's AVX-512 headers build some intrinsics on _mm256_undefined_*(),
// which its -Wuninitialized flags inside the header (GCC bug 105593).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include "core/kernels/cong_kernels.h"

namespace kma::kernels::avx512vnni {
namespace {

#include "core/kernels/kernels_avx512vnni.inc"
#include "core/kernels/score_driver.inc"

}  // namespace

const KernelTable kTable = MakeTable(Isa::kAvx512Vnni);

}  // namespace kma::kernels::avx512vnni
