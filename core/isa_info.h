// Name of the instruction set the engine's scoring code runs with.
// Until SIMD kernels exist (kernels issue) everything runs as portable C++.
#ifndef KMA_CORE_ISA_INFO_H_
#define KMA_CORE_ISA_INFO_H_

namespace kma {
inline const char* ActiveIsaName() { return "scalar"; }
}  // namespace kma

#endif  // KMA_CORE_ISA_INFO_H_
