# Merges static archives with GNU ar's MRI script mode:
#   cmake -DAR=ar -DRANLIB=ranlib -DSCRIPT=libkma.mri -DOUT=libkma.a -P merge_archives.cmake
# The script CREATEs OUT.tmp; it is indexed and renamed only when complete,
# so an interrupted merge never leaves a half-written libkma.a behind.
cmake_minimum_required(VERSION 3.21)
file(REMOVE "${OUT}.tmp")
execute_process(COMMAND "${AR}" -M INPUT_FILE "${SCRIPT}"
                RESULT_VARIABLE _rc ERROR_VARIABLE _err OUTPUT_VARIABLE _out)
if(NOT _rc EQUAL 0 OR NOT EXISTS "${OUT}.tmp")
  message(FATAL_ERROR "${AR} -M < ${SCRIPT} failed (${_rc}): ${_out}${_err}")
endif()
execute_process(COMMAND "${RANLIB}" "${OUT}.tmp" RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "${RANLIB} ${OUT}.tmp failed (${_rc})")
endif()
file(RENAME "${OUT}.tmp" "${OUT}")
