// Name of the instruction set the engine's kernels run with (see
// core/kernels/cong_kernels.h for the choice and the KMA_ISA override).
#ifndef KMA_CORE_KERNELS_ISA_INFO_H_
#define KMA_CORE_KERNELS_ISA_INFO_H_

#include "core/kernels/cong_kernels.h"

namespace kma {
inline const char* ActiveIsaName() { return kernels::IsaName(kernels::ActiveIsa()); }
}  // namespace kma

#endif  // KMA_CORE_KERNELS_ISA_INFO_H_
