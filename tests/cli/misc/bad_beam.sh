# --beam is an integer in 0..1000; a beam of 0 keeps only the best state at
# each position, a wide one all of them; both still analyse every line.
printf '나는 밥을 먹었다.\n\n' > bench.txt
for b in -1 nan x 1001 7x; do
  kma eval --beam "$b" tests/data/gold_mini.tsv
  kma bench --beam "$b" bench.txt
done
for b in 0 30; do
  kma_status eval --beam "$b" --json tests/data/gold_mini.tsv | grep -o '"sentences":6,'
  kma_status bench --beam "$b" --json bench.txt | grep -o '"sentences":1,'
done
