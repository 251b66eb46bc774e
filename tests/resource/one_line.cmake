# kma_one_line(OUT CORPUS BYTES): the lines of CORPUS joined by spaces and
# repeated into one line of at most BYTES bytes (CMake counts bytes), cut at
# a space so that no UTF-8 sequence is split. Shared by the resource tests.
function(kma_one_line out corpus bytes)
  file(READ "${corpus}" _text)
  string(REPLACE "\n" " " _text "${_text}")
  string(LENGTH "${_text}" _n)
  while(_n LESS bytes)
    string(APPEND _text " ${_text}")
    string(LENGTH "${_text}" _n)
  endwhile()
  string(SUBSTRING "${_text}" 0 ${bytes} _text)
  string(FIND "${_text}" " " _cut REVERSE)
  string(SUBSTRING "${_text}" 0 ${_cut} _text)
  set(${out} "${_text}" PARENT_SCOPE)
endfunction()
