# Golden comparison for one corpus:
#   cmake -DKMA=<kma> -DMODEL=<model> -DCORPUS=<corpus.txt> -DEXPECTED=<expected.tsv>
#         -P golden_test.cmake
#         [-DUSER_DICT=<user dictionary file>] [-DFORMAT=morphs|json|tsv]
#         [-DEXTRA_ARGS=<options, separated by ','>]
# Runs `kma analyze --model MODEL --format FORMAT CORPUS` (morphs unless
# given; with --user-dict USER_DICT when given, and EXTRA_ARGS) and compares stdout
# with EXPECTED exactly. On a mismatch it prints every differing line (input,
# expected, actual) and fails. With the environment variable
# KMA_GOLDEN_UPDATE=1 it rewrites EXPECTED from the output instead.

cmake_minimum_required(VERSION 3.21)
foreach(_v KMA MODEL CORPUS EXPECTED)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "golden_test.cmake: -D${_v}=... is required")
  endif()
endforeach()
# The result must not depend on the caller's environment.
unset(ENV{KMA_MODEL})

if(NOT DEFINED FORMAT)
  set(FORMAT morphs)
endif()
string(REPLACE "," ";" _extra_args "${EXTRA_ARGS}")
set(_dict_args)
if(DEFINED USER_DICT)
  set(_dict_args --user-dict "${USER_DICT}")
endif()
execute_process(COMMAND "${KMA}" analyze --model "${MODEL}" --format ${FORMAT} ${_dict_args} ${_extra_args} "${CORPUS}"
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _actual ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "golden: kma exited with ${_rc}\nstderr:\n${_err}")
endif()
if(NOT _err STREQUAL "")
  message(FATAL_ERROR "golden: kma wrote to stderr:\n${_err}")
endif()

if("$ENV{KMA_GOLDEN_UPDATE}" STREQUAL "1")
  file(WRITE "${EXPECTED}" "${_actual}")
  message(STATUS "golden: KMA_GOLDEN_UPDATE=1, rewrote ${EXPECTED}")
  return()
endif()

if(NOT EXISTS "${EXPECTED}")
  message(FATAL_ERROR "golden: ${EXPECTED} does not exist; create it with\n"
                      "  KMA_GOLDEN_UPDATE=1 ctest --test-dir <build> -R golden")
endif()
file(READ "${EXPECTED}" _expected)
if(_actual STREQUAL _expected)
  message(STATUS "golden: output matches ${EXPECTED}")
  return()
endif()

# ---- mismatch: report line by line ----
# CMake lists split on ';' and treat '[', ']' and '\' specially, and analyses
# contain such characters (;/SP, [/SSO). Swap them for control characters
# before splitting into lines, and back when printing.
string(ASCII 1 _semi)
string(ASCII 2 _lbr)
string(ASCII 3 _rbr)
string(ASCII 4 _bsl)
function(to_lines text out)
  string(REPLACE "\\" "${_bsl}" text "${text}")
  string(REPLACE ";" "${_semi}" text "${text}")
  string(REPLACE "[" "${_lbr}" text "${text}")
  string(REPLACE "]" "${_rbr}" text "${text}")
  # A final newline ends the last line; it does not start another one.
  string(REGEX REPLACE "\n$" "" text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
function(decode text out)
  string(REPLACE "${_bsl}" "\\" text "${text}")
  string(REPLACE "${_semi}" ";" text "${text}")
  string(REPLACE "${_lbr}" "[" text "${text}")
  string(REPLACE "${_rbr}" "]" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

file(READ "${CORPUS}" _input)
to_lines("${_input}" _in_lines)
to_lines("${_expected}" _exp_lines)
to_lines("${_actual}" _act_lines)
list(LENGTH _in_lines _n_in)
list(LENGTH _exp_lines _n_exp)
list(LENGTH _act_lines _n_act)
set(_n ${_n_exp})
if(_n_act GREATER _n)
  set(_n ${_n_act})
endif()

set(_report "")
set(_diffs 0)
set(_shown 0)
set(_max_shown 50)
if(_n GREATER 0)
  math(EXPR _last "${_n} - 1")
  foreach(_i RANGE ${_last})
    set(_e "<missing line>")
    set(_a "<missing line>")
    set(_in "")
    if(_i LESS _n_exp)
      list(GET _exp_lines ${_i} _e)
    endif()
    if(_i LESS _n_act)
      list(GET _act_lines ${_i} _a)
    endif()
    if(_i LESS _n_in)
      list(GET _in_lines ${_i} _in)
    endif()
    if(NOT _e STREQUAL _a)
      math(EXPR _diffs "${_diffs} + 1")
      if(_shown LESS _max_shown)
        math(EXPR _shown "${_shown} + 1")
        math(EXPR _lineno "${_i} + 1")
        decode("${_in}" _in)
        decode("${_e}" _e)
        decode("${_a}" _a)
        string(APPEND _report "@@ line ${_lineno}: ${_in}\n-${_e}\n+${_a}\n")
      endif()
    endif()
  endforeach()
endif()
if(_diffs EQUAL 0)
  # Same lines but different bytes (line endings, a missing final newline).
  string(APPEND _report "lines are equal but the bytes differ (line endings or final newline)\n")
elseif(_diffs GREATER _shown)
  math(EXPR _hidden "${_diffs} - ${_shown}")
  string(APPEND _report "... and ${_hidden} more differing lines\n")
endif()
# Printed verbatim (FATAL_ERROR would re-wrap the lines), then fail.
message(NOTICE
  "golden: output differs from ${EXPECTED}\n"
  "(${_diffs} of ${_n} lines differ; expected has ${_n_exp} lines, output ${_n_act})\n"
  "--- expected\n+++ actual\n${_report}"
  "If the change is intended, update the file with\n"
  "  KMA_GOLDEN_UPDATE=1 ctest --test-dir <build> -R golden\n"
  "and review the diff before committing.")
message(FATAL_ERROR "golden: ${_diffs} differing lines")
