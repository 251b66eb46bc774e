# The layering of core (docs/ARCHITECTURE.md, "Layering") as the compiler
# sees it: with the include directories CMake gives each kma_<folder>
# library, a header of every folder it may use is found, and a header of any
# other folder is not (the preprocessor is enough to tell). Catches a link
# added against the table, a PRIVATE turned PUBLIC that leaks a folder
# upward, and an include root that reaches the whole source tree.
#
# Also: the C ABI, the bindings, the CLI and the builder, the examples and
# the benchmarks reach the model through its public headers, never the view
# the layers above it read (core/model/model_view.h). Tests may: a test of a
# folder above the model reads it as that folder does.
#
# Inputs (-D): CXX, WORK_DIR, LAYERS_FILE (lines "kma_<folder>|dir|dir|...",
# the library's include directories), SOURCE_DIR.
cmake_minimum_required(VERSION 3.21)

# What each folder may include: itself and everything below it. Keep in step
# with the table in docs/ARCHITECTURE.md and the links in core/CMakeLists.txt.
set(_may_kernels kernels)
set(_may_base base)
set(_may_text text base)
set(_may_dict dict text base)
set(_may_morph morph text base)
set(_may_lm lm kernels base)
set(_may_model model lm dict morph text base)
set(_may_userdict userdict model lm dict morph text base)
set(_may_join join model lm dict morph text base)
set(_may_search search userdict model lm dict morph text base)
# One header per folder.
set(_folders kernels base text dict morph lm model userdict join search)
set(_header_kernels isa.h)
set(_header_base status.h)
set(_header_text utf.h)
set(_header_dict trie.h)
set(_header_morph morph_rules.h)
set(_header_lm language_model.h)
set(_header_model model.h)
set(_header_userdict user_dictionary.h)
set(_header_join joiner.h)
set(_header_search analyzer.h)

file(MAKE_DIRECTORY "${WORK_DIR}")
file(STRINGS "${LAYERS_FILE}" _lines)
set(_bad "")
set(_seen "")
foreach(_line IN LISTS _lines)
  string(REPLACE "|" ";" _f "${_line}")
  list(POP_FRONT _f _target)
  string(REGEX REPLACE "^kma_" "" _folder "${_target}")
  if(NOT DEFINED _may_${_folder})
    string(APPEND _bad "  ${_target}: a core library this test does not know (add it to the table)\n")
    continue()
  endif()
  list(APPEND _seen ${_folder})
  set(_includes "")
  foreach(_dir IN LISTS _f)
    list(APPEND _includes "-I${_dir}")
  endforeach()
  # Everything it may use, in one translation unit.
  set(_src "${WORK_DIR}/${_folder}_allowed.cpp")
  set(_text "")
  foreach(_dep IN LISTS _may_${_folder})
    string(APPEND _text "#include \"core/${_dep}/${_header_${_dep}}\"\n")
  endforeach()
  file(WRITE "${_src}" "${_text}")
  execute_process(COMMAND "${CXX}" -std=c++17 -E ${_includes} "${_src}"
                  RESULT_VARIABLE _rc ERROR_VARIABLE _err OUTPUT_QUIET)
  if(NOT _rc EQUAL 0)
    string(APPEND _bad "  ${_target} cannot include what it may use (${_may_${_folder}}):\n${_err}\n")
  endif()
  # Each folder it may not use, alone: the header must not be found.
  foreach(_other IN LISTS _folders)
    if(_other IN_LIST _may_${_folder})
      continue()
    endif()
    set(_header "core/${_other}/${_header_${_other}}")
    set(_src "${WORK_DIR}/${_folder}_uses_${_other}.cpp")
    file(WRITE "${_src}" "#include \"${_header}\"\n")
    execute_process(COMMAND "${CXX}" -std=c++17 -E ${_includes} "${_src}"
                    RESULT_VARIABLE _rc ERROR_VARIABLE _err OUTPUT_QUIET)
    # gcc: "No such file or directory"; clang: "file not found".
    if(_rc EQUAL 0 OR NOT _err MATCHES "${_header}.*(No such file|not found)")
      string(APPEND _bad "  ${_target} reaches ${_header}, which it may not use\n")
    endif()
  endforeach()
endforeach()
foreach(_folder IN LISTS _folders)
  if(NOT _folder IN_LIST _seen)
    string(APPEND _bad "  kma_${_folder}: not among the core libraries\n")
  endif()
endforeach()
foreach(_dir capi bindings tools examples bench)
  file(GLOB_RECURSE _sources "${SOURCE_DIR}/${_dir}/*.c" "${SOURCE_DIR}/${_dir}/*.cpp" "${SOURCE_DIR}/${_dir}/*.h"
       "${SOURCE_DIR}/${_dir}/*.i")
  foreach(_file IN LISTS _sources)
    file(STRINGS "${_file}" _hits REGEX "#[ \t]*include[ \t]*[\"<]core/model/model_view\\.h")
    if(_hits)
      file(RELATIVE_PATH _rel "${SOURCE_DIR}" "${_file}")
      string(APPEND _bad "  ${_rel} includes core/model/model_view.h (use core/model/model.h or model_parts.h)\n")
    endif()
  endforeach()
endforeach()
if(NOT _bad STREQUAL "")
  message(FATAL_ERROR "core layering broken:\n${_bad}")
endif()
list(LENGTH _seen _n)
message(STATUS "core layering holds for ${_n} libraries")
