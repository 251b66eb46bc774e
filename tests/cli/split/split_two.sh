# One sentence per output line.
printf '나는 밥을 먹었다. 그리고 학교에 갔다.\n' | kma split
