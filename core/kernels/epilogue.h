// ScoreEpilogue for code outside the kernel translation units (the LM views,
// benchmarks): the same formula as the kernels', compiled with the including
// TU's (baseline) flags into its own namespace.
#ifndef KMA_CORE_KERNELS_EPILOGUE_H_
#define KMA_CORE_KERNELS_EPILOGUE_H_

// A kernel TU must use the copy score_driver.inc puts into its own ISA
// namespace: an inline function shared with baseline TUs would be merged by
// the linker with one arbitrary copy (an AVX one on a CPU without AVX).
#ifdef KMA_KERNELS_ISA_TU
#error "kernel translation units must not include core/kernels/epilogue.h"
#endif

#include <cstdint>

namespace kma::kernels::portable {
#include "core/kernels/epilogue.inc"
}  // namespace kma::kernels::portable

#endif  // KMA_CORE_KERNELS_EPILOGUE_H_
