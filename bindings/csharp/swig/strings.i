/* Strings are UTF-8 on every platform.
 *
 * SWIG's default marshals `char*` as LPStr, which is the ANSI code page on
 * Windows and mangles Korean (swig/swig#2357). Input strings therefore use
 * LPUTF8Str. Returned strings are all borrowed (static, thread-local or owned
 * by a model/result), so they must never go through the marshaler, which
 * would free them: they come back as IntPtr and the caller decodes them with
 * Marshal.PtrToStringUTF8 while the owner is alive.
 */

/* Input: every `const char*` parameter of the C ABI is NUL-terminated UTF-8.
 * (UTF-8 analysis text is pointer + length; the facade uses UTF-16, see
 * below, so `text` parameters are pinned pointers, not strings.) */
%typemap(ctype) const char* path_utf8, const char* value_utf8,
                const char* key, const char* name,
    const char* form, const char* tag, const char* irregular, const char* surface,
    const char* analysis, const char* regex, const char* path "const char*"
%typemap(imtype,
         inattributes="[global::System.Runtime.InteropServices.MarshalAs(global::System.Runtime.InteropServices.UnmanagedType.LPUTF8Str)]")
    const char* path_utf8, const char* value_utf8,
    const char* key, const char* name,
    const char* form, const char* tag, const char* irregular, const char* surface,
    const char* analysis, const char* regex, const char* path "string"
%typemap(cstype) const char* path_utf8, const char* value_utf8,
                 const char* key, const char* name,
    const char* form, const char* tag, const char* irregular, const char* surface,
    const char* analysis, const char* regex, const char* path "string"
%typemap(csin) const char* path_utf8, const char* value_utf8,
               const char* key, const char* name,
    const char* form, const char* tag, const char* irregular, const char* surface,
    const char* analysis, const char* regex, const char* path "$csinput"
%typemap(in) const char* path_utf8, const char* value_utf8,
             const char* key, const char* name,
    const char* form, const char* tag, const char* irregular, const char* surface,
    const char* analysis, const char* regex, const char* path %{ $1 = ($1_ltype)$input; %}

/* UTF-8 analysis text and constraint text (pointer + length): raw pointer
 * (the facade pins a byte[]). */
%typemap(ctype) const char* text, const char* morphs, const char* readings "const char*"
%typemap(imtype) const char* text, const char* morphs, const char* readings "global::System.IntPtr"
%typemap(cstype) const char* text, const char* morphs, const char* readings "global::System.IntPtr"
%typemap(csin) const char* text, const char* morphs, const char* readings "$csinput"
%typemap(in) const char* text, const char* morphs, const char* readings %{ $1 = ($1_ltype)$input; %}

/* Returned strings: borrowed pointers. */
%typemap(ctype) const char* "const char*"
%typemap(imtype) const char* "global::System.IntPtr"
%typemap(cstype) const char* "global::System.IntPtr"
%typemap(csout, excode=SWIGEXCODE) const char* {
    global::System.IntPtr ret = $imcall;$excode
    return ret;
  }
%typemap(out) const char* %{ $result = $1; %}

/* kma_options_get_string(opt, option, const char** out). */
%typemap(ctype) const char** out "const char**"
%typemap(imtype) const char** out "out global::System.IntPtr"
%typemap(cstype) const char** out "out global::System.IntPtr"
%typemap(csin) const char** out "out $csinput"
%typemap(in) const char** out %{ $1 = ($1_ltype)$input; %}

/* kma_result_format(): the record is written into a caller's buffer, which
 * the facade pins (a byte[]) and passes as a raw pointer. */
%typemap(ctype) char* buffer "char*"
%typemap(imtype) char* buffer "global::System.IntPtr"
%typemap(cstype) char* buffer "global::System.IntPtr"
%typemap(csin) char* buffer "$csinput"
%typemap(in) char* buffer %{ $1 = ($1_ltype)$input; %}
