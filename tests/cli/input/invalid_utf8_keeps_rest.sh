# One bad byte must not lose the rest of the input: the bad line is reported
# by file and line, and the lines after it are still analysed.
printf '가자\n나\xff다\n밥을 먹자\n' | kma analyze
