# Checks that native files load on old Linux distributions:
#   cmake -DFILES="<file>;..." -DFLOOR=2.28 [-DREADELF=readelf] -P glibc_floor.cmake
#
# For each ELF file it reads the symbol versions the file requires
# (readelf -V: the .gnu.version_r section, i.e. what the dynamic loader
# checks) and its DT_NEEDED entries (readelf -d), and fails when
#   - a GLIBC_x.y version is newer than FLOOR,
#   - any GLIBCXX_ or CXXABI_ version is required (libstdc++),
#   - a library other than libc, libm, libpthread, libdl, the dynamic
#     loader and libkma itself is needed.
# A statically linked program passes (it needs nothing).
# It prints each file's newest GLIBC version. readelf reads ELF files of
# every architecture, so the same check covers the aarch64 builds.
cmake_minimum_required(VERSION 3.21)
if(NOT DEFINED FILES OR NOT DEFINED FLOOR)
  message(FATAL_ERROR "glibc_floor.cmake: -DFILES=... and -DFLOOR=... are required")
endif()
if(NOT DEFINED READELF)
  set(READELF readelf)
endif()
# libkma.so.N: the Python extension's, shipped beside it.
set(_allowed "libc\\.so\\.6|libm\\.so\\.6|libpthread\\.so\\.0|libdl\\.so\\.2|ld-linux[-a-z0-9_.]*\\.so\\.[0-9]+|libkma\\.so\\.[0-9]+")
set(_failed "")
foreach(_file IN LISTS FILES)
  if(NOT EXISTS "${_file}")
    message(FATAL_ERROR "glibc_floor: ${_file} does not exist")
  endif()
  execute_process(COMMAND "${READELF}" -V -d -W "${_file}"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "glibc_floor: readelf failed on ${_file}:\n${_err}")
  endif()
  string(REGEX MATCHALL "Name: [A-Z]+_[0-9.]+" _versions "${_out}")
  string(REGEX MATCHALL "\\(NEEDED\\)[^\n]*\\[[^]\n]+\\]" _needed "${_out}")
  set(_newest "")
  foreach(_v IN LISTS _versions)
    string(REGEX REPLACE "^Name: " "" _v "${_v}")
    if(_v MATCHES "^GLIBC_([0-9.]+)$")
      set(_n "${CMAKE_MATCH_1}")
      if(_newest STREQUAL "" OR _n VERSION_GREATER _newest)
        set(_newest "${_n}")
      endif()
      if(_n VERSION_GREATER FLOOR)
        string(APPEND _failed "${_file} requires ${_v} (newer than GLIBC_${FLOOR})\n")
      endif()
    elseif(_v MATCHES "^(GLIBCXX|CXXABI)_")
      string(APPEND _failed "${_file} requires ${_v} (the shared libstdc++)\n")
    endif()
  endforeach()
  foreach(_e IN LISTS _needed)
    string(REGEX REPLACE ".*\\[([^]]+)\\]" "\\1" _lib "${_e}")
    if(NOT _lib MATCHES "^(${_allowed})$")
      string(APPEND _failed "${_file} needs ${_lib}\n")
    endif()
  endforeach()
  if(_newest STREQUAL "")
    # A statically linked program needs no library and no version at all.
    if(_out MATCHES "There is no dynamic section in this file")
      message(STATUS "${_file}: statically linked")
      continue()
    endif()
    string(APPEND _failed "${_file}: readelf shows no GLIBC version at all (not a dynamic glibc file?)\n")
  endif()
  message(STATUS "${_file}: newest GLIBC_${_newest}")
endforeach()
if(_failed)
  message(FATAL_ERROR "glibc_floor: above the GLIBC_${FLOOR} floor:\n${_failed}")
endif()
