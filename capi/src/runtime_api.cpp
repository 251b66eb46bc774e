// Library-wide C entry points: versions, errors, status strings, ISA, log.
#include <string>

#include "capi/src/api_guard.h"
#include "capi/src/isa_env.h"
#include "capi/src/log.h"
#include "core/kernels/cong_kernels.h"
#include "core/kernels/isa_info.h"
#include "core/kernels/isa.h"
#include "core/base/version.h"
#include "kma/kma.h"

// The public header re-exports the numbers core owns; they must agree.
static_assert(KMA_VERSION_MAJOR == kma::kVersionMajor && KMA_VERSION_MINOR == kma::kVersionMinor &&
                  KMA_VERSION_PATCH == kma::kVersionPatch,
              "kma_version.h and core/base/version.h disagree on the library version");
static_assert(KMA_ABI_VERSION == kma::kAbiVersion, "kma_version.h and core/base/version.h disagree on the ABI");
static_assert(KMA_MODEL_FORMAT_VERSION == kma::kModelFormatVersion &&
                  KMA_MIN_COMPATIBLE_MODEL_FORMAT_VERSION == kma::kMinCompatibleModelFormatVersion,
              "kma_version.h and core/base/version.h disagree on the model format");

uint32_t KMA_CALL kma_version_number(void) { return KMA_VERSION_NUMBER; }

const char* KMA_CALL kma_version_string(void) { return kma::kVersionString; }

uint32_t KMA_CALL kma_abi_version(void) { return KMA_ABI_VERSION; }

uint32_t KMA_CALL kma_model_format_version_supported(void) {
  return KMA_MODEL_FORMAT_VERSION;
}

uint32_t KMA_CALL kma_model_format_version_min_supported(void) {
  return KMA_MIN_COMPATIBLE_MODEL_FORMAT_VERSION;
}

const char* KMA_CALL kma_last_error_message(void) {
  return kma::capi::LastErrorMessage();
}

int64_t KMA_CALL kma_last_error_offset(void) {
  return kma::capi::LastErrorOffset();
}

const char* KMA_CALL kma_status_string(kma_status status) {
  switch (status) {
    case KMA_OK: return "ok";
    case KMA_E_UNKNOWN: return "unknown error";
    case KMA_E_INVALID_ARGUMENT: return "invalid argument";
    case KMA_E_OUT_OF_MEMORY: return "out of memory";
    case KMA_E_IO: return "I/O error";
    case KMA_E_RESOURCE: return "memory budget exceeded";
    case KMA_E_MODEL_FORMAT: return "invalid model file";
    case KMA_E_MODEL_VERSION: return "unsupported model format version";
    case KMA_E_INVALID_UTF8: return "invalid UTF-8";
    case KMA_E_INVALID_UTF16: return "invalid UTF-16";
    case KMA_E_INPUT_TOO_LONG: return "input too long";
    case KMA_E_BUFFER_TOO_SMALL: return "buffer too small";
    case KMA_E_UNSATISFIABLE: return "constraints cannot be satisfied";
    case KMA_E_UNSUPPORTED: return "unsupported";
    case KMA_E_INTERNAL: return "internal error";
    default: return "unknown status code";
  }
}

namespace kma::capi {
namespace {

constexpr char kIsaNames[] = "scalar, sse41, avx2, avx512vnni, neon, neondot";

bool Runnable(kernels::Isa isa) { return kernels::KernelsFor(isa) != nullptr && kernels::IsaSupported(isa); }

}  // namespace

kma_status CheckIsaEnvironment(const char* fn) noexcept {
  const kernels::EnvIsaRequest& env = kernels::EnvIsa();
  if (!env.set) return KMA_OK;
  if (!env.known)
    return Fail(KMA_E_INVALID_ARGUMENT, {fn, ": the environment variable KMA_ISA='", env.value,
                                         "' names no instruction set (", kIsaNames, "); unset it or use one of those"});
  if (!Runnable(env.level)) {
    try {
      const std::string msg = std::string("KMA_ISA=") + env.value + ": this CPU or build cannot run " + env.value +
                              " kernels; using " + kernels::IsaName(kernels::ActiveIsa());
      Log(KMA_LOG_WARNING, msg.c_str());
    } catch (...) {  // no memory for the message: drop it, the call itself is fine
    }
  }
  return KMA_OK;
}

}  // namespace kma::capi

const char* KMA_CALL kma_active_isa_name(void) {
  return kma::capi::GuardValue<const char*>("kma_active_isa_name", "scalar",
                                            [] { return kma::ActiveIsaName(); });
}

kma_status KMA_CALL kma_set_max_isa(const char* isa_name) {
  static constexpr char kFn[] = "kma_set_max_isa";
  return kma::capi::Guard(kFn, [&]() -> kma_status {
    if (isa_name == nullptr) return kma::capi::NullArgument(kFn, "isa_name");
    kma::kernels::Isa isa;
    if (!kma::kernels::ParseIsa(isa_name, &isa))
      return kma::capi::Fail(KMA_E_INVALID_ARGUMENT,
                             {kFn, ": unknown instruction set '", isa_name, "' (", kma::capi::kIsaNames, ")"});
    if (kma_status st = kma::capi::CheckIsaEnvironment(kFn); st != KMA_OK) return st;
    kma::kernels::SetMaxIsa(isa);
    const kma::kernels::Isa active = kma::kernels::ActiveIsa();
    if (active != isa) {
      const std::string msg = std::string(kFn) + "(\"" + isa_name + "\"): kernels use " +
                              kma::kernels::IsaName(active) + " (the best level this CPU, build and KMA_ISA allow)";
      kma::capi::Log(KMA_LOG_INFO, msg.c_str());
    }
    return KMA_OK;
  });
}

void KMA_CALL kma_set_log_callback(kma_log_callback cb, void* user) {
  kma::capi::SetLogCallback(cb, user);
}
