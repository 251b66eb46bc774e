/* SWIG interface: the kma C ABI as an internal P/Invoke layer for C#.
 *
 * The generated classes (Kma.Native.KmaNative and KmaNativePINVOKE) are
 * internal plumbing; the public API is the hand-written facade in
 * src/Kma/. The typemaps keep every call a thin, allocation-free P/Invoke:
 * handles travel as IntPtr (the facade owns them through SafeHandles),
 * strings as UTF-8 and size_t as 64 bits. Output lives in the build
 * directory only and is never committed.
 */
%module(imclassname="KmaNativePINVOKE") KmaNative

%{
#include <kma/kma.h>
%}

%include "swig/internal.i"
%include "swig/types.i"
%include "swig/strings.i"

/* Emit the status, option and flag values as C# `const int`s instead of
 * one P/Invoke getter per constant. */
%csconst(1);

/* The log callback needs directors (C++ mode); the facade does not expose
 * it, and kma is silent without one. */
%ignore kma_set_log_callback;
%ignore kma_log_callback;

/* The record types are read through blittable structs declared in the
 * facade (NativeToken, NativeSpan), not through SWIG proxies that would make
 * one P/Invoke per field. */
/* A string constant would come out as `const IntPtr`; kma_version_string()
 * gives the same text at run time. */
%ignore KMA_VERSION_STRING;

%ignore kma_token;
%ignore kma_span;

/* Make SWIG's preprocessor see plain C declarations; the real macros from
 * kma_common.h are used when the wrapper itself is compiled. */
#define KMA_API
#define KMA_CALL
#define KMA_DEPRECATED(msg)
#define KMA_EXTERN_C_BEGIN
#define KMA_EXTERN_C_END

%include <kma/kma_version.h>
%include <kma/kma_common.h>
%include <kma/kma_runtime.h>
%include <kma/kma_options.h>
%include <kma/kma_model.h>
%include <kma/kma_analyzer.h>
%include <kma/kma_constraints.h>
%include <kma/kma_pool.h>
%include <kma/kma_result.h>
%include <kma/kma_user_dict.h>
/* Line-break details of a glued text: not in the facade yet. */
%ignore kma_text_break;
%include <kma/kma_space.h>
