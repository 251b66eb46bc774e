/**
 * @file kma_runtime.h
 * @brief Library-wide functions: runtime version checks, the thread-local
 *        last error, status strings, the active instruction set and the
 *        optional log callback.
 *
 * None of these functions needs an initialization call; kma has no global
 * init/shutdown (CPU detection is lazy and happens once, on first use).
 */
#ifndef KMA_RUNTIME_H_
#define KMA_RUNTIME_H_

#include "kma_common.h"

KMA_EXTERN_C_BEGIN

/* ------------------------------------------------------------------------ */
/* Versions                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * Version of the loaded library as M*10000 + m*100 + p.
 *
 * Bindings compare its major part (value / 10000) with KMA_VERSION_MAJOR of
 * the headers they were generated from, at load time.
 *
 * @return the runtime library version number.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API uint32_t KMA_CALL kma_version_number(void);

/**
 * Version of the loaded library as a string, e.g. "0.1.0".
 *
 * @return a static NUL-terminated string; never NULL.
 * Ownership: static storage; do not free.
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_version_string(void);

/**
 * ABI version of the loaded library (its SOVERSION, KMA_ABI_VERSION).
 *
 * @return the ABI version the library was built with.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API uint32_t KMA_CALL kma_abi_version(void);

/**
 * Newest model file format version this library reads (and writes):
 * KMA_MODEL_FORMAT_VERSION of the build.
 *
 * @return the newest supported model format version.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API uint32_t KMA_CALL kma_model_format_version_supported(void);

/**
 * Oldest model file format version this library still reads:
 * KMA_MIN_COMPATIBLE_MODEL_FORMAT_VERSION of the build.
 *
 * @return the oldest supported model format version.
 * Ownership: nothing is allocated.
 * Thread-safety: any thread.
 */
KMA_API uint32_t KMA_CALL kma_model_format_version_min_supported(void);

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */
/* ------------------------------------------------------------------------ */

/**
 * Human-readable text of the last failure on the calling thread.
 *
 * Every kma function that fails (returns a negative kma_status, or NULL from
 * a function documented to report errors) stores a message here, with
 * context such as the file path or the offset of a bad byte. Successful
 * calls do not clear it, so after a success the text may be stale: always
 * look at the return code first. Messages are thread-local because all
 * language bindings call kma on the caller's own thread, and per-handle
 * messages would race.
 *
 * @return a NUL-terminated UTF-8 string; "" if nothing failed yet on this
 *         thread; never NULL.
 * Ownership: thread-local storage owned by kma; valid until the next failing
 *         kma call on the same thread. Copy it if you need to keep it.
 * Thread-safety: any thread (each thread sees its own message).
 */
KMA_API const char* KMA_CALL kma_last_error_message(void);

/**
 * Position of the last input error on the calling thread.
 *
 * @return for KMA_E_INVALID_UTF8 the byte offset, and for
 *         KMA_E_INVALID_UTF16 the UTF-16 unit offset, of the first invalid
 *         code unit in the input of the last failing call; -1 for every other
 *         kind of failure (and before any failure).
 * Ownership: nothing is allocated.
 * Thread-safety: any thread (each thread sees its own value).
 */
KMA_API int64_t KMA_CALL kma_last_error_offset(void);

/**
 * Short static description of a status code, e.g. "invalid UTF-8".
 *
 * @param[in] status  any value; unknown codes give "unknown status code".
 * @return a static NUL-terminated string; never NULL.
 * Ownership: static storage; do not free.
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_status_string(kma_status status);

/* ------------------------------------------------------------------------ */
/* CPU dispatch                                                              */
/* ------------------------------------------------------------------------ */

