# Under a memory cap, a line too big for it is that line's error
# ("out of memory analysing a line of N bytes", an empty record, exit 1) and
# the next line is still analysed; never an abort. Inputs (-D): KMA, CORPUS
# (lines joined into the big line), WORK_DIR, PRLIMIT (util-linux prlimit).
# The cap is the smallest of a few sizes under which a short line analyses,
# plus 16 MB: a 1 MB line needs about 50 MB more than that.
cmake_minimum_required(VERSION 3.21)
file(MAKE_DIRECTORY "${WORK_DIR}")
unset(ENV{KMA_MODEL})
include("${CMAKE_CURRENT_LIST_DIR}/one_line.cmake")
kma_one_line(_text "${CORPUS}" 1000000)
file(WRITE "${WORK_DIR}/big.txt" "${_text}\n밥을 먹자\n")
file(WRITE "${WORK_DIR}/small.txt" "밥을 먹자\n")
set(_cap "")
foreach(_mb 48 64 80 96 128 160 192 256)
  execute_process(COMMAND "${PRLIMIT}" --as=${_mb}000000 -- "${KMA}" analyze "${WORK_DIR}/small.txt"
                  RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
  if(_rc EQUAL 0)
    math(EXPR _cap "${_mb} + 16")
    break()
  endif()
endforeach()
if(_cap STREQUAL "")
  message(FATAL_ERROR "kma analyze fails on a short line even under a 256 MB address-space cap")
endif()
execute_process(COMMAND "${PRLIMIT}" --as=${_cap}000000 -- "${KMA}" analyze "${WORK_DIR}/big.txt"
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
message(STATUS "cap ${_cap} MB: exit ${_rc}\nstderr: ${_err}")
if(NOT _rc EQUAL 1)
  message(FATAL_ERROR "expected exit 1 under a ${_cap} MB cap, got ${_rc}: ${_err}")
endif()
if(NOT _err MATCHES "^kma: [^\n]*big\\.txt:1: out of memory [a-z ]+ a line of [0-9]+ bytes; its output line is empty\n$")
  message(FATAL_ERROR "expected one out-of-memory message for line 1, got: ${_err}")
endif()
if(NOT _out MATCHES "^\n밥/NNG 을/JKO 먹/VV 자/EF\n$")
  message(FATAL_ERROR "expected an empty record, then line 2 analysed; got: ${_out}")
endif()
