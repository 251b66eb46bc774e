# --top-n is an integer in 1..64.
for n in 0 65 x 1x; do
  printf '나는 밥을 먹었다.\n' | kma analyze --top-n "$n"
done