/**
 * Name of the instruction set the scoring kernels run with: one of
 * "scalar", "sse41", "avx2", "avx512vnni", "neon", "neondot". It is the best
 * level the CPU supports, capped by the KMA_ISA environment variable (read
 * once, at first use) and by kma_set_max_isa().
 *
 * KMA_ISA must be unset, empty or one of the names above. Any other value is
 * an error: kma_model_open_file(), kma_model_open_memory() and
 * kma_set_max_isa() then fail with KMA_E_INVALID_ARGUMENT naming the value
 * (and this function reports "scalar"). A known level the CPU cannot run
 * (e.g. "avx512vnni" on a CPU without it, "neon" on x86) is not an error:
 * the kernels use the best level below it, and each model opening logs a
 * KMA_LOG_WARNING saying so through the log callback.
 *
 * @return a static NUL-terminated string; never NULL.
 * Ownership: static storage; do not free.
 * Thread-safety: any thread.
 */
KMA_API const char* KMA_CALL kma_active_isa_name(void);

/**
 * Caps the instruction set of the scoring kernels, e.g. to compare results
 * or speed across levels. The active level becomes the best one the CPU
 * supports that is not above @p isa_name (and not above KMA_ISA); it is
 * never raised above what the CPU supports. Levels are ordered "scalar" <
 * "sse41" < "avx2" < "avx512vnni" < "neon" < "neondot". Every level gives
 * bit-identical scores, so analyses do not change.
 *
 * When the resulting level differs from @p isa_name (the CPU, the build or
 * KMA_ISA does not allow it), a KMA_LOG_INFO message names the level used.
 *
 * @param[in] isa_name  NUL-terminated level name.
 * @return KMA_OK; KMA_E_INVALID_ARGUMENT (NULL or unknown name, or KMA_ISA
 *         set to an unknown name).
 * Thread-safety: any thread; analyses already running finish with the
 *         kernels they started with.
 */
KMA_API kma_status KMA_CALL kma_set_max_isa(const char* isa_name);

/* ------------------------------------------------------------------------ */
/* Logging                                                                   */
/* ------------------------------------------------------------------------ */

/** Log levels passed to a kma_log_callback. */
enum {
  KMA_LOG_DEBUG = 10,
  KMA_LOG_INFO = 20,
  KMA_LOG_WARNING = 30,
  KMA_LOG_ERROR = 40
};

/**
 * Receives diagnostics from the library. kma never writes to stdout or
 * stderr itself; this callback is the only channel for diagnostics. The
 * messages are:
 *  - KMA_LOG_WARNING at each model opening while KMA_ISA names a level the
 *    CPU cannot run: "KMA_ISA=avx512vnni: this CPU or build cannot run
 *    avx512vnni kernels; using avx2";
 *  - KMA_LOG_INFO from kma_set_max_isa() when the level used differs from
 *    the one asked for;
 *  - KMA_LOG_DEBUG for each model opened: its source, format version,
 *    morpheme count, language models and kernels.
 * Failures are not logged: they are reported by the return code and
 * kma_last_error_message().
 *
 * @param[in] level    one of the KMA_LOG_* values.
 * @param[in] message  NUL-terminated UTF-8; valid only during the call.
 * @param[in] user     the pointer given to kma_set_log_callback().
 * The callback may be invoked from any thread that calls into kma, possibly
 * concurrently; it must not call back into kma.
 */
typedef void(KMA_CALL* kma_log_callback)(int32_t level, const char* message,
                                         void* user);

/**
 * Installs (or, with cb == NULL, removes) the process-wide log callback.
 *
 * @param[in] cb    the callback, or NULL to disable logging (the default).
 * @param[in] user  opaque pointer passed back to every invocation.
 * Ownership: kma stores both pointers and never frees @p user; keep it valid
 *         until the callback is replaced or removed.
 * Thread-safety: any thread; a call racing with a log message may deliver
 *         that message to either the old or the new callback.
 */
KMA_API void KMA_CALL kma_set_log_callback(kma_log_callback cb, void* user);

KMA_EXTERN_C_END

#endif /* KMA_RUNTIME_H_ */
