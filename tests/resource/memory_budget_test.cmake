# The CLI's memory budget: --memory-budget is parsed strictly (0, or a whole
# number of MiB with a suffix K, M, G or T); a line whose analysis would hold
# more than the budget is that line's error (a message naming FILE:LINE and
# the budget, an empty record) and the next line is analysed, exit 1; with
# --on-error stop the run stops there. Inputs (-D): KMA, CORPUS (lines joined
# into the long line), WORK_DIR.
cmake_minimum_required(VERSION 3.21)
file(MAKE_DIRECTORY "${WORK_DIR}")
unset(ENV{KMA_MODEL})
include("${CMAKE_CURRENT_LIST_DIR}/one_line.cmake")
kma_one_line(_text "${CORPUS}" 131072)
file(WRITE "${WORK_DIR}/long.txt" "${_text}\n밥을 먹자\n")
set(_short "밥/NNG 을/JKO 먹/VV 자/EF\n")

function(run expect_rc)
  execute_process(COMMAND "${KMA}" analyze ${ARGN} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
  if(NOT _rc EQUAL expect_rc)
    message(FATAL_ERROR "kma analyze ${ARGN}: expected exit ${expect_rc}, got ${_rc}: ${_err}")
  endif()
  set(out "${_out}" PARENT_SCOPE)
  set(err "${_err}" PARENT_SCOPE)
endfunction()

# Values: refused with the option's message and exit 2.
foreach(_bad "" 100 1.5G 1g 512K 1M5 " 1G" 2T 1048577M -1G G 0M)
  run(2 --memory-budget "${_bad}" "${WORK_DIR}/long.txt")
  if(NOT err MATCHES "--memory-budget must be 0 \\(no budget\\) or a whole number of MiB")
    message(FATAL_ERROR "--memory-budget '${_bad}': expected the option's message, got: ${err}")
  endif()
endforeach()

# Over the budget: line 1 is the error, line 2 is analysed.
foreach(_budget 1M 1024K)
  run(1 --memory-budget ${_budget} "${WORK_DIR}/long.txt")
  if(NOT err MATCHES "^kma: [^\n]*long\\.txt:1: the analysis needs more memory than its budget of 1 MiB [^\n]*\n$")
    message(FATAL_ERROR "--memory-budget ${_budget}: expected one budget message for line 1, got: ${err}")
  endif()
  if(NOT out STREQUAL "\n${_short}")
    message(FATAL_ERROR "--memory-budget ${_budget}: expected an empty record, then line 2; got: ${out}")
  endif()
endforeach()
run(1 --memory-budget 1M -f json "${WORK_DIR}/long.txt")
if(NOT out MATCHES "^{\"file\":[^\n]*\"code\":\"memory_budget\"[^\n]*\n{\"text\":\"밥을 먹자\"")
  message(FATAL_ERROR "-f json: expected an error record with code memory_budget, then line 2; got: ${out}")
endif()
run(1 --memory-budget 1M --on-error stop "${WORK_DIR}/long.txt")
if(NOT err MATCHES "long\\.txt:1: the analysis needs more memory than its budget of 1 MiB[^\n]*stopped")
  message(FATAL_ERROR "--on-error stop: expected the budget message and the stop, got: ${err}")
endif()
if(_short AND out MATCHES "밥/NNG")
  message(FATAL_ERROR "--on-error stop: line 2 was analysed: ${out}")
endif()

# Within the budget (the default 1G, none, the largest) the same analysis.
run(0 "${WORK_DIR}/long.txt")
set(_default "${out}")
foreach(_budget 0 1T)
  run(0 --memory-budget ${_budget} "${WORK_DIR}/long.txt")
  if(NOT out STREQUAL _default)
    message(FATAL_ERROR "--memory-budget ${_budget} changed the analysis")
  endif()
endforeach()
