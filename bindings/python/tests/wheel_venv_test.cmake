# The wheel alone works: installs it with pip (offline, no dependencies) into
# a fresh venv and analyses a sentence from a directory away from the build
# tree, with KMA_MODEL unset, so the model and libkma come from the wheel.
#   cmake -DPYTHON=... -DDIST_DIR=... -DWORK_DIR=... -P wheel_venv_test.cmake
file(GLOB _wheels ${DIST_DIR}/kma_analyzer-*.whl)
list(LENGTH _wheels _n)
if(NOT _n EQUAL 1)
  message(FATAL_ERROR "expected one wheel in ${DIST_DIR}, found ${_n}: ${_wheels}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(_venv ${WORK_DIR}/venv)
execute_process(COMMAND ${PYTHON} -m venv ${_venv} RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "python3 -m venv failed (${rc}); apt-get install python3-venv")
endif()
execute_process(COMMAND ${_venv}/bin/python3 -m pip install --no-index --no-deps --quiet
                        ${_wheels}
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "pip install of ${_wheels} failed (${rc})")
endif()
# The README's command, plus checks that nothing came from outside the venv.
set(_check [=[
import kma, os
print(kma.Analyzer().analyze('아버지가방에들어가신다'))
pkg = os.path.dirname(kma.__file__)
assert pkg.startswith(os.environ['VENV']), pkg
assert kma.default_model_path() == os.path.join(pkg, 'data', 'kma-default.kmam')
libs = [l.split()[-1] for l in open('/proc/self/maps') if 'libkma.so' in l]
assert libs and all(l.startswith(pkg) for l in libs), libs
]=])
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=KMA_MODEL --unset=PYTHONPATH
                        VENV=${_venv} ${_venv}/bin/python3 -c "${_check}"
                WORKING_DIRECTORY ${WORK_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(rc)
  message(FATAL_ERROR "the installed wheel does not work (exit ${rc})")
endif()
if(NOT out MATCHES "form='아버지', tag='NNG'")
  message(FATAL_ERROR "unexpected analysis: ${out}")
endif()
# The wheel's tag states the glibc floor its natives were checked against.
if(DEFINED PLATFORM AND NOT _wheels MATCHES "-cp3[0-9]+-cp3[0-9]+-${PLATFORM}\\.whl$")
  message(FATAL_ERROR "the wheel ${_wheels} is not tagged ${PLATFORM}")
endif()
# pip's metadata: the distribution name, and the CLI through python -m kma.
execute_process(COMMAND ${_venv}/bin/python3 -m pip show kma-analyzer
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(rc OR NOT out MATCHES "Name: kma-analyzer")
  message(FATAL_ERROR "pip show kma-analyzer failed (${rc}):\n${out}")
endif()
file(WRITE ${WORK_DIR}/in.txt "아버지가방에들어가신다\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=KMA_MODEL --unset=PYTHONPATH
                        ${_venv}/bin/python3 -m kma analyze -f json in.txt
                WORKING_DIRECTORY ${WORK_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc OR NOT out MATCHES "^{\"text\":\"아버지가방에들어가신다\",\"analyses\":\\[{\"score\"")
  message(FATAL_ERROR "python -m kma analyze failed (${rc}):\n${out}${err}")
endif()
message("python -m kma analyze: ${out}")
