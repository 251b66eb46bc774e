# The run stops at the first failed write, with one message naming the line
# whose output was lost; commands that print at the end fail too.
for i in $(seq 4000); do printf '나는 밥을 먹었다.\n'; done > many.txt
for i in $(seq 3001); do printf '먹/VV 었/EP 다/EF\n'; done > morphs.txt
stopped_line() {  # the line number in "stopped at FILE:N", at most 1000
  sed -n 's/.*; stopped at \(.*\):\([0-9]*\)$/\1 \2/p' | while read -r f n; do
    if [ "$n" -le 1000 ]; then echo "stopped at $f:<1000"; else echo "went on to $f:$n"; fi
  done
}
for cmd in "analyze" "analyze -t 2" "split"; do
  say "$cmd many.txt > /dev/full"
  # shellcheck disable=SC2086
  kma_status $cmd many.txt 2>&1 >/dev/full | tee err.txt | stopped_line
  sed 's/; stopped at .*//' err.txt
done
say "join morphs.txt > /dev/full"
kma_status join morphs.txt 2>&1 >/dev/full | tee err.txt | stopped_line
sed 's/; stopped at .*//' err.txt
say "version > /dev/full"
kma_status version 2>&1 >/dev/full
