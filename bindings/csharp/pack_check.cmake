# `dotnet pack` Kma.csproj and check the package layout:
#   cmake -DDOTNET=... -DPROJECT=Kma.csproj -DOUT_DIR=...
#         -DPROPS="-p:...;-p:..." -DVERSION=x.y.z -P pack_check.cmake
# Fails unless the .nupkg holds lib/net10.0/Kma.dll and
# runtimes/linux-x64/native/libkma_csharp.so.
cmake_minimum_required(VERSION 3.21)
file(REMOVE_RECURSE "${OUT_DIR}")
execute_process(
  COMMAND "${DOTNET}" pack "${PROJECT}" -c Release -o "${OUT_DIR}" ${PROPS}
  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "dotnet pack failed (${_rc}):\n${_out}\n${_err}")
endif()
set(_pkg "${OUT_DIR}/Kma.${VERSION}.nupkg")
if(NOT EXISTS "${_pkg}")
  file(GLOB _found "${OUT_DIR}/*")
  message(FATAL_ERROR "expected ${_pkg}; found: ${_found}")
endif()
# A .nupkg is a zip; cmake -E tar lists zips through libarchive.
execute_process(COMMAND "${CMAKE_COMMAND}" -E tar tf "${_pkg}"
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _list)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cannot list ${_pkg}")
endif()
foreach(_entry "lib/net10.0/Kma.dll" "runtimes/linux-x64/native/libkma_csharp.so")
  string(FIND "${_list}" "${_entry}" _pos)
  if(_pos EQUAL -1)
    message(FATAL_ERROR "${_pkg} lacks ${_entry}; it holds:\n${_list}")
  endif()
endforeach()
message(STATUS "pack ok: ${_pkg}\n${_list}")
