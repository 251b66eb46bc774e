# Checks the layout of the .nupkg the build made:
#   cmake -DPACKAGE=<Kma.x.y.z.nupkg> [-DCROSS_RUNTIMES=linux-arm64;win-x64] -P pack_check.cmake
# It must hold the assembly for net8.0 and net10.0, the native library for
# linux-x64 (and for each of CROSS_RUNTIMES: a package made with the cross
# builds' natives), the default model with its license, and the targets
# file that copies the model to the output of every project using the
# package.
cmake_minimum_required(VERSION 3.21)
if(NOT EXISTS "${PACKAGE}")
  message(FATAL_ERROR "${PACKAGE} does not exist (the build makes it)")
endif()
# A .nupkg is a zip; cmake -E tar lists zips through libarchive.
execute_process(COMMAND "${CMAKE_COMMAND}" -E tar tf "${PACKAGE}"
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _list)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cannot list ${PACKAGE}")
endif()
set(_natives "runtimes/linux-x64/native/libkma_csharp.so")
foreach(_rid IN LISTS CROSS_RUNTIMES)
  if(_rid MATCHES "^win-")
    list(APPEND _natives "runtimes/${_rid}/native/kma_csharp.dll")
  else()
    list(APPEND _natives "runtimes/${_rid}/native/libkma_csharp.so")
  endif()
endforeach()
foreach(_entry "lib/net8.0/Kma.dll" "lib/net10.0/Kma.dll" ${_natives}
               "models/kma-default.kmam" "models/LICENSE-MODEL.md"
               "build/Kma.targets" "buildTransitive/Kma.targets" "LICENSE")
  string(FIND "${_list}" "${_entry}\n" _pos)
  if(_pos EQUAL -1)
    message(FATAL_ERROR "${PACKAGE} lacks ${_entry}; it holds:\n${_list}")
  endif()
endforeach()
message(STATUS "pack ok: ${PACKAGE}\n${_list}")
