# Threads change the speed, never the output: every format, byte for byte, on
# the golden corpus (blank lines included); several 512-line blocks, top-n
# blocks, files and stdin in one stream; a bad line past a block boundary
# keeps its place and the run goes on.
corpus=tests/golden/corpus.txt
for fmt in morphs json tsv; do
  kma_status analyze --format "$fmt" "$corpus" > one.txt
  kma_status analyze --format "$fmt" --threads 2 "$corpus" > two.txt
  same one.txt two.txt "--format $fmt, --threads 1 and 2"
done
for i in $(seq 20); do cat "$corpus"; done > big.txt
printf '나는 밥을 먹었다.\n' | kma_status analyze --top-n 3 big.txt - "$corpus" > one.txt
printf '나는 밥을 먹었다.\n' | kma_status analyze --top-n 3 -t 3 big.txt - "$corpus" > two.txt
same one.txt two.txt "--top-n 3 over files and stdin, --threads 1 and 3"
wc -l < one.txt
{ for i in $(seq 600); do printf '밥\n'; done; printf 'ab\xff\n나는 밥을 먹었다.\n'; } > bad.txt
say analyze --threads 2 bad.txt
kma_status analyze --threads 2 bad.txt > out.txt
wc -l < out.txt
tail -n 3 out.txt
for n in -1 257 x; do
  printf '나는 밥을 먹었다.\n' | kma analyze --threads "$n"
done
printf '나는 밥을 먹었다.\n' | kma analyze --threads 0
