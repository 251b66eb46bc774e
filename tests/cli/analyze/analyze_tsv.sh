# -f tsv: one morpheme per line, EOS after each input line.
printf '나는 밥을 먹었다.\n' | kma analyze --format tsv
