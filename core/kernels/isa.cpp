#include "core/kernels/isa.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#if defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace kma::kernels {
namespace {

#if defined(__x86_64__) || defined(__i386__)
// XGETBV without needing -mxsave on the translation unit.
unsigned long long Xgetbv0() {
  unsigned int eax, edx;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<unsigned long long>(edx) << 32) | eax;
}

bool X86Supports(Isa isa) {
  unsigned int a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
  const bool sse41 = (c >> 19) & 1;
  if (isa == Isa::kSse41) return sse41;
  const bool osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
  if (!osxsave || !avx) return false;
  const unsigned long long xcr0 = Xgetbv0();
  const bool ymm_state = (xcr0 & 0x6) == 0x6;             // SSE + AVX state saved by the OS
  const bool zmm_state = (xcr0 & 0xE6) == 0xE6;           // + opmask and ZMM state
  if (__get_cpuid_max(0, nullptr) < 7) return false;
  __cpuid_count(7, 0, a, b, c, d);
  const bool avx2 = (b >> 5) & 1;
  if (isa == Isa::kAvx2) return ymm_state && avx2;
  const bool avx512f = (b >> 16) & 1, avx512bw = (b >> 30) & 1, avx512vl = (b >> 31) & 1, vnni = (c >> 11) & 1;
  if (isa == Isa::kAvx512Vnni) return zmm_state && avx2 && avx512f && avx512bw && avx512vl && vnni;
  return false;
}
#endif

}  // namespace

const char* IsaName(Isa isa) {
  switch (isa) {
    case Isa::kScalar: return "scalar";
    case Isa::kSse41: return "sse41";
    case Isa::kAvx2: return "avx2";
    case Isa::kAvx512Vnni: return "avx512vnni";
    case Isa::kNeon: return "neon";
    case Isa::kNeonDot: return "neondot";
  }
  return "scalar";
}

bool ParseIsa(std::string_view name, Isa* out) {
  for (Isa i : {Isa::kScalar, Isa::kSse41, Isa::kAvx2, Isa::kAvx512Vnni, Isa::kNeon, Isa::kNeonDot}) {
    if (name == IsaName(i)) {
      *out = i;
      return true;
    }
  }
  return false;
}

bool IsaSupported(Isa isa) {
  if (isa == Isa::kScalar) return true;
#if defined(__x86_64__)
  if (isa == Isa::kSse41 || isa == Isa::kAvx2 || isa == Isa::kAvx512Vnni) return X86Supports(isa);
#endif
#if defined(__aarch64__)
  if (isa == Isa::kNeon) return true;  // Advanced SIMD is mandatory on AArch64
#if defined(__linux__) && defined(HWCAP_ASIMDDP)
  if (isa == Isa::kNeonDot) return (getauxval(AT_HWCAP) & HWCAP_ASIMDDP) != 0;
#endif
#endif
  return false;
}

Isa BestIsa() {
  static const Isa best = [] {
    Isa b = Isa::kScalar;
    for (Isa i : {Isa::kSse41, Isa::kAvx2, Isa::kAvx512Vnni, Isa::kNeon, Isa::kNeonDot})
      if (IsaSupported(i)) b = i;
    return b;
  }();
  return best;
}

}  // namespace kma::kernels
