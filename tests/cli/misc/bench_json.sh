# bench --json: one object with rates (timings vary, hence the glob); two
# non-empty lines, two passes; bytes exclude line endings.
printf '나는 밥을 먹었다.\n\n오늘은 날씨가 좋다.\n' > bench.txt
kma bench --json --threads 2 --repeat 2 bench.txt
kma bench --threads 0 bench.txt
