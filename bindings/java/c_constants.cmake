# Writes CApi.java: the integer constants of the kma C headers (status
# codes, option slots, flags, record formats), so the Java sources use the
# header's values instead of repeating numbers. Run at configure time by
# CMakeLists.txt (which re-runs when a header changes):
#
#   kma_java_c_constants(<output CApi.java> <header>...)
#
# Every enum line "  KMA_NAME = <integer>," of the headers becomes
# "static final int KMA_NAME = <integer>;", and statusName() names the
# KMA_OK / KMA_E_* codes. The file is rewritten only when it changes, so an
# unrelated header edit recompiles nothing.
function(kma_java_c_constants out)
  set(_fields "")
  set(_cases "")
  foreach(_header IN LISTS ARGN)
    file(STRINGS "${_header}" _lines REGEX "^ *KMA_[A-Z0-9_]+ = -?[0-9]+,?$")
    foreach(_line IN LISTS _lines)
      string(REGEX REPLACE "^ *(KMA_[A-Z0-9_]+) = (-?[0-9]+),?$" "\\1;\\2" _pair "${_line}")
      list(GET _pair 0 _name)
      list(GET _pair 1 _value)
      string(APPEND _fields "  static final int ${_name} = ${_value};\n")
      if(_name MATCHES "^KMA_(OK|E_[A-Z0-9_]+)$")
        string(APPEND _cases "      case ${_name}: return \"${_name}\";\n")
      endif()
    endforeach()
  endforeach()
  set(_text "// Generated from the kma C headers by bindings/java/c_constants.cmake; do not edit.
package io.github.kma;

/** The integer constants of the C headers (kma_common.h, kma_options.h, ...). */
final class CApi {
  private CApi() {}

${_fields}
  /** The constant's name of a status code, or null for a code these headers lack. */
  static String statusName(int status) {
    switch (status) {
${_cases}      default: return null;
    }
  }
}
")
  if(EXISTS "${out}")
    file(READ "${out}" _old)
    if(_old STREQUAL _text)
      return()
    endif()
  endif()
  file(WRITE "${out}" "${_text}")
endfunction()
