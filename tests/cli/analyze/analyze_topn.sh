# --top-n: a block of scored analyses per line, ended by a blank line.
printf '나는 밥을 먹었다.\n' | kma analyze --top-n 3
