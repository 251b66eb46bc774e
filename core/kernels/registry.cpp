// Kernel registry: which tables this build has, and the active one.
#include <atomic>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/kernels/cong_kernels.h"

namespace kma::kernels {
namespace {

constexpr Isa kNoCap = Isa::kNeonDot;  // the highest level: caps nothing

EnvIsaRequest ReadEnv() {
  EnvIsaRequest r;
  const char* env = std::getenv("KMA_ISA");
  if (env == nullptr || *env == '\0') return r;
  static const std::string copy = env;  // getenv's buffer may change later
  r.set = true;
  r.value = copy.c_str();
  r.known = ParseIsa(copy, &r.level);
  return r;
}

// The cap from KMA_ISA. An unknown name caps at scalar: the C ABI refuses
// to open models then (see EnvIsa()), and scalar runs on every CPU.
Isa EnvCap() {
  const EnvIsaRequest& r = EnvIsa();
  if (!r.set) return kNoCap;
  return r.known ? r.level : Isa::kScalar;
}

// Highest compiled and supported table at or below `cap`; scalar always.
const KernelTable* Choose(Isa cap) {
  const Isa order[] = {Isa::kNeonDot, Isa::kNeon, Isa::kAvx512Vnni, Isa::kAvx2, Isa::kSse41};
  for (Isa isa : order) {
    // Levels are ordered scalar < sse41 < avx2 < avx512vnni < neon <
    // neondot; a build only has one family, so an x86 cap on ARM means
    // scalar and an ARM cap on x86 means no cap.
    if (static_cast<int>(isa) > static_cast<int>(cap)) continue;
    const KernelTable* t = KernelsFor(isa);
    if (t != nullptr && IsaSupported(isa)) return t;
  }
  return &scalar::kTable;
}

std::atomic<const KernelTable*>& Active() {
  static std::atomic<const KernelTable*> active{Choose(EnvCap())};
  return active;
}

}  // namespace

const EnvIsaRequest& EnvIsa() {
  static const EnvIsaRequest request = ReadEnv();
  return request;
}

const KernelTable* KernelsFor(Isa isa) {
  switch (isa) {
    case Isa::kScalar: return &scalar::kTable;
#if defined(__x86_64__)
    case Isa::kSse41: return &sse41::kTable;
    case Isa::kAvx2: return &avx2::kTable;
    case Isa::kAvx512Vnni: return &avx512vnni::kTable;
#endif
#if defined(__aarch64__)
    case Isa::kNeon: return &neon::kTable;
    case Isa::kNeonDot: return &neondot::kTable;
#endif
    default: return nullptr;
  }
}

const KernelTable& ActiveKernels() { return *Active().load(std::memory_order_acquire); }

Isa ActiveIsa() { return ActiveKernels().isa; }

void SetMaxIsa(Isa isa) {
  const Isa env_cap = EnvCap();
  const Isa cap = static_cast<int>(isa) < static_cast<int>(env_cap) ? isa : env_cap;
  Active().store(Choose(cap), std::memory_order_release);
}

}  // namespace kma::kernels
