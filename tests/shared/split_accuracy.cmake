# shared_split_accuracy (MODE split of the script in CMakeLists.txt, which
# has checked that the data is there): builds the sentence-split set from
# corpus/dev.tsv with `kma split-set` (seed 1, as docs/ACCURACY.md) and
# requires `kma eval --split` to reach SPLIT_EXACT_MIN exact match and
# SPLIT_F1_MIN overlap F1 per gold sentence. dev.tsv is never used to tune the
# splitter (the set built from train.tsv is).
file(MAKE_DIRECTORY "${WORK_DIR}")
set(_set "${WORK_DIR}/dev_split.txt")
execute_process(COMMAND "${KMA}" split-set --seed 1 -o "${_set}" "${DATA_DIR}/corpus/dev.tsv"
                ERROR_VARIABLE _err RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "kma split-set failed (exit ${_rc}):\n${_err}")
endif()
execute_process(COMMAND "${KMA}" eval --split --model "${MODEL}" --json "${_set}"
                OUTPUT_VARIABLE _json ERROR_VARIABLE _err RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "kma eval --split failed (exit ${_rc}):\n${_err}")
endif()
string(JSON _exact GET "${_json}" overall exact_match)
string(JSON _f1 GET "${_json}" overall overlap_f1)
string(JSON _n GET "${_json}" overall sentences)
message("dev split set: ${_n} gold sentences, exact match ${_exact}, overlap F1 ${_f1}")
string(JSON _count LENGTH "${_json}" per_construction)
math(EXPR _last "${_count} - 1")
foreach(_i RANGE ${_last})
  string(JSON _label MEMBER "${_json}" per_construction ${_i})
  string(JSON _e GET "${_json}" per_construction "${_label}" exact_match)
  string(JSON _f GET "${_json}" per_construction "${_label}" overlap_f1)
  message("  ${_label}: exact match ${_e}, overlap F1 ${_f}")
endforeach()
# if(LESS) compares the strings as floating-point numbers.
if(_exact LESS SPLIT_EXACT_MIN OR _f1 LESS SPLIT_F1_MIN)
  message(FATAL_ERROR "below the required exact match ${SPLIT_EXACT_MIN} / overlap F1 ${SPLIT_F1_MIN} (set kept: ${_set})")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
