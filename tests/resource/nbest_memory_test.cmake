# The bound on the N-best's memory: peak memory of `kma analyze -n 64` on a
# 6 KB line within 2x that of the top-1 analysis. Inputs (-D): KMA, CORPUS
# (lines joined into the test line), WORK_DIR, TIME (GNU time).
cmake_minimum_required(VERSION 3.21)
file(MAKE_DIRECTORY "${WORK_DIR}")
include("${CMAKE_CURRENT_LIST_DIR}/one_line.cmake")
kma_one_line(_text "${CORPUS}" 6144)
file(WRITE "${WORK_DIR}/line6k.txt" "${_text}\n")
foreach(_n 1 64)
  execute_process(COMMAND "${TIME}" -f "%M" -o "${WORK_DIR}/rss${_n}.txt" "${KMA}" analyze -n ${_n} "${WORK_DIR}/line6k.txt"
                  OUTPUT_QUIET RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "kma analyze -n ${_n} failed (${_rc})")
  endif()
  file(STRINGS "${WORK_DIR}/rss${_n}.txt" _rss REGEX "^[0-9]+$")
  set(_rss${_n} ${_rss})
endforeach()
math(EXPR _limit "2 * ${_rss1}")
message(STATUS "peak RSS: -n 1 ${_rss1} KB, -n 64 ${_rss64} KB (limit ${_limit} KB)")
if(_rss64 GREATER _limit)
  message(FATAL_ERROR "-n 64 peaks at ${_rss64} KB, more than twice the ${_rss1} KB of -n 1")
endif()
