# An empty input line gives an empty output line.
printf '나는 밥을 먹었다.\n\n밥\n' | kma analyze
