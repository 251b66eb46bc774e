# Off a terminal there is no progress line unless asked for; then the
# totals come as a last line (lines, MB, MB/s, % of the file).
printf '나는 밥을 먹었다.\n나는 밥을 먹었다.\n' > in.txt
kma analyze in.txt
kma analyze --progress in.txt
printf '나는 밥을 먹었다.\n' | kma analyze --progress
kma analyze --progress --no-progress in.txt
