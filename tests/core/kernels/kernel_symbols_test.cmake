# Every external symbol a kernel TU defines must live in its ISA namespace
# (kma::kernels::<isa>::). An inline function shared with other TUs (as
# kma::kernels::ScoreEpilogue once was) is emitted by each TU compiled with
# its own target flags, and the linker keeps one arbitrary copy: at -O0 an
# AVX2 copy ran on every CPU. Each TU is compiled here at -O0, where nothing
# is inlined away, and its defined global symbols are listed with nm.
#
# Inputs (-D): CXX, NM, SOURCE_DIR, WORK_DIR, TUS_FILE (lines "isa|source|flags"
# with flags separated by spaces).
cmake_minimum_required(VERSION 3.21)
file(MAKE_DIRECTORY "${WORK_DIR}")
file(STRINGS "${TUS_FILE}" _tus)
set(_bad "")
set(_checked 0)
foreach(_line IN LISTS _tus)
  string(REPLACE "|" ";" _f "${_line}")
  list(GET _f 0 _isa)
  list(GET _f 1 _src)
  list(LENGTH _f _n)
  set(_flags "")
  if(_n GREATER 2)
    list(GET _f 2 _flags)
    separate_arguments(_flags UNIX_COMMAND "${_flags}")
  endif()
  set(_obj "${WORK_DIR}/kernels_${_isa}.o")
  execute_process(COMMAND "${CXX}" -std=c++17 -O0 -c "-I${SOURCE_DIR}" ${_flags} "${_src}" -o "${_obj}"
                  RESULT_VARIABLE _rc ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "cannot compile ${_src} at -O0: ${_err}")
  endif()
  execute_process(COMMAND "${NM}" -C --defined-only -g "${_obj}" OUTPUT_VARIABLE _syms RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "nm failed on ${_obj}")
  endif()
  string(REPLACE "\n" ";" _syms "${_syms}")
  foreach(_s IN LISTS _syms)
    if(_s STREQUAL "")
      continue()
    endif()
    # "<address> <type> <demangled name>"
    string(REGEX REPLACE "^[0-9a-fA-F]* *[A-Za-z] " "" _name "${_s}")
    if(NOT _name MATCHES "^kma::kernels::${_isa}::")
      string(APPEND _bad "  ${_isa}: ${_s}\n")
    endif()
  endforeach()
  math(EXPR _checked "${_checked} + 1")
endforeach()
if(NOT _bad STREQUAL "")
  message(FATAL_ERROR "kernel TUs define symbols outside their ISA namespace:\n${_bad}")
endif()
if(_checked EQUAL 0)
  message(FATAL_ERROR "no kernel TU was checked")
endif()
message(STATUS "${_checked} kernel TUs define only symbols in their own ISA namespace")
