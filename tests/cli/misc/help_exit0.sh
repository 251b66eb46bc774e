# Every command's --help goes to stdout with exit 0. Tuning and ablation
# switches are out of the default help, listed by --help-all, and accepted.
for cmd in analyze split split-set eval bench build-model lm version; do
  kma "$cmd" --help
done
for cmd in bench eval build-model; do
  kma "$cmd" --help-all
done
printf '나는 밥을 먹었다.\n' > b.txt
kma_status bench --beam 6 b.txt > /dev/null
echo "bench --beam 6 ran"
kma --help
kma
