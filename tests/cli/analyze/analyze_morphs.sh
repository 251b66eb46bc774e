# The default format: one line of morphemes per input line; "-" and a file
# argument read the same way as stdin.
printf '나는 밥을 먹었다.\n' | kma analyze
printf '나는 밥을 먹었다.\n' > in.txt
kma analyze in.txt
kma analyze - < in.txt
