# Cross-compiles the NEON kernels and neon_kernels_test.cpp for AArch64 and
# runs the test under qemu-aarch64 twice: on a CPU with the dot-product
# extension (-cpu max) and one without (-cpu cortex-a53), so both NEON
# tables and the run-time choice between them are exercised.
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -P neon_qemu.cmake
cmake_minimum_required(VERSION 3.21)
find_program(CXX_AARCH64 aarch64-linux-gnu-g++)
find_program(QEMU_AARCH64 qemu-aarch64)
if(NOT CXX_AARCH64 OR NOT QEMU_AARCH64)
  message("SKIP: aarch64-linux-gnu-g++ or qemu-aarch64 not installed "
          "(apt-get install g++-aarch64-linux-gnu qemu-user)")
  message(FATAL_ERROR "skipped")
endif()
file(MAKE_DIRECTORY "${WORK_DIR}")
set(_k "${SOURCE_DIR}/core/kernels")
set(_objs)
foreach(_src isa registry kernels_scalar kernels_neon kernels_neondot)
  set(_flags -O2 -std=c++17 -Wall -Wextra -I${SOURCE_DIR})
  if(_src STREQUAL "kernels_neondot")
    list(APPEND _flags -march=armv8.2-a+dotprod)
  endif()
  execute_process(COMMAND "${CXX_AARCH64}" ${_flags} -c "${_k}/${_src}.cpp" -o "${WORK_DIR}/${_src}.o"
                  RESULT_VARIABLE _rc ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "cross-compiling ${_src}.cpp failed:\n${_err}")
  endif()
  list(APPEND _objs "${WORK_DIR}/${_src}.o")
endforeach()
execute_process(COMMAND "${CXX_AARCH64}" -O2 -std=c++17 -Wall -Wextra -I${SOURCE_DIR}
                        "${SOURCE_DIR}/tests/cross/neon_kernels_test.cpp" ${_objs} -o "${WORK_DIR}/neon_kernels_test"
                RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cross-compiling the test failed:\n${_err}")
endif()
foreach(_run "max;dotprod" "cortex-a53;nodot")
  list(GET _run 0 _cpu)
  list(GET _run 1 _expect)
  execute_process(COMMAND "${QEMU_AARCH64}" -cpu ${_cpu} -L /usr/aarch64-linux-gnu
                          "${WORK_DIR}/neon_kernels_test" ${_expect}
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
  message("qemu-aarch64 -cpu ${_cpu}: ${_out}${_err}")
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "NEON kernel test failed under -cpu ${_cpu}")
  endif()
endforeach()
