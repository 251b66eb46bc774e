/**
 * @file kma_common.h
 * @brief Definitions shared by every kma header: export and calling-convention
 *        macros, the status type and its codes, and the opaque handle types.
 *
 * Users include <kma/kma.h>, which pulls in this file; including it alone is
 * supported but rarely useful.
 *
 * This header is C99 and includes only <stddef.h> and <stdint.h>, so that
 * binding generators (bindgen, SWIG) and strict C compilers see plain C.
 */
#ifndef KMA_COMMON_H_
#define KMA_COMMON_H_

#include <stddef.h>
#include <stdint.h>

#include "kma_version.h"

/*
 * C++ consumers get C linkage; the header itself contains no C++.
 */
#ifdef __cplusplus
#define KMA_EXTERN_C_BEGIN extern "C" {
#define KMA_EXTERN_C_END }
#else
#define KMA_EXTERN_C_BEGIN
#define KMA_EXTERN_C_END
#endif

/**
 * KMA_API marks every exported function.
 *
 * - Windows: dllexport while building the DLL (KMA_BUILDING), nothing for the
 *   static library (KMA_STATIC), dllimport for consumers of the DLL.
 * - Elsewhere: default visibility. The library is compiled with hidden
 *   visibility, so only functions carrying KMA_API are exported; a version
 *   script (capi/kma.map) enforces the same rule at link time.
 *
 * Bindings that define KMA_API themselves (e.g. SWIG interface files) win:
 * the macro is only defined here when it is not defined yet.
 */
#ifndef KMA_API
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(KMA_STATIC)
/* Static library: plain external functions. */
#define KMA_API
#elif defined(KMA_BUILDING)
/* Building kma.dll. */
#define KMA_API __declspec(dllexport)
#else
/* Using kma.dll. */
#define KMA_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) && __GNUC__ >= 4
/* GCC/Clang: exported even when built with -fvisibility=hidden. */
#define KMA_API __attribute__((visibility("default")))
#else
/* Other compilers export everything by default. */
#define KMA_API
#endif
#endif /* KMA_API */

/**
 * KMA_CALL is the calling convention of every exported function: __cdecl on
 * 32-bit Windows (so that P/Invoke and JNA defaults match), empty elsewhere.
 */
#ifndef KMA_CALL
#if defined(_WIN32) && !defined(_WIN64)
#define KMA_CALL __cdecl
#else
#define KMA_CALL
#endif
#endif

/**
 * KMA_DEPRECATED(msg) marks a function that has a replacement (usually a
 * `_v2` twin). Define KMA_DISABLE_DEPRECATE_WARNINGS to silence it.
 */
#if defined(KMA_DISABLE_DEPRECATE_WARNINGS)
#define KMA_DEPRECATED(msg)
#elif defined(__GNUC__) || defined(__clang__)
#define KMA_DEPRECATED(msg) __attribute__((deprecated(msg)))
#elif defined(_MSC_VER)
#define KMA_DEPRECATED(msg) __declspec(deprecated(msg))
#else
#define KMA_DEPRECATED(msg)
#endif

KMA_EXTERN_C_BEGIN

/**
 * Result of every kma function that can fail.
 *
 * A fixed-width integer rather than an enum: the size of a C enum is
 * implementation-defined, while int32_t maps 1:1 onto JNI `int`, C# `int` and
 * Rust `i32`. Zero is success, errors are negative. Details of the last
 * failure on the calling thread are available from kma_last_error_message()
 * and kma_last_error_offset() (see kma_runtime.h); the returned code is
 * always authoritative.
 */
typedef int32_t kma_status;

/**
 * Status codes. The values are part of the ABI: they are explicit, gapped
 * (room for related codes) and never reused. There is deliberately no
 * "maximum" code; new codes may appear in any release, so treat any unknown
 * negative value as a generic failure.
 */
enum {
  /** Success. */
  KMA_OK = 0,
  /** An error without a more specific code. */
  KMA_E_UNKNOWN = -1,
  /** A NULL pointer, an out-of-range value or an option of the wrong type
   *  was passed; the message names the argument. */
  KMA_E_INVALID_ARGUMENT = -2,
  /** Memory allocation failed. */
  KMA_E_OUT_OF_MEMORY = -3,
  /** A file could not be opened or read; the message names the path. */
  KMA_E_IO = -4,
  /** The analysis would hold more memory than its budget
   *  (KMA_OPT_MEMORY_BUDGET_MIB); the message names the budget and what
   *  outgrew it. Nothing is returned for that text; the analyzer stays
   *  usable, and a shorter text or a larger budget may succeed. */
  KMA_E_RESOURCE = -5,
  /** The bytes are not a valid kma model (bad magic, truncated, corrupt). */
  KMA_E_MODEL_FORMAT = -10,
  /** The model's format version is outside the range this library reads;
   *  the message names both versions. */
  KMA_E_MODEL_VERSION = -11,
  /** The input text is not valid UTF-8; kma_last_error_offset() gives the
   *  byte offset of the first bad code unit. */
  KMA_E_INVALID_UTF8 = -20,
  /** The input text is not valid UTF-16 (unpaired surrogate);
   *  kma_last_error_offset() gives the offset of the bad unit. */
  KMA_E_INVALID_UTF16 = -21,
  /** The input is too long to be described with 32-bit offsets. */
  KMA_E_INPUT_TOO_LONG = -22,
  /** A caller-provided buffer is too small. */
  KMA_E_BUFFER_TOO_SMALL = -30,
  /** The request is valid but not supported by this build or this CPU
   *  (e.g. an unknown option slot). */
  KMA_E_UNSUPPORTED = -40,
  /** No analysis satisfies the constraints of a constrained analysis
   *  (kma_constraints.h); the message names the constraint. */
  KMA_E_UNSATISFIABLE = -50,
  /** A bug inside kma (an unexpected internal exception). */
  KMA_E_INTERNAL = -99
};

/**
 * A loaded model: dictionary, tries and language models. Immutable once
 * opened and safe to share between threads. Reference-counted internally:
 * analyzers keep their model alive, so kma_model_free() may be called while
 * analyzers created from it are still in use.
 */
typedef struct kma_model kma_model;

/**
 * Per-thread analysis state over a model (scratch memory, options). Cheap to
 * create; use one per thread. A single analyzer must never be used by two
 * threads at the same time.
 */
typedef struct kma_analyzer kma_analyzer;

/**
 * A fixed set of worker threads, each with its own analyzer over one shared
 * model, that analyses batches of texts in parallel (see kma_pool.h). Used
 * by one calling thread at a time.
 */
typedef struct kma_pool kma_pool;

/**
 * The outcome of one analysis or sentence split: tokens, scores, sentence
 * spans and a string pool. Immutable; owns all memory it hands out.
 */
typedef struct kma_result kma_result;

/**
 * A set of numbered option slots (see kma_options.h). Opaque, so adding an
 * option never changes a struct layout.
 */
typedef struct kma_options kma_options;

KMA_EXTERN_C_END

#endif /* KMA_COMMON_H_ */
