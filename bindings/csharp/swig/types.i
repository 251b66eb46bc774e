/* Integer widths and handle types.
 *
 * stdint.i maps int32_t/uint32_t/uint16_t/int64_t to their exact C# twins.
 * size_t is the trap: SWIG maps it to a 32-bit `uint` by default, which
 * would truncate counts and lengths on 64-bit platforms. All targets of
 * this binding are LP64/LLP64 64-bit, so size_t travels as `ulong`.
 */
%include <stdint.i>
%include <typemaps.i>
%apply unsigned long long { size_t };

/* Opaque handles as IntPtr. The facade wraps them in SafeHandles; SWIG's
 * own proxy classes would add a second, competing owner. */
%define KMA_HANDLE(TYPE)
%typemap(ctype) TYPE*, const TYPE* "void*"
%typemap(imtype) TYPE*, const TYPE* "global::System.IntPtr"
%typemap(cstype) TYPE*, const TYPE* "global::System.IntPtr"
%typemap(csin) TYPE*, const TYPE* "$csinput"
%typemap(csout, excode=SWIGEXCODE) TYPE*, const TYPE* {
    global::System.IntPtr ret = $imcall;$excode
    return ret;
  }
%typemap(in) TYPE*, const TYPE* %{ $1 = ($1_ltype)$input; %}
%typemap(out) TYPE*, const TYPE* %{ $result = (void*)$1; %}

/* Constructor out-parameters (`TYPE** out`) become `out IntPtr`. */
%typemap(ctype) TYPE** "void**"
%typemap(imtype) TYPE** "out global::System.IntPtr"
%typemap(cstype) TYPE** "out global::System.IntPtr"
%typemap(csin) TYPE** "out $csinput"
%typemap(in) TYPE** %{ $1 = ($1_ltype)$input; %}
%enddef

KMA_HANDLE(kma_model)
KMA_HANDLE(kma_analyzer)
KMA_HANDLE(kma_result)
KMA_HANDLE(kma_options)
KMA_HANDLE(kma_pool)
KMA_HANDLE(kma_user_dict)
KMA_HANDLE(kma_joiner)
KMA_HANDLE(kma_constraints)
/* Token arrays are read in place through a blittable struct. */
KMA_HANDLE(kma_token)
KMA_HANDLE(kma_text)

/* kma_text_data(text, size_t* bytes). */
%typemap(ctype) size_t* bytes "size_t*"
%typemap(imtype) size_t* bytes "out ulong"
%typemap(cstype) size_t* bytes "out ulong"
%typemap(csin) size_t* bytes "out $csinput"
%typemap(in) size_t* bytes %{ $1 = ($1_ltype)$input; %}

/* kma_span* out: filled straight into the facade's blittable struct. */
%typemap(ctype) kma_span* out "kma_span*"
%typemap(imtype) kma_span* out "out Kma.NativeSpan"
%typemap(cstype) kma_span* out "out Kma.NativeSpan"
%typemap(csin) kma_span* out "out $csinput"
%typemap(in) kma_span* out %{ $1 = ($1_ltype)$input; %}

/* Scalar out-parameters. */
%apply unsigned short *OUTPUT { uint16_t* out };
%apply int *OUTPUT { int32_t* out };
%apply float *OUTPUT { float* out };
%apply double *OUTPUT { double* min_out, double* max_out };
%apply int *OUTPUT { int32_t* option_out };
%apply unsigned long long *OUTPUT { size_t* written };

/* UTF-16 text: the facade pins the string (`fixed`) and passes the raw
 * pointer, so no copy and no marshaler conversion happens. */
%typemap(ctype) const uint16_t* text "const uint16_t*"
%typemap(imtype) const uint16_t* text "global::System.IntPtr"
%typemap(cstype) const uint16_t* text "global::System.IntPtr"
%typemap(csin) const uint16_t* text "$csinput"
%typemap(in) const uint16_t* text %{ $1 = ($1_ltype)$input; %}

/* Model images: a byte[] is blittable and pinned for the call. */
%typemap(ctype) const void* data "const void*"
%typemap(imtype) const void* data "byte[]"
%typemap(cstype) const void* data "byte[]"
%typemap(csin) const void* data "$csinput"
%typemap(in) const void* data %{ $1 = ($1_ltype)$input; %}

/* Batches (kma_pool_analyze_*): the facade pins its arrays and passes raw
 * pointers, so a batch costs one P/Invoke and no marshaling. These
 * parameter-name typemaps take precedence over KMA_HANDLE's `TYPE**`. */
%typemap(ctype) const uint16_t* const* texts, const char* const* texts "void*"
%typemap(imtype) const uint16_t* const* texts, const char* const* texts "global::System.IntPtr"
%typemap(cstype) const uint16_t* const* texts, const char* const* texts "global::System.IntPtr"
%typemap(csin) const uint16_t* const* texts, const char* const* texts "$csinput"
%typemap(in) const uint16_t* const* texts, const char* const* texts %{ $1 = ($1_ltype)$input; %}
%typemap(ctype) const size_t* lengths, kma_result** results, kma_status* statuses "void*"
%typemap(imtype) const size_t* lengths, kma_result** results, kma_status* statuses "global::System.IntPtr"
%typemap(cstype) const size_t* lengths, kma_result** results, kma_status* statuses "global::System.IntPtr"
%typemap(csin) const size_t* lengths, kma_result** results, kma_status* statuses "$csinput"
%typemap(in) const size_t* lengths, kma_result** results, kma_status* statuses %{ $1 = ($1_ltype)$input; %}
