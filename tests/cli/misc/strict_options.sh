# An empty value is never "the default", numbers are plain decimals, an
# option's file that cannot be opened is a usage error, and -f tsv has no
# room for -n N.
for arg in --model= --user-dict= --constraints= --lm= --top-n=; do
  printf '나는 밥을 먹었다.\n' | kma analyze "$arg"
done
printf '나는 밥을 먹었다.\n' | kma analyze --model ''
# An empty inline value never takes the next argument as the value.
printf '나는 밥을 먹었다.\n' > in.txt
kma analyze --model= in.txt
for bad in " 2" "0x2" "2 " "+ 2"; do
  printf '나는 밥을 먹었다.\n' | kma analyze -n "$bad"
done
for bad in " 1" "0x10" "1e" "nan"; do
  printf '나는 밥을 먹었다.\n' | kma analyze --beam "$bad"
done
printf '나는 밥을 먹었다.\n' | kma analyze -f tsv -n 2
printf '나는 밥을 먹었다.\n' | kma analyze --user-dict no-such.tsv
mkdir dir
printf '나는 밥을 먹었다.\n' | kma analyze --user-dict dir
printf '나는 밥을 먹었다.\n' | kma analyze --model dir
# A dictionary line of blanks is blank; a bad score is the file's error.
printf '  \t\n밥\tNNG\t0x10\n' > d.tsv
printf '나는 밥을 먹었다.\n' | kma analyze --user-dict d.tsv
kma --help
