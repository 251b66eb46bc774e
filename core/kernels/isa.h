// Instruction-set levels kma has kernels for, run-time detection, and the
// choice of the active one (highest supported, capped by the KMA_ISA
// environment variable or SetMaxIsa()).
#ifndef KMA_CORE_KERNELS_ISA_H_
#define KMA_CORE_KERNELS_ISA_H_

#include <string_view>

namespace kma::kernels {

// In priority order within an architecture (higher = preferred).
enum class Isa : int {
  kScalar = 0,
  kSse41 = 1,
  kAvx2 = 2,
  kAvx512Vnni = 3,
  kNeon = 4,
  kNeonDot = 5,
};

const char* IsaName(Isa isa);
// Parses "scalar", "sse41", "avx2", "avx512vnni", "neon", "neondot".
bool ParseIsa(std::string_view name, Isa* out);
// True if this CPU and OS can run code compiled for `isa` (CPUID and XCR0 on
// x86, getauxval on ARM) and this build contains its kernels.
bool IsaSupported(Isa isa);
// The best supported level. Detected once.
Isa BestIsa();

}  // namespace kma::kernels

#endif  // KMA_CORE_KERNELS_ISA_H_
